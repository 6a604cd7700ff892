// The server-rendering example as a runnable server: `npm run example:ssr`, then open
// http://127.0.0.1:3000. GET / renders the page on the server; /client.js is the browser
// script (bundled with esbuild at start); /api/articles is the JSON API the page reads and
// writes after it hydrated. Listens on 127.0.0.1 only.
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {seedArticles, type ArticleJson} from './articles.js';
import {renderPage} from './render-page.js';

const CLIENT_ENTRY = fileURLToPath(new URL('./client.ts', import.meta.url));
const TSCONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

/** A running example server. */
export interface SsrServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** The server's articles (its "database"). */
  readonly articles: ArticleJson[];
  close(): Promise<void>;
}

/** Bundles the browser script once: Lit and the library inside, decorators lowered. */
export async function bundleClient(): Promise<string> {
  const result = await build({
    entryPoints: [CLIENT_ENTRY],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    tsconfig: TSCONFIG,
    minify: true,
    write: false,
  });
  return result.outputFiles[0]!.text;
}

/** Starts the server on 127.0.0.1 (`port` 0 picks a free one). */
export async function startSsrServer({port = 3000}: {port?: number} = {}): Promise<SsrServer> {
  const client = await bundleClient();
  const articles = seedArticles();
  const server = createServer((request, response) => {
    handle(request, response, {articles, client}).catch(error => send(response, 500, 'text/plain', String(error)));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const {port: bound} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    articles,
    close: () => new Promise<void>(resolve => server.close(() => resolve())),
  };
}

async function handle(request: IncomingMessage, response: ServerResponse, {articles, client}: {articles: ArticleJson[]; client: string}) {
  const {pathname} = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (request.method === 'GET' && pathname === '/') {
    return send(response, 200, 'text/html; charset=utf-8', await renderPage({articles, clientScript: '/client.js'}));
  }
  if (request.method === 'GET' && pathname === '/client.js') return send(response, 200, 'text/javascript; charset=utf-8', client);
  if (pathname === '/favicon.ico') return send(response, 204, 'image/x-icon', '');
  if (request.method === 'GET' && pathname === '/api/articles') return sendJson(response, 200, articles);
  const member = /^\/api\/articles\/(\d+)$/.exec(pathname);
  const article = member ? articles.find(a => a.id === Number(member[1])) : undefined;
  if (member && !article) return sendJson(response, 404, {message: `no article ${member[1]}`});
  if (article && request.method === 'GET') return sendJson(response, 200, article);
  if (article && request.method === 'PATCH') {
    const body = JSON.parse(await readBody(request)) as Partial<ArticleJson>;
    if (typeof body.likes === 'number' && Number.isInteger(body.likes)) article.likes = body.likes;
    if (typeof body.title === 'string') article.title = body.title;
    return sendJson(response, 200, article);
  }
  return sendJson(response, 404, {message: `no route for ${request.method} ${pathname}`});
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', chunk => (text += chunk));
    request.on('end', () => resolve(text || '{}'));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, {'content-type': type, 'cache-control': 'no-store'});
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  send(response, status, 'application/json', JSON.stringify(value));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startSsrServer({port: Number(process.env.PORT ?? 3000)});
  console.log(`Server rendering example: ${server.url}`);
}
