// Debian's Chromium, as the browser tests, the end-to-end and docs checks and the render
// benchmark launch it (see TOOLCHAIN.md): npm tools cannot download a browser here.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for Debian's Chromium running as root on a machine without internet. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Installs Chromium when it is missing (scripts/install-browsers.mjs): a fresh CI machine
 * runs the Node tests before `npm test` installs the browsers. Throws with the installer's output.
 */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const install = spawnSync(process.execPath, ['scripts/install-browsers.mjs'], {
    cwd: join(dirname(fileURLToPath(import.meta.url)), '..'),
    encoding: 'utf8',
    env: { ...process.env, BROWSERS: 'chromium' },
  });
  if (install.status !== 0) throw new Error(`installing Chromium failed:\n${install.stdout}\n${install.stderr}`);
}
