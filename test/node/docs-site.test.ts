// The documentation site (site/, VitePress) as a reader gets it: `npm run docs:build` builds
// it (references generated from the sources first); every internal link and anchor of the
// built pages resolves; and in Chromium (Debian's, driven by playwright-core) every page
// loads with no console error while each live example runs against msw and shows its data.
// Screenshots of three pages go to screenshots/ (git-ignored).
//   node --import tsx --test test/node/docs-site.test.ts
// DOCS_SKIP=1 skips it; DOCS_REUSE=1 checks the build already in site/.vitepress/dist
// (a quick loop while writing pages).
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync} from 'node:fs';
import type {Server} from 'node:http';
import {connect, type AddressInfo} from 'node:net';
import {networkInterfaces} from 'node:os';
import {dirname, join, sep} from 'node:path';
import {after, before, describe, it} from 'node:test';
import {fileURLToPath} from 'node:url';
import {CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium} from '../../scripts/chromium.mjs';
import {serveStatic} from '../../scripts/serve-static.mjs';
import {chromium, type Browser} from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = join(ROOT, 'site/.vitepress/dist');
const SCREENSHOTS = join(ROOT, 'screenshots');
// The build takes about a minute on 2 idle cores; CI machines are busy.
const BUILD_MS = 600_000;
const EXAMPLE_MS = 20_000;
const skip = process.env.DOCS_SKIP === '1' ? 'DOCS_SKIP=1' : false;

/** Runs `npm run docs:build`'s script; rejects with its output when it fails. */
function buildSite(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/docs.mjs', 'build'], {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe']});
    let output = '';
    child.stdout.on('data', d => (output += d));
    child.stderr.on('data', d => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`npm run docs:build failed (${code ?? signal}):\n${output}`));
    });
  });
}

/** Every file under `dir`, as site paths (`/guide/queries.html`). */
function siteFiles(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter(file => statSync(join(dir, file)).isFile())
    .map(file => `/${file.split(sep).join('/')}`);
}

/** `&amp;` and the other entities VitePress writes in attributes and ids. */
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ({amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'"})[name]!);

/** The page paths of the build (not the 404 page). */
const pagesOf = (files: readonly string[]) => files.filter(f => f.endsWith('.html') && f !== '/404.html').sort();

describe('the documentation site', {skip}, () => {
  let files: string[] = [];
  let pages: string[] = [];
  let server: Server | undefined;
  let origin = '';
  let browser: Browser | undefined;
  let buildSeconds = 0;

  before(
    async () => {
      ensureChromium();
      const t0 = Date.now();
      if (!(process.env.DOCS_REUSE === '1' && existsSync(DIST))) await buildSite();
      buildSeconds = (Date.now() - t0) / 1000;
      files = siteFiles(DIST);
      pages = pagesOf(files);
      server = await serveStatic(DIST);
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true});
    },
    {timeout: BUILD_MS + 60_000},
  );

  after(async () => {
    await Promise.allSettled([browser?.close(), new Promise(resolve => (server ? server.close(resolve) : resolve(undefined)))]);
  });

  it('builds every section: guides, both references, migration, reliability and performance', () => {
    console.log(`# docs:build took ${buildSeconds.toFixed(1)} s for ${pages.length} pages`);
    for (const page of [
      '/index.html',
      '/getting-started/html.html',
      '/getting-started/lit.html',
      '/guide/entities.html',
      '/guide/resources.html',
      '/guide/optimistic-updates.html',
      '/guide/queries.html',
      '/guide/invalidation.html',
      '/guide/transforms.html',
      '/guide/testing.html',
      '/migration/reactive-data-client.html',
      '/migration/small-core.html',
      '/quality/reliability.html',
      '/quality/performance.html',
      '/reference/elements/index.html',
      '/reference/api/index.html',
    ]) {
      assert.ok(pages.includes(page), `${page} was not built`);
    }
    // The references come from the sources: one page per element of components/, one per
    // exported function of each entry point.
    for (const tag of ['data-provider', 'data-boundary', 'data-resource', 'data-query']) {
      assert.ok(pages.includes(`/reference/elements/${tag}.html`), `no elements reference page for <${tag}>`);
    }
    const resource = readFileSync(join(DIST, 'reference/elements/data-resource.html'), 'utf8');
    for (const name of ['url-prefix', 'partialUpdate', 'data-load', 'data-error']) assert.ok(resource.includes(name), `<data-resource> page lacks ${name}`);
    for (const [page, anchor] of [
      ['lit-data-elements/index', 'createresource'],
      ['lit-data-elements/lit/index', 'usesuspense'],
      ['lit-data-elements/elements/classes/DataResource', 'partialupdate'],
    ]) {
      const file = join(DIST, `reference/api/${page}.html`);
      assert.ok(existsSync(file), `no API reference page ${page}`);
      assert.match(readFileSync(file, 'utf8'), new RegExp(` id="${anchor}"`), `the API reference page ${page} has no #${anchor}`);
    }
  });

  it('gives every page a title of its own, each element page its element’s name', () => {
    const titleOf = (page: string) => decodeEntities(/<title>([^<]*)<\/title>/.exec(readFileSync(join(DIST, page), 'utf8'))?.[1] ?? '');
    const untitled = pages.filter(page => page !== '/index.html' && !/ \| data-elements$/.test(titleOf(page)));
    assert.deepEqual(untitled, [], 'pages titled with the site’s name alone');
    for (const page of pages.filter(path => /^\/reference\/elements\/data-[\w-]+\.html$/.test(path))) {
      const tag = /(data-[\w-]+)\.html$/.exec(page)![1];
      assert.equal(titleOf(page), `<${tag}> | data-elements`);
    }
  });

  it('has a favicon.ico beside the SVG icon, for browsers that ask for it', () => {
    // Browsers without SVG icons, and every browser in the dev server (whose first HTML has no
    // head links yet), request /favicon.ico.
    assert.ok(files.includes('/favicon.ico'), 'no favicon.ico in the build');
    const icon = readFileSync(join(DIST, 'favicon.ico'));
    assert.deepEqual([...icon.subarray(0, 4)], [0, 0, 1, 0], 'favicon.ico is an icon file');
    assert.match(readFileSync(join(DIST, 'guide/lit.html'), 'utf8'), /<link rel="icon" href="\/favicon\.ico"/);
  });

  it('npm run docs:preview serves the build on 127.0.0.1 only', {timeout: 60_000}, async () => {
    const preview = spawn(process.execPath, ['scripts/docs.mjs', 'preview', '--port', '0'], {cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe']});
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const look = (chunk: Buffer) => {
          output += chunk;
          const found = /http:\/\/127\.0\.0\.1:\d+\/\S*/.exec(output);
          if (found) resolve(found[0]);
        };
        preview.stdout.on('data', look);
        preview.stderr.on('data', look);
        preview.once('exit', code => reject(new Error(`docs:preview exited (${code}) without saying where it listens:\n${output}`)));
      });
      const response = await fetch(`${url}guide/lit.html`);
      assert.equal(response.status, 200);
      assert.match(await response.text(), /<title>Lit controllers \| data-elements<\/title>/);
      // Another address of this machine must not reach it.
      const port = Number(new URL(url).port);
      const others = Object.values(networkInterfaces())
        .flat()
        .filter(address => address && !address.internal && address.family === 'IPv4')
        .map(address => address!.address);
      for (const address of others) {
        const outcome = await new Promise<string>(resolve => {
          const socket = connect(port, address);
          socket.once('connect', () => (socket.destroy(), resolve('connected')));
          socket.once('error', error => resolve((error as NodeJS.ErrnoException).code ?? error.message));
        });
        assert.equal(outcome, 'ECONNREFUSED', `docs:preview answers on ${address}:${port}`);
      }
    } finally {
      preview.kill();
    }
  });

  it('has no broken internal link or anchor', () => {
    const ids = new Map<string, Set<string>>();
    const idsOf = (page: string) => {
      let found = ids.get(page);
      if (!found) {
        const html = readFileSync(join(DIST, page), 'utf8');
        found = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map(m => decodeEntities(m[1]!)));
        ids.set(page, found);
      }
      return found;
    };
    const broken: string[] = [];
    let checked = 0;
    for (const page of pages) {
      const html = readFileSync(join(DIST, page), 'utf8');
      for (const [, attribute, raw] of html.matchAll(/\s(href|src)="([^"]*)"/g)) {
        const link = decodeEntities(raw!);
        if (/^[a-z][\w+.-]*:/i.test(link) || link.startsWith('//')) continue; // another site, mailto:
        const url = new URL(link, `http://site${page}`);
        let target = decodeURIComponent(url.pathname);
        if (target.endsWith('/')) target += 'index.html';
        checked++;
        if (!files.includes(target)) {
          broken.push(`${page}: ${attribute}="${link}" (no ${target})`);
          continue;
        }
        const anchor = decodeURIComponent(url.hash.slice(1));
        if (anchor && target.endsWith('.html') && !idsOf(target).has(anchor)) broken.push(`${page}: href="${link}" (no #${anchor} in ${target})`);
      }
    }
    assert.ok(checked > pages.length * 10, `only ${checked} links found: the check is not reading the pages`);
    assert.deepEqual(broken, []);
  });

  it(
    'loads every page in Chromium with no console error, and every live example shows its data',
    {timeout: 600_000},
    async () => {
      const t0 = Date.now();
      const context = await browser!.newContext({viewport: {width: 1440, height: 1000}});
      const errors: string[] = [];
      const examples: string[] = [];
      let current = '';
      const page = await context.newPage();
      page.on('pageerror', error => errors.push(`${current}: pageerror: ${error.message}`));
      page.on('response', response => {
        if (response.status() >= 400) errors.push(`${current}: ${response.status()} for ${response.url()}`);
      });
      page.on('console', message => {
        if (message.type() === 'error') errors.push(`${current}: console.error: ${message.text()}`);
      });
      for (const path of pages) {
        current = path;
        const response = await page.goto(`${origin}${path}`, {waitUntil: 'load'});
        assert.equal(response?.status(), 200, `${path} answered ${response?.status()}`);
        // VitePress hydrates after the page chunk loads: Vue marks the app root once mounted.
        await page.waitForFunction(() => Boolean((document.querySelector('#app') as {__vue_app__?: unknown} | null)?.__vue_app__), null, {timeout: EXAMPLE_MS});
        for (const example of await page.locator('.live-example').all()) {
          const file = await example.getAttribute('data-file');
          const expected = await example.getAttribute('data-expect');
          assert.ok(expected, `${path}: the live example ${file} says no text to expect (expect="…" on its marker)`);
          // Text search pierces shadow roots: the Lit examples render into theirs.
          await example
            .locator('.live-example-output')
            .getByText(expected, {exact: false})
            .first()
            .waitFor({timeout: EXAMPLE_MS})
            .catch(() => assert.fail(`${path}: the live example ${file} did not show “${expected}” within ${EXAMPLE_MS / 1000} s (${errors.join('; ')})`));
          assert.equal(await example.getAttribute('data-status'), 'running', `${path}: ${file} did not start`);
          examples.push(`${path} ${file}`);
        }
        // An error logged after the example rendered belongs to this page too.
        await page.evaluate(() => new Promise(requestAnimationFrame));
      }
      console.log(`# ${pages.length} pages and ${examples.length} live examples in Chromium in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      assert.deepEqual(errors, []);
      assert.ok(examples.length >= 3, `only ${examples.length} live examples ran: ${examples.join(', ')}`);
      for (const file of ['examples/todo-list.html', 'examples/article-list.ts', 'examples/lit-todo-list.ts', 'examples/lit-signals.ts', 'examples/offline-todos.ts']) {
        assert.ok(examples.some(e => e.endsWith(file)), `${file} did not run on any page`);
      }
      // For people: three pages as a reader sees them (best effort, not asserted).
      mkdirSync(SCREENSHOTS, {recursive: true});
      for (const [path, name] of [
        ['/getting-started/html.html', 'docs-getting-started-html.png'],
        ['/guide/optimistic-updates.html', 'docs-optimistic-updates.png'],
        ['/reference/elements/data-resource.html', 'docs-elements-data-resource.png'],
      ] as const) {
        await page.goto(`${origin}${path}`);
        for (const example of await page.locator('.live-example').all()) {
          const expected = (await example.getAttribute('data-expect'))!;
          await example.locator('.live-example-output').getByText(expected).first().waitFor({timeout: EXAMPLE_MS}).catch(() => {});
        }
        await page.screenshot({path: join(SCREENSHOTS, name)}).catch(() => {});
      }
      await context.close();
    },
  );

  it('the offline writes guide: with its Offline switch on, a toggle waits marked; switched back, the mark goes', {timeout: 120_000}, async () => {
    const context = await browser!.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', error => pageErrors.push(error.message));
    await page.goto(`${origin}/guide/offline-writes.html`);
    const example = page.locator('.live-example[data-file="examples/offline-todos.ts"]');
    const output = example.locator('.live-example-output');
    const first = output.getByRole('checkbox', {name: 'Review the pagination pull request'});
    await first.waitFor({timeout: EXAMPLE_MS});
    const wasChecked = await first.isChecked();
    await example.getByTestId('live-example-offline').check();
    await first.click();
    const waiting = output.getByRole('status');
    await waiting.waitFor({timeout: EXAMPLE_MS});
    assert.match((await waiting.textContent()) ?? '', /Not saved yet/);
    assert.equal(await first.isChecked(), !wasChecked, 'the toggle shows while it waits');
    const answered = page.waitForResponse(response => response.request().method() === 'PATCH', {timeout: EXAMPLE_MS});
    await example.getByTestId('live-example-offline').uncheck();
    await waiting.waitFor({state: 'detached', timeout: EXAMPLE_MS});
    assert.equal((await answered).status(), 200, 'the waiting write was sent, and accepted');
    await page.evaluate(() => new Promise(requestAnimationFrame));
    assert.equal(await output.getByRole('alert').count(), 0, 'no failure shown');
    assert.equal(await first.isChecked(), !wasChecked, 'the toggle kept');
    assert.deepEqual(pageErrors, []);
    await context.close();
  });
});
