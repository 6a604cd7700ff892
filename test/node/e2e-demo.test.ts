// End-to-end: the demo as a user sees it. Builds the CDN file (when stale), starts the demo
// server (`npm start` = scripts/start-demo.mjs, vite on a free port), drives headless
// Chromium with playwright-core, and saves screenshots under screenshots/ (git-ignored):
// demo.png and html-only.png. The server and the browser are stopped whatever happens.
//   node --import tsx --test test/node/e2e-demo.test.ts      (or: npm run e2e)
// Chromium comes from Debian (scripts/install-browsers.mjs installs it when missing, as the
// browser tests do). E2E_SKIP=1 skips the browser part.
import assert from 'node:assert/strict';
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {once} from 'node:events';
import {existsSync, mkdirSync, readFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {dirname, join} from 'node:path';
import {after, before, describe, it} from 'node:test';
import {fileURLToPath} from 'node:url';
import {CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium} from '../../scripts/chromium.mjs';
import {chromium, type Browser, type BrowserContext, type Page} from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SCREENSHOTS = join(ROOT, 'screenshots');
// Generous: vite pre-bundles dependencies on its first start, and CI machines are busy.
const SERVER_START_MS = 90_000;
const WAIT_MS = 15_000;

// What demo/mock/browser.ts puts on the page (that file is type-checked with the browser config).
declare global {
  interface Window {
    demoApi: {
      log: {
        entries: {method: string; url: string; status?: number}[];
        inFlight(method?: string): unknown[];
        answered(method?: string): number;
      };
      network: {flaky: boolean; offline: boolean};
    };
  }
}

const skip = process.env.E2E_SKIP === '1' ? 'E2E_SKIP=1' : false;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number};
      server.close(() => resolve(port));
    });
  });
}

/** The pids below `pid` (Linux /proc), children first found first. */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // gone, or not Linux
  }
  return children.flatMap(child => [child, ...descendants(child)]);
}

/**
 * The demo server: `npm start` (scripts/start-demo.mjs, which runs vite) on a free port.
 * It stays in this process's group, so whatever kills the test run's group (the watchdog of
 * scripts/test.mjs, Ctrl-C) ends it too; stop() and an exit hook end it otherwise.
 */
class DemoServer {
  private child?: ChildProcess;
  private output = '';
  private exited: string | undefined;
  private readonly killOnExit = () => this.kill('SIGKILL');
  origin = '';

  async start(): Promise<void> {
    const port = await freePort();
    this.origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['scripts/start-demo.mjs', '--port', String(port), '--strictPort'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    process.once('exit', this.killOnExit);
    // Ready once vite prints the address it serves (it does so after it listens), or failed
    // when the child exits first or the deadline passes.
    await new Promise<void>((resolve, reject) => {
      const deadline = AbortSignal.timeout(SERVER_START_MS);
      const fail = (why: string) => reject(new Error(`the demo server ${why}:\n${this.output}`));
      const read = (d: Buffer) => {
        this.output += d;
        // Without the colour codes vite adds when it thinks a terminal reads it.
        if (this.output.replace(/\x1b\[[0-9;]*m/g, '').includes(`:${port}/`)) resolve();
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code, signal) => {
        this.exited = `exited (${code ?? signal})`;
        fail(`${this.exited} before it was ready`);
      });
      deadline.addEventListener('abort', () => fail(`was not ready within ${SERVER_START_MS / 1000} s`));
    });
    const res = await fetch(`${this.origin}/demo/`);
    if (!res.ok) throw new Error(`the demo server answered ${res.status} for /demo/:\n${this.output}`);
  }

  /** SIGTERM (start-demo passes it on to vite), then SIGKILL for whatever is left after 5 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child?.pid) return;
    const pids = [child.pid, ...descendants(child.pid)];
    if (!this.exited) {
      const gone = once(child, 'exit', {signal: AbortSignal.timeout(5000)}).catch(() => undefined);
      this.kill('SIGTERM', pids);
      await gone;
    }
    this.kill('SIGKILL', pids);
    process.removeListener('exit', this.killOnExit);
  }

  private kill(signal: NodeJS.Signals, pids = this.child?.pid ? [this.child.pid, ...descendants(this.child.pid)] : []): void {
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
  }
}

/** Fails the test on any uncaught error or console error of the page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', error => errors.push(`pageerror: ${error.message}`));
  page.on('console', message => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  return errors;
}

const text = (page: Page, selector: string) => page.locator(selector).first().innerText();

/**
 * The WCAG contrast ratio of each element's text against the first opaque background behind
 * it (its own or an ancestor's), with the element's text: what a reader sees of a control.
 * Plain JavaScript in a string: tsx would wrap named functions in a helper the page lacks.
 */
const TEXT_CONTRASTS = `(elements) => {
  const rgb = color => (color.match(/[\\d.]+/g) ?? []).map(Number);
  const luminance = color => {
    const [r, g, b] = rgb(color).map(value => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const backgroundOf = element => {
    for (let at = element; at; at = at.parentElement) {
      const color = getComputedStyle(at).backgroundColor;
      if (rgb(color)[3] !== 0) return color;
    }
    return 'rgb(255, 255, 255)';
  };
  return elements.map(element => {
    const [light, dark] = [luminance(getComputedStyle(element).color), luminance(backgroundOf(element))].sort((a, b) => b - a);
    return {text: element.innerText, ratio: Math.round(((light + 0.05) / (dark + 0.05)) * 10) / 10};
  });
}`;

function textContrasts(page: Page, selector: string): Promise<{text: string; ratio: number}[]> {
  return page.evaluate(`(${TEXT_CONTRASTS})([...document.querySelectorAll(${JSON.stringify(selector)})])`);
}

// The built file itself (the browser tests load it through a server that re-prints JS).
describe('the CDN file (dist/cdn/data-elements.js)', () => {
  let source = '';

  before(() => {
    const build = spawnSync(process.execPath, ['scripts/build-cdn.mjs'], {cwd: ROOT, encoding: 'utf8'});
    assert.equal(build.status, 0, `building the CDN file failed:\n${build.stdout}\n${build.stderr}`);
    source = readFileSync(join(ROOT, 'dist/cdn/data-elements.js'), 'utf8');
  });

  it('is one minified ES module that imports nothing', () => {
    // Minified: long lines (the only line breaks left are inside Lit's template strings).
    const lines = source.trimEnd().split('\n');
    assert.ok(source.length / lines.length > 1000, `${lines.length} lines for ${source.length} characters: not minified`);
    assert.doesNotMatch(source, /(?:^|[^.\w$])import\s*(?:\(\s*)?["'`]|(?:^|[^.\w$])import\s*[\w${*][^;]*?\bfrom\s*["'`]/, 'imports another module');
    assert.match(source, /\bexport\s*\{[^}]*\bas createResource\b/, 'an ES module that exports the API');
  });

  it('has Lit inside, in its production build', () => {
    // lit-html and LitElement register their versions; the dev build would warn about itself.
    const litVersion = JSON.parse(readFileSync(join(ROOT, 'node_modules/lit-html/package.json'), 'utf8')).version;
    assert.ok(source.includes(`litHtmlVersions??=[]).push(\`${litVersion}\`)`), `lit-html ${litVersion} inside`);
    assert.match(source, /litElementVersions\?\?=\[\]\)\.push/, 'LitElement inside');
    assert.doesNotMatch(source, /Lit is in dev mode/);
  });
});

describe('e2e: the demo in Chromium', {skip}, () => {
  const server = new DemoServer();
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    ensureChromium();
    // The same freshness check `npm start` does, here with a clear failure of its own.
    const build = spawnSync(process.execPath, ['scripts/build-cdn.mjs'], {cwd: ROOT, encoding: 'utf8'});
    assert.equal(build.status, 0, `building the CDN file failed:\n${build.stdout}\n${build.stderr}`);
    mkdirSync(SCREENSHOTS, {recursive: true});
    await server.start();
    browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true});
    // A context of its own, so that a second tab (a page of the same context) shares its storage.
    context = await browser.newContext({viewport: {width: 1280, height: 900}});
    page = await context.newPage();
    errors = watchErrors(page);
  });

  after(async () => {
    // Both, even if one fails.
    await Promise.allSettled([browser?.close(), server.stop()]);
  });

  it('renders the articles with their authors and dates, the todos and the open count', async () => {
    await page.goto(`${server.origin}/demo/`);
    await page.waitForFunction(() => document.querySelectorAll('demo-article-feed article').length === 5, null, {timeout: WAIT_MS});
    const first = page.locator('demo-article-feed article').first();
    assert.equal(await first.locator('h3').innerText(), 'Normalizing API responses without losing your mind');
    // The author is a nested entity (normalized into the User table, rebuilt on read).
    const authors = await page.locator('demo-article-feed .author').allInnerTexts();
    assert.equal(authors.length, 5);
    for (const name of authors) assert.match(name, /^(Ada Okafor|Lin Wei|Mateo Rossi|Priya Natarajan|Jonas Berg)$/);
    // publishedAt is a Date: the card formats it and writes its ISO form.
    const datetime = await first.locator('time').getAttribute('datetime');
    assert.match(datetime ?? '', /^2025-03-\d\dT09:30:00\.000Z$/);
    assert.match(await first.locator('time').innerText(), /^\d{1,2} Mar 2025$/);

    await page.waitForFunction(() => document.querySelectorAll('demo-todo-list li.todo').length === 6, null, {timeout: WAIT_MS});
    assert.deepEqual(await page.locator('demo-todo-list li.todo .title').allInnerTexts(), [
      'Review the pagination pull request',
      'Write the release notes',
      'Pay the hosting invoice',
      'Book travel for the conference',
      'Water the office plants',
      'Archive the Q3 reports',
    ]);
    assert.equal(await text(page, '[data-testid=open-count]'), '4 open');
    assert.deepEqual(errors, []);
  });

  it('the most viewed article, bound with signals, shows the highest count of the cards as pushes come, and renders once', async () => {
    // The view counts the cards show, the count the signals row shows, and how often it rendered.
    // (No named function inside: the page gets this function's source text.)
    const counts = () => {
      const cards = [...document.querySelectorAll('demo-article-feed article .views')].map(views => Number((views.textContent ?? '').replace(/\D/g, '')));
      const row = document.querySelector('[data-testid=most-viewed]');
      const shown = Number((row?.querySelector('.most-viewed-views')?.textContent ?? '').replace(/\D/g, ''));
      return {cards: cards.join(' '), max: Math.max(...cards), shown, renders: row?.getAttribute('data-renders')};
    };
    await page.waitForFunction(`(${counts})().shown === (${counts})().max && (${counts})().max > 0`, null, {timeout: WAIT_MS});
    const before = await page.evaluate(counts);
    // The server pushes a count every 1.5 s, to one of ten articles (five are shown): once the
    // cards changed, the row shows the highest count again, and it has not rendered.
    await page.waitForFunction(
      `(() => { const now = (${counts})(); return now.cards !== ${JSON.stringify(before.cards)} && now.shown === now.max; })()`,
      null,
      {timeout: WAIT_MS},
    );
    assert.equal((await page.evaluate(counts)).renders, '1');
    assert.deepEqual(errors, []);
  });

  it('the header’s links and buttons are readable: their text contrasts 4.5:1 or more with what is behind it', async () => {
    const controls = await textContrasts(page, 'header.top nav a, header.top nav button');
    assert.deepEqual(
      controls.map(control => control.text),
      ['Lit app', 'HTML only (CDN file)', 'Open devtools', 'Reset data'],
    );
    assert.deepEqual(controls.filter(control => control.ratio < 4.5), [], 'controls whose text does not stand out');
  });

  it('an optimistic toggle changes the count at once, before the server answers', async () => {
    const box = page.locator('demo-todo-list li[data-id="1"] input[type=checkbox]');
    assert.equal(await box.isChecked(), false);
    await box.click();
    // Polled every animation frame: the new count, and whether the PATCH is still in flight.
    const seen = await page.waitForFunction(
      () => {
        const count = document.querySelector('[data-testid=open-count]')?.textContent?.trim();
        return count === '3 open' ? {count, patchesAnswered: window.demoApi.log.answered('PATCH')} : false;
      },
      null,
      {timeout: WAIT_MS, polling: 'raf'},
    );
    assert.deepEqual(await seen.jsonValue(), {count: '3 open', patchesAnswered: 0}, 'the count changed before the server answered the PATCH');
    assert.equal(await box.isChecked(), true);
    // The server confirms: the count stays. (Waiting for no request in flight alone could pass
    // before the PATCH reached the mock server.)
    await page.waitForFunction(() => window.demoApi.log.answered('PATCH') === 1 && window.demoApi.log.inFlight().length === 0, null, {timeout: WAIT_MS});
    const patch = await page.evaluate(() => window.demoApi.log.entries.filter(e => e.method === 'PATCH').map(e => [e.url, e.status]));
    assert.deepEqual(patch, [['/api/todos/1', 200]]);
    assert.equal(await text(page, '[data-testid=open-count]'), '3 open');
    assert.equal(await box.isChecked(), true);
  });

  it('a create shows a temporary row at once, then the row with the server’s id', async () => {
    await page.fill('demo-todo-panel form.add input[name=title]', 'Buy oat milk');
    await page.press('demo-todo-panel form.add input[name=title]', 'Enter');
    const temp = await page.waitForFunction(
      () => {
        const row = [...document.querySelectorAll<HTMLElement>('demo-todo-list li.todo')].find(li => li.textContent?.includes('Buy oat milk'));
        return row ? {id: row.dataset.id, label: row.querySelector('.id')?.textContent?.trim(), postsAnswered: window.demoApi.log.answered('POST')} : false;
      },
      null,
      {timeout: WAIT_MS, polling: 'raf'},
    );
    const shown = (await temp.jsonValue()) as {id: string; label: string; postsAnswered: number};
    assert.match(shown.id, /^tmp-\d+$/, 'a temporary id first');
    assert.equal(shown.label, 'saving…');
    assert.equal(shown.postsAnswered, 0, 'shown before the server answered the POST');
    // For people: the todo panel while the create is pending (best effort, not asserted).
    await page.locator('demo-todo-panel').screenshot({path: join(SCREENSHOTS, 'demo-pending-create.png'), timeout: 2000}).catch(() => {});
    assert.equal(await text(page, '[data-testid=open-count]'), '4 open');
    // The server answers with id 7: the same row, now with the real id (no duplicate).
    await page.waitForSelector('demo-todo-list li[data-id="7"]', {timeout: WAIT_MS});
    assert.equal(await page.locator('demo-todo-list li.todo', {hasText: 'Buy oat milk'}).count(), 1);
    assert.equal(await text(page, 'demo-todo-list li[data-id="7"] .id'), '#7');
    assert.equal(await page.locator('demo-todo-list li[data-id^="tmp-"]').count(), 0);
  });

  it('a delete the server refuses disappears at once, then rolls back with a message', async () => {
    // A delete the server accepts stays deleted.
    await page.locator('demo-todo-list li[data-id="5"] button[title=Delete]').click();
    // Wait for its answer, not for "nothing in flight": right after the click the DELETE may
    // not have reached the mock server yet, and nothing would be in flight either.
    await page.waitForFunction(() => window.demoApi.log.answered('DELETE') === 1, null, {timeout: WAIT_MS});
    assert.equal(await page.locator('demo-todo-list li[data-id="5"]').count(), 0);
    // A locked one: gone at once, back when the server's 500 arrives, with the server's message.
    await page.locator('demo-todo-list li[data-id="3"] button[title=Delete]').click();
    const gone = await page.waitForFunction(
      () => (document.querySelector('demo-todo-list li[data-id="3"]') ? false : {deletesAnswered: window.demoApi.log.answered('DELETE')}),
      null,
      {timeout: WAIT_MS, polling: 'raf'},
    );
    assert.deepEqual(await gone.jsonValue(), {deletesAnswered: 1}, 'removed before the server answered this DELETE');
    await page.waitForSelector('demo-todo-list li[data-id="3"].restored', {timeout: WAIT_MS});
    assert.match(
      await text(page, 'demo-todo-list .notice.error'),
      /“Pay the hosting invoice” is locked: the server refused to delete it \(HTTP 500\)\. It is back in the list\./,
    );
    assert.equal(await page.locator('demo-todo-list li.todo').count(), 6);
    assert.equal(await page.locator('demo-todo-list li.todo').nth(2).getAttribute('data-id'), '3', 'back in its place');
    assert.equal(await text(page, '[data-testid=open-count]'), '4 open');
  });

  it('loads the next page through the cursor of the Link header', async () => {
    await page.evaluate(() => ((document.querySelector('demo-article-feed article') as HTMLElement & {kept?: boolean}).kept = true));
    await page.getByRole('button', {name: 'Load more'}).click();
    await page.waitForFunction(() => document.querySelectorAll('demo-article-feed article').length === 10, null, {timeout: WAIT_MS});
    const urls = await page.evaluate(() => window.demoApi.log.entries.filter(e => e.url.startsWith('/api/articles')).map(e => e.url));
    assert.equal(urls.length, 2);
    assert.match(urls[1]!, /^\/api\/articles\?cursor=[^&]+&limit=5$/);
    assert.equal(await text(page, 'demo-article-feed article:nth-of-type(6) h3'), 'Suspense boundaries for custom elements');
    assert.equal(await page.evaluate(() => (document.querySelector('demo-article-feed article') as HTMLElement & {kept?: boolean}).kept), true, 'the first card is the same node: the page was appended to the same list');
    assert.deepEqual(errors.filter(e => !/status of 500/.test(e)), []);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({path: join(SCREENSHOTS, 'demo.png'), fullPage: true});
  });

  it('on a flaky network, a GET that answers 503 is retried and the page still loads', async () => {
    await page.getByLabel(/Flaky network/).check();
    assert.equal(await page.evaluate(() => window.demoApi.network.flaky), true);
    await page.getByRole('button', {name: 'Load more'}).click();
    await page.waitForFunction(() => document.querySelectorAll('demo-article-feed article').length === 15, null, {timeout: WAIT_MS});
    const third = await page.evaluate(() => window.demoApi.log.entries.filter(e => e.url.startsWith('/api/articles')).slice(2).map(e => [e.url, e.status]));
    assert.equal(third.length, 2, 'the third page was asked twice');
    assert.equal(third[0]![0], third[1]![0], 'the same page');
    assert.deepEqual(third.map(([, status]) => status), [503, 200]);
    assert.equal(await page.locator('demo-article-feed [role=alert]').count(), 0, 'no error shown: the retry succeeded');
    await page.getByLabel(/Flaky network/).uncheck();
  });

  it('offline, a toggle is shown at once as not yet saved, and is sent when the connection is back', async () => {
    await page.getByLabel(/Offline: no request/).check();
    const box = page.locator('demo-todo-list li[data-id="2"] input[type=checkbox]');
    const before = await box.isChecked();
    await box.click();
    await page.waitForSelector('[data-testid=pending-offline]', {timeout: WAIT_MS});
    assert.equal(await box.isChecked(), !before, 'the change is shown while offline');
    const patches = () => page.evaluate(() => window.demoApi.log.entries.filter(e => e.method === 'PATCH' && e.url === '/api/todos/2').map(e => e.status));
    // Any request that succeeds meanwhile (the live counts keep coming) makes the queue try again: each try gets no answer.
    assert.ok((await patches()).every(status => status === 0), 'no attempt was answered while offline');
    await page.getByLabel(/Offline: no request/).uncheck();
    await page.waitForSelector('[data-testid=pending-offline]', {state: 'detached', timeout: WAIT_MS});
    await page.waitForFunction(() => window.demoApi.log.entries.some(e => e.method === 'PATCH' && e.url === '/api/todos/2' && e.status === 200), null, {timeout: WAIT_MS});
    assert.deepEqual((await patches()).filter(status => status !== 0), [200], 'sent once when back online');
    assert.equal(await box.isChecked(), !before, 'the server kept it');
    await box.click(); // back as it was, for the tests after this one
    await page.waitForFunction(() => window.demoApi.log.entries.filter(e => e.method === 'PATCH' && e.url === '/api/todos/2' && e.status === 200).length === 2, null, {timeout: WAIT_MS});
  });

  it('a second tab shows a change made in the first without fetching it, and its cache is saved in IndexedDB', async () => {
    const second = await context.newPage();
    const secondErrors = watchErrors(second);
    try {
      await second.goto(`${server.origin}/demo/`);
      // One mock server for both tabs (its data lives in localStorage): the second tab sees the first one's changes.
      await second.waitForFunction(() => document.querySelectorAll('demo-todo-list li.todo').length === 6, null, {timeout: WAIT_MS});
      await second.waitForFunction(() => window.demoApi.log.inFlight().length === 0, null, {timeout: WAIT_MS});
      const requestsBefore = await second.evaluate(() => window.demoApi.log.entries.length);
      const box = (tab: Page) => tab.locator('demo-todo-list li[data-id="4"] input[type=checkbox]');
      assert.equal(await box(second).isChecked(), false);

      const patches = await page.evaluate(() => window.demoApi.log.answered('PATCH'));
      await box(page).click();
      await page.waitForFunction(before => window.demoApi.log.answered('PATCH') === before + 1, patches, {timeout: WAIT_MS});
      await second.waitForFunction(() => document.querySelector<HTMLInputElement>('demo-todo-list li[data-id="4"] input[type=checkbox]')?.checked, null, {timeout: WAIT_MS});
      assert.equal(await second.evaluate(() => window.demoApi.log.entries.length), requestsBefore, 'the second tab sent no request for it');
      assert.equal(await text(second, '[data-testid=open-count]'), (await text(page, '[data-testid=open-count]')), 'both tabs count the same');

      // The provider's persistence (throttled) saves the confirmed cache; closing the tab flushes it.
      await second.close({runBeforeUnload: true});
      const saved = await page.evaluate(
        () =>
          new Promise<string>((resolve, reject) => {
            const open = indexedDB.open('lit-data-elements-demo');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const read = open.result.transaction('state').objectStore('state').get('data-elements state');
              read.onerror = () => reject(read.error);
              read.onsuccess = () => resolve(String((read.result as {state?: string} | undefined)?.state ?? ''));
            };
          }),
      );
      assert.match(saved, /Book travel for the conference/, 'the saved state holds the todos');
      assert.deepEqual(secondErrors, []);
    } finally {
      if (!second.isClosed()) await second.close();
    }
  });

  it('"Per page" loads a list of other params while the previous one stays shown (keepPrevious)', async () => {
    // Every animation frame until the new list shows: how few articles were shown, and whether
    // the feed said its list was the previous one. A string, so that the test's compiler adds
    // no helper the page lacks.
    const before = await page.locator('demo-article-feed article').count();
    assert.ok(before > 0 && before !== 10);
    const watching = page.evaluate(`new Promise(resolve => {
      let fewest = Infinity;
      let sawPrevious = false;
      const look = () => {
        const feed = document.querySelector('demo-article-feed');
        const shown = feed.querySelectorAll('article').length;
        const previous = feed.hasAttribute('data-previous');
        if (shown === 10 && !previous) return resolve({fewest, sawPrevious});
        fewest = Math.min(fewest, shown);
        sawPrevious = sawPrevious || previous;
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    })`) as Promise<{fewest: number; sawPrevious: boolean}>;
    await page.selectOption('demo-article-feed select[name=per-page]', '10');
    const seen = await watching;
    assert.equal(seen.sawPrevious, true, 'the previous list was shown, marked as previous, while the new one loaded');
    assert.equal(seen.fewest, before, 'never emptied or replaced by the skeleton: the articles shown stayed until the 10 arrived');
    const last = await page.evaluate(() => window.demoApi.log.entries.filter(e => e.url.startsWith('/api/articles')).at(-1)?.url);
    assert.equal(last, '/api/articles?limit=10');
  });

  it('"Reset data" forgets every change: the seeded data again, and no saved cache', async () => {
    await Promise.all([page.waitForEvent('load', {timeout: WAIT_MS}), page.getByRole('button', {name: 'Reset data'}).click()]);
    await page.waitForFunction(() => document.querySelectorAll('demo-todo-list li.todo').length === 6, null, {timeout: WAIT_MS});
    assert.deepEqual(await page.locator('demo-todo-list li.todo').evaluateAll(rows => rows.map(row => (row as HTMLElement).dataset.id)), ['1', '2', '3', '4', '5', '6']);
    await page.waitForFunction(() => window.demoApi.log.inFlight().length === 0, null, {timeout: WAIT_MS});
    assert.equal(await text(page, '[data-testid=open-count]'), '4 open', 'the toggles, the create and the delete are forgotten');
  });

  it('renders the HTML-only page (CDN file, plain HTML), loads more articles and follows an optimistic toggle', async () => {
    const htmlPage = await browser!.newPage({viewport: {width: 1280, height: 900}});
    const pageErrors = watchErrors(htmlPage);
    try {
      await htmlPage.goto(`${server.origin}/demo/html-only.html`);
      // The library came from the CDN file only (the page has no other script of the library).
      const scripts = await htmlPage.evaluate(() => [...document.querySelectorAll('script[src]')].map(s => s.getAttribute('src')));
      assert.deepEqual(scripts.filter(src => !src!.startsWith('/@vite/')), ['/demo/mock/browser.ts', '/dist/cdn/data-elements.js']);
      await htmlPage.waitForFunction(() => document.querySelectorAll('#articles article').length === 5, null, {timeout: WAIT_MS});
      assert.equal(await htmlPage.locator('#articles article h3').first().innerText(), 'Normalizing API responses without losing your mind');
      assert.match(await htmlPage.locator('#articles article .author').first().innerText(), /\w+ \w+/);
      // "Load more" follows the cursor of the Link header and appends to the same list.
      await htmlPage.evaluate(() => ((document.querySelector('#articles article') as HTMLElement & {kept?: boolean}).kept = true));
      await htmlPage.locator('#articles').getByRole('button', {name: 'Load more'}).click();
      await htmlPage.waitForFunction(() => document.querySelectorAll('#articles article').length === 10, null, {timeout: WAIT_MS});
      const articleUrls = await htmlPage.evaluate(() => window.demoApi.log.entries.filter(e => e.url.startsWith('/api/articles')).map(e => e.url));
      assert.equal(articleUrls.length, 2);
      assert.match(articleUrls[1]!, /^\/api\/articles\?cursor=[^&]+&limit=5$/);
      assert.equal(await htmlPage.locator('#articles article h3').nth(5).innerText(), 'Suspense boundaries for custom elements');
      assert.equal(await htmlPage.evaluate(() => (document.querySelector('#articles article') as HTMLElement & {kept?: boolean}).kept), true, 'the first card is the same node');
      assert.equal(await htmlPage.locator('#articles').getByRole('button', {name: 'Load more'}).isEnabled(), true, 'more pages: the button is back');
      await htmlPage.waitForFunction(() => document.querySelectorAll('#todos li.todo').length === 6, null, {timeout: WAIT_MS});
      assert.equal((await htmlPage.locator('#open-count').innerText()).trim(), '4 open');
      await htmlPage.locator('#todos li[data-id="4"] input[type=checkbox]').click();
      const seen = await htmlPage.waitForFunction(
        () =>
          document.querySelector('#open-count')?.textContent?.trim() === '3 open'
            ? {patchesAnswered: window.demoApi.log.answered('PATCH')}
            : false,
        null,
        {timeout: WAIT_MS, polling: 'raf'},
      );
      assert.deepEqual(await seen.jsonValue(), {patchesAnswered: 0}, 'the count changed before the server answered the PATCH');
      await htmlPage.waitForFunction(() => window.demoApi.log.inFlight().length === 0, null, {timeout: WAIT_MS});
      assert.equal((await htmlPage.locator('#open-count').innerText()).trim(), '3 open');
      assert.deepEqual(pageErrors, []);
      await htmlPage.screenshot({path: join(SCREENSHOTS, 'html-only.png'), fullPage: true});
    } finally {
      await htmlPage.close();
    }
  });
});
