// The memory case of `npm run bench`: what holding 100,000 articles (authors from 500
// users, tags from 30) costs each library, against the plain objects JSON.parse gives.
// Each library is measured in a process of its own (bench/memory-child.ts): the heap after a
// full GC with the library's normalized store and the list read from it once, less the heap
// before. The target: data-elements within 1.5x the plain objects.
import {execFileSync} from 'node:child_process';
import {join} from 'node:path';
import {formatRatio, ROOT, table} from './report.js';

/** The one memory case, for `--only=memory`. */
export const MEMORY_CASE = {id: 'memory', label: '(j) 100,000 articles held: normalized store and the list read once (heap after GC)'} as const;
export const MEMORY_DATA = {articles: 100_000, users: 500, tags: 30} as const;
const TARGET = 1.5;

/** A library to measure: an export of a bundle of bench/adapters (or `plain`). */
export interface MemoryLib {
  readonly name: string;
  readonly bundle: string;
  readonly exportName: string;
}

export interface MemoryReport {
  readonly table: string;
  /** Bytes per library name, and of the plain objects. */
  readonly bytes: ReadonlyMap<string, number>;
}

function measure(bundle: string, exportName: string): number {
  const {articles, users, tags} = MEMORY_DATA;
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench/memory-child.ts'), bundle, exportName, String(articles), String(users), String(tags)], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return (JSON.parse(out) as {bytes: number}).bytes;
}

/** Measures the plain objects and each library; the first library is data-elements (the target's). */
export function runMemory(libs: readonly MemoryLib[]): MemoryReport {
  const plain = measure(libs[0]!.bundle, 'plain');
  const bytes = new Map<string, number>([['plain objects (JSON.parse)', plain]]);
  for (const lib of libs) bytes.set(lib.name, measure(lib.bundle, lib.exportName));
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  const rows = [...bytes].map(([name, size], i) => [
    name,
    mb(size),
    formatRatio(size / plain),
    i === 1 ? `≤ ${TARGET}× plain` : '',
    i === 1 ? (size <= TARGET * plain ? '**yes**' : '**no**') : '',
  ]);
  return {table: table(['library', 'heap held', '÷ plain objects', 'target', 'met'], rows, ['l', 'r', 'r', 'l', 'l']), bytes};
}
