// Development-mode diagnostics exist only in development builds: fresh `vite build`s in the
// four modes, then every diagnostic message is looked for in each output. The production ESM
// and CDN files hold none of them (nor the module that prints them); the development ones
// hold all of them, so the list below is known to name real messages.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, readdirSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {withoutDevMode} from '../../scripts/dev-mode.mjs';
import {viteBuild} from './helpers/vite-build.js';

const ROOT = process.cwd();

/** A phrase of each development-mode message (one per diagnostic), as the sources write it. */
const DEV_MESSAGES = [
  'data-elements (development mode):',
  "(or 'lit-data-elements/provider') to your code",
  'has a reader in error that nothing shows',
  'It fired data-error from the element and went to reportError',
  'only useSuspense does',
  'it does not know: ',
  'is a property with no attribute',
  'which the model does not have',
  'does not declare',
  'has never held a row of',
  'so it does not order the rows',
  'it has no one form in a URL',
  'does its process (or fetch) return the value',
  'is not one RestEndpoint reads',
  'its args function returned undefined',
  'so pages are counted',
  'all already in the list, so the list ends there',
  'fetchNextPage: the first argument must be a Controller',
  "give its list's endpoint (resource.getList)",
  'which reads a snapshot only when it is made',
  'on whenever it is present. Remove it to turn it off',
  'meanwhile the default applies',
  // Explanations added to production errors, which keep only what went wrong.
  'Use controller.get() or useCache() instead',
  'the characters ( ) [ ] ? + ! are reserved',
  'the param that picks a page',
  'or give it a Controller through the data context',
  // The Controller's checks of its options and of what its methods are given.
  'a number of milliseconds',
  ': not an endpoint: ',
  'args is the list of arguments, such as',
  'the listener must be a function, got',
  'give what failed (an Error)',
  'storage needs get, set and del methods',
  'give one of its endpoints',
  'the endpoint is undefined, so nothing is read',
  'its options are an object such as',
  'takes a resource (what createResource returns)',
  'a signal reads from its source, given first',
  'not its result: got',
  'give an instance (new',
  'gcPolicy must be a GCPolicy',
  'a number of milliseconds above 0',
  'join into',
  // Schemas checked where they are declared (endpoints, resources, Queries, live feeds).
  'A class imported from a module that is still loading',
  'a string does not name an Entity',
  'with no name and no static key',
  'names no field of',
  'process must be a function of the entries',
];

/** The JavaScript files below `dir` (source maps left out: they are not run), with their text. */
function scripts(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) for (const [p, text] of scripts(path)) out.set(p, text);
    else if (name.endsWith('.js')) out.set(path, readFileSync(path, 'utf8'));
  }
  return out;
}

/** Which of the messages occur in any of the files. */
function found(files: Map<string, string>): string[] {
  return DEV_MESSAGES.filter(message => [...files.values()].some(text => text.includes(message)));
}

test('the production builds carry no development-mode message; the development builds carry each one', {timeout: 240_000}, async t => {
  const out = mkdtempSync(join(tmpdir(), 'data-elements-dev-mode-'));
  try {
    const started = performance.now();
    // Two at a time: the machine has two cores.
    await Promise.all([viteBuild(ROOT, ['--outDir', join(out, 'esm'), '--emptyOutDir']), viteBuild(ROOT, ['--mode', 'development', '--outDir', join(out, 'development'), '--emptyOutDir'])]);
    await Promise.all([
      viteBuild(ROOT, ['--mode', 'cdn', '--outDir', join(out, 'cdn'), '--emptyOutDir']),
      viteBuild(ROOT, ['--mode', 'cdn-development', '--outDir', join(out, 'cdn-development'), '--emptyOutDir']),
    ]);
    await viteBuild(ROOT, ['--mode', 'cdn-modules', '--outDir', join(out, 'cdn-modules'), '--emptyOutDir']);
    const esm = scripts(join(out, 'esm'));
    const development = scripts(join(out, 'development'));
    const cdn = scripts(join(out, 'cdn'));
    const cdnDevelopment = scripts(join(out, 'cdn-development'));
    const cdnModules = scripts(join(out, 'cdn-modules'));
    assert.ok(esm.size > 10 && development.size > 10, 'the ESM builds have their modules');
    assert.deepEqual([...cdn.keys()].map(p => p.slice(out.length)), ['/cdn/data-elements.js']);
    assert.deepEqual([...cdnDevelopment.keys()].map(p => p.slice(out.length)), ['/cdn-development/data-elements.development.js']);

    assert.deepEqual(found(development), DEV_MESSAGES, 'the development ESM build has every message');
    assert.deepEqual(found(cdnDevelopment), DEV_MESSAGES, 'the development CDN file has every message');
    assert.deepEqual(found(esm), [], 'the production ESM build has none');
    assert.deepEqual(found(cdn), [], 'the production CDN file has none');
    assert.ok(cdnModules.size > 5, 'the CDN modules were built');
    assert.deepEqual(found(cdnModules), [], 'the CDN modules (production) have none');
    const devModules = [...esm.keys()].filter(p => p.includes('/dev/'));
    assert.deepEqual(devModules, [], 'no development-only module is in the production ESM build');
    assert.ok(!/\bDEV_MODE\b/.test([...esm.values(), ...cdn.values(), ...cdnModules.values()].join('\n')), 'no DEV_MODE check is left in production');
    const devSize = statSync(join(out, 'cdn-development', 'data-elements.development.js')).size;
    t.diagnostic(`built four ways in ${((performance.now() - started) / 1000).toFixed(1)} s; CDN file ${statSync(join(out, 'cdn', 'data-elements.js')).size} B, development CDN file ${devSize} B (not minified)`);
  } finally {
    rmSync(out, {recursive: true, force: true});
  }
});

test('a production build writes false for every DEV_MODE use but in import lines', () => {
  const source = ["import {DEV_MODE, devLog} from '../dev/index.js';", 'if (DEV_MODE) devLog("x");', 'const on = DEV_MODE && ready;', 'const MY_DEV_MODE_X = 1;'].join('\n');
  assert.equal(
    withoutDevMode(source),
    ["import {DEV_MODE, devLog} from '../dev/index.js';", 'if (false) devLog("x");', 'const on = false && ready;', 'const MY_DEV_MODE_X = 1;'].join('\n'),
  );
  assert.equal(withoutDevMode('const a = 1;'), undefined, 'a module without the switch is left alone');
});
