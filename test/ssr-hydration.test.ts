// Server rendering, in every engine: the example's page (examples/ssr),
// rendered by Lit SSR in Node and served at /__ssr/page (test/servers/ssr-page.ts),
// loads in an iframe, hydrates, and shows the server's data with no request for it while it
// is fresh; then it behaves as any page: optimistic likes (confirmed and rolled back) and a
// reload. msw (started by this page) answers the API and counts its requests.
import {expect, waitUntil} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {seedArticles, type ArticleJson} from '../examples/ssr/articles.js';
import {deferred, RequestLog, shadowText, type Deferred} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import {until} from './elements-fixtures.js';

interface Api {
  articles: ArticleJson[];
  log: RequestLog;
  /** Awaited before a PATCH is answered. */
  hold: Deferred<void> | undefined;
  /** Answer PATCH with 500. */
  refuse: boolean;
}
const api: Api = {articles: [], log: new RequestLog(), hold: undefined, refuse: false};

const handlers = [
  http.get('/api/articles', async ({request}) => {
    await api.log.record(request);
    return HttpResponse.json(api.articles);
  }),
  http.patch('/api/articles/:id', async ({request, params}) => {
    await api.log.record(request);
    await api.hold?.promise;
    if (api.refuse) return HttpResponse.json({message: 'refused'}, {status: 500});
    const article = api.articles.find(a => a.id === Number(params.id));
    if (!article) return HttpResponse.json({message: 'not found'}, {status: 404});
    Object.assign(article, await request.json());
    return HttpResponse.json(article);
  }),
];

type HydratedElement = HTMLElement & {hasUpdated: boolean; updateComplete: Promise<boolean>};

interface Page {
  win: Window & typeof globalThis & {pwned?: unknown};
  list: HydratedElement;
  count: HydratedElement;
  /** The row of article `id` in the list's shadow root. */
  row(id: number): HTMLLIElement;
  listText(): string;
}

const frames: HTMLIFrameElement[] = [];

/** Loads the server-rendered page in an iframe and waits until both elements hydrated. */
async function openPage(query = ''): Promise<Page> {
  const frame = document.createElement('iframe');
  frame.style.width = '800px';
  frame.style.height = '400px';
  const loaded = new Promise(resolve => frame.addEventListener('load', resolve, {once: true}));
  frame.src = `/__ssr/page${query}`;
  document.body.append(frame);
  frames.push(frame);
  await loaded;
  const win = frame.contentWindow as Page['win'];
  const doc = win.document;
  const list = doc.querySelector('ssr-article-list') as HydratedElement;
  const count = doc.querySelector('ssr-article-count') as HydratedElement;
  await waitUntil(() => list.hasUpdated && count.hasUpdated, 'the elements hydrated', {timeout: 45_000});
  return {
    win,
    list,
    count,
    row: id => list.shadowRoot!.querySelector<HTMLLIElement>(`li[data-id="${id}"]`)!,
    listText: () => shadowText(list),
  };
}

/** The comments Lit SSR wrote into a shadow root: hydration keeps them, a client render writes none. */
function serverMarkers(root: ShadowRoot): number {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  let count = 0;
  while (walker.nextNode()) if ((walker.currentNode as Comment).data.startsWith('lit-part')) count++;
  return count;
}

const likes = (page: Page, id: number) => page.row(id).querySelector('.likes')!.textContent;

describe('a page rendered on the server (examples/ssr)', function () {
  // Each test loads a whole page (a render in Node, the bundled browser script), and the
  // first one starts the Node renderer; three engines share two busy cores.
  this.timeout(60_000);
  before(() => startWorker(...handlers));
  after(() => stopWorker());
  beforeEach(() => {
    api.articles = seedArticles();
    api.log = new RequestLog();
    api.hold = undefined;
    api.refuse = false;
  });
  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  it('hydrates and shows the server data with no request for it while it is fresh', async () => {
    const page = await openPage();
    expect(page.listText()).to.contain('Rendering on the server');
    expect(page.listText()).to.contain('Lin, 2024-05-03');
    expect(page.listText()).to.contain('A title with <b>markup</b> stays text');
    expect(page.list.shadowRoot!.querySelector('b')).to.equal(null, 'server data is text');
    expect(shadowText(page.count)).to.equal('3 articles');
    expect(serverMarkers(page.list.shadowRoot!)).to.be.greaterThan(3, 'the server DOM was hydrated, not rendered again');
    const time = page.row(2).querySelector('time')!;
    expect(time.getAttribute('datetime')).to.equal('2024-05-03T14:00:00.000Z');
    // The snapshot script stays in the page; the provider read it.
    const provider = page.win.document.querySelector('data-provider') as HTMLElement & {activeController: {getResponse(...args: unknown[]): {expiryStatus: string}}};
    expect(provider.querySelector('script[type="application/json"]')).to.not.equal(null);
    expect(api.log.entries.map(e => `${e.method} ${e.path}`)).to.deep.equal([], 'no request');
  });

  it('likes optimistically after hydration: at once, confirmed by the server, on the same row', async () => {
    const page = await openPage();
    const row = page.row(2);
    api.hold = deferred();
    (row.querySelector('button.like') as HTMLButtonElement).click();
    await until(() => likes(page, 2) === '6', 'the like shows before the server answered');
    await until(() => api.log.count('PATCH', '/api/articles/2') === 1, 'the PATCH is held');
    api.hold.resolve();
    await until(() => api.articles[1]!.likes === 6, 'the server took the like');
    await page.list.updateComplete;
    expect(likes(page, 2)).to.equal('6');
    expect(page.row(2)).to.equal(row, 'the hydrated row is kept');
    expect(api.log.count('GET', '/api/articles')).to.equal(0);
  });

  it('rolls a refused like back', async () => {
    const page = await openPage();
    api.hold = deferred();
    api.refuse = true;
    (page.row(1).querySelector('button.like') as HTMLButtonElement).click();
    await until(() => likes(page, 1) === '4', 'the like shows at once');
    api.hold.resolve();
    await until(() => likes(page, 1) === '3', 'and goes back when the server refuses it');
  });

  it('updates from the API after hydration (a reload)', async () => {
    const page = await openPage();
    api.articles[1]!.title = 'Edited since the page was rendered';
    api.articles.push({id: 4, title: 'A fourth article', likes: 1, publishedAt: '2024-06-01T00:00:00.000Z', author: {id: 9, name: 'Kim'}});
    (page.list.shadowRoot!.querySelector('button.reload') as HTMLButtonElement).click();
    await until(() => page.listText().includes('Edited since the page was rendered'), 'the list shows the new title');
    await until(() => shadowText(page.count) === '4 articles', 'the count follows');
    expect(page.listText()).to.contain('A fourth article');
    expect(api.log.count('GET', '/api/articles')).to.equal(1);
  });

  it('shows stale server data at once and revalidates it', async () => {
    api.articles[0]!.title = 'Revalidated from the API';
    const page = await openPage('?age=120000');
    // Hydration showed the server's title; the revalidation that follows replaces it.
    await until(() => page.listText().includes('Revalidated from the API'), 'the stale list was refetched');
    expect(api.log.count('GET', '/api/articles')).to.equal(1);
  });

  it('keeps a title that holds </script> as text: the snapshot cannot close its script element', async () => {
    const title = '</script><script>window.pwned = 1</script><!--';
    const page = await openPage(`?title=${encodeURIComponent(title)}`);
    expect(page.listText()).to.contain(title);
    expect(page.win.pwned).to.equal(undefined);
    expect(api.log.count('GET', '/api/articles')).to.equal(0, 'the snapshot was read: no request');
  });
});
