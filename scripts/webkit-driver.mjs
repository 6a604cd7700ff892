// Firefox ESR and WebKitGTK's MiniBrowser from Debian, as the browser tests and the live
// benchmark drive them (see TOOLCHAIN.md): Firefox through puppeteer-core over WebDriver BiDi,
// MiniBrowser through a WebKitWebDriver started here (on Xvfb when there is no display).
// @ts-check
import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

// --- helper processes for WebKit: killed on every way out, so none outlive the run ---
/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
const killChildren = () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
};
// web-test-runner ends with process.exit() (pass or fail), which fires 'exit'; SIGINT is
// handled by web-test-runner itself and also ends in process.exit(). SIGTERM/SIGHUP would
// kill node without 'exit', so turn them into an exit. A script that ends on its own calls
// stopWebKitDriver(): the children's pipes would keep it alive.
process.on('exit', killChildren);
for (const sig of /** @type {const} */ (['SIGTERM', 'SIGHUP'])) {
  process.on(sig, () => process.exit(sig === 'SIGTERM' ? 143 : 129));
}

/** @param {string} cmd @param {string[]} args @param {import('node:child_process').SpawnOptions} opts */
function spawnChild(cmd, args, opts) {
  const child = spawn(cmd, args, opts);
  children.push(child);
  return child;
}

/** Resolves with a free TCP port on 127.0.0.1 (so a stale driver on a fixed port can't answer for ours). */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb (unless DISPLAY is set) and WebKitWebDriver; resolves with the driver's port once it accepts connections. */
export async function startWebKitDriver() {
  if (!process.env.DISPLAY) {
    // MiniBrowser has no headless mode. -displayfd makes Xvfb pick a free display and print it.
    const xvfb = spawnChild('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const display = await new Promise((resolve, reject) => {
      xvfb.once('error', reject);
      xvfb.once('exit', code => reject(new Error(`Xvfb exited early (code ${code})`)));
      xvfb.stdout?.once('data', d => resolve(String(d).trim()));
    });
    process.env.DISPLAY = `:${display}`;
  }
  const port = Number(process.env.WEBKIT_DRIVER_PORT ?? (await freePort()));
  const driver = spawnChild('WebKitWebDriver', [`--host=127.0.0.1`, `--port=${port}`], { stdio: 'ignore' });
  let exited = /** @type {Error | null} */ (null);
  driver.once('error', e => (exited = e));
  driver.once('exit', code => (exited = new Error(`WebKitWebDriver exited early (code ${code})`)));
  // Poll the port instead of sleeping: fast when the machine is idle, still fine when it is busy.
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (exited) throw exited;
    const ok = await new Promise(resolve => {
      const s = connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return port;
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not listen on port ${port} within 20 s`);
    await new Promise(r => setTimeout(r, 100));
  }
}

/** Stops WebKitWebDriver and Xvfb (if this process started them). */
export function stopWebKitDriver() {
  killChildren();
}
