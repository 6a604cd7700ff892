// The live benchmark's pages (bench/live/page.ts, bare.ts and plain.ts), bundled as users ship them and
// served on 127.0.0.1 cross-origin isolated (COOP and COEP), so that `performance.now()`
// ticks in 5 µs rather than 100 µs. Used by `npm run bench:live` and its three-engine run.
import {build} from 'esbuild';
import {copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {extname, join, normalize} from 'node:path';
import {devModePlugin} from '../dev-mode-plugin.js';
import {ROOT} from '../report.js';

export interface PageServer {
  /** `http://127.0.0.1:<port>`: live.html, bare.html and plain.html are at its root. */
  readonly origin: string;
  close(): void;
}

const TYPES: Record<string, string> = {'.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8'};

/** Builds the pages into a temporary folder and serves them until `close()`. */
export async function servePages(): Promise<PageServer> {
  const out = mkdtempSync(join(tmpdir(), 'data-elements-bench-live-'));
  await build({
    entryPoints: ['page', 'bare', 'plain'].map(name => join(ROOT, `bench/live/${name}.ts`)),
    outdir: out,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: {'process.env.NODE_ENV': '"production"'},
    // The production build users ship: development-mode checks dropped.
    plugins: [devModePlugin(false)],
    tsconfig: join(ROOT, 'tsconfig.json'),
    logLevel: 'warning',
  });
  for (const page of ['live.html', 'bare.html', 'plain.html']) copyFileSync(join(ROOT, 'bench/live', page), join(out, page));
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(out, path);
    if (!file.startsWith(out) || !existsSync(file) || !TYPES[extname(file)]) return void res.writeHead(404).end();
    res
      .writeHead(200, {
        'content-type': TYPES[extname(file)],
        'cache-control': 'no-store',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      })
      .end(readFileSync(file));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.close();
      rmSync(out, {recursive: true, force: true});
    },
  };
}

/**
 * Sends `count` messages spread evenly over `durationMs`, in chunks every 4 ms (the server's
 * writes): `sendChunk(n)` sends the next `n` of them.
 */
export async function publishInChunks(count: number, durationMs: number, sendChunk: (n: number) => void): Promise<void> {
  const chunks = Math.round(durationMs / 4);
  const start = performance.now();
  for (let chunk = 0; chunk < chunks; chunk++) {
    const wait = start + (chunk * durationMs) / chunks - performance.now();
    if (wait > 0) await new Promise(resolve => setTimeout(resolve, wait));
    sendChunk(Math.round(((chunk + 1) * count) / chunks) - Math.round((chunk * count) / chunks));
  }
}
