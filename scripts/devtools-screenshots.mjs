#!/usr/bin/env node
// Screenshots of <data-devtools> over the demo, for the README and the docs site:
// docs/images/devtools-*.png (copied to site/public/images/ for the guide page).
// Starts the demo's dev server on a free port of 127.0.0.1, drives Chromium (playwright-core,
// Debian's /usr/bin/chromium), and stops both. `node scripts/devtools-screenshots.mjs`.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { ensureMswWorker } from './install-browsers.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'docs/images');
const SITE_OUT = join(ROOT, 'site/public/images');
const WAIT_MS = 30_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForServer(origin, child) {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the demo server exited (code ${child.exitCode})`);
    try {
      if ((await fetch(`${origin}/demo/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise(resolve => setTimeout(resolve, 200));
  }
  throw new Error(`the demo server did not answer at ${origin} within ${WAIT_MS} ms`);
}

process.chdir(ROOT);
ensureMswWorker();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', String(port), '--strictPort'], { stdio: 'ignore' });
let browser;
try {
  await waitForServer(origin, server);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 });
  await page.goto(`${origin}/demo/`);
  await page.waitForFunction(() => document.querySelectorAll('demo-article-feed article').length === 5, null, { timeout: WAIT_MS });
  await page.waitForFunction(() => document.querySelectorAll('demo-todo-list li.todo').length > 0, null, { timeout: WAIT_MS });
  mkdirSync(OUT, { recursive: true });
  mkdirSync(SITE_OUT, { recursive: true });
  const shot = async name => {
    const file = join(OUT, `devtools-${name}.png`);
    await page.waitForTimeout(400); // lets the panel's next animation frame and age tick land
    await page.locator('data-devtools').screenshot({ path: file });
    copyFileSync(file, join(SITE_OUT, `devtools-${name}.png`));
    console.log(`wrote docs/images/devtools-${name}.png`);
  };
  const devtools = page.locator('data-devtools');

  await page.locator('data-devtools').screenshot({ path: join(OUT, 'devtools-badge.png') });
  copyFileSync(join(OUT, 'devtools-badge.png'), join(SITE_OUT, 'devtools-badge.png'));
  await page.click('#open-devtools');
  await devtools.locator('[part="panel"]').waitFor();

  // Entities: the article table open, one row expanded.
  await devtools.locator('[data-table="Article"] > summary').click();
  await devtools.locator('[data-table="Article"] [part="entity-row"] summary').first().click();
  await shot('entities');

  await devtools.locator('#tab-results').click();
  await shot('results');

  // Commits: toggle a todo (an optimistic PATCH), then show the state after the first commit.
  await page.locator('demo-todo-list li.todo input[type="checkbox"]').first().click();
  await page.waitForFunction(() => window.demoApi.log.inFlight().length === 0, null, { timeout: WAIT_MS });
  await devtools.locator('#tab-commits').click();
  await devtools.locator('[part="commit"] button').nth(2).click();
  await devtools.locator('[part="snapshot"] h3').scrollIntoViewIfNeeded();
  await devtools.locator('[part="snapshot"] [data-table="Todo"] > summary').click();
  await devtools.locator('[part="snapshot"] h3').evaluate(el => el.scrollIntoView({ block: 'start' }));
  await shot('commits');
} finally {
  await browser?.close();
  server.kill('SIGTERM');
}
