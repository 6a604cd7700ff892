// <data-devtools> costs nothing to pages that do not load it: no other entry point (npm or
// CDN) bundles any of components/devtools/, and its own entry carries no copy of the core.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {build, type BuildOptions} from 'esbuild';
import {splitOutputs} from '../../bench/initial-load.js';
// @ts-expect-error plain ESM script without types
import {ensureCdnBuild} from '../../scripts/build-cdn.mjs';

const ROOT = process.cwd();
const LIT = ['lit', 'lit/*', 'lit-html', 'lit-html/*', 'lit-element', 'lit-element/*', '@lit/reactive-element', '@lit/reactive-element/*'];
const MAIN_ENTRIES = ['src/index.ts', 'src/lit/index.ts', 'components/index.ts', 'components/provider.ts', 'src/cdn.ts'];

/** How these tests bundle an entry: minified, so that comments (which may name the devtools) are not code. */
const bundleOptions = (entry: string) =>
  ({
    entryPoints: [join(ROOT, entry)] as string[],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    minify: true,
    metafile: true,
    external: LIT,
    tsconfig: join(ROOT, 'tsconfig.json'),
    logLevel: 'error',
  }) satisfies BuildOptions;

/** The source files esbuild puts in a bundle of `entry`, and the bundle's code. */
async function bundle(entry: string): Promise<{inputs: string[]; code: string}> {
  const result = await build(bundleOptions(entry));
  return {inputs: Object.keys(result.metafile.inputs), code: result.outputFiles[0]!.text};
}

for (const entry of MAIN_ENTRIES) {
  test(`${entry} bundles nothing of the devtools`, async () => {
    const {inputs, code} = await bundle(entry);
    assert.ok(inputs.some(input => input.startsWith('src/')), 'the bundle was built from the sources');
    assert.deepEqual(inputs.filter(input => input.startsWith('components/devtools/')), []);
    assert.doesNotMatch(code, /data-devtools/);
  });
}

test('the autoloader loads the devtools only when a page uses <data-devtools>', async () => {
  const result = await build({...bundleOptions('components/autoload.ts'), splitting: true, outdir: join(ROOT, 'dist/devtools-check')});
  const {initial, onDemand} = splitOutputs(result);
  const devtoolsIn = (inputs: Record<string, unknown>) => Object.keys(inputs).filter(input => input.startsWith('components/devtools/'));
  assert.deepEqual(initial.flatMap(output => devtoolsIn(output.inputs)), [], 'nothing of the devtools loads first');
  const holding = Object.entries(result.metafile.outputs).filter(([, output]) => devtoolsIn(output.inputs).length > 0).map(([path]) => path);
  const loadedOnDemand = new Set(onDemand.map(output => output.path));
  assert.ok(holding.length > 0 && holding.every(path => loadedOnDemand.has(path)), 'the devtools are in a chunk loaded on demand');
});

test('the check sees the devtools when an entry does import them', async () => {
  const {inputs, code} = await bundle('components/devtools/index.ts');
  assert.ok(inputs.includes('components/devtools/data-devtools.ts'));
  assert.match(code, /data-devtools/);
});

test('the devtools entry carries no copy of the core: it drives the Controller it is given', async () => {
  const result = await build(bundleOptions('components/devtools/index.ts'));
  const output = Object.values(result.metafile.outputs)[0]!;
  const carried = Object.entries(output.inputs)
    .filter(([input, {bytesInOutput}]) => bytesInOutput > 0 && /^src\/(schema|endpoint|core|rest|live|refresh|pagination|snapshots|persist|sync)\//.test(input))
    .map(([input]) => input);
  // What it reads of a Controller goes through the accessors of the Controller's registered internals.
  assert.deepEqual(carried.sort(), ['src/core/inspect.ts', 'src/core/internals.ts']);
});

test('package.json exports the devtools on their own, npm and CDN', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {exports: Record<string, unknown>; sideEffects: string[]};
  assert.deepEqual(pkg.exports['./devtools'], {
    types: './dist/types/components/devtools/index.d.ts',
    development: './dist/development/components/devtools/index.js',
    default: './dist/esm/components/devtools/index.js',
  });
  assert.equal(pkg.exports['./cdn/devtools'], './dist/cdn/data-devtools.js');
  assert.ok(pkg.sideEffects.includes('./dist/esm/components/devtools/data-devtools.js'), 'importing the entry defines the element');
});

test('the built CDN file of the elements does not contain the devtools', {timeout: 300_000}, () => {
  // Built here when missing or stale, as `npm start` and the browser tests do.
  ensureCdnBuild({log: () => {}});
  assert.doesNotMatch(readFileSync(join(ROOT, 'dist/cdn/data-elements.js'), 'utf8'), /data-devtools/);
  assert.match(readFileSync(join(ROOT, 'dist/cdn/data-devtools.js'), 'utf8'), /data-devtools/);
});
