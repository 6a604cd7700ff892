// The render pages' server: the files of one folder (HTML and JavaScript only) on 127.0.0.1,
// a free port, never cached.
import {existsSync, readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {extname, join, normalize} from 'node:path';

const TYPES: Record<string, string> = {'.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8'};

/** Serves `dir`; resolves with its origin and how to stop. */
export async function serveFolder(dir: string): Promise<{origin: string; close: () => void}> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || !TYPES[extname(file)]) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {'content-type': TYPES[extname(file)], 'cache-control': 'no-store'}).end(readFileSync(file));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close()};
}
