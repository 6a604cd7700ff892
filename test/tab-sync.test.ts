// Sync across tabs in a real browser: two pages of one origin (iframes of
// test/fixtures/tab-page.html, each with its own copy of the library, Controller and
// BroadcastChannel) under `<data-provider sync-tabs>`. The API is mocked by msw in this page
// (it answers the iframes' requests too).
import {expect} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {deferred, type Deferred} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import {PAGE_TIMEOUT, shows, TabPages, until, type TabApp} from './helpers/tab-pages.js';

interface Article {
  id: string;
  title: string;
}

let articles: Article[] = [];
let gets = 0;
/** When set, the next PATCH waits for it, then fails with a 500. */
let failingPatch: Deferred<void> | undefined;
/** When set, the next GET of the list waits for it, then answers with the articles as they are then. */
let heldGet: Deferred<void> | undefined;

const handlers = [
  // Pages of `limit` by `page` (1-based) when the list has a limit; else the whole list.
  http.get('/tabs-api/articles', async ({request}) => {
    gets++;
    const gate = heldGet;
    heldGet = undefined;
    await gate?.promise;
    const query = new URL(request.url).searchParams;
    const limit = Number(query.get('limit') ?? articles.length);
    const page = Number(query.get('page') ?? 1);
    return HttpResponse.json(articles.slice((page - 1) * limit, page * limit));
  }),
  http.patch('/tabs-api/articles/:id', async ({params, request}) => {
    const gate = failingPatch;
    if (gate) {
      failingPatch = undefined;
      await gate.promise;
      return HttpResponse.json({message: 'refused'}, {status: 500});
    }
    const body = (await request.json()) as Partial<Article>;
    const article = articles.find(a => a.id === params.id)!;
    Object.assign(article, body);
    return HttpResponse.json(article);
  }),
  http.delete('/tabs-api/articles/:id', ({params}) => {
    articles = articles.filter(a => a.id !== params.id);
    return new HttpResponse(null, {status: 204});
  }),
];

describe('sync across tabs: two pages under <data-provider sync-tabs>', function () {
  this.timeout(PAGE_TIMEOUT);
  const pages = new TabPages();
  let channel: string;
  let channels = 0;
  const tab = async (query = `sync-tabs=${channel}`) => (await pages.open(query)).app;

  before(() => startWorker(...handlers));
  after(() => stopWorker());
  beforeEach(() => {
    channel = `tabs-${Date.now()}-${++channels}`;
    articles = [
      {id: '1', title: 'first'},
      {id: '2', title: 'second'},
    ];
    gets = 0;
    heldGet = undefined;
  });
  afterEach(() => pages.closeAll());

  /** Two tabs on the channel, both showing the list; `seenInA` gathers every title tab A renders until `observer.disconnect()`. */
  async function twoTabsRecordingA() {
    const {frame, app: a} = await pages.open(`sync-tabs=${channel}`);
    const b = await tab();
    await until(shows(a, ['first', 'second']));
    await until(shows(b, ['first', 'second']));
    const seenInA = new Set<string>();
    const observer = new MutationObserver(() => a.titles()?.forEach(title => seenInA.add(title)));
    observer.observe(frame.contentDocument!.body, {subtree: true, childList: true, characterData: true});
    return {a, b, seenInA, observer};
  }

  /** Starts an optimistic rename in `app` whose PATCH the server holds; `refuse()` lets it fail with a 500 and resolves with 'failed'. */
  function editThatFails(app: TabApp, id: string, title: string) {
    const gate = deferred();
    failingPatch = gate;
    const saving = app.rename(id, title).then(
      () => 'saved',
      () => 'failed',
    );
    return {
      refuse: () => {
        gate.resolve();
        return saving;
      },
    };
  }

  it('an edit saved in one tab shows in the other, with no request there', async () => {
    const a = await tab();
    const b = await tab();
    await until(shows(a, ['first', 'second']));
    await until(shows(b, ['first', 'second']));
    const requests = gets;

    await a.rename('1', 'first, edited in A');
    await until(shows(b, ['first, edited in A', 'second']), 'tab B shows tab A\'s edit');
    expect(gets).to.equal(requests, 'no tab fetched again');
  });

  it('a delete in one tab removes the row in the other', async () => {
    const a = await tab();
    const b = await tab();
    await until(shows(b, ['first', 'second']));
    await a.remove('2');
    await until(shows(b, ['first']), 'tab B dropped article 2');
    await until(shows(a, ['first']));
  });

  it('an optimistic write that fails in one tab is never seen in the other', async () => {
    const {a, b, seenInA, observer} = await twoTabsRecordingA();

    const edit = editThatFails(b, '1', 'predicted in B');
    await until(shows(b, ['predicted in B', 'second']), 'tab B shows its prediction');
    expect(await edit.refuse()).to.equal('failed');
    await until(shows(b, ['first', 'second']), 'tab B rolled back');

    // A confirmed write after it: messages arrive in order, so a sent prediction would have come first.
    await b.rename('2', 'second, saved in B');
    await until(shows(a, ['first', 'second, saved in B']));
    observer.disconnect();
    expect(seenInA.has('second, saved in B'), 'the observer saw tab A render').to.equal(true);
    expect([...seenInA]).not.to.include('predicted in B');
  });

  it('a refetch that settles under a pending edit sends the confirmed row: the other tab never shows the prediction', async () => {
    const {a, b, seenInA, observer} = await twoTabsRecordingA();

    // Tab B refetches its list; the request reaches the server before the edit starts, and is held there.
    heldGet = deferred();
    const getGate = heldGet;
    const requests = gets;
    const refetch = b.controller.refetchShown();
    await until(() => gets === requests + 1, 'tab B\'s refetch reached the server');
    const edit = editThatFails(b, '1', 'predicted in B');
    await until(shows(b, ['predicted in B', 'second']), 'tab B shows its prediction');
    articles[0]!.title = 'first, changed on the server';
    getGate.resolve();
    await refetch;
    await until(shows(a, ['first, changed on the server', 'second']), 'tab A got the refetched row');
    expect(b.titles()).to.deep.equal(['predicted in B', 'second'], 'tab B still shows its prediction over it');

    expect(await edit.refuse()).to.equal('failed');
    await until(shows(b, ['first, changed on the server', 'second']), 'tab B rolled back');
    // A confirmed write after it: messages arrive in order, so anything sent about article 1 came first.
    await b.rename('2', 'second, saved in B');
    await until(shows(a, ['first, changed on the server', 'second, saved in B']));
    observer.disconnect();
    expect([...seenInA]).not.to.include('predicted in B');
  });

  it('a tab that opens later gets no history: it fetches', async () => {
    const a = await tab();
    await until(shows(a, ['first', 'second']));
    await a.rename('1', 'edited before C opened');
    const requests = gets;
    const c = await tab();
    await until(shows(c, ['edited before C opened', 'second']));
    expect(gets).to.equal(requests + 1, 'tab C fetched the list itself');
  });

  it('a list grown with "load more" keeps its pages when another tab loads its first page', async () => {
    const titles = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
    articles = titles.map((title, i) => ({id: String(i + 1), title}));
    const paged = `sync-tabs=${channel}&pagination-field=page&params=${encodeURIComponent('{"limit": 2}')}`;
    const {frame, app: a} = await pages.open(paged);
    await until(shows(a, titles.slice(0, 2)));
    await a.loadMore();
    await a.loadMore();
    await until(shows(a, titles), 'tab A loaded three pages');
    const row = frame.contentDocument!.querySelector('li[data-id="6"]');
    expect(row).to.exist;

    articles = [{id: '0', title: 'zero, created'}, {id: '1', title: 'first, edited'}, ...articles.slice(1)];
    const b = await tab(paged);
    await until(shows(b, ['zero, created', 'first, edited']), 'tab B shows its first page');
    await until(shows(a, ['zero, created', 'first, edited', ...titles.slice(1)]), 'tab A kept its pages and took the first page\'s rows');
    expect(frame.contentDocument!.querySelector('li[data-id="6"]')).to.equal(row, 'the row of the last page keeps its element');

    await b.remove('5');
    await until(shows(a, ['zero, created', 'first, edited', 'second', 'third', 'fourth', 'sixth']), 'an article deleted in tab B leaves tab A\'s list');
  });

  it('results whose value is 0, false, an empty string or null reach the other tab as they are', async () => {
    const a = await tab();
    const b = await tab();
    await until(shows(a, ['first', 'second']));
    await until(shows(b, ['first', 'second']));
    const falsy: [string, unknown][] = [
      ['unread', 0],
      ['muted', false],
      ['draft', ''],
      ['selection', null],
    ];
    // Tab B holds older values that are not falsy; tab A has them too once they arrived.
    for (const [name] of falsy) b.setResult(name, `older ${name}`);
    await until(() => falsy.every(([name]) => a.result(name).data === `older ${name}`), 'tab A has tab B\'s older values');

    for (const [name, value] of falsy) a.setResult(name, value);
    // Messages arrive in order: once the marker is in tab B, the falsy values came before it.
    a.setResult('marker', 'after them');
    await until(() => b.result('marker').data === 'after them', 'the marker reached tab B');
    for (const [name, value] of falsy) {
      expect(b.result(name), name).to.deep.equal({data: value, expiryStatus: 'valid'});
    }
  });

  it('a tab without sync-tabs is left alone', async () => {
    const a = await tab();
    const lone = await tab('lone');
    const b = await tab();
    await until(shows(lone, ['first', 'second']));
    await until(shows(b, ['first', 'second']));
    await a.rename('1', 'edited in A');
    await until(shows(b, ['edited in A', 'second']));
    expect(lone.titles()).to.deep.equal(['first', 'second']);
  });
});
