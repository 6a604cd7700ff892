// Starts the mock API (msw's service worker) for a demo page. Import it before anything
// that fetches: requests to /api/ wait until the worker is ready, so elements that load on
// connect (as <data-resource> does, right when the CDN script defines it) never race it.
import {setupWorker} from 'msw/browser';
import {handlers, mockNetwork, requestLog} from './handlers.js';

const worker = setupWorker(...handlers);

/** Resolves once the mock answers requests. */
export const mockReady: Promise<unknown> = worker.start({
  // public/mockServiceWorker.js, served at the site root so its scope covers /demo/.
  serviceWorker: {url: '/mockServiceWorker.js'},
  // Page assets (modules, styles) go to the dev server as usual.
  onUnhandledRequest: 'bypass',
  quiet: true,
});

const realFetch = window.fetch.bind(window);
window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith('/api/')) return realFetch(input, init);
  return mockReady.then(() => realFetch(input, init));
};

// For the request log on the page, and for the end-to-end test (which checks that an
// optimistic change shows while its request is still in flight).
declare global {
  interface Window {
    demoApi: {readonly log: typeof requestLog; readonly network: typeof mockNetwork; readonly ready: Promise<unknown>};
  }
}
window.demoApi = {log: requestLog, network: mockNetwork, ready: mockReady};
