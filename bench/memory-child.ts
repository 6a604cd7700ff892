// One library's heap for `npm run bench`'s memory case, in a process of its own (run by
// bench/memory.ts): the heap after a full GC holding the fixture of 100,000 articles as the
// library keeps it (its normalized store, and the list read from it once, as a page that
// shows the list holds both), less the heap before, with the response text held in both.
// `plain` holds what JSON.parse gives. Prints the bytes as JSON on stdout.
//
//   node --expose-gc --import tsx bench/memory-child.ts <bundle.mjs> <export name | plain> <articles> <users> <tags>
import {pathToFileURL} from 'node:url';
import type {Lib, WriteMeta} from './adapters/types.js';
import {makeFixture} from './fixture.js';

const [bundle, name, articles, users, tags] = process.argv.slice(2);
const gc = (globalThis as {gc?: () => void}).gc;
if (!gc) throw new Error('run with node --expose-gc');
/** The heap in use once nothing more can be collected. */
const settled = () => {
  for (let i = 0; i < 4; i++) gc();
  return process.memoryUsage().heapUsed;
};

const fixture = (count: number) => JSON.stringify(makeFixture({articles: count, users: Number(users), tags: Number(tags), tagsPerArticle: 3, seed: 0x5eed}).articles);
let text: string | undefined = fixture(Number(articles));
const lib = name === 'plain' ? undefined : ((await import(pathToFileURL(bundle!).href)) as Record<string, Lib>)[name!];
const meta: WriteMeta = {fetchedAt: 1, date: 1, expiresAt: 60_001};
// Both steps below run in functions of their own: a temporary (the parsed response) left in
// a register of this module's frame would stay reachable, and be counted, until the frame
// ends, though the library no longer holds it.
// Warm the library's code with a small list, so that what it compiles is not counted.
function warm(): void {
  if (lib) lib.newReader()(lib.normalizeEmpty(JSON.parse(fixture(50)), meta));
}
warm();
const before = settled();
function hold(): unknown {
  if (!lib) return JSON.parse(text!);
  const store = lib.normalizeEmpty(JSON.parse(text!), meta);
  const read = lib.newReader();
  return [store, read, read(store)];
}
const held = hold();
const after = settled();
text = undefined;
process.stdout.write(JSON.stringify({bytes: after - before, held: held !== undefined}));
