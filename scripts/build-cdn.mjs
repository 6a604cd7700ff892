#!/usr/bin/env node
// Builds the CDN file (dist/cdn/data-elements.js, `vite build --mode cdn`) when it is missing
// or older than its sources. Used by `npm start` (demo/html-only.html loads that file), by
// the e2e Node test (test/node/e2e-demo.test.ts), and by scripts/test.mjs right before the
// browser tests (test/cdn-page.test.ts loads it). `node scripts/build-cdn.mjs [--force]`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CDN_FILE = join(ROOT, 'dist/cdn/data-elements.js');
// What the CDN file is made of: the sources, the dependencies' versions, the build config.
const INPUTS = ['src', 'components', 'package-lock.json', 'vite.config.ts'];

/** Newest modification time (ms) of a file or of any file below a folder. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** Why the CDN file must be (re)built, or undefined when it is up to date. */
export function cdnBuildReason() {
  if (!existsSync(CDN_FILE)) return 'it is missing';
  const built = statSync(CDN_FILE).mtimeMs;
  const changed = INPUTS.find(input => newest(join(ROOT, input)) > built);
  return changed ? `${changed} changed since it was built` : undefined;
}

/**
 * Builds dist/cdn/data-elements.js unless it is up to date (or `force`). Throws when the
 * build fails. Returns the build time in ms (0 when nothing was built).
 */
export function ensureCdnBuild({ force = false, log = console.log } = {}) {
  const reason = force ? 'forced' : cdnBuildReason();
  if (!reason) return 0;
  log(`build-cdn: building dist/cdn/data-elements.js (${reason})`);
  const t0 = Date.now();
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'cdn', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0 || !existsSync(CDN_FILE)) {
    throw new Error(`build-cdn: \`vite build --mode cdn\` failed (exit ${result.status ?? result.signal}); dist/cdn/data-elements.js was not built`);
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
