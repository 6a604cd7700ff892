// The package as npm would publish it: `npm run build` (what `prepack` runs), then `npm pack`
// into a folder of the caller's. Used by the release check (scripts/release-check.mjs) and by
// the tests that install the tarball into scratch projects (test/node/package-consumer.test.ts,
// test/node/consumer-*.test.ts, test/node/release-check.test.ts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LOCK = join(ROOT, '.tmp/pack.lock');
// A build and a pack take seconds; a lock older than this was left by a killed run.
const STALE_LOCK_MS = 10 * 60_000;

/** Waits (without spinning the CPU) for `ms`. */
const pause = ms => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `fn` holding a lock on dist/: test files run in parallel on machines with more cores,
 * and two builds writing dist/ at once would leave a mix of both in the tarball.
 */
function withDistLock(fn) {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmdirSync(LOCK);
      } catch {
        // released meanwhile
      }
      pause(200);
    }
  }
  try {
    return fn();
  } finally {
    rmdirSync(LOCK);
  }
}

/**
 * Builds the package and packs it into `destination`. Returns the tarball's path, the paths
 * of the files it holds, its size and its unpacked size (bytes), as `npm pack --json` says.
 */
export function packPackage(destination) {
  mkdirSync(destination, { recursive: true });
  return withDistLock(() => {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    // --ignore-scripts: the build has just run; and so that stdout holds only the JSON.
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    return {
      tarball: join(destination, packed.filename),
      files: packed.files.map(file => file.path),
      size: packed.size,
      unpackedSize: packed.unpackedSize,
    };
  });
}
