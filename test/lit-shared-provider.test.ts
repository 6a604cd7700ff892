// The rows a list renders in its shadow root share one request for their provider (the data
// context, and the boundary context of useSuspense): one request for the whole list, and
// every row still follows its provider as a reader of its own would.
import {ContextProvider} from '@lit/context';
import {expect, fixture, html, waitUntil} from '@open-wc/testing';
import {LitElement} from 'lit';
import '../components/data-boundary.js';
import type {DataBoundary} from '../components/data-boundary.js';
import {DataProvider} from '../components/data-provider.js';
import {Controller} from '../src/core/index.js';
import {dataContext, useCache, useSuspense} from '../src/lit/index.js';
import {boundaryContext} from '../src/lit/boundary-context.js';
import {deferred, getItem, itemServer, makeItems, shadowText} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';

after(() => stopWorker());

/** Reads item `itemId` from the cache and shows its title (`-` while there is none). */
class CachedRow extends LitElement {
  static override properties = {itemId: {type: Number}};
  declare itemId: number;
  readonly item = useCache(this, getItem, () => ({id: this.itemId}));
  override render() {
    return html`${this.item.value?.title ?? '-'}`;
  }
}
customElements.define('shared-cached-row', CachedRow);

/** Suspends on item `itemId`. */
class SuspenseRow extends LitElement {
  static override properties = {itemId: {type: Number}};
  declare itemId: number;
  readonly item = useSuspense(this, getItem, () => ({id: this.itemId}));
  override render() {
    return html`${this.item.value?.title ?? ''}`;
  }
}
customElements.define('shared-suspense-row', SuspenseRow);

/** A list that reads nothing itself and renders a row of `tag` for each id in its shadow root. */
class RowList extends LitElement {
  static override properties = {ids: {attribute: false}, tag: {}};
  declare ids: number[];
  declare tag: string;
  constructor() {
    super();
    this.ids = [];
    this.tag = 'cached';
  }
  override render() {
    return this.tag === 'cached'
      ? html`${this.ids.map(id => html`<shared-cached-row .itemId=${id}></shared-cached-row>`)}`
      : html`${this.ids.map(id => html`<shared-suspense-row .itemId=${id}></shared-suspense-row>`)}`;
  }
  get rows(): (CachedRow | SuspenseRow)[] {
    return [...this.shadowRoot!.children] as (CachedRow | SuspenseRow)[];
  }
}
customElements.define('shared-row-list', RowList);

/** A list that provides the data context itself (its own Controller) to the rows in its shadow root. */
class ProvidingList extends RowList {
  readonly provider = new ContextProvider(this, {context: dataContext});
}
customElements.define('shared-providing-list', ProvidingList);

declare global {
  interface HTMLElementTagNameMap {
    'shared-cached-row': CachedRow;
    'shared-suspense-row': SuspenseRow;
    'shared-row-list': RowList;
    'shared-providing-list': ProvidingList;
  }
}

/** A Controller holding items 1..n titled `${prefix} n`. */
function filled(n: number, prefix: string): Controller {
  const controller = new Controller();
  for (const item of makeItems(n, id => `${prefix} ${id}`)) controller.setResponse(getItem, {id: item.id}, item);
  return controller;
}

/** Counts the requests of `context` made while it runs (seen on their way down, before any provider answers). */
async function requestsOf(context: unknown, run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const listener = (event: Event) => {
    if ((event as Event & {context?: unknown}).context === context) count++;
  };
  document.addEventListener('context-request', listener, true);
  try {
    await run();
  } finally {
    document.removeEventListener('context-request', listener, true);
  }
  return count;
}

async function settled(list: RowList): Promise<void> {
  await list.updateComplete;
  await Promise.all(list.rows.map(row => row.updateComplete));
}

const titles = (list: RowList) => list.rows.map(row => shadowText(row));

describe('rows of one list and their provider', () => {
  it('ask for the provider once for the whole list, and each row reads from its Controller', async () => {
    const controller = filled(20, 'item');
    let provider!: DataProvider;
    const requests = await requestsOf(dataContext, async () => {
      provider = await fixture<DataProvider>(html`<data-provider .controller=${controller}><shared-row-list .ids=${makeItems(20).map(i => i.id)}></shared-row-list></data-provider>`);
      await settled(provider.querySelector('shared-row-list')!);
    });
    const list = provider.querySelector('shared-row-list')!;
    expect(titles(list)).to.deep.equal(makeItems(20).map(i => `item ${i.id}`));
    expect(requests).to.equal(1);
    for (const row of list.rows) expect(row.item.controller).to.equal(controller);
  });

  it("follow a change of the provider's Controller, every row", async () => {
    const provider = await fixture<DataProvider>(html`<data-provider .controller=${filled(5, 'first')}><shared-row-list .ids=${[1, 2, 3, 4, 5]}></shared-row-list></data-provider>`);
    const list = provider.querySelector('shared-row-list')!;
    await settled(list);
    provider.controller = filled(5, 'second');
    await provider.updateComplete;
    await settled(list);
    expect(titles(list)).to.deep.equal(['second 1', 'second 2', 'second 3', 'second 4', 'second 5']);
  });

  it('moved under another provider, read from that one', async () => {
    const root = await fixture<HTMLDivElement>(html`<div>
      <data-provider id="a" .controller=${filled(3, 'a')}><shared-row-list .ids=${[1, 2, 3]}></shared-row-list></data-provider>
      <data-provider id="b" .controller=${filled(3, 'b')}></data-provider>
    </div>`);
    const list = root.querySelector('shared-row-list')!;
    await settled(list);
    expect(titles(list)).to.deep.equal(['a 1', 'a 2', 'a 3']);
    root.querySelector('#b')!.append(list);
    await settled(list);
    expect(titles(list)).to.deep.equal(['b 1', 'b 2', 'b 3']);
  });

  it('are taken over by a provider defined late between them and the provider that answered', async () => {
    const tag = `shared-late-provider-${Math.random().toString(36).slice(2)}`;
    const outer = await fixture<DataProvider>(html`<data-provider .controller=${filled(3, 'outer')}></data-provider>`);
    // Not defined yet: an element with no behaviour, its property kept for the upgrade.
    const late = Object.assign(document.createElement(tag), {controller: filled(3, 'inner')});
    const list = Object.assign(document.createElement('shared-row-list'), {ids: [1, 2, 3]});
    late.append(list);
    outer.append(late);
    await settled(list);
    expect(titles(list)).to.deep.equal(['outer 1', 'outer 2', 'outer 3']);
    customElements.define(tag, class extends DataProvider {});
    await waitUntil(() => titles(list).join() === 'inner 1,inner 2,inner 3', `rows show ${titles(list).join()}`);
  });

  it('in the shadow root of an element that provides the data context, read from that element', async () => {
    const provider = await fixture<DataProvider>(html`<data-provider .controller=${filled(2, 'outer')}><shared-providing-list .ids=${[1, 2]}></shared-providing-list></data-provider>`);
    const list = provider.querySelector('shared-providing-list')!;
    list.provider.setValue(filled(2, 'own'));
    list.requestUpdate();
    await settled(list);
    expect(titles(list)).to.deep.equal(['own 1', 'own 2']);
  });

  it('removed from the page, stop following the provider; put back, ask again', async () => {
    const first = filled(2, 'first');
    const provider = await fixture<DataProvider>(html`<data-provider .controller=${first}><shared-row-list .ids=${[1, 2]}></shared-row-list></data-provider>`);
    const list = provider.querySelector('shared-row-list')!;
    await settled(list);
    list.remove();
    provider.controller = filled(2, 'second');
    await provider.updateComplete;
    for (const row of list.rows) expect(row.item.controller).to.equal(first, 'a row out of the page is not told');
    const requests = await requestsOf(dataContext, async () => {
      provider.append(list);
      await settled(list);
    });
    expect(requests).to.equal(1);
    expect(titles(list)).to.deep.equal(['second 1', 'second 2']);
  });

  it('with useSuspense, report to their boundary through one request, and the boundary waits for them all', async () => {
    const server = itemServer(makeItems(4));
    const gate = deferred();
    server.hold = () => gate.promise;
    await startWorker(...server.handlers);
    let boundary!: DataBoundary;
    const requests = await requestsOf(boundaryContext, async () => {
      const provider = await fixture<DataProvider>(
        html`<data-provider .controller=${new Controller()}><data-boundary><shared-row-list tag="suspense" .ids=${[1, 2, 3, 4]}></shared-row-list></data-boundary></data-provider>`,
      );
      boundary = provider.querySelector('data-boundary')!;
      await settled(provider.querySelector('shared-row-list')!);
    });
    expect(requests).to.equal(1);
    expect(boundary.hasAttribute('loading')).to.equal(true, 'the boundary shows its fallback while the rows wait');
    gate.resolve();
    const list = boundary.querySelector('shared-row-list')!;
    await waitUntil(() => !boundary.hasAttribute('loading'), 'the boundary shows its content once every row has its value');
    expect(titles(list)).to.deep.equal(['item 1', 'item 2', 'item 3', 'item 4']);
  });
});
