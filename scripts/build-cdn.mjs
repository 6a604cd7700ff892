#!/usr/bin/env node
// Builds the CDN files (dist/cdn/data-elements.js with `vite build --mode cdn`, then
// dist/cdn/data-devtools.js with `--mode cdn-devtools`, then the ES modules of dist/cdn/modules
// with `--mode cdn-modules`) when one is missing or older than its
// sources. Used by `npm start` (demo/html-only.html loads them), by the e2e Node test
// (test/node/e2e-demo.test.ts), and by scripts/test.mjs right before the browser tests
// (test/cdn-page.test.ts and test/cdn-modules.test.ts load them). `node scripts/build-cdn.mjs [--force]`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CDN_FILE = join(ROOT, 'dist/cdn/data-elements.js');
export const DEVTOOLS_CDN_FILE = join(ROOT, 'dist/cdn/data-devtools.js');
export const CDN_AUTOLOAD_FILE = join(ROOT, 'dist/cdn/modules/autoload.js');
// In build order: the `cdn` build empties dist/cdn, so the others come after it.
const BUILDS = [
  { file: CDN_FILE, mode: 'cdn' },
  { file: DEVTOOLS_CDN_FILE, mode: 'cdn-devtools' },
  { file: CDN_AUTOLOAD_FILE, mode: 'cdn-modules' },
];
// What the CDN files are made of: the sources, the dependencies' versions, the build config.
const INPUTS = ['src', 'components', 'package-lock.json', 'vite.config.ts', 'scripts/page-modules.mjs'];

/** Newest modification time (ms) of a file or of any file below a folder. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** Why the CDN files must be (re)built, or undefined when they are up to date. */
export function cdnBuildReason() {
  for (const { file } of BUILDS) {
    const name = file.slice(ROOT.length + 1);
    if (!existsSync(file)) return `${name} is missing`;
    const built = statSync(file).mtimeMs;
    const changed = INPUTS.find(input => newest(join(ROOT, input)) > built);
    if (changed) return `${changed} changed since ${name} was built`;
  }
  return undefined;
}

/**
 * Builds dist/cdn/data-elements.js, dist/cdn/data-devtools.js and dist/cdn/modules unless they are up to date
 * (or `force`). Throws when a build fails. Returns the build time in ms (0 when nothing was built).
 */
export function ensureCdnBuild({ force = false, log = console.log } = {}) {
  const reason = force ? 'forced' : cdnBuildReason();
  if (!reason) return 0;
  log(`build-cdn: building dist/cdn (${reason})`);
  const t0 = Date.now();
  for (const { file, mode } of BUILDS) {
    const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--mode', mode, '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0 || !existsSync(file)) {
      throw new Error(`build-cdn: \`vite build --mode ${mode}\` failed (exit ${result.status ?? result.signal}); ${file.slice(ROOT.length + 1)} was not built`);
    }
  }
  const ms = Date.now() - t0;
  log(`build-cdn: built in ${(ms / 1000).toFixed(1)} s`);
  return ms;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureCdnBuild({ force: process.argv.includes('--force') });
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
