#!/usr/bin/env node
// `npm start`: the demo dev server (vite, 127.0.0.1:5173) in the foreground.
// The demo mocks its API with msw in the browser, so msw's worker script must exist first;
// browsers are not needed for this, so only that step of install-browsers runs.
// demo/html-only.html loads the CDN file, so that is built first when missing or stale.
// Extra args go to vite: `npm start -- --port 5174`.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCdnBuild } from './build-cdn.mjs';
import { ensureMswWorker } from './install-browsers.mjs';

process.chdir(join(dirname(fileURLToPath(import.meta.url)), '..'));
ensureMswWorker();
try {
  ensureCdnBuild();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', ...process.argv.slice(2)], { stdio: 'inherit' });
// Pass stop signals on (a supervisor may send them to this pid only), exit as vite does.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => vite.kill(sig));
vite.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
