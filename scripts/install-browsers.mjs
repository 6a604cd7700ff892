#!/usr/bin/env node
// Makes sure the Debian browsers the browser tests need are installed, and that msw's
// service worker script exists. CI starts on a bare machine with no stdin, and npm
// tools cannot download browsers here, so this installs Debian's packages (as root).
// Only what is missing gets installed: on a ready machine this takes milliseconds.
// BROWSERS=chromium,firefox,webkit (default all) limits what is checked.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

// What each engine needs: [kind, name, Debian package].
const NEEDS = {
  chromium: [['cmd', 'chromium', 'chromium']],
  firefox: [['cmd', 'firefox-esr', 'firefox-esr']],
  webkit: [
    ['cmd', 'WebKitWebDriver', 'webkit2gtk-driver'],
    ['cmd', 'Xvfb', 'xvfb'],
    // MiniBrowser belongs to libwebkit2gtk-4.1-0 (a dependency of webkit2gtk-driver);
    // name that package so a half-removed install gets repaired too.
    ['file', MINIBROWSER, 'libwebkit2gtk-4.1-0'],
  ],
};

const hasCommand = name => spawnSync('sh', ['-c', `command -v "${name}"`], { stdio: 'ignore' }).status === 0;

/** Installs missing Debian packages for the wanted engines; throws if that is impossible. */
export function ensureBrowsers(engines = (process.env.BROWSERS ?? 'chromium,firefox,webkit').split(',')) {
  const missing = new Map(); // package -> what was missing
  for (const engine of engines.map(s => s.trim()).filter(Boolean)) {
    const needs = NEEDS[engine];
    if (!needs) throw new Error(`install-browsers: unknown browser "${engine}"; known: ${Object.keys(NEEDS)}`);
    for (const [kind, name, pkg] of needs) {
      if (!(kind === 'cmd' ? hasCommand(name) : existsSync(name))) missing.set(pkg, name);
    }
  }
  if (missing.size === 0) {
    console.log('install-browsers: all browser tools present, nothing to install');
    return;
  }
  const pkgs = [...missing.keys()];
  console.log(`install-browsers: missing ${[...missing.values()].join(', ')} -> apt-get install ${pkgs.join(' ')}`);
  if (process.getuid?.() !== 0) {
    throw new Error(
      `install-browsers: not root, cannot install. Run as root: apt-get update && apt-get install -y ${pkgs.join(' ')}`,
    );
  }
  // stdin ignored + noninteractive: CI has no terminal, and no prompt may block.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => execFileSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  run(['update']);
  run(['install', '-y', ...pkgs]);
  console.log(`install-browsers: installed ${pkgs.join(' ')}`);
}

/** Generates public/mockServiceWorker.js (npm 11 does not run msw's postinstall). */
export function ensureMswWorker() {
  if (existsSync('public/mockServiceWorker.js')) return;
  console.log('install-browsers: creating public/mockServiceWorker.js (msw init)');
  // --no: never download msw, use the project's pinned copy.
  execFileSync('npx', ['--no', 'msw', 'init', 'public', '--no-save'], { stdio: ['ignore', 'inherit', 'inherit'] });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureBrowsers();
    ensureMswWorker();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
