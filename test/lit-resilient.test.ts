// Resilient requests in the Lit readers: a reader that stops waiting (its host
// disconnected, its args changed) abandons its GET when nobody else waits for it.
import {expect, fixture, html} from '@open-wc/testing';
import {property} from 'lit/decorators.js';
import '../components/data-provider.js';
import '../components/data-boundary.js';
import '../components/data-resource.js';
import type {DataResource} from '../components/data-resource.js';
import {Controller} from '../src/core/index.js';
import {useSuspense} from '../src/lit/index.js';
import {RestEndpoint} from '../src/rest/index.js';
import {http, HttpResponse} from 'msw';
import {CountingElement, deferred, Item, itemServer, makeItems, shadowText, waitFor, type Deferred} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import {requestCount} from '../src/internal.js';

after(() => stopWorker());

/** The signal of each init the endpoint gave fetchResponse, by URL path. */
const signals = new Map<string, AbortSignal>();
const getTracked = new RestEndpoint({
  path: '/lit-resilient/items/:id',
  schema: Item,
  fetchResponse(input: string, init: RequestInit) {
    signals.set(new URL(input, location.href).pathname, init.signal!);
    return fetch(input, init);
  },
});

class TrackedItem extends CountingElement {
  @property({type: Number}) itemId = 1;
  readonly item = useSuspense(this, getTracked, () => ({id: this.itemId}));
  constructor() {
    super();
    this.item.handlesErrors = true; // render() shows the error
  }
  override render() {
    return this.item.render({pending: () => html`pending`, complete: item => html`title: ${item.title}`, error: e => html`error: ${String(e)}`});
  }
}
customElements.define('lit-resilient-item', TrackedItem);

/** The same read, keeping the previous value while new args load. */
class KeptItem extends CountingElement {
  @property({type: Number}) itemId = 1;
  readonly item = useSuspense(this, getTracked, () => ({id: this.itemId}), {keepPrevious: true});
  override render() {
    return this.item.render({pending: () => html`pending`, complete: item => html`title: ${item.title}${this.item.previous ? ' (previous)' : ''}`});
  }
}
customElements.define('lit-resilient-kept', KeptItem);

declare global {
  interface HTMLElementTagNameMap {
    'lit-resilient-item': TrackedItem;
    'lit-resilient-kept': KeptItem;
  }
}

let gate: Deferred<void>;

async function setup(count = 3) {
  signals.clear();
  gate = deferred();
  const server = itemServer(makeItems(count), '/lit-resilient/items');
  server.hold = () => gate.promise;
  await startWorker(...server.handlers);
  const controller = new Controller();
  const provider = await fixture(html`<data-provider .controller=${controller}>
    <lit-resilient-item></lit-resilient-item>
  </data-provider>`);
  const el = provider.querySelector('lit-resilient-item')!;
  await waitFor(() => server.log.count('GET', '/lit-resilient/items/1') === 1, 'the first GET reached the server');
  return {controller, provider, el, server};
}

describe('cancellation in readers', () => {
  afterEach(() => gate?.resolve());

  it('a reader whose host disconnects aborts its GET; the result keeps no error', async () => {
    const {controller, el} = await setup();
    const signal = signals.get('/lit-resilient/items/1')!;
    expect(signal.aborted).to.equal(false);
    el.remove();
    expect(signal.aborted, 'nobody waits any more').to.equal(true);
    const response = controller.getResponse(getTracked, {id: 1});
    expect(response.error).to.equal(undefined);
    expect(response.fetching).to.equal(undefined);
    expect(requestCount(controller)).to.equal(0);
  });

  it('a reader whose args change aborts the GET of its old args and shows the new ones', async () => {
    const {el} = await setup();
    const first = signals.get('/lit-resilient/items/1')!;
    el.itemId = 2;
    await el.updateComplete;
    expect(first.aborted).to.equal(true);
    expect(signals.get('/lit-resilient/items/2')!.aborted).to.equal(false);
    gate.resolve();
    await waitFor(() => el.item.status === 'complete');
    await el.updateComplete;
    expect(shadowText(el)).to.equal('title: item 2');
  });

  it('a GET two readers wait for goes on when one of them leaves', async () => {
    const {provider, el} = await setup();
    const second = document.createElement('lit-resilient-item');
    provider.append(second);
    await second.updateComplete;
    el.remove();
    const signal = signals.get('/lit-resilient/items/1')!;
    expect(signal.aborted).to.equal(false);
    gate.resolve();
    await waitFor(() => second.item.status === 'complete');
    await second.updateComplete;
    expect(shadowText(second)).to.equal('title: item 1');
  });
});

describe('retries in readers', () => {
  /** Answers 503 (no Retry-After) `failures` times, then the item; counts the requests. */
  async function flaky(failures: number) {
    const server = {requests: 0};
    await startWorker(
      http.get('/lit-resilient/items/:id', ({params}) => {
        server.requests++;
        if (server.requests <= failures) return HttpResponse.json({message: 'busy'}, {status: 503});
        return HttpResponse.json({id: Number(params.id), title: `item ${params.id}`, completed: false});
      }),
    );
    return server;
  }

  /** Tiny delays so that the retries run in a few ms (their timing is checked in Node on a fake clock). */
  const quick = {initialDelay: 1, maxDelay: 4, jitter: 0};

  it('stays pending through failed tries and shows the data of the try that worked', async () => {
    const server = await flaky(2);
    const controller = new Controller({retry: quick});
    const provider = await fixture(html`<data-provider .controller=${controller}><lit-resilient-item></lit-resilient-item></data-provider>`);
    const el = provider.querySelector('lit-resilient-item')!;
    const seen = new Set<string>();
    controller.subscribe(() => seen.add(el.item.status));
    await waitFor(() => el.item.status === 'complete', 'the third try worked');
    await el.updateComplete;
    expect(server.requests).to.equal(3);
    expect(seen.has('error'), 'never showed an error').to.equal(false);
    expect(shadowText(el)).to.equal('title: item 1');
  });

  it('shows the error once the tries are over, and tries again after errorExpiryLength on its next update', async () => {
    const server = await flaky(4);
    let now = 1_000;
    const controller = new Controller({retry: {...quick, retries: 2}, errorExpiryLength: 5_000, now: () => now});
    const provider = await fixture(html`<data-provider .controller=${controller}><lit-resilient-item></lit-resilient-item></data-provider>`);
    const el = provider.querySelector('lit-resilient-item')!;
    await waitFor(() => el.item.status === 'error', 'the tries ran out');
    expect(server.requests).to.equal(3);
    el.requestUpdate();
    await el.updateComplete;
    expect(server.requests, 'the error stands').to.equal(3);
    now += 5_000;
    el.requestUpdate();
    await el.updateComplete;
    await waitFor(() => el.item.status === 'complete', 'tried again after the error expired');
    expect(server.requests).to.equal(5);
  });
});

describe('keepPrevious', () => {
  it('keeps the previous value, flagged, while new args load; the boundary keeps its content', async () => {
    const server = itemServer(makeItems(3), '/lit-resilient/items');
    await startWorker(...server.handlers);
    const provider = await fixture(html`<data-provider .controller=${new Controller()}>
      <data-boundary><lit-resilient-kept></lit-resilient-kept></data-boundary>
    </data-provider>`);
    const boundary = provider.querySelector('data-boundary')!;
    const el = provider.querySelector('lit-resilient-kept')!;
    await waitFor(() => el.item.status === 'complete');
    await el.updateComplete;
    const first = el.item.value;
    expect(el.item.previous).to.equal(false);

    gate = deferred();
    server.hold = () => gate.promise;
    el.itemId = 2;
    await el.updateComplete;
    expect(el.item.status).to.equal('complete');
    expect(el.item.value).to.equal(first, 'the identical previous value');
    expect(el.item.previous).to.equal(true);
    expect(shadowText(el)).to.equal('title: item 1 (previous)');
    await boundary.updateComplete;
    expect(boundary.hasAttribute('loading'), 'no fallback').to.equal(false);

    gate.resolve();
    await waitFor(() => el.item.previous === false, 'the new value arrived');
    await el.updateComplete;
    expect(el.item.value!.title).to.equal('item 2');
    expect(shadowText(el)).to.equal('title: item 2');
  });

  it('without keepPrevious a reader goes back to pending (the default)', async () => {
    const {el} = await setup();
    gate.resolve();
    await waitFor(() => el.item.status === 'complete');
    gate = deferred();
    el.itemId = 2;
    await el.updateComplete;
    expect(el.item.status).to.equal('pending');
    expect(el.item.previous).to.equal(false);
  });

  it('<data-resource keep-previous> keeps the previous item while new params load', async () => {
    const server = itemServer(makeItems(3), '/lit-resilient/items');
    await startWorker(...server.handlers);
    const provider = await fixture(html`<data-provider>
      <data-resource keep-previous path="/lit-resilient/items/:id" entity="KeptItem" params='{"id": 1}'>
        <template><p>{{ item.title }}{{ previous ? ' (previous)' : '' }}</p></template>
        <template data-state="loading"><p>loading</p></template>
      </data-resource>
    </data-provider>`);
    const resource = provider.querySelector<DataResource>('data-resource')!;
    await waitFor(() => resource.querySelector('p')?.textContent === 'item 1', 'loaded');
    gate = deferred();
    server.hold = () => gate.promise;
    resource.setAttribute('params', '{"id": 2}');
    await resource.updateComplete;
    expect(resource.querySelector('p')!.textContent).to.equal('item 1 (previous)');
    expect(resource.hasAttribute('loading')).to.equal(false);
    gate.resolve();
    await waitFor(() => resource.querySelector('p')?.textContent === 'item 2', 'the new item');
  });
});
