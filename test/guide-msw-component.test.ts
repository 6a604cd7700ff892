// The browser example of the testing guide (site/guide/testing.md shows this file): a Lit
// component tested in a real browser with web-test-runner and @open-wc/testing, its API
// answered by msw's service worker in the page.
import {expect, fixture, html, waitUntil} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {setupWorker} from 'msw/browser';
import {Controller} from '../src/index.js';
import '../components/data-provider.js';
import '../components/data-boundary.js';
import '../examples/article-list.js'; // the component under test

const article = {
  id: 1,
  title: 'Testing with a mock API',
  excerpt: 'No server needed.',
  publishedAt: '2025-03-01T09:30:00.000Z',
  author: {id: 7, name: 'Ada Okafor'},
};

// The list answers by default; a test can replace a handler with worker.use(...).
const worker = setupWorker(http.get('/api/articles', () => HttpResponse.json([article])));

before(() =>
  // mockServiceWorker.js comes from `msw init public` and is served at the root.
  worker.start({serviceWorker: {url: '/mockServiceWorker.js'}, onUnhandledRequest: 'bypass', quiet: true}),
);
afterEach(() => worker.resetHandlers());
after(() => worker.stop());

/**
 * The component in its page: a provider with a fresh cache per test, and a boundary. No
 * retries in tests: a failure the test asks for shows at once, not after 1 s, 2 s and 4 s.
 */
async function mount() {
  const provider = await fixture(html`
    <data-provider .controller=${new Controller({retry: false})}>
      <data-boundary>
        <p slot="fallback">Loading articles…</p>
        <article-list></article-list>
      </data-boundary>
    </data-provider>
  `);
  return {boundary: provider.querySelector('data-boundary')!, list: provider.querySelector('article-list')!};
}

// waitUntil gives up after 1 s by default: too short for the first request through a service
// worker just started, on a busy machine. A test that passes does not wait any longer for it.
const SERVER_ANSWERED = {timeout: 5000};

describe('testing guide: <article-list> against msw', () => {
  it('shows the articles with their authors once the server answered', async () => {
    const {list} = await mount();
    await waitUntil(() => list.shadowRoot!.querySelector('h3'), 'no article shown', SERVER_ANSWERED);
    expect(list.shadowRoot!.querySelector('h3')!.textContent).to.equal('Testing with a mock API');
    expect(list.shadowRoot!.querySelector('.byline')!.textContent).to.equal('Ada Okafor, Mar 1, 2025');
  });

  it('lets the boundary show the error when the server fails', async () => {
    worker.use(http.get('/api/articles', () => HttpResponse.json({message: 'maintenance'}, {status: 503})));
    const {boundary, list} = await mount();
    await waitUntil(() => boundary.hasAttribute('error'), 'the boundary shows no error', SERVER_ANSWERED);
    expect(list.shadowRoot!.querySelector('h3')).to.equal(null);
  });
});
