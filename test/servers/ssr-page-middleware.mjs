// @ts-check
// Serves the server-rendering example's page to the browser tests at /__ssr/page (query
// passed on), and its browser script at /__ssr/client.js. Lit's Node build and the example's TypeScript load in a child process
// (ssr-page.ts), not in the test runner: it is started at the first request, listens on
// 127.0.0.1 only, and is stopped with the test server (or when the runner exits).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./ssr-page.ts', import.meta.url));

export function ssrPageServer() {
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  /** @type {Promise<number> | undefined} */
  let port;

  /** @returns {Promise<number>} */
  function start() {
    return (port ??= new Promise((resolve, reject) => {
      // stdin stays open: the child exits when it closes, so it never outlives this process.
      child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { stdio: ['pipe', 'pipe', 'inherit'] });
      child.once('error', reject);
      child.once('exit', code => reject(new Error(`the SSR page server exited (code ${code})`)));
      let out = '';
      child.stdout?.on('data', chunk => {
        out += chunk;
        const line = out.split('\n')[0];
        if (out.includes('\n')) resolve(Number(line));
      });
    }));
  }

  const stop = () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    child = undefined;
    port = undefined;
  };
  process.on('exit', stop);

  /** @type {import('@web/dev-server-core').Middleware} */
  async function middleware(ctx, next) {
    if (ctx.path !== '/__ssr/page' && ctx.path !== '/__ssr/client.js') return next();
    const response = await fetch(`http://127.0.0.1:${await start()}${ctx.path.slice('/__ssr'.length)}${ctx.search}`);
    ctx.status = response.status;
    ctx.type = response.headers.get('content-type') ?? 'text/plain';
    ctx.body = await response.text();
  }

  return { middleware, stop };
}
