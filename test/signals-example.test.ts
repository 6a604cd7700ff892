// The signals guide's live example (examples/lit-signals.ts): a list fetched through a
// suspenseSignal, rows whose title and view count are bound with watch(), and view counts
// pushed by the server. A push changes one row's text and renders nothing. The push is
// written as the example's live feed writes a message (`setPushed`): msw serves its
// server-sent events in Chromium only (its worker does not see EventSource requests in
// Firefox and WebKit), and the feed itself has its own tests (live-data.test.ts).
import {expect, fixture, html} from '@open-wc/testing';
import {http, HttpResponse, sse} from 'msw';
import type {DataBoundary} from '../components/data-boundary.js';
import type {DataProvider} from '../components/data-provider.js';
import {Controller} from '../src/core/index.js';
import {listenerCount} from '../src/internal.js';
import {waitFor} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import {Article, type ArticleRow, type LiveArticles} from '../examples/lit-signals.js';

after(() => stopWorker());

const articles = [1, 2, 3, 4, 5].map(id => ({id, title: `Article ${id}`, views: id * 100}));

/** The mock API: the list (held until released), and an event stream that stays open and quiet. */
function server() {
  let release: () => void = () => undefined;
  const held = new Promise<void>(resolve => (release = resolve));
  const handlers = [
    http.get('/api/articles', async () => {
      await held;
      return HttpResponse.json(articles);
    }),
    sse('/api/live', () => undefined),
  ];
  return {handlers, release};
}

/** What the feed writes for an `article` event: the pushed fields, merged into the cached Article. */
const articleEvent = {key: () => 'test: article event', schema: Article, sideEffect: true};

const text = (el: Element) => (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('signals example: <live-articles>', () => {
  it('shows the boundary fallback, then the rows; a pushed view count changes one row and renders nothing', async () => {
    const api = server();
    await startWorker(...api.handlers);
    const controller = new Controller();
    const provider = await fixture<DataProvider>(html`
      <data-provider .controller=${controller}>
        <data-boundary>
          <p slot="fallback">Loading articles…</p>
          <live-articles></live-articles>
        </data-boundary>
      </data-provider>
    `);
    const boundary = provider.querySelector('data-boundary') as DataBoundary;
    const list = provider.querySelector('live-articles') as LiveArticles;
    await waitFor(() => boundary.hasAttribute('loading'), 'the fallback shows while the list loads');
    api.release();
    await waitFor(() => list.shadowRoot!.querySelectorAll('article-row').length === 5, 'five rows');
    expect(boundary.hasAttribute('loading')).to.equal(false);
    const rows = [...list.shadowRoot!.querySelectorAll('article-row')] as ArticleRow[];
    await waitFor(() => rows.every((row, i) => text(row) === `Article ${i + 1} ${(i + 1) * 100} views · rendered 1×`), 'each row shows its article');

    const renders = () => rows.map(row => row.updateComplete.then(() => text(row)));
    controller.setPushed(articleEvent, {id: 2, views: 1234});
    await waitFor(() => text(rows[1]!) === 'Article 2 1,234 views · rendered 1×', 'the pushed count shows, and the row did not render');
    expect(await Promise.all(renders())).to.deep.equal([
      'Article 1 100 views · rendered 1×',
      'Article 2 1,234 views · rendered 1×',
      'Article 3 300 views · rendered 1×',
      'Article 4 400 views · rendered 1×',
      'Article 5 500 views · rendered 1×',
    ]);

    provider.remove();
    await waitFor(() => listenerCount(controller) === 0, 'the page left: nothing watched');
  });
});
