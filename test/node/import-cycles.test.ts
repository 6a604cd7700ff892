// The module graph of src/ and components/: no runtime import cycle, and the layers import
// each other only the allowed ways.
//
// A runtime cycle makes evaluation order depend on which module an app imports first (a
// class can be read before its module has run), and it ties modules together so that a
// bundler cannot leave one out. Imports that compile away (`import type`, `export type`,
// lists whose every name is `type`) do not run, so they do not count; neither do `import()`
// calls, which load after every static import has run.
//
// Layers: each folder of src/ (schema, endpoint, core, rest, lit, and the parts: refresh, pagination, snapshots, live, persist, sync, signals, offline; dev)
// and components/ (with its subfolders). The files at the top of src/ are package entries.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {findCycles, moduleGraph, runtimeEdges, sourceFiles, type ImportEdge} from './helpers/module-graph.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const FILES = sourceFiles(ROOT, ['src', 'components']);
const GRAPH = moduleGraph(ROOT, FILES);
const EDGES = [...GRAPH.values()].flat();

/** The framework-free core: what `lit-data-elements` (the root entry) is made of. */
const CORE = ['src/schema', 'src/endpoint', 'src/core', 'src/rest'];
/** What the core must never reach: the Lit layer, the opt-in parts and the elements. */
const ABOVE_CORE = ['src/lit', 'src/live', 'src/persist', 'src/sync', 'src/refresh', 'src/pagination', 'src/snapshots', 'src/signals', 'src/offline', 'components'];
/** Lit's packages. */
const LIT_PACKAGE = /^(lit|lit-html|lit-element|@lit\/[^/]+|@lit-labs\/[^/]+)(\/|$)/;
/** The modules through which a layer may be reached from outside it (internal.ts: plumbing shared with the elements). */
const LAYER_ENTRIES = ['index.ts', 'internal.ts'];

/** The layer of a file (`src/rest`, `components`), or undefined for a package entry at the top of src/. */
function layerOf(file: string): string | undefined {
  if (file.startsWith('components/')) return 'components';
  const match = /^src\/([^/]+)\//.exec(file);
  return match ? `src/${match[1]}` : undefined;
}

const inside = (file: string, layers: readonly string[]) => layers.some(layer => file.startsWith(`${layer}/`));
const where = (edge: ImportEdge) => `${edge.from}:${edge.line} imports ${edge.to}${edge.typeOnly ? ' (types)' : ''}`;

test('the graph covers every source file and reads both kinds of import', () => {
  assert.ok(FILES.length > 100, `only ${FILES.length} files found`);
  for (const dir of ['src/schema', 'src/core', 'src/rest', 'src/lit', 'components']) {
    assert.ok(FILES.some(file => file.startsWith(`${dir}/`)), `no file found in ${dir}`);
  }
  assert.ok(EDGES.filter(e => !e.typeOnly && !e.external).length > 100, 'few runtime imports found');
  assert.ok(EDGES.some(e => e.typeOnly), 'no type-only import found');
  assert.ok(EDGES.some(e => e.dynamic), 'no import() found');
});

test('no runtime import cycle in src/ and components/', () => {
  const cycles = findCycles(runtimeEdges(GRAPH));
  assert.deepEqual(
    cycles.map(cycle => cycle.join(' -> ')),
    [],
    'runtime import cycles (break each by moving the shared piece into a module both can import)',
  );
});

test('the core imports neither Lit nor the Lit layer, the opt-in parts or the elements', () => {
  const bad = EDGES.filter(e => inside(e.from, CORE) && (e.external ? LIT_PACKAGE.test(e.to) : inside(e.to, ABOVE_CORE)));
  assert.deepEqual(bad.map(where), []);
});

test('src/dev imports nothing but src/schema, for its check of declared schemas', () => {
  const bad = EDGES.filter(e => inside(e.from, ['src/dev']) && !e.external && e.to.startsWith('src/') && !inside(e.to, ['src/dev', 'src/schema']));
  assert.deepEqual(bad.map(where), []);
});

test('src/schema imports nothing else of src/', () => {
  const bad = EDGES.filter(e => inside(e.from, ['src/schema']) && !e.external && e.to.startsWith('src/') && !inside(e.to, ['src/schema']));
  assert.deepEqual(bad.map(where), []);
});

/**
 * What each layer of the design's table may import besides itself and src/dev (the
 * development-mode switch, a leaf): the layers below it. A resource never needs a store,
 * so src/rest and src/core sit side by side, neither importing the other.
 */
const BELOW: Record<string, {layers: readonly string[]; typesToo: boolean}> = {
  'src/endpoint': {layers: ['src/schema'], typesToo: true},
  'src/rest': {layers: ['src/schema', 'src/endpoint'], typesToo: true},
  'src/core': {layers: ['src/schema', 'src/endpoint'], typesToo: true},
  // Types only compile away: a reader may name a part's type (`useLiveFeed` takes a feed) without loading it.
  'src/lit': {layers: ['src/schema', 'src/endpoint', 'src/core', 'src/rest'], typesToo: false},
};

test('each layer imports only the layers below it: rest and core apart, lit never a part or an element', () => {
  const bad = EDGES.filter(e => {
    const from = layerOf(e.from);
    const rule = from === undefined ? undefined : BELOW[from];
    if (rule === undefined || e.external || (e.typeOnly && !rule.typesToo)) return false;
    const to = layerOf(e.to);
    return to !== undefined && to !== from && to !== 'src/dev' && !rule.layers.includes(to);
  });
  assert.deepEqual(bad.map(where), []);
  // Each rule is checked against imports that exist: a layer with none would pass for nothing.
  for (const [layer, {layers}] of Object.entries(BELOW)) {
    for (const below of layers.slice(-1)) assert.ok(EDGES.some(e => layerOf(e.from) === layer && layerOf(e.to) === below), `${layer} imports nothing from ${below}`);
  }
});

test('a layer is reached from outside only through its index.ts (or internal.ts)', () => {
  const bad = EDGES.filter(e => {
    if (e.external) return false;
    const target = layerOf(e.to);
    if (target === undefined || target === layerOf(e.from)) return false;
    return !LAYER_ENTRIES.some(entry => e.to === `${target}/${entry}`);
  });
  assert.deepEqual(bad.map(where), []);
});

test('the cycle finder: type-only and on-demand imports break no cycle; a runtime loop is named', () => {
  const dir = mkdtempSync(join(tmpdir(), 'module-graph-'));
  try {
    const files: Record<string, string> = {
      'a.ts': "import {b} from './b.js';\nexport const a = () => b;",
      'b.ts': "import type {a} from './a.js';\nimport {type c} from './c.js';\nexport type {d} from './d.js';\nexport const b = 1;",
      'c.ts': "// import {a} from './a.js';\nimport {d} from './d.js';\nexport const c = d;",
      'd.ts': "import {e} from './sub/index.js';\nexport const d = () => import('./c.js');\nexport {e};",
      'sub/index.ts': "export * from '../d.js';\nexport const e = 2;",
    };
    mkdirSync(join(dir, 'sub'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const graph = moduleGraph(dir, Object.keys(files));
    assert.deepEqual(findCycles(runtimeEdges(graph)), [['d.ts', 'sub/index.ts', 'd.ts']]);
    assert.deepEqual(
      graph.get('b.ts')!.map(e => [e.to, e.typeOnly]),
      [['a.ts', true], ['c.ts', true], ['d.ts', true]],
    );
    assert.deepEqual(graph.get('d.ts')!.map(e => [e.to, e.dynamic]), [['sub/index.ts', false], ['c.ts', true]]);
    assert.deepEqual(findCycles(new Map([['x.ts', ['x.ts']]])), [['x.ts', 'x.ts']]);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
