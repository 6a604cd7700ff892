// The release check (`npm run release:check`, scripts/release-check.mjs): the package as
// `npm publish --dry-run` would publish it passes, and each kind of mistake the check looks for
// is reported when a package has it.
//   node --import tsx --test test/node/release-check.test.ts
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';
import {CEILINGS, checkRelease, releaseProblems, type PackageManifest} from '../../scripts/release-check.mjs';

test('the package as npm publish --dry-run would publish it passes the release check', {timeout: 600_000}, t => {
  const dir = mkdtempSync(join(tmpdir(), 'lit-data-elements-release-test-'));
  try {
    const {problems, summary, published} = checkRelease(dir);
    t.diagnostic(summary);
    assert.deepEqual(problems, []);
    // What the check read is what npm would publish: the built entry points among them.
    for (const file of ['dist/esm/index.js', 'dist/types/src/index.d.ts', 'dist/cdn/data-elements.js', 'custom-elements.json']) {
      assert.ok(published.files.includes(file), `${file} would be published`);
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

/** A small package that passes, to break one thing at a time. */
const GOOD: {manifest: PackageManifest; files: string[]; size: number; unpackedSize: number} = {
  manifest: {
    name: 'pkg',
    version: '1.2.3',
    main: './dist/esm/index.js',
    types: './dist/types/index.d.ts',
    exports: {
      '.': {types: './dist/types/index.d.ts', development: './dist/development/index.js', default: './dist/esm/index.js'},
      './cdn': {development: './dist/cdn/all.development.js', default: './dist/cdn/all.js'},
      './package.json': './package.json',
    },
    dependencies: {stampino: '~0.8.3'},
    peerDependencies: {'lit': '^3.2.0'},
  },
  files: [
    'package.json',
    'README.md',
    'LICENSE',
    'dist/esm/index.js',
    'dist/development/index.js',
    'dist/types/index.d.ts',
    'dist/cdn/all.js',
    'dist/cdn/all.development.js',
  ],
  size: 1_000_000,
  unpackedSize: 4_000_000,
};

test('reports nothing for a package that is ready', () => {
  assert.deepEqual(releaseProblems(GOOD), []);
});

test('reports tests, benchmarks, the demo and node_modules in the tarball', () => {
  const problems = releaseProblems({...GOOD, files: [...GOOD.files, 'test/node/a.test.ts', 'bench/run.ts', 'demo/index.html', 'dist/esm/node_modules/lit/index.js']});
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /test\/node\/a\.test\.ts, bench\/run\.ts, demo\/index\.html, dist\/esm\/node_modules\/lit\/index\.js/);
});

test('reports an entry point whose file, or whose types, the tarball lacks', () => {
  const files = GOOD.files.filter(file => file !== 'dist/development/index.js' && file !== 'dist/types/index.d.ts');
  assert.deepEqual(releaseProblems({...GOOD, files}), [
    '"types": ./dist/types/index.d.ts is not in the tarball',
    'exports "." (types): ./dist/types/index.d.ts is not in the tarball',
    'exports "." (development): ./dist/development/index.js is not in the tarball',
  ]);
  const untyped = {...GOOD.manifest, exports: {...GOOD.manifest.exports, './lit': {default: './dist/esm/index.js'}}};
  assert.deepEqual(releaseProblems({...GOOD, manifest: untyped}), ['exports "./lit" has no "types"']);
});

test('reports pinned dependencies and a Lit that is not a peer dependency', () => {
  const pinned = {...GOOD.manifest, dependencies: {lit: '3.3.3', stampino: '0.8.3'}, peerDependencies: {'@lit/context': '^1.1.2'}};
  assert.deepEqual(releaseProblems({...GOOD, manifest: pinned}), [
    'the dependency lit is pinned to 3.3.3: an app on another release would get a second copy',
    'the dependency stampino is pinned to 0.8.3: an app on another release would get a second copy',
    "lit is not a peer dependency: the package must use the app's copy",
  ]);
});

test('reports a tarball over its size ceilings, a private package and a version that is not semver', () => {
  const problems = releaseProblems({
    ...GOOD,
    manifest: {...GOOD.manifest, private: true, version: '1.2'},
    size: CEILINGS.size + 1,
    unpackedSize: CEILINGS.unpackedSize + 1,
  });
  assert.equal(problems.length, 4);
  assert.match(problems.join('\n'), /"private": true[\s\S]*1\.2 is not a semver version[\s\S]*the tarball is [\d.]+ MB, over its ceiling[\s\S]*over their ceiling/);
});
