// A folder served as a static host serves it, on 127.0.0.1 only: `npm run docs:preview`
// (scripts/docs.mjs) and the documentation site's test serve the built site with it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, posix } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves `dir` under `base` on 127.0.0.1:`port` (0 picks a free port): `index.html` for a
 * folder, and `404.html` (when there is one) with status 404 for a missing file. Resolves
 * with the listening server.
 */
export function serveStatic(dir, { port = 0, base = '/' } = {}) {
  const server = createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    path = path.startsWith(base) ? `/${path.slice(base.length)}` : '';
    if (path.endsWith('/')) path += 'index.html';
    const file = path && join(dir, posix.normalize(path));
    if (!file || !file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      const notFound = join(dir, '404.html');
      res.writeHead(404, { 'content-type': TYPES['.html'] });
      res.end(existsSync(notFound) ? readFileSync(notFound) : 'not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
