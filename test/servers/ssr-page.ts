// Renders the server-rendering example's page (examples/ssr/render-page.ts) for the browser
// tests: a small HTTP server on 127.0.0.1 (a free port, printed on its first line). /page
// renders the page anew for each request; /client.js is the example's browser script,
// bundled once as the example server does. ?age=MS renders the page as if the server had
// fetched the data that long ago; ?title= replaces the first article's title. Started and
// stopped by ssr-page-middleware.mjs, which serves both under /__ssr/.
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {seedArticles} from '../../examples/ssr/articles.js';
import {renderPage} from '../../examples/ssr/render-page.js';
import {bundleClient} from '../../examples/ssr/server.js';

const client = bundleClient();

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const fail = (error: unknown) => response.writeHead(500, {'content-type': 'text/plain'}).end(String((error as Error)?.stack ?? error));
  if (url.pathname === '/client.js') {
    client.then(code => response.writeHead(200, {'content-type': 'text/javascript; charset=utf-8'}).end(code), fail);
    return;
  }
  const age = Number(url.searchParams.get('age') ?? 0);
  const articles = seedArticles();
  const title = url.searchParams.get('title');
  if (title !== null) articles[0]!.title = title;
  renderPage({articles, clientScript: '/__ssr/client.js', now: () => Date.now() - age}).then(
    html => response.writeHead(200, {'content-type': 'text/html; charset=utf-8'}).end(html),
    fail,
  );
});
server.listen(0, '127.0.0.1', () => console.log(String((server.address() as AddressInfo).port)));
// The runner that started this process ends it; should it die first, so does this server.
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
