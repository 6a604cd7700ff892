#!/usr/bin/env node
// `npm run release:check`: what `npm publish` would publish, checked before a release
// (docs/releasing.md). Builds and packs the package (scripts/pack-package.mjs), runs
// `npm publish --dry-run` on the tarball, and checks what it reports and the package.json
// inside it:
//   - the files: README, LICENSE, package.json, and nothing of the tests, benchmarks, demo,
//     scripts, examples, docs or site, and no node_modules;
//   - every `exports` target (and `main`, `module`, `types`, `customElements`) is in the
//     tarball, and every entry an app imports has `types` that are in it too (the CDN entries
//     are script files for a page, with Lit inside, and have none);
//   - dependencies are ranges, and Lit is a peer dependency (docs/releasing.md says why);
//   - the tarball and its files stay under their ceilings.
// Exits 1 and lists the problems when there are any. test/node/release-check.test.ts runs it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packPackage, ROOT } from './pack-package.mjs';

/**
 * Ceilings in bytes: about a third above the 0.1.0 tarball (1.9 MB, 7.8 MB unpacked). The
 * unpacked ceiling was reached at 10.01 MB by code moved into modules of their own so that an
 * app loads it only with the part that uses it (each module is four files and three maps, in
 * the ESM, development and type builds): raised to 10.5 MB. Most of it is source maps (the CDN
 * file's and its development twin's, 2.6 MB together).
 */
export const CEILINGS = { size: 2_500_000, unpackedSize: 10_500_000 };

/** Folders of the repository that must not be published. */
const UNPUBLISHED = /^(test|bench|demo|scripts|examples|docs|site|toolchain|public|screenshots|\.tmp|\.github)\/|(^|\/)node_modules\/|\.test\.ts$/;

/** The file paths an `exports` value points at, with the condition each is under. */
function targetsOf(value, condition = 'default') {
  if (typeof value === 'string') return [{ condition, path: value }];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => targetsOf(inner, key));
  return [];
}

/** A dependency range that lets in more than one release: not an exact version. */
const isRange = range => !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range);

/**
 * Every problem of a package about to be published, as sentences; none when it is ready.
 * `files` are the tarball's paths (relative to the package), `size` and `unpackedSize` in bytes.
 */
export function releaseProblems({ manifest, files, size, unpackedSize }) {
  const problems = [];
  const has = new Set(files);
  const inTarball = path => has.has(path.replace(/^\.\//, ''));
  for (const required of ['package.json', 'README.md', 'LICENSE']) {
    if (!has.has(required)) problems.push(`${required} is not in the tarball`);
  }
  const stray = files.filter(file => UNPUBLISHED.test(file));
  if (stray.length) problems.push(`files that are not for users: ${stray.slice(0, 10).join(', ')}${stray.length > 10 ? `, and ${stray.length - 10} more` : ''}`);

  if (manifest.private) problems.push('package.json says "private": true');
  if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(manifest.version ?? '')) problems.push(`the version ${manifest.version} is not a semver version`);
  for (const field of ['main', 'module', 'types', 'customElements']) {
    if (manifest[field] && !inTarball(manifest[field])) problems.push(`"${field}": ${manifest[field]} is not in the tarball`);
  }
  const entries = Object.entries(manifest.exports ?? {});
  if (!entries.length) problems.push('package.json has no "exports"');
  for (const [subpath, value] of entries) {
    const targets = targetsOf(value);
    for (const { condition, path } of targets) {
      if (!inTarball(path)) problems.push(`exports "${subpath}" (${condition}): ${path} is not in the tarball`);
    }
    const scripts = targets.filter(({ path }) => path.endsWith('.js'));
    const cdnOnly = scripts.every(({ path }) => path.startsWith('./dist/cdn/'));
    if (scripts.length && !cdnOnly && !targets.some(({ condition }) => condition === 'types')) {
      problems.push(`exports "${subpath}" has no "types"`);
    }
  }

  for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies })) {
    if (!isRange(range)) problems.push(`the dependency ${name} is pinned to ${range}: an app on another release would get a second copy`);
  }
  for (const peer of ['lit']) {
    if (!manifest.peerDependencies?.[peer]) problems.push(`${peer} is not a peer dependency: the package must use the app's copy`);
    else if (manifest.dependencies?.[peer]) problems.push(`${peer} is a dependency as well as a peer dependency`);
  }

  const mb = bytes => `${(bytes / 1e6).toFixed(2)} MB`;
  if (size > CEILINGS.size) problems.push(`the tarball is ${mb(size)}, over its ceiling of ${mb(CEILINGS.size)}`);
  if (unpackedSize > CEILINGS.unpackedSize) problems.push(`its files take ${mb(unpackedSize)}, over their ceiling of ${mb(CEILINGS.unpackedSize)}`);
  return problems;
}

/** `npm publish --dry-run` on a tarball: what npm reports it would publish. */
export function dryRunPublish(tarball) {
  const output = execFileSync('npm', ['publish', '--dry-run', '--json', tarball], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const report = JSON.parse(output);
  // npm 11 keys the report by package name; older npm printed the report itself.
  const published = report.files ? report : Object.values(report)[0];
  return { ...published, files: published.files.map(file => file.path) };
}

/** The package.json the tarball holds. */
function manifestIn(tarball) {
  return JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json'], { encoding: 'utf8' }));
}

/**
 * Builds, packs into `dir`, runs the dry run and checks it: the problems, and a summary of
 * what would be published.
 */
export function checkRelease(dir) {
  const { tarball } = packPackage(dir);
  const published = dryRunPublish(tarball);
  const manifest = manifestIn(tarball);
  const problems = releaseProblems({ manifest, files: published.files, size: published.size, unpackedSize: published.unpackedSize });
  const summary =
    `${published.id}: ${published.files.length} files, ${(published.size / 1e6).toFixed(2)} MB ` +
    `(${(published.unpackedSize / 1e6).toFixed(2)} MB unpacked), ${Object.keys(manifest.exports ?? {}).length} entry points`;
  return { problems, summary, published, manifest };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = mkdtempSync(join(tmpdir(), 'lit-data-elements-release-'));
  try {
    const { problems, summary } = checkRelease(dir);
    console.log(`release check: ${summary}`);
    if (problems.length) {
      console.error(`release check: ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map(p => `  - ${p}`).join('\n')}`);
      process.exitCode = 1;
    } else {
      console.log('release check: ready to publish (npm publish --dry-run found nothing wrong)');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
