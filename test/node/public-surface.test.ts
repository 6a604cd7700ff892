// A public surface a user can learn: every name a package entry point exports is documented
// with an @example (plumbing stays out of the entries: src/lit/internal.ts, the layer indexes).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import ts from 'typescript';

/** The source of every entry of package.json `exports` with types, but the internal one (which promises nothing). */
const ENTRIES = Object.entries(JSON.parse(readFileSync('package.json', 'utf8')).exports as Record<string, string | {types?: string}>)
  .filter(([subpath, target]) => subpath !== './internal' && typeof target === 'object' && target.types)
  .map(([, target]) => (target as {types: string}).types.replace('./dist/types/', '').replace(/\.d\.ts$/, '.ts'));

/** The root entry, name by name: each is a promise to users, so a new one is a decision, made here. */
const ROOT_NAMES = [
  'AbortOptimistic',
  'Controller',
  'Entity',
  'GCPolicy',
  'NetworkError',
  'ParseError',
  'Query',
  'ResetError',
  'RestEndpoint',
  'SchemaError',
  'createResource',
  'optimisticResource',
  'pksOf',
  'requestSignal',
  'schema',
];

/** Whether a JSDoc with an @example documents `symbol`, or the export that names it. */
function hasExample(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  const chain = [symbol];
  let current = symbol;
  while (current.flags & ts.SymbolFlags.Alias) {
    const next = checker.getImmediateAliasedSymbol(current);
    if (!next || chain.includes(next)) break;
    chain.push((current = next));
  }
  for (const link of chain) {
    if (link.getJsDocTags(checker).some(tag => tag.name === 'example')) return true;
    // `export * as schema from ...`: the JSDoc sits on the export declaration.
    for (const declaration of link.declarations ?? []) {
      const statement = ts.isNamespaceExport(declaration) ? declaration.parent : declaration;
      if (ts.getJSDocTags(statement).some(tag => tag.tagName.text === 'example')) return true;
    }
  }
  return false;
}

test('every name exported from an entry point has an @example', () => {
  const program = ts.createProgram(ENTRIES, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    experimentalDecorators: true,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const undocumented: string[] = [];
  let count = 0;
  for (const entry of ENTRIES) {
    const file = program.getSourceFile(entry);
    assert.ok(file, `${entry} is in the program`);
    const module = checker.getSymbolAtLocation(file);
    assert.ok(module, `${entry} is a module`);
    for (const exported of checker.getExportsOfModule(module)) {
      count++;
      if (!hasExample(exported, checker)) undocumented.push(`${entry}: ${exported.name}`);
    }
  }
  assert.ok(count > 100, `the entry points export ${count} names`);
  assert.deepEqual(undocumented, [], 'document these with an @example, or move them out of the entry point');
});

test('the check notices a name without an @example', () => {
  const source = '/** Documented.\n * @example\n * ```ts\n * a;\n * ```\n */\nexport const a = 1;\n/** Not. */\nexport const b = 2;\n';
  const host = ts.createCompilerHost({});
  const read = host.getSourceFile;
  host.getSourceFile = (name, version) =>
    name === 'probe.ts' ? ts.createSourceFile(name, source, ts.ScriptTarget.ES2022) : read.call(host, name, version);
  const program = ts.createProgram(['probe.ts'], {noEmit: true, types: []}, host);
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile('probe.ts')!)!;
  const found = Object.fromEntries(checker.getExportsOfModule(module).map(s => [s.name, hasExample(s, checker)]));
  assert.deepEqual(found, {a: true, b: false});
});

test('the root entry exports what a user writes, and nothing more', async () => {
  const root = await import('../../src/index.js');
  assert.deepEqual(Object.keys(root).sort(), ROOT_NAMES);
});

test('the entries checked are the package exports: the root, the Lit layer, every part and the elements', () => {
  for (const entry of ['src/index.ts', 'src/lit/index.ts', 'src/refresh/index.ts', 'src/pagination/index.ts', 'src/snapshots/index.ts', 'src/live/index.ts', 'src/persist/index.ts', 'src/sync/index.ts', 'src/offline/index.ts', 'src/signals/index.ts', 'components/index.ts']) {
    assert.ok(ENTRIES.includes(entry), entry);
  }
  assert.ok(!ENTRIES.includes('src/internal.ts'));
});
