// One msw service worker per test page (web-test-runner gives each test file its own page).
// The first call starts it; later calls only swap the handlers, because starting a second
// worker on the same page is slow and racy. See TOOLCHAIN.md for why these start options.
import {setupWorker, type SetupWorker} from 'msw/browser';

type Handlers = Parameters<typeof setupWorker>;

let worker: SetupWorker | undefined;
let started: Promise<unknown> | undefined;

export async function startWorker(...handlers: Handlers): Promise<SetupWorker> {
  if (worker) {
    worker.resetHandlers(...handlers);
  } else {
    worker = setupWorker(...handlers);
    started = withoutDyingRegistration().then(() => worker!.start({
      // Served by the middleware in web-test-runner.config.mjs; scope '/' covers test pages.
      serviceWorker: {url: '/mockServiceWorker.js'},
      // Module and asset requests of the test page itself must pass through untouched.
      onUnhandledRequest: 'bypass',
      quiet: true,
    }));
  }
  await started;
  return worker;
}

export function stopWorker(): void {
  worker?.stop();
  worker = undefined;
  started = undefined;
}

/**
 * The runner reuses one browser page for every test file, going through about:blank between
 * them; msw's worker unregisters itself when its last page goes, so the next file can find
 * that registration still listed while it goes away. msw would reuse it (its `update()` then
 * fails with "Not found", and requests of frames opened later pass the worker by: 404s).
 * A registration that cannot be updated is let go first, so that msw registers a live one.
 */
async function withoutDyingRegistration(): Promise<void> {
  for (const registration of await navigator.serviceWorker.getRegistrations()) {
    try {
      await registration.update();
    } catch {
      await registration.unregister().catch(() => false);
    }
  }
}
