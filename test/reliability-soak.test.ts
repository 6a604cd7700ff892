// Soak: mount and unmount 10,000 LitElements bound to cached data, in 100
// batches of 100 (half useSuspense, half useCache of the same entities). After every batch the
// Controller has no listener and no retained read left; with a GC policy, a sweep keeps what
// the mounted batch shows (identical objects) and drops the rest, so the entity table never
// holds more than what is mounted plus one unswept batch.
//
// The endpoint answers from memory (no network: msw would measure itself, not the cache), and
// the Controller runs on a fake clock so "old" is exact. Readers retain their reads with the
// `retainRead` controller below: the lines the Lit readers are to take over (see
// docs/reliability.md); once they do, it is redundant and harmless (reads are ref-counted).
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement, type ReactiveController, type ReactiveControllerHost} from 'lit';
import {property} from 'lit/decorators.js';
import type {DataProvider} from '../components/data-provider.js';
import '../components/data-provider.js';
import {Controller, GCPolicy} from '../src/core/index.js';
import type {EndpointInterface} from '../src/endpoint/index.js';
import {useCache, useController, useSuspense} from '../src/lit/index.js';
import {Entity} from '../src/schema/index.js';
import {listenerCount, retainedCount, visibleState} from '../src/internal.js';

class SoakItem extends Entity {
  id = 0;
  title = '';
  static override key = 'SoakItem';
}

/** An endpoint answered from memory, counting its requests. */
let requests = 0;
const getSoakItem = {
  name: 'getSoakItem',
  schema: SoakItem,
  key: ({id}: {id: number}) => `GET /soak/${id}`,
  fetch: async ({id}: {id: number}) => {
    requests++;
    return {id, title: `item ${id}`};
  },
} satisfies EndpointInterface;

/**
 * Retains what a reader reads while its host is connected: `controller.retain(endpoint,
 * ...args)` at connect (and when the args change), the release at disconnect.
 */
class RetainRead implements ReactiveController {
  private release?: () => void;
  private key?: string;
  private readonly ctrl;
  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly endpoint: EndpointInterface,
    private readonly args: () => unknown,
  ) {
    this.ctrl = useController(host);
    host.addController(this);
  }
  hostConnected(): void {
    this.hold();
  }
  hostUpdate(): void {
    this.hold();
  }
  hostDisconnected(): void {
    this.release?.();
    this.release = undefined;
    this.key = undefined;
  }
  private hold(): void {
    const controller = this.ctrl.controller;
    const key = this.endpoint.key(this.args());
    if (!controller || key === this.key) return;
    this.release?.();
    this.key = key;
    this.release = controller.retain(this.endpoint, this.args());
  }
}

class SoakSuspense extends LitElement {
  @property({type: Number}) itemId = 0;
  readonly item = useSuspense(this, getSoakItem, () => ({id: this.itemId}));
  readonly retained = new RetainRead(this, getSoakItem, () => ({id: this.itemId}));
  override render() {
    return this.item.render({pending: () => html`…`, complete: item => html`${item.title}`});
  }
}
customElements.define('soak-suspense', SoakSuspense);

class SoakCache extends LitElement {
  @property({type: Number}) itemId = 0;
  readonly item = useCache(this, getSoakItem, () => ({id: this.itemId}));
  readonly retained = new RetainRead(this, getSoakItem, () => ({id: this.itemId}));
  override render() {
    return html`${this.item.value?.title ?? '–'}`;
  }
}
customElements.define('soak-cache', SoakCache);

declare global {
  interface HTMLElementTagNameMap {
    'soak-suspense': SoakSuspense;
    'soak-cache': SoakCache;
  }
}

const BATCHES = 100;
const BATCH = 100;
const MAX_AGE = 60_000;

/** Mounts one batch (ids from `first`), waits until every element shows its item, returns them. */
async function mount(provider: DataProvider, first: number): Promise<(SoakSuspense | SoakCache)[]> {
  const elements: (SoakSuspense | SoakCache)[] = [];
  for (let i = 0; i < BATCH / 2; i++) {
    const suspense = document.createElement('soak-suspense');
    suspense.itemId = first + i;
    const cache = document.createElement('soak-cache');
    cache.itemId = first + i;
    elements.push(suspense, cache);
  }
  provider.append(...elements);
  await Promise.all(elements.map(el => el.updateComplete));
  // The suspense readers fetched; wait for those fetches, then for the renders they cause.
  await Promise.all(elements.map(el => (el instanceof SoakSuspense ? el.item.promise : undefined)));
  await Promise.all(elements.map(el => el.updateComplete));
  return elements;
}

describe('soak: 10,000 elements mounted and unmounted', () => {
  it('leaves no listener or retained read behind, and with gc() the entity table stays bounded', async function () {
    this.timeout(120_000);
    let now = 1_000_000;
    // Data stays fresh across the clock's jumps (no revalidation refetches); maxAge alone decides GC.
    const controller = new Controller({now: () => now, dataExpiryLength: 1000 * MAX_AGE, gcPolicy: new GCPolicy({maxAge: MAX_AGE})});
    const provider = await fixture<DataProvider>(html`<data-provider .controller=${controller}></data-provider>`);
    requests = 0;
    const started = performance.now();
    let maxRows = 0;
    let swept = 0;

    for (let batch = 0; batch < BATCHES; batch++) {
      const first = batch * BATCH;
      const elements = await mount(provider, first);
      expect(listenerCount(controller), 'one listener per mounted reader').to.equal(BATCH);
      expect(retainedCount(controller), 'one retained read per item shown').to.equal(BATCH / 2);
      const sample = elements[BATCH - 1] as SoakCache;
      expect(sample.shadowRoot!.textContent).to.equal(`item ${first + BATCH / 2 - 1}`);

      // Everything is old now; what the mounted batch shows must survive the sweep, identical.
      const shown = elements.map(el => el.item.value);
      maxRows = Math.max(maxRows, visibleState(controller).entities.get(SoakItem.key)!.size);
      now += MAX_AGE + 1;
      swept += controller.gc().entities;
      expect(visibleState(controller).entities.get(SoakItem.key)!.size, 'only the mounted batch is left').to.equal(BATCH / 2);
      elements.forEach((el, i) => {
        if (el.item.value !== shown[i]) throw new Error(`batch ${batch}: element ${i} got a new object after gc()`);
      });

      for (const el of elements) el.remove();
      expect(listenerCount(controller), `batch ${batch}: listeners after unmount`).to.equal(0);
      expect(retainedCount(controller), `batch ${batch}: retained reads after unmount`).to.equal(0);
    }

    now += MAX_AGE + 1;
    swept += controller.gc().entities;
    expect(visibleState(controller).entities.get(SoakItem.key)!.size, 'nothing is left once nothing is mounted').to.equal(0);
    expect(visibleState(controller).endpoints.size).to.equal(0);
    expect(requests, 'one request per item').to.equal((BATCHES * BATCH) / 2);
    expect(swept).to.equal((BATCHES * BATCH) / 2);
    expect(maxRows, 'the mounted batch and the one unmounted before it, at most').to.be.at.most(BATCH);
  });

  it('without gc() the table keeps every entity ever shown (the control)', async function () {
    this.timeout(60_000);
    const controller = new Controller();
    const provider = await fixture<DataProvider>(html`<data-provider .controller=${controller}></data-provider>`);
    for (let batch = 0; batch < 10; batch++) {
      const elements = await mount(provider, 1_000_000 + batch * BATCH);
      for (const el of elements) el.remove();
    }
    expect(listenerCount(controller)).to.equal(0);
    expect(visibleState(controller).entities.get(SoakItem.key)!.size).to.equal(10 * (BATCH / 2));
  });
});
