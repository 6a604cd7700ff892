// Offline writes in real browsers: pages are iframes of test/fixtures/offline-page.html (each
// its own Controller, with the real IndexedDB for the cache and the queue); a reload is a
// second navigation of the same frame. Offline is a fetch that gets no response (msw answers
// the page's requests with a network error) and the browser's `online` event in each page
// says the connection is back.
import {expect, fixture, html, waitUntil} from '@open-wc/testing';
import {DataProvider} from '../components/data-provider.js';
import {DataResource} from '../components/data-resource.js';
import {http, HttpResponse} from 'msw';
import {indexedDBQueue} from '../src/offline/index.js';
import {createResource} from '../src/rest/index.js';
import {Entity} from '../src/schema/index.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import type {OfflineApp} from './fixtures/offline-page.js';

void [DataProvider, DataResource];

const PAGE_TIMEOUT = 60_000;
const until = (condition: () => unknown, message?: string) => waitUntil(condition, message, {timeout: 15_000});

let offline = false;
let titles = new Map<string, string>();
/** The PATCHes the server took, in order: `1 title`. */
let patches: string[] = [];

const handlers = [
  http.get('/offline-api/notes/:id', ({params}) => (offline ? HttpResponse.error() : HttpResponse.json({id: String(params.id), title: titles.get(String(params.id))}))),
  http.patch('/offline-api/notes/:id', async ({params, request}) => {
    if (offline) return HttpResponse.error();
    const {title} = (await request.json()) as {title: string};
    if (title === 'refused') return HttpResponse.json({message: 'no'}, {status: 422});
    patches.push(`${params.id} ${title}`);
    titles.set(String(params.id), title);
    return HttpResponse.json({id: String(params.id), title});
  }),
];

let count = 0;
const frames: HTMLIFrameElement[] = [];

/** Loads the page in `frame` (a new iframe: a new tab; the same one: a reload). */
async function open(db: string, frame = document.createElement('iframe')): Promise<{frame: HTMLIFrameElement; app: OfflineApp}> {
  if (!frame.isConnected) {
    frames.push(frame);
    document.body.append(frame);
  }
  const loaded = new Promise(resolve => frame.addEventListener('load', resolve, {once: true}));
  frame.src = `/test/fixtures/offline-page.html?load=${++count}-${Date.now()}&db=${db}`;
  await loaded;
  const win = frame.contentWindow as unknown as {offlineApp?: OfflineApp};
  await waitUntil(() => win.offlineApp, 'the page started', {timeout: 30_000});
  await win.offlineApp!.ready;
  return {frame, app: win.offlineApp!};
}

const backOnline = (...pages: {frame: HTMLIFrameElement}[]) => {
  offline = false;
  for (const {frame} of pages) frame.contentWindow!.dispatchEvent(new Event('online'));
};

/** The writes kept in a page's queue database. */
async function stored(db: string): Promise<number> {
  const {createStore, keys} = await import('idb-keyval');
  return (await keys(createStore(`${db}-writes`, 'writes'))).length;
}

describe('offline writes: real IndexedDB, real pages', function () {
  this.timeout(PAGE_TIMEOUT * 2);
  let db = '';

  before(async () => {
    await startWorker(...handlers);
  });
  after(() => stopWorker());
  beforeEach(() => {
    db = `offline-test-${Date.now()}-${++count}`;
    offline = false;
    titles = new Map([['1', 'first'], ['2', 'second']]);
    patches = [];
  });
  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  it('a write made offline is shown as pendingOffline, survives a reload, and is sent once when back online', async () => {
    const page = await open(db);
    await page.app.load('1');
    offline = true;
    const write = page.app.rename('1', 'written offline');
    write.catch(() => undefined); // the page goes away before it settles
    await until(() => page.app.pending('1'), 'held as pendingOffline');
    expect(page.app.title('1')).to.equal('written offline');
    await until(async () => (await stored(db)) === 1, 'kept in IndexedDB');

    const reloaded = await open(db, page.frame);
    await until(() => reloaded.app.title('1') === 'written offline' && reloaded.app.pending('1'), 'shown again after the reload, still pending');
    expect(patches).to.deep.equal([]);

    backOnline(reloaded);
    await until(() => patches.length === 1 && !reloaded.app.pending('1'), 'sent');
    expect(patches).to.deep.equal(['1 written offline']);
    expect(reloaded.app.title('1')).to.equal('written offline');
    await until(async () => (await stored(db)) === 0, 'gone from IndexedDB');
  });

  it('two pages restore the same queue: one sends it, once, and both show the answer', async () => {
    const a = await open(db);
    await a.app.load('1');
    offline = true;
    a.app.rename('1', 'from tab A').catch(() => undefined);
    await until(async () => (await stored(db)) === 1, 'kept in IndexedDB');

    const reloadedA = await open(db, a.frame);
    const b = await open(db);
    await until(() => reloadedA.app.title('1') === 'from tab A' && b.app.title('1') === 'from tab A', 'both show the prediction');
    // Each page tries the queue once on start (the browser says online), so the mark may be off for that send.
    await until(() => b.app.pending('1') && reloadedA.app.pending('1'), 'both show it as pendingOffline');

    backOnline(reloadedA, b);
    await until(() => !reloadedA.app.pending('1') && !b.app.pending('1'), 'settled in both pages');
    expect(patches).to.deep.equal(['1 from tab A']);
    expect(reloadedA.app.title('1')).to.equal('from tab A');
    expect(b.app.title('1')).to.equal('from tab A');
  });

  it('two connections claiming one stored write at once: one gets it, the other finds it taken until released', async () => {
    const a = indexedDBQueue(`${db}-writes`);
    const b = indexedDBQueue(`${db}-writes`);
    await a.put({id: 'w', endpoint: 'PATCH /offline-api/notes/:id', args: [{id: '1'}, {title: 't'}], order: 1});
    const now = Date.now();
    const claims = await Promise.all([a.claim('w', 'tab A', now + 60_000, now), b.claim('w', 'tab B', now + 60_000, now)]);
    expect([...claims].sort()).to.deep.equal(['claimed', 'taken']);
    const winner = claims[0] === 'claimed' ? 'tab A' : 'tab B';
    const loser = winner === 'tab A' ? b : a;
    const loserTab = winner === 'tab A' ? 'tab B' : 'tab A';
    expect(await loser.claim('w', loserTab, now + 60_000, now + 60_001)).to.equal('claimed', 'a claim past its time is free');
    await a.release('w', loserTab);
    await a.delete('w');
    expect(await b.claim('w', 'tab B', now + 60_000, now)).to.equal('gone');
  });

  it('<data-provider queue-offline>: a <data-resource> write made offline shows pendingOffline in its template until it is sent', async () => {
    const provider = await fixture<DataProvider>(html`
      <data-provider queue-offline=${`${db}-writes`}>
        <data-resource url-prefix="/offline-api" path="/notes/:id" entity="OfflineElementNote" member="get" params='{"id": "1"}'>
          <template><p class="title">{{ item.title }}</p><p class="mark">{{ pendingOffline ? 'not saved yet' : 'saved' }}</p></template>
        </data-resource>
      </data-provider>
    `);
    await provider.ready;
    const el = provider.querySelector<DataResource>('data-resource')!;
    const shown = () => `${el.querySelector('.title')?.textContent}|${el.querySelector('.mark')?.textContent}`;
    await until(() => shown() === 'first|saved', 'loaded');
    offline = true;
    const write = el.partialUpdate({id: '1'}, {title: 'edited offline'});
    await until(() => shown() === 'edited offline|not saved yet', 'shown, marked as not saved');
    backOnline({frame: {contentWindow: window} as unknown as HTMLIFrameElement});
    await write;
    await until(() => shown() === 'edited offline|saved', 'saved once sent');
    expect(patches).to.deep.equal(['1 edited offline']);
  });

  it('writes queued offline are sent in order; a refused one is rolled back alone', async () => {
    const page = await open(db);
    await page.app.load('1');
    await page.app.load('2');
    offline = true;
    const first = page.app.rename('1', 'one');
    const refused = page.app.rename('2', 'refused');
    const third = page.app.rename('1', 'three');
    await until(() => page.app.pending('1') && page.app.pending('2'), 'all held');
    backOnline(page);
    await first;
    const failure = await refused.then(() => undefined, (error: unknown) => error);
    await third;
    expect(String(failure)).to.match(/422/);
    expect(patches).to.deep.equal(['1 one', '1 three']);
    expect(page.app.title('1')).to.equal('three');
    expect(page.app.title('2')).to.equal('second');
  });

  it('<data-provider queue-offline> given one resource alone in offlineEndpoints: a provider made later finds the queued write by it and sends it', async () => {
    class OfflineLoneNote extends Entity {
      id = '';
      title = '';
      static override key = 'OfflineLoneNote';
    }
    const NoteResource = createResource({urlPrefix: '/offline-api', path: '/notes/:id', schema: OfflineLoneNote});
    const first = await fixture<DataProvider>(html`<data-provider queue-offline=${`${db}-writes`} .offlineEndpoints=${NoteResource}></data-provider>`);
    await first.ready;
    await first.activeController.fetch(NoteResource.get, {id: '1'});
    offline = true;
    first.activeController.fetch(NoteResource.partialUpdate, {id: '1'}, {title: 'queued by the first'}).catch(() => undefined);
    await until(async () => (await stored(db)) === 1, 'kept in IndexedDB');
    first.remove();

    // As after a reload: another provider on the same queue, given the resource alone, not in a list.
    const rejections: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => void rejections.push(event.reason);
    window.addEventListener('unhandledrejection', onRejection);
    try {
      const later = await fixture<DataProvider>(html`<data-provider queue-offline=${`${db}-writes`} .offlineEndpoints=${NoteResource}></data-provider>`);
      await later.ready;
      backOnline({frame: {contentWindow: window} as unknown as HTMLIFrameElement});
      await until(() => patches.length === 1, 'sent');
      expect(patches).to.deep.equal(['1 queued by the first']);
      await until(async () => (await stored(db)) === 0, 'gone from IndexedDB');
      expect(rejections).to.deep.equal([]);
    } finally {
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });
});
