// Garbage collection and the readers: a connected reader retains what it reads, so
// controller.gc() keeps it; disconnecting releases it, so the next gc() may drop it.
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import '../components/data-provider.js';
import '../components/data-query.js';
import type {DataProvider} from '../components/data-provider.js';
import type {DataQuery} from '../components/data-query.js';
import {Controller, GCPolicy} from '../src/core/index.js';
import {useCache} from '../src/lit/index.js';
import {getItem, getItems, itemServer, makeItems, waitFor} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import {retainedCount, visibleState} from '../src/internal.js';

after(() => stopWorker());

class HeldItem extends LitElement {
  readonly item = useCache(this, getItem, {id: 1});
  protected override render() {
    return this.item.value?.title ?? '';
  }
}
customElements.define('test-held-item', HeldItem);

describe('readers retain what they read from garbage collection', () => {
  it('useCache retains while connected and releases on disconnect', async () => {
    const server = itemServer(makeItems(3));
    await startWorker(...server.handlers);
    let now = 1_000;
    const controller = new Controller({now: () => now, gcPolicy: new GCPolicy({maxAge: 10})});
    await controller.fetch(getItem, {id: 1});
    const provider = await fixture<DataProvider>(html`<data-provider .controller=${controller}><test-held-item></test-held-item></data-provider>`);
    const el = provider.querySelector('test-held-item') as HeldItem;
    await waitFor(() => el.item.value !== undefined, 'the item is read');
    expect(retainedCount(controller)).to.equal(1);
    const before = el.item.value;

    now += 1_000;
    controller.gc();
    expect(controller.getResponse(getItem, {id: 1}).data).to.equal(before, 'kept, and identical');

    el.remove();
    expect(retainedCount(controller)).to.equal(0);
    controller.gc();
    expect(controller.getResponse(getItem, {id: 1}).data).to.equal(undefined, 'dropped once nobody reads it');
  });

  it('<data-query> retains its query while connected', async () => {
    const server = itemServer(makeItems(3));
    await startWorker(...server.handlers);
    let now = 1_000;
    const controller = new Controller({now: () => now, gcPolicy: new GCPolicy({maxAge: 10})});
    await controller.fetch(getItems);
    const provider = await fixture<DataProvider>(html`
      <data-provider .controller=${controller}>
        <data-query entity="LitTestItem" count><template>{{ count }}</template></data-query>
      </data-provider>
    `);
    const query = provider.querySelector('data-query') as DataQuery;
    await waitFor(() => query.textContent?.includes('3'), 'the count renders');
    expect(retainedCount(controller)).to.equal(1);
    now += 1_000;
    controller.gc();
    expect(visibleState(controller).entities.get('LitTestItem')?.size).to.equal(3, 'its table is kept');
    query.remove();
    expect(retainedCount(controller)).to.equal(0);
  });
});
