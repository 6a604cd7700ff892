// A public surface a user can learn: every name a package entry point exports is documented
// with an @example (plumbing stays out of the entries: src/lit/internal.ts, the layer indexes).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';

const ENTRIES = ['src/index.ts', 'src/lit/index.ts', 'src/plugins.ts', 'components/index.ts', 'components/autoload.ts', 'components/devtools/index.ts'];

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
