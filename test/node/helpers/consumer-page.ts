// A consumer project's built page, served as a static host would with a small todo API beside
// it, and opened in Chromium: for the tests that build the README's Lit example in projects of
// their own (test/node/consumer-*.test.ts).
import {existsSync, readFileSync, statSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {extname, join, normalize} from 'node:path';
import type {Browser} from 'playwright-core';

/** What GET /api/todos answers. */
export const TODOS = [
  {id: 1, title: 'Water the plants', completed: false},
  {id: 2, title: 'Answer the letter', completed: true},
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Serves `dir` (index.html at `/`) and GET /api/todos on 127.0.0.1; resolves with the origin. */
export async function serveApp(dir: string): Promise<{origin: string; close(): Promise<void>}> {
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/api/todos' && req.method === 'GET') {
      res.writeHead(200, {'content-type': 'application/json'});
      res.end(JSON.stringify(TODOS));
      return;
    }
    const file = join(dir, normalize(path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {'content-type': TYPES[extname(file)] ?? 'application/octet-stream'});
    res.end(readFileSync(file));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise(resolve => server.close(() => resolve())),
  };
}

/**
 * Opens `url` and waits until every todo's title shows (inside shadow roots too). Rejects
 * with what the page reported (errors, failed requests) when they do not show in time.
 */
export async function expectTodosShown(browser: Browser, url: string, timeout = 20_000): Promise<void> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', error => problems.push(`pageerror: ${error.message}`));
  page.on('console', message => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('response', response => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()}`);
  });
  try {
    await page.goto(url);
    for (const todo of TODOS) {
      await page
        .getByText(todo.title)
        .first()
        .waitFor({timeout})
        .catch(async () => {
          const shown = (await page.locator('body').innerText()).trim().replace(/\s+/g, ' ');
          throw new Error(`“${todo.title}” did not show within ${timeout / 1000} s; the page shows “${shown}” and reported: ${problems.join('; ') || 'nothing'}`);
        });
    }
    if (problems.length) throw new Error(`the page shows the todos but reported: ${problems.join('; ')}`);
  } finally {
    await page.close();
  }
}
