// useSuspense, useCache and useFetch.
import {expect, fixture, html} from '@open-wc/testing';
import {property} from 'lit/decorators.js';
import '../components/data-provider.js';
import type {DataProvider} from '../components/data-provider.js';
import {Controller} from '../src/core/index.js';
import {NetworkError, Query} from '../src/endpoint/index.js';
import {useCache, useFetch, useSuspense} from '../src/lit/index.js';
import {schema} from '../src/schema/index.js';
import {
  CountingElement,
  deferred,
  deleteItem,
  getItem,
  getItems,
  Item,
  ItemResource,
  itemServer,
  makeItems,
  shadowText,
  waitFor,
} from './helpers/lit-fixtures.js';
import {recordConsole} from './helpers/console-calls.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import {listenerCount} from '../src/internal.js';

// One msw worker for the whole page (file); stopping it between suites makes msw re-register it.
after(() => stopWorker());

/** useSuspense with args as a function of a property; `itemId = null` means "not now". */
class SuspenseItem extends CountingElement {
  @property({type: Number}) itemId: number | null = 1;
  readonly item = useSuspense(this, getItem, () => (this.itemId === null ? null : {id: this.itemId}));
  constructor() {
    super();
    // It renders its error itself: nothing else need announce it (no data-error, no reportError).
    this.item.handlesErrors = true;
  }
  override render() {
    return this.item.render({
      initial: () => html`not now`,
      pending: () => html`pending`,
      complete: item => html`title: ${item.title}`,
      error: error => html`error: ${(error as Error).message}`,
    });
  }
}
customElements.define('lit-suspense-item', SuspenseItem);

/** useSuspense with args as a plain value. */
class SuspenseItemTwo extends CountingElement {
  readonly item = useSuspense(this, getItem, {id: 2});
  override render() {
    return this.item.render({pending: () => html`pending`, complete: item => html`title: ${item.title}`});
  }
}
customElements.define('lit-suspense-item-two', SuspenseItemTwo);

/** useSuspense of the list (items are optional members of it). */
class SuspenseList extends CountingElement {
  readonly items = useSuspense(this, getItems);
  override render() {
    return this.items.render({complete: items => html`${items.map(i => i.title).join(', ')}`, pending: () => html`pending`});
  }
}
customElements.define('lit-suspense-list', SuspenseList);

/** useCache of one item; never fetches. `itemId = null` means "not now". */
class CacheItem extends CountingElement {
  @property({type: Number}) itemId: number | null = 1;
  readonly item = useCache(this, getItem, () => (this.itemId === null ? null : {id: this.itemId}));
  override render() {
    return html`${this.item.value?.title ?? 'nothing'}`;
  }
}
customElements.define('lit-cache-item', CacheItem);

const openCount = new Query(new schema.All(Item), (items: Item[]) => items.filter(i => !i.completed).length);
const countBy = new Query(new schema.All(Item), (items: Item[], {completed}: {completed: boolean}) =>
  items.filter(i => i.completed === completed).length,
);

/** useCache of a Query: a count that follows the cache. */
class OpenCount extends CountingElement {
  readonly count = useCache(this, openCount);
  override render() {
    return html`open: ${this.count.value ?? 'unknown'}`;
  }
}
customElements.define('lit-open-count', OpenCount);

/** useCache of a Query with args from a property. */
class CountBy extends CountingElement {
  @property({type: Boolean}) completed = false;
  readonly count = useCache(this, countBy, () => ({completed: this.completed}));
  override render() {
    return html`${this.count.value ?? 'unknown'}`;
  }
}
customElements.define('lit-count-by', CountBy);

/** useFetch: starts the fetch, exposes its promise. `itemId = null` means "not now". */
class FetchItem extends CountingElement {
  @property({type: Number}) itemId: number | null = 1;
  readonly item = useFetch(this, getItem, () => (this.itemId === null ? null : {id: this.itemId}));
  constructor() {
    super();
    // The tests read its error from the reader: nothing else need announce it.
    this.item.handlesErrors = true;
  }
  override render() {
    return html`${this.item.value?.title ?? 'nothing'}`;
  }
}
customElements.define('lit-fetch-item', FetchItem);

declare global {
  interface HTMLElementTagNameMap {
    'lit-suspense-item': SuspenseItem;
    'lit-suspense-item-two': SuspenseItemTwo;
    'lit-suspense-list': SuspenseList;
    'lit-cache-item': CacheItem;
    'lit-open-count': OpenCount;
    'lit-count-by': CountBy;
    'lit-fetch-item': FetchItem;
  }
}

/** Renders `template` inside a provider of `controller`; resolves with the first child element once rendered. */
async function mount<T extends HTMLElement & {updateComplete: Promise<unknown>}>(
  controller: Controller,
  template: ReturnType<typeof html>,
): Promise<T> {
  const provider = await fixture(html`<data-provider .controller=${controller}>${template}</data-provider>`);
  const el = provider.firstElementChild as T;
  await el.updateComplete;
  return el;
}

describe('useSuspense', () => {
  it('fetches when the data is missing: pending, then complete; value, status and render follow', async () => {
    const server = itemServer(makeItems(2));
    const gate = deferred();
    server.hold = () => gate.promise;
    await startWorker(...server.handlers);
    const el = await mount<SuspenseItem>(new Controller(), html`<lit-suspense-item></lit-suspense-item>`);
    expect(el.item.status).to.equal('pending');
    expect(el.item.value).to.equal(undefined);
    expect(shadowText(el)).to.equal('pending');
    await waitFor(() => server.log.count('GET', '/lit-api/items/1') === 1, 'the GET was sent');

    gate.resolve();
    await waitFor(() => el.item.status === 'complete');
    await el.updateComplete;
    expect(el.item.value).to.be.instanceOf(Item);
    expect(el.item.value!.title).to.equal('item 1');
    expect(el.item.error).to.equal(undefined);
    expect(shadowText(el)).to.equal('title: item 1');
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(1);
  });

  it('takes args as a plain value', async () => {
    const server = itemServer(makeItems(2));
    await startWorker(...server.handlers);
    const el = await mount<SuspenseItemTwo>(new Controller(), html`<lit-suspense-item-two></lit-suspense-item-two>`);
    await waitFor(() => el.item.status === 'complete');
    await el.updateComplete;
    expect(shadowText(el)).to.equal('title: item 2');
  });

  it('re-reads args given as a function on each host update: a changed property fetches the new args', async () => {
    const server = itemServer(makeItems(3));
    await startWorker(...server.handlers);
    const el = await mount<SuspenseItem>(new Controller(), html`<lit-suspense-item></lit-suspense-item>`);
    await waitFor(() => el.item.status === 'complete');
    const first = el.item.value;

    el.itemId = 3;
    await el.updateComplete;
    expect(el.item.status, 'nothing cached for id 3 yet').to.equal('pending');
    await waitFor(() => el.item.status === 'complete');
    await el.updateComplete;
    expect(el.item.value!.title).to.equal('item 3');
    expect(shadowText(el)).to.equal('title: item 3');
    expect(server.log.count('GET', '/lit-api/items/3')).to.equal(1);

    // Back to id 1: cached and fresh, shown at once without a request.
    el.itemId = 1;
    await el.updateComplete;
    expect(el.item.status).to.equal('complete');
    expect(el.item.value).to.equal(first);
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(1);

    // A host update that does not change the args fetches nothing.
    el.requestUpdate();
    await el.updateComplete;
    expect(server.log.entries).to.have.length(2);
  });

  it('null args mean no fetch: value undefined, render() gives initial, until args are given', async () => {
    const server = itemServer(makeItems(2));
    await startWorker(...server.handlers);
    const el = await mount<SuspenseItem>(new Controller(), html`<lit-suspense-item .itemId=${null}></lit-suspense-item>`);
    expect(el.item.value).to.equal(undefined);
    // Nothing to wait for: not pending (a boundary would show its fallback forever).
    expect(el.item.status).to.equal('complete');
    expect(shadowText(el)).to.equal('not now');
    el.requestUpdate();
    await el.updateComplete;
    expect(server.log.entries).to.deep.equal([]);

    el.itemId = 2;
    await el.updateComplete;
    expect(el.item.status).to.equal('pending');
    await waitFor(() => el.item.status === 'complete');
    expect(el.item.value!.title).to.equal('item 2');
    expect(server.log.count('GET', '/lit-api/items/2')).to.equal(1);
  });

  it('a failing fetch gives status error with the error, and render picks the error branch', async () => {
    const server = itemServer(makeItems(2));
    server.fail = () => true;
    await startWorker(...server.handlers);
    const el = await mount<SuspenseItem>(new Controller(), html`<lit-suspense-item></lit-suspense-item>`);
    await waitFor(() => el.item.status === 'error');
    await el.updateComplete;
    expect(el.item.error).to.be.instanceOf(NetworkError);
    expect((el.item.error as NetworkError).status).to.equal(500);
    expect(shadowText(el)).to.match(/^error: .*500/);
    // A failure does not loop: one request, until retry().
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(1);

    server.fail = undefined;
    el.item.retry();
    expect(el.item.status).to.equal('pending');
    await waitFor(() => el.item.status === 'complete');
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(2);
  });

  it('shows stale data while it revalidates, then the fresh data', async () => {
    let now = 1_000;
    const controller = new Controller({now: () => now, dataExpiryLength: 100});
    controller.setResponse(getItem, {id: 1}, {id: 1, title: 'old', completed: false});
    now = 5_000; // past expiresAt (1_100): stale
    expect(controller.getResponse(getItem, {id: 1}).expiryStatus).to.equal('stale');

    const server = itemServer([{id: 1, title: 'new', completed: false}]);
    const gate = deferred();
    server.hold = () => gate.promise;
    await startWorker(...server.handlers);
    const el = await mount<SuspenseItem>(controller, html`<lit-suspense-item></lit-suspense-item>`);
    // Shown at once, while the revalidation is in flight.
    expect(el.item.status).to.equal('complete');
    expect(shadowText(el)).to.equal('title: old');
    await waitFor(() => server.log.count('GET', '/lit-api/items/1') === 1, 'revalidation sent');
    expect(shadowText(el)).to.equal('title: old');

    gate.resolve();
    await waitFor(() => el.item.value?.title === 'new');
    await el.updateComplete;
    expect(el.item.status).to.equal('complete');
    expect(shadowText(el)).to.equal('title: new');
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(1);
  });

  it('a failed revalidation keeps the stale data shown; a later invalidate still refetches', async () => {
    let now = 1_000;
    const controller = new Controller({now: () => now, dataExpiryLength: 100});
    controller.setResponse(getItem, {id: 1}, {id: 1, title: 'old', completed: false});
    now = 5_000;
    const server = itemServer([{id: 1, title: 'new', completed: false}]);
    server.fail = () => true;
    await startWorker(...server.handlers);
    const el = await mount<SuspenseItem>(controller, html`<lit-suspense-item></lit-suspense-item>`);
    await waitFor(() => server.log.count('GET', '/lit-api/items/1') === 1, 'revalidation sent');
    await waitFor(() => controller.getResponse(getItem, {id: 1}).error !== undefined, 'revalidation failed');
    expect(el.item.status, 'stale data stays shown').to.equal('complete');
    expect(el.item.value!.title).to.equal('old');

    server.fail = undefined;
    controller.invalidate(getItem, {id: 1});
    expect(el.item.status).to.equal('pending');
    await waitFor(() => el.item.status === 'complete');
    expect(el.item.value!.title).to.equal('new');
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(2);
  });

  it('refetches after controller.invalidate (pending until the new data arrives)', async () => {
    const server = itemServer(makeItems(1));
    await startWorker(...server.handlers);
    const controller = new Controller();
    const el = await mount<SuspenseItem>(controller, html`<lit-suspense-item></lit-suspense-item>`);
    await waitFor(() => el.item.status === 'complete');

    server.rows.get('1')!.title = 'after invalidate';
    const gate = deferred();
    server.hold = () => gate.promise;
    controller.invalidate(getItem, {id: 1});
    expect(el.item.status).to.equal('pending');
    await el.updateComplete;
    expect(shadowText(el)).to.equal('pending');
    await waitFor(() => server.log.count('GET', '/lit-api/items/1') === 2, 'refetch sent');

    gate.resolve();
    await waitFor(() => el.item.status === 'complete');
    await el.updateComplete;
    expect(shadowText(el)).to.equal('title: after invalidate');
  });

  it('an invalid required entity sends it back to pending (and refetches)', async () => {
    const server = itemServer(makeItems(2));
    await startWorker(...server.handlers);
    const controller = new Controller();
    const el = await mount<SuspenseItem>(controller, html`<lit-suspense-item></lit-suspense-item>`);
    await waitFor(() => el.item.status === 'complete');

    const gate = deferred();
    server.hold = request => (request.method === 'GET' ? gate.promise : undefined);
    await controller.fetch(deleteItem, {id: 1}); // schema.Invalidate(Item): item 1 is INVALID now
    expect(el.item.status).to.equal('pending');
    await el.updateComplete;
    expect(shadowText(el)).to.equal('pending');
    await waitFor(() => server.log.count('GET', '/lit-api/items/1') === 2, 'refetch sent');

    gate.resolve();
    // The server deleted it: the refetch answers 404.
    await waitFor(() => el.item.status === 'error');
    expect((el.item.error as NetworkError).status).to.equal(404);
  });

  it('an invalid optional entity (in a list) just disappears from the value', async () => {
    const server = itemServer(makeItems(3));
    await startWorker(...server.handlers);
    const controller = new Controller();
    const el = await mount<SuspenseList>(controller, html`<lit-suspense-list></lit-suspense-list>`);
    await waitFor(() => el.items.status === 'complete');
    await el.updateComplete;
    expect(shadowText(el)).to.equal('item 1, item 2, item 3');

    await controller.fetch(deleteItem, {id: 2});
    expect(el.items.status).to.equal('complete');
    expect(el.items.value!.map(i => i.id)).to.deep.equal([1, 3]);
    await el.updateComplete;
    expect(shadowText(el)).to.equal('item 1, item 3');
    expect(server.log.count('GET', '/lit-api/items'), 'no refetch of the list').to.equal(1);
  });
});

describe('readers and their host', () => {
  it('read the args on the first update, so properties set right after connecting are used (one request)', async () => {
    const server = itemServer(makeItems(3));
    await startWorker(...server.handlers);
    const provider = await fixture(html`<data-provider .controller=${new Controller()}></data-provider>`);
    // The usual imperative pattern: create, append, then set properties.
    const el = document.createElement('lit-suspense-item');
    provider.append(el);
    el.itemId = 3;
    await waitFor(() => el.item.status === 'complete');
    expect(el.item.value!.title).to.equal('item 3');
    expect(server.log.entries.map(e => e.path)).to.deep.equal(['/lit-api/items/3']);
  });

  it("follow a change of the provider's controller: the new cache is read, and fetched from when it lacks the data", async () => {
    const server = itemServer(makeItems(2));
    await startWorker(...server.handlers);
    const first = new Controller();
    const provider = await fixture<DataProvider>(html`<data-provider .controller=${first}><lit-suspense-item></lit-suspense-item></data-provider>`);
    const el = provider.querySelector('lit-suspense-item')!;
    await waitFor(() => el.item.status === 'complete');
    expect(listenerCount(first)).to.equal(1);

    const second = new Controller();
    provider.controller = second;
    await provider.updateComplete;
    expect(listenerCount(first), 'unsubscribed from the old one').to.equal(0);
    expect(listenerCount(second)).to.equal(1);
    await waitFor(() => server.log.count('GET', '/lit-api/items/1') === 2, 'fetched into the new cache');
    await waitFor(() => el.item.status === 'complete' && second.get(Item, {id: 1}) !== undefined);
    expect(el.item.value!.title).to.equal('item 1');
  });
});

describe('useCache', () => {
  it('never fetches: pending while nothing is cached, then follows the cache', async () => {
    const server = itemServer(makeItems(3));
    await startWorker(...server.handlers);
    const controller = new Controller();
    const el = await mount<CacheItem>(controller, html`<lit-cache-item .itemId=${2}></lit-cache-item>`);
    expect(el.item.status).to.equal('pending');
    expect(el.item.value).to.equal(undefined);
    expect(el.item.error).to.equal(undefined);
    expect(el.item.render({pending: () => 'waiting', complete: item => item.title})).to.equal('waiting');
    expect(shadowText(el)).to.equal('nothing');

    // A list fetch fills the cache; the per-item endpoint finds item 2 in it.
    await controller.fetch(getItems);
    expect(el.item.status).to.equal('complete');
    expect(el.item.value!.title).to.equal('item 2');
    expect(el.item.render({pending: () => 'waiting', complete: item => item.title})).to.equal('item 2');
    await el.updateComplete;
    expect(shadowText(el)).to.equal('item 2');

    // Args as a function: a changed property reads another entry, still without fetching.
    el.itemId = 3;
    await el.updateComplete;
    expect(shadowText(el)).to.equal('item 3');
    el.itemId = 99;
    await el.updateComplete;
    expect(el.item.value).to.equal(undefined);
    expect(shadowText(el)).to.equal('nothing');

    expect(server.log.entries.map(e => `${e.method} ${e.path}`)).to.deep.equal(['GET /lit-api/items']);
  });

  it('null args mean no read: complete with value undefined, until args are given', async () => {
    const server = itemServer(makeItems(2));
    await startWorker(...server.handlers);
    const controller = new Controller();
    controller.setResponse(getItem, {id: 2}, {id: 2, title: 'cached 2', completed: false});
    const el = await mount<CacheItem>(controller, html`<lit-cache-item .itemId=${null}></lit-cache-item>`);
    // Nothing asked for: not pending (a boundary would wait forever), not an error.
    expect(el.item.status).to.equal('complete');
    expect(el.item.value).to.equal(undefined);
    expect(el.item.error).to.equal(undefined);
    expect(el.item.render({initial: () => 'not now', complete: item => item.title})).to.equal('not now');
    expect(shadowText(el)).to.equal('nothing');

    el.itemId = 2;
    await el.updateComplete;
    expect(el.item.status).to.equal('complete');
    expect(el.item.value!.title).to.equal('cached 2');
    expect(shadowText(el)).to.equal('cached 2');
    expect(server.log.entries, 'useCache never fetches').to.deep.equal([]);
  });

  it('takes a Query: a count that follows the cache, 0 rendered as 0', async () => {
    const server = itemServer([]);
    await startWorker(...server.handlers);
    const controller = new Controller();
    const el = await mount<OpenCount>(controller, html`<lit-open-count></lit-open-count>`);
    expect(el.count.value).to.equal(undefined);
    expect(shadowText(el)).to.equal('open: unknown');

    controller.setResponse(getItems, [
      {id: 1, title: 'a', completed: true},
      {id: 2, title: 'b', completed: true},
    ]);
    expect(el.count.value).to.equal(0);
    expect(el.count.status).to.equal('complete');
    await el.updateComplete;
    expect(shadowText(el)).to.equal('open: 0');

    controller.setResponse(getItem, {id: 2}, {id: 2, title: 'b', completed: false});
    await el.updateComplete;
    expect(shadowText(el)).to.equal('open: 1');
    expect(server.log.entries, 'a Query never fetches').to.deep.equal([]);
  });

  it('takes Query args as a function of the host', async () => {
    const controller = new Controller();
    controller.setResponse(getItems, [
      {id: 1, title: 'a', completed: true},
      {id: 2, title: 'b', completed: false},
      {id: 3, title: 'c', completed: false},
    ]);
    const el = await mount<CountBy>(controller, html`<lit-count-by></lit-count-by>`);
    expect(shadowText(el)).to.equal('2');
    el.completed = true;
    await el.updateComplete;
    expect(shadowText(el)).to.equal('1');
  });
});

describe('useFetch', () => {
  it('starts the fetch and exposes its promise; the value follows the cache', async () => {
    const server = itemServer(makeItems(2));
    await startWorker(...server.handlers);
    const controller = new Controller();
    const el = await mount<FetchItem>(controller, html`<lit-fetch-item></lit-fetch-item>`);
    expect(el.item.promise).to.be.instanceOf(Promise);
    const resolved = (await el.item.promise) as Item;
    expect(resolved.title).to.equal('item 1');
    expect(el.item.status).to.equal('complete');
    expect(el.item.value).to.equal(resolved);
    await el.updateComplete;
    expect(shadowText(el)).to.equal('item 1');

    // New args, new promise.
    const before = el.item.promise;
    el.itemId = 2;
    await el.updateComplete;
    expect(el.item.promise).to.not.equal(before);
    expect(((await el.item.promise) as Item).title).to.equal('item 2');
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(1);
    expect(server.log.count('GET', '/lit-api/items/2')).to.equal(1);
  });

  it('null args mean no fetch: complete with value undefined and no promise, until args are given', async () => {
    const server = itemServer(makeItems(2));
    await startWorker(...server.handlers);
    const el = await mount<FetchItem>(new Controller(), html`<lit-fetch-item .itemId=${null}></lit-fetch-item>`);
    expect(el.item.status).to.equal('complete');
    expect(el.item.value).to.equal(undefined);
    expect(el.item.error).to.equal(undefined);
    expect(el.item.promise).to.equal(undefined);
    expect(el.item.render({initial: () => 'not now', complete: item => item.title})).to.equal('not now');
    // Neither a host update nor retry() asks for anything while the args say "not now".
    el.requestUpdate();
    el.item.retry();
    await el.updateComplete;
    expect(el.item.status).to.equal('complete');
    expect(el.item.promise).to.equal(undefined);
    expect(server.log.entries).to.deep.equal([]);

    el.itemId = 2;
    await el.updateComplete;
    expect(el.item.status).to.equal('pending');
    expect(((await el.item.promise) as Item).title).to.equal('item 2');
    await waitFor(() => el.item.status === 'complete');
    expect(el.item.value!.title).to.equal('item 2');
    expect(server.log.entries.map(e => `${e.method} ${e.path}`)).to.deep.equal(['GET /lit-api/items/2']);
  });

  it('its promise rejects with the error of a failed fetch, and status is error', async () => {
    const server = itemServer(makeItems(1));
    server.fail = () => true;
    await startWorker(...server.handlers);
    const el = await mount<FetchItem>(new Controller(), html`<lit-fetch-item></lit-fetch-item>`);
    let caught: unknown;
    await el.item.promise!.catch(error => (caught = error));
    expect((caught as NetworkError).status).to.equal(500);
    await waitFor(() => el.item.status === 'error');
    expect(el.item.error).to.equal(caught);
    expect(el.item.render({complete: item => item.title, error: e => `failed: ${(e as NetworkError).status}`})).to.equal('failed: 500');
  });
});

describe('readers given what they cannot read, or made late', () => {
  it('a reader made on a host that is already connected (in connectedCallback) reads and renders', async () => {
    const server = itemServer(makeItems(1));
    await startWorker(...server.handlers);
    class LateReader extends CountingElement {
      item: ReturnType<typeof useSuspense<typeof getItem>> | undefined;
      override connectedCallback() {
        super.connectedCallback();
        this.item ??= useSuspense(this, getItem, {id: 1});
      }
      override render() {
        return html`${this.item?.value?.title ?? 'pending'}`;
      }
    }
    customElements.define('lit-late-reader', LateReader);
    const provider = await fixture(html`<data-provider .controller=${new Controller()}><lit-late-reader></lit-late-reader></data-provider>`);
    const el = provider.querySelector<LateReader>('lit-late-reader')!;
    await waitFor(() => el.item?.status === 'complete');
    await el.updateComplete;
    expect(shadowText(el)).to.equal('item 1');
  });

  for (const hook of ['useSuspense', 'useFetch'] as const) {
    it(`${hook} given a Query shows an error naming it at once, instead of pending forever`, async () => {
      const openItems = new Query(new schema.All(Item), items => items.filter(item => !item.completed), {name: 'openItems'});
      // A compile error in TypeScript (these readers take a fetchable endpoint): what plain JavaScript can still do.
      const read = (hook === 'useSuspense' ? useSuspense : useFetch) as unknown as (host: CountingElement, endpoint: unknown) => {status: string; error: unknown; handlesErrors: boolean};
      class QueryFetcher extends CountingElement {
        readonly items = read(this, openItems);
        constructor() {
          super();
          this.items.handlesErrors = true;
        }
      }
      customElements.define(`lit-query-${hook.toLowerCase()}`, QueryFetcher);
      const provider = await fixture(html`<data-provider .controller=${new Controller()}></data-provider>`);
      const el = document.createElement(`lit-query-${hook.toLowerCase()}`) as QueryFetcher;
      provider.append(el);
      await waitFor(() => el.items.status === 'error');
      expect((el.items.error as Error).message).to.equal('openItems cannot be fetched: a Query only reads the cache. Use controller.get() or useCache() instead.');
    });
  }

  it('an args function that throws is the read\'s error, not an exception in the page', async () => {
    const thrown: unknown[] = [];
    const onError = (event: ErrorEvent) => thrown.push(event.error);
    const onRejection = (event: PromiseRejectionEvent) => thrown.push(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    try {
      class ThrowingArgs extends CountingElement {
        owner: {id: number} | undefined;
        readonly item = useSuspense(this, getItem, () => ({id: this.owner!.id}));
        constructor() {
          super();
          this.item.handlesErrors = true;
        }
        override render() {
          return this.item.render({pending: () => html`pending`, complete: item => html`${item.title}`, error: error => html`error: ${(error as Error).message}`});
        }
      }
      customElements.define('lit-throwing-args', ThrowingArgs);
      const server = itemServer(makeItems(1));
      await startWorker(...server.handlers);
      const provider = await fixture(html`<data-provider .controller=${new Controller()}><lit-throwing-args></lit-throwing-args></data-provider>`);
      const el = provider.querySelector<ThrowingArgs>('lit-throwing-args')!;
      await waitFor(() => el.item.status === 'error');
      expect(el.item.error).to.be.instanceOf(TypeError);
      await el.updateComplete;
      expect(shadowText(el)).to.match(/^error: /);
      // Once the function can answer, the read goes on.
      el.owner = {id: 1};
      el.requestUpdate();
      await waitFor(() => el.item.status === 'complete');
      expect(el.item.value!.title).to.equal('item 1');
      expect(thrown).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });
});

describe('a reader given a whole resource', () => {
  it('shows an error saying to give one of its endpoints (development mode), not an engine message', async () => {
    const read = useCache as unknown as (host: CountingElement, endpoint: unknown, args: unknown) => {status: string; error: unknown; handlesErrors: boolean};
    class WholeResource extends CountingElement {
      readonly item = read(this, ItemResource, {id: 1});
      constructor() {
        super();
        this.item.handlesErrors = true;
      }
    }
    customElements.define('lit-whole-resource', WholeResource);
    const provider = await fixture(html`<data-provider .controller=${new Controller()}></data-provider>`);
    const el = document.createElement('lit-whole-resource') as WholeResource;
    provider.append(el);
    await waitFor(() => el.item.status === 'error');
    expect((el.item.error as Error).message).to.equal('a reader: not an endpoint: a resource, give one of its endpoints (such as resource.get)');
  });
});

describe('a reader made with no endpoint', () => {
  const consoleWarn = recordConsole('warn');

  it('warns, naming the reader and its host, when the endpoint is undefined (development mode)', () => {
    // What a resource imported through an import cycle is in a bundle; the types forbid it.
    const missing = undefined as unknown as typeof ItemResource.get;
    class NoEndpoint extends CountingElement {
      readonly suspense = useSuspense(this, missing, {id: 1});
      readonly cache = useCache(this, missing, {id: 1});
      readonly fetch = useFetch(this, missing, {id: 1});
    }
    customElements.define('lit-no-endpoint', NoEndpoint);
    const el = document.createElement('lit-no-endpoint') as NoEndpoint;
    const messages = consoleWarn.calls().map(args => String(args[0]));
    for (const who of ['useSuspense', 'useCache', 'useFetch']) {
      expect(messages).to.include(
        `data-elements (development mode): ${who} in <lit-no-endpoint>: the endpoint is undefined, so nothing is read. A resource imported through an import cycle is undefined while its module is still loading: import it from a module that does not import this one.`,
      );
    }
    expect(consoleWarn.calls()[0]![1]).to.equal(el);
  });

  it('warns once when an args function returns undefined, which reads the whole list (development mode)', async () => {
    class ShortCircuit extends CountingElement {
      owner: string | undefined;
      // Meant as "not yet": undefined reads as no args.
      readonly items = useCache(this, ItemResource.getList, () => (this.owner && {owner: this.owner}) as {owner: string});
    }
    customElements.define('lit-short-circuit-args', ShortCircuit);
    const provider = await fixture(html`<data-provider .controller=${new Controller()}><lit-short-circuit-args></lit-short-circuit-args></data-provider>`);
    const el = provider.querySelector<ShortCircuit>('lit-short-circuit-args')!;
    await el.updateComplete;
    el.requestUpdate();
    await el.updateComplete;
    const told = consoleWarn.calls().filter(args => String(args[0]).includes('its args function returned undefined'));
    expect(told.map(args => String(args[0]))).to.deep.equal([
      `data-elements (development mode): a reader of ${ItemResource.getList.name}: its args function returned undefined, which reads as no args (for a list, the whole list). Return null for "not now" (() => userId ? {userId} : null).`,
    ]);
    expect(told[0]![1]).to.equal(el.items);
  });

  it('says nothing when the endpoint is there', () => {
    class WithEndpoint extends CountingElement {
      readonly item = useCache(this, ItemResource.get, {id: 1});
    }
    customElements.define('lit-with-endpoint', WithEndpoint);
    document.createElement('lit-with-endpoint');
    expect(consoleWarn.calls()).to.deep.equal([]);
  });
});
