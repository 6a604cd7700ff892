// Rendering cost and subscriptions: a controller asks its host to render
// only when the reference of its value changes; disconnect unsubscribes, reconnect catches up.
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import {property} from 'lit/decorators.js';
import {repeat} from 'lit/directives/repeat.js';
import '../components/data-provider.js';
import type {DataProvider} from '../components/data-provider.js';
import {Controller} from '../src/core/index.js';
import {Query} from '../src/endpoint/index.js';
import {useCache, useSuspense} from '../src/lit/index.js';
import {schema} from '../src/schema/index.js';
import {CountingElement, defineUnique, getItem, getItems, Item, itemServer, makeItems, patchItem, shadowText, waitFor} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import {listenerCount} from '../src/internal.js';

// One msw worker for the whole page (file); stopping it between suites makes msw re-register it.
after(() => stopWorker());

/** One entity through the per-entity endpoint (found in the cache the list fetch filled). */
class CostByEndpoint extends CountingElement {
  @property({type: Number}) itemId = 0;
  readonly item = useCache(this, getItem, () => ({id: this.itemId}));
  override render() {
    return html`${this.item.value?.title ?? ''}`;
  }
}
customElements.define('lit-cost-endpoint', CostByEndpoint);

const itemById = new Query(new schema.All(Item), (items: Item[], {id}: {id: number}) => items.find(i => i.id === id));

/** One entity through a Query over every cached item. */
class CostByQuery extends CountingElement {
  @property({type: Number}) itemId = 0;
  readonly item = useCache(this, itemById, () => ({id: this.itemId}));
  override render() {
    return html`${this.item.value?.title ?? ''}`;
  }
}
customElements.define('lit-cost-query', CostByQuery);

/** The same through useSuspense of the per-entity endpoint (the list fetch cached every item: no fetch). */
class CostBySuspense extends CountingElement {
  @property({type: Number}) itemId = 0;
  readonly item = useSuspense(this, getItem, () => ({id: this.itemId}));
  override render() {
    return html`${this.item.value?.title ?? ''}`;
  }
}
customElements.define('lit-cost-suspense', CostBySuspense);

/** useSuspense of one item by endpoint, for the reconnect test. */
class SuspenseAway extends CountingElement {
  readonly item = useSuspense(this, getItem, {id: 1});
  override render() {
    return html`${this.item.value?.title ?? ''}`;
  }
}
customElements.define('lit-suspense-away', SuspenseAway);

declare global {
  interface HTMLElementTagNameMap {
    'lit-suspense-away': SuspenseAway;
    'lit-cost-endpoint': CostByEndpoint;
    'lit-cost-query': CostByQuery;
    'lit-cost-suspense': CostBySuspense;
  }
}

type Bound = CostByEndpoint | CostByQuery | CostBySuspense;
const ids = makeItems(100).map(i => i.id);

/** 100 elements of `tag`, each bound to its own entity, below a provider of `controller`. */
async function mountHundred(controller: Controller, tag: 'endpoint' | 'query' | 'suspense'): Promise<Bound[]> {
  const provider = await fixture<DataProvider>(html`
    <data-provider .controller=${controller}>
      ${repeat(
        ids,
        id => id,
        id =>
          tag === 'endpoint'
            ? html`<lit-cost-endpoint .itemId=${id}></lit-cost-endpoint>`
            : tag === 'query'
              ? html`<lit-cost-query .itemId=${id}></lit-cost-query>`
              : html`<lit-cost-suspense .itemId=${id}></lit-cost-suspense>`,
      )}
    </data-provider>
  `);
  const els = [...provider.children] as Bound[];
  expect(els).to.have.length(100);
  await settle(els);
  return els;
}

/**
 * Mounts the 100 elements and fetches the list once. useCache readers mount first and the
 * list fills them; a useSuspense reader fetches what is missing, so for those the list is
 * fetched before they mount (every item is then cached: no request per element).
 */
async function mountAndLoad(controller: Controller, tag: 'endpoint' | 'query' | 'suspense'): Promise<Bound[]> {
  if (tag === 'suspense') await controller.fetch(getItems);
  const els = await mountHundred(controller, tag);
  if (tag !== 'suspense') await controller.fetch(getItems);
  await settle(els);
  return els;
}

/** Waits until no element has an update pending (updates are requested synchronously). */
async function settle(els: Bound[]): Promise<void> {
  await Promise.all(els.map(el => el.updateComplete));
}

const renders = (els: Bound[]) => els.map(el => el.renders);
/** Indexes of the elements that rendered since `before`. */
const renderedSince = (els: Bound[], before: number[]) => els.flatMap((el, i) => (el.renders !== before[i] ? [i] : []));

for (const tag of ['endpoint', 'query', 'suspense'] as const) {
  describe(`rendering cost: 100 elements bound to 100 entities (${tag === 'endpoint' ? 'useCache of a per-entity endpoint' : tag === 'query' ? 'useCache of a Query' : 'useSuspense of a per-entity endpoint'})`, () => {
      it('one list fetch fills them all; setResponse of one entity re-renders exactly one element', async () => {
      const server = itemServer(makeItems(100));
      await startWorker(...server.handlers);
      const controller = new Controller();
      const els = await mountAndLoad(controller, tag);
      expect(els.map(el => shadowText(el))).to.deep.equal(ids.map(id => `item ${id}`));

      const before = renders(els);
      controller.setResponse(getItem, {id: 42}, {id: 42, title: 'changed', completed: false});
      await settle(els);
      expect(renderedSince(els, before)).to.deep.equal([41]);
      expect(els[41]!.renders).to.equal(before[41]! + 1);
      expect(shadowText(els[41]!)).to.equal('changed');
      expect(server.log.entries, 'one request in all').to.have.length(1);
    });

    it('a PATCH through ctrl.fetch re-renders exactly the element of the patched entity', async () => {
      const server = itemServer(makeItems(100));
      await startWorker(...server.handlers);
      const controller = new Controller();
      const els = await mountAndLoad(controller, tag);

      const before = renders(els);
      await controller.fetch(patchItem, {id: 7}, {title: 'patched'});
      await settle(els);
      expect(renderedSince(els, before)).to.deep.equal([6]);
      expect(shadowText(els[6]!)).to.equal('patched');
      expect(server.log.count('PATCH', '/lit-api/items/7')).to.equal(1);
    });

    it('a refetch of identical data re-renders nothing', async () => {
      const server = itemServer(makeItems(100));
      await startWorker(...server.handlers);
      const controller = new Controller();
      const els = await mountAndLoad(controller, tag);
      const values = els.map(el => el.item.value);

      const before = renders(els);
      await controller.fetch(getItems);
      await settle(els);
      expect(server.log.count('GET', '/lit-api/items')).to.equal(2);
      expect(renderedSince(els, before)).to.deep.equal([]);
      expect(els.every((el, i) => el.item.value === values[i]), 'every value is the identical object').to.equal(true);
    });
  });
}

describe('subscriptions follow the host', () => {
  it('disconnecting a host unsubscribes it; reconnecting resubscribes and catches up', async () => {
    const controller = new Controller();
    controller.setResponse(getItems, makeItems(3));
    const baseline = listenerCount(controller);
    const provider = await fixture<DataProvider>(html`
      <data-provider .controller=${controller}>
        <lit-cost-endpoint .itemId=${1}></lit-cost-endpoint>
        <lit-cost-endpoint .itemId=${2}></lit-cost-endpoint>
        <lit-cost-endpoint .itemId=${3}></lit-cost-endpoint>
      </data-provider>
    `);
    const els = [...provider.children] as CostByEndpoint[];
    await settle(els);
    expect(listenerCount(controller)).to.equal(baseline + 3);
    const second = els[1]!;
    expect(shadowText(second)).to.equal('item 2');

    second.remove();
    expect(listenerCount(controller)).to.equal(baseline + 2);

    // Changed while it was away: it is not told (and does not render)...
    const rendersWhileAway = second.renders;
    controller.setResponse(getItem, {id: 2}, {id: 2, title: 'changed while away', completed: false});
    await second.updateComplete;
    expect(second.renders).to.equal(rendersWhileAway);

    // ...and catches up when it comes back.
    provider.append(second);
    expect(listenerCount(controller)).to.equal(baseline + 3);
    await waitFor(() => shadowText(second) === 'changed while away', 'caught up after reconnect');
    expect(second.item.value!.title).to.equal('changed while away');

    // Subscribed again: later changes arrive.
    controller.setResponse(getItem, {id: 2}, {id: 2, title: 'after reconnect', completed: false});
    await second.updateComplete;
    expect(shadowText(second)).to.equal('after reconnect');

    // Removing the whole tree leaves no listener behind.
    provider.remove();
    expect(listenerCount(controller)).to.equal(baseline);
  });

  it('a useSuspense host invalidated while away refetches when it comes back', async () => {
    const server = itemServer(makeItems(1));
    await startWorker(...server.handlers);
    const controller = new Controller();
    const provider = await fixture<DataProvider>(html`
      <data-provider .controller=${controller}><lit-suspense-away></lit-suspense-away></data-provider>
    `);
    const el = provider.querySelector('lit-suspense-away')!;
    await waitFor(() => el.item.status === 'complete');
    el.remove();
    server.rows.get('1')!.title = 'refetched on return';
    controller.invalidate(getItem, {id: 1});
    expect(server.log.count('GET', '/lit-api/items/1'), 'nothing fetched for a disconnected host').to.equal(1);

    provider.append(el);
    expect(el.item.status).to.equal('pending');
    await waitFor(() => el.item.status === 'complete');
    await el.updateComplete;
    expect(shadowText(el)).to.equal('refetched on return');
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(2);
  });
});

describe('args read again at every host update', () => {
  const filled = () => {
    const controller = new Controller();
    controller.setResponse(getItems, makeItems(3));
    return controller;
  };

  it('a params object changed in place is read with its new value', async () => {
    const params = {id: 1};
    const tag = defineUnique(
      'lit-cost-static-args',
      class extends LitElement {
        readonly item = useCache(this, getItem, params);
        override render() {
          return html`${this.item.value?.title ?? ''}`;
        }
      },
    );
    const el = document.createElement(tag) as LitElement;
    await fixture(html`<data-provider .controller=${filled()}>${el}</data-provider>`);
    for (let i = 0; i < 2; i++) {
      el.requestUpdate();
      await el.updateComplete;
    }
    expect(shadowText(el)).to.equal('item 1');
    params.id = 3;
    el.requestUpdate();
    await el.updateComplete;
    await el.updateComplete;
    expect(shadowText(el)).to.equal('item 3');
    // The read followed is the one the new value names (its key), not item 1's read with new args.
    expect((el as LitElement & {item: {key: unknown}}).item.key).to.equal(getItem.key({id: 3}));
  });
});
