// @ts-check
// Browser tests in Chromium, Firefox ESR and WebKitGTK, all from Debian packages (npm tools
// cannot download browsers here; scripts/install-browsers.mjs installs them).
// BROWSERS=chromium,firefox,webkit picks engines (default: all three).
import { writeSync } from 'node:fs';
import { defaultReporter } from '@web/test-runner';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher, puppeteerCore } from '@web/test-runner-chrome';
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import { countReporter } from './scripts/wtr-count-reporter.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';
import { FIREFOX_PATH, MINIBROWSER_PATH, startWebKitDriver } from './scripts/webkit-driver.mjs';
import { liveServerMiddleware } from './test/servers/live-server.mjs';
import { ssrPageServer } from './test/servers/ssr-page-middleware.mjs';

const CHROMIUM = CHROMIUM_PATH;
const FIREFOX = FIREFOX_PATH;
const MINIBROWSER = MINIBROWSER_PATH;

// A copy per config load: launchers may add flags of their own.
const chromiumArgs = [...CHROMIUM_ARGS];

/** @type {Record<string, () => Promise<import('@web/test-runner').BrowserLauncher>>} */
const launchers = {
  // Chromium over CDP via puppeteer-core (no browser download).
  chromium: async () =>
    chromeLauncher({
      launchOptions: { executablePath: CHROMIUM, headless: true, args: chromiumArgs },
    }),
  // Firefox ESR over WebDriver BiDi: the same launcher, given puppeteer-core as the custom puppeteer.
  firefox: async () =>
    chromeLauncher({
      puppeteer: puppeteerCore,
      launchOptions: { browser: 'firefox', executablePath: FIREFOX, headless: true },
    }),
  // WebKitGTK MiniBrowser via a WebKitWebDriver that we start ourselves (on Xvfb if needed).
  webkit: async () => {
    const port = await startWebKitDriver();
    return new WebKitLauncher({
      // Always explicit: without hostname/port webdriverio tries to download a driver.
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'error',
      capabilities: {
        browserName: 'MiniBrowser',
        // WebKitWebDriver rejects webdriverio's default `webSocketUrl: true` (BiDi) request.
        'wdio:enforceWebDriverClassic': true,
        // A navigation returns once it has started, not at the page's load event. The runner
        // knows a test page started from the page itself (testsStartTimeout covers one that
        // never does), and a load event held back (a request that hangs, a starved machine)
        // must not block the driver, which serves one command at a time, for every later file.
        pageLoadStrategy: 'none',
        // @ts-ignore vendor capability
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      },
    });
  },
};

/**
 * The WebDriver launcher, with a test page's navigation that fails reported instead of
 * left unhandled. Upstream starts each navigation without awaiting it (the page reports its
 * own start over the runner's WebSocket), so when WebKitWebDriver does not answer a
 * navigation in time on a starved machine, the rejection has no handler and Node ends the
 * whole run with exit code 1 and no test failed. Caught here, the file fails on its own:
 * the runner's testsStartTimeout / testsFinishTimeout name it.
 */
class WebKitLauncher extends WebdriverLauncher {
  /** @param {string} id @param {string} url */
  async startSession(id, url) {
    await this.ensureManagerInitialized();
    const started = Date.now();
    // @ts-ignore driverManager is set by ensureManagerInitialized (not in the typings)
    this.driverManager.startSession(id, url).catch(error => {
      const secs = Math.round((Date.now() - started) / 1000);
      writeSync(2, `\nWebKit: opening the test page ${url} failed after ${secs} s: ${error?.message ?? error}\n`);
    });
  }
}

// web-test-runner stops on an uncaught exception in this process and exits at once, and the
// message it logs goes through its terminal buffer, which is never flushed. Write the error
// straight to stderr first, so a crash of the runner always says what crashed.
process.on('uncaughtExceptionMonitor', (error, origin) => {
  writeSync(2, `\nweb-test-runner's Node process: ${origin}: ${error instanceof Error ? error.stack : String(error)}\n`);
});

const wanted = (process.env.BROWSERS ?? 'chromium,firefox,webkit')
  .split(',')
  .map(s => s.trim())
  .filter(Boolean);
for (const name of wanted) {
  if (!launchers[name]) throw new Error(`unknown browser ${name}; known: ${Object.keys(launchers)}`);
}

// Live-data servers (SSE + WebSocket on 127.0.0.1) that browser tests start and drive through /__live/.
const liveServers = liveServerMiddleware();
// The server-rendering example's page, rendered in a Node child process (test/ssr-hydration.test.ts).
const ssrPages = ssrPageServer();

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  rootDir: '.',
  files: ['test/**/*.test.ts', '!test/node/**'],
  // 'browser' picks msw/browser and lit's browser build; 'development' gives lit's dev warnings.
  nodeResolve: { exportConditions: ['browser', 'development'] },
  concurrency: 1,
  concurrentBrowsers: 3,
  browsers: await Promise.all(wanted.map(name => launchers[name]())),
  // Defaults (30 s / 20 s) are too tight for three engines starting at once on 2 cores
  // while something else is busy: Firefox then fails with "unable to create a test page".
  browserStartTimeout: 120_000,
  testsStartTimeout: 60_000,
  testsFinishTimeout: 180_000,
  // Per-test mocha timeout. A test's first msw worker start, or the first import of a
  // module tree the test server transforms, has taken over 10 s with three engines and other
  // work on two cores. A passing test takes no longer for it; a hung one fails after 20 s.
  testFramework: { config: { timeout: 20_000 } },
  // Lit's dev build (wanted: it warns about real mistakes) announces itself on every page.
  filterBrowserLogs: ({ args }) => !String(args[0]).startsWith('Lit is in dev mode'),
  // Default terminal output plus a JSON file of counts for scripts/test.mjs's summary line.
  reporters: [defaultReporter(), countReporter()],
  plugins: [
    // esbuild reads tsconfig.json as-is (experimentalDecorators); target es2022 so it
    // never ships syntax an engine lacks.
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
    { name: 'live-servers', serverStop: () => liveServers.closeAll() },
    { name: 'ssr-pages', serverStop: () => ssrPages.stop() },
  ],
  middleware: [
    // Serve msw's worker script (generated into public/ by `msw init public`) at the site root
    // so the service worker's default scope '/' covers the test pages.
    function mswWorker(ctx, next) {
      if (ctx.path === '/mockServiceWorker.js') ctx.url = '/public/mockServiceWorker.js';
      return next();
    },
    liveServers.middleware,
    ssrPages.middleware,
  ],
};
