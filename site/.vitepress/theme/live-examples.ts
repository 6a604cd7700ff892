// Runs the live examples of the site: msw's worker answers the demo's REST API in the page
// (demo/mock/handlers.ts: todos, articles and their authors, 200-600 ms per answer, and
// locked todos whose delete fails), the elements are defined, and the example file goes in.
// An example whose marker says `network` gets an "Offline" switch over that mock.
//   examples/*.html  plain HTML: the file is the markup.
//   examples/*.ts    a module: imported (it defines its elements), and the markup is its
//                    closing `// In the page:` comment, so the file shows how it is used.
import {withBase} from 'vitepress';
import {pageMarkup} from './page-markup.js';

// Keys are relative to this file: `../../../examples/x.ts`.
const markupFiles = import.meta.glob<string>('../../../examples/*.html', {query: '?raw', import: 'default'});
const moduleSources = import.meta.glob<string>('../../../examples/*.ts', {query: '?raw', import: 'default'});
const modules = import.meta.glob('../../../examples/*.ts');

let mockApi: Promise<unknown> | undefined;
let mockNetwork: Promise<{offline: boolean}> | undefined;

/** Starts the mock API once per page load; every example waits for it before it fetches. */
function startMockApi(): Promise<unknown> {
  mockApi ??= Promise.all([import('msw/browser'), import('../../../demo/mock/handlers.js')]).then(([{setupWorker}, {handlers}]) =>
    setupWorker(...handlers).start({
      // site/public/mockServiceWorker.js (`msw init`), at the site's root so its scope covers every page.
      serviceWorker: {url: withBase('/mockServiceWorker.js')},
      onUnhandledRequest: 'bypass',
      quiet: true,
    }),
  );
  return mockApi;
}

/**
 * Switches the mock API's network: offline, no request gets an answer (a network error, as
 * with no connection). Back online, the page is told as the browser tells it: an `online` event.
 */
export async function setMockOffline(offline: boolean): Promise<void> {
  mockNetwork ??= import('../../../demo/mock/handlers.js').then(m => m.mockNetwork);
  (await mockNetwork).offline = offline;
  if (!offline) window.dispatchEvent(new Event('online'));
}

/** Puts the example `file` (repository-relative, such as `examples/todo-list.html`) into `into`, running. */
export async function runExample(file: string, into: HTMLElement): Promise<void> {
  const key = `../../../${file}`;
  const load = file.endsWith('.html') ? markupFiles[key] : moduleSources[key];
  if (!load) throw new Error(`${file} is not an example file (examples/*.html or examples/*.ts)`);
  await startMockApi();
  await import('../../../components/index.js');
  let markup = await load();
  if (!file.endsWith('.html')) {
    await modules[key]!();
    markup = pageMarkup(file, markup);
  }
  // The markup is a file of this repository, bundled at build time: code, never data.
  const template = document.createElement('template');
  template.innerHTML = markup;
  into.replaceChildren(document.importNode(template.content, true));
}
