// The cache as signals in Lit templates: entity fields bound with `watch()` change the text of
// one binding and render no host; `SignalWatcher` elements re-render on what their render read;
// the Controller comes from the nearest <data-provider>; the watches close when the elements
// leave; suspenseSignal works with <data-boundary> and announces a failure nothing shows.
import {expect, fixture, html} from '@open-wc/testing';
import {computed, SignalWatcher, watch} from '@lit-labs/signals';
import {html as litHtml, LitElement} from 'lit';
import {repeat} from 'lit/directives/repeat.js';
import '../components/data-provider.js';
import '../components/data-boundary.js';
import type {DataProvider} from '../components/data-provider.js';
import {Controller} from '../src/core/index.js';
import {listenerCount} from '../src/internal.js';
import {MissingProviderError} from '../src/lit/index.js';
import {cacheSignal, suspenseSignal} from '../src/signals/index.js';
import {CountingElement, defineUnique, getItem, getItems, itemServer, makeItems, waitFor} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';

after(() => stopWorker());

/** A row bound to its item: the title and done flag through `watch()`, so a change renders nothing. */
class WatchedRow extends CountingElement {
  static override properties = {itemId: {type: Number}};
  declare itemId: number;
  readonly item = cacheSignal(this, getItem, () => ({id: this.itemId}));
  readonly heading = computed(() => this.item.get()?.title ?? '');
  readonly done = computed(() => (this.item.get()?.completed ? 'done' : 'open'));
  override render() {
    return litHtml`<span class="title">${watch(this.heading)}</span> <span class="done">${watch(this.done)}</span>`;
  }
}
customElements.define('sig-watched-row', WatchedRow);

/** The list: which items there are (their ids), not their fields. */
class WatchedList extends CountingElement {
  static override properties = {ids: {attribute: false}};
  declare ids: number[];
  constructor() {
    super();
    this.ids = [];
  }
  override render() {
    return litHtml`${repeat(this.ids, id => id, id => litHtml`<sig-watched-row .itemId=${id}></sig-watched-row>`)}`;
  }
}
customElements.define('sig-watched-list', WatchedList);

/** A SignalWatcher element that reads the signal in its render: it renders again when the value changes. */
class WatcherItem extends SignalWatcher(CountingElement) {
  readonly item = cacheSignal(this, getItem, {id: 1});
  override render() {
    return litHtml`${this.item.get()?.title ?? 'nothing'}`;
  }
}
customElements.define('sig-watcher-item', WatcherItem);

/** A SignalWatcher element that binds the signal with `watch()`: the binding follows, the element does not render. */
class WatcherBoundItem extends SignalWatcher(CountingElement) {
  readonly item = cacheSignal(this, getItem, {id: 1});
  readonly heading = computed(() => this.item.get()?.title ?? 'nothing');
  override render() {
    return litHtml`${watch(this.heading)}`;
  }
}
customElements.define('sig-watcher-bound-item', WatcherBoundItem);

/** useSuspense as a signal, rendered by status in a SignalWatcher element. */
class SuspenseItem extends SignalWatcher(LitElement) {
  readonly item = suspenseSignal(this, getItem, {id: 1});
  override render() {
    return this.item.render({
      pending: () => litHtml`pending`,
      complete: item => litHtml`title: ${item.title}`,
      error: error => litHtml`error: ${(error as Error).message}`,
    });
  }
}
customElements.define('sig-suspense-item', SuspenseItem);

declare global {
  interface HTMLElementTagNameMap {
    'sig-watched-row': WatchedRow;
    'sig-watched-list': WatchedList;
    'sig-watcher-item': WatcherItem;
    'sig-watcher-bound-item': WatcherBoundItem;
    'sig-suspense-item': SuspenseItem;
  }
}

const text = (el: Element) => (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();
const item = (id: number, title = `item ${id}`, completed = false) => ({id, title, completed});

async function mount<T extends Element>(controller: Controller, template: ReturnType<typeof html>): Promise<{provider: DataProvider; el: T}> {
  const provider = await fixture<DataProvider>(html`<data-provider .controller=${controller}>${template}</data-provider>`);
  return {provider, el: provider.firstElementChild as T};
}

/** The list of `n` bound rows, every row rendered and showing its item. */
async function mountList(controller: Controller, n: number) {
  controller.setResponse(getItems, makeItems(n));
  const {provider, el: list} = await mount<WatchedList>(controller, html`<sig-watched-list></sig-watched-list>`);
  list.ids = makeItems(n).map(i => i.id);
  await list.updateComplete;
  const rows = [...list.shadowRoot!.querySelectorAll('sig-watched-row')] as WatchedRow[];
  await Promise.all(rows.map(row => row.updateComplete));
  await waitFor(() => rows.every((row, i) => text(row) === `item ${i + 1} open`), 'every row shows its item');
  return {provider, list, rows};
}

describe('cacheSignal in Lit templates', () => {
  it('one entity update changes the text of one binding: no row and no list renders', async () => {
    const controller = new Controller();
    const {list, rows} = await mountList(controller, 50);
    const renders = () => [list.renders, ...rows.map(row => row.renders)];
    const before = renders();
    const changed = new Set<Node>();
    const observer = new MutationObserver(records => records.forEach(record => changed.add(record.target)));
    for (const row of rows) observer.observe(row.shadowRoot!, {subtree: true, characterData: true, childList: true});

    controller.setResponse(getItem, {id: 17}, item(17, 'changed'));
    await waitFor(() => text(rows[16]) === 'changed open', 'row 17 shows the change');
    await new Promise(resolve => requestAnimationFrame(resolve));
    observer.disconnect();

    expect(renders(), 'no host rendered').to.deep.equal(before);
    const title = rows[16].shadowRoot!.querySelector('.title')!;
    expect([...changed].every(node => title.contains(node)), 'only the title binding of row 17 changed').to.equal(true);
    expect(changed.size).to.be.greaterThan(0);
    expect(rows.filter((_, i) => i !== 16).every((row, i) => text(row) === `item ${i < 16 ? i + 1 : i + 2} open`)).to.equal(true);

    controller.setResponse(getItem, {id: 17}, item(17, 'changed', true));
    await waitFor(() => text(rows[16]) === 'changed done', 'the done binding follows too');
    expect(renders()).to.deep.equal(before);
  });

  it('args given as a function of the element’s properties are read again when the element updates', async () => {
    const controller = new Controller();
    const {rows} = await mountList(controller, 3);
    rows[0].itemId = 3;
    await waitFor(() => text(rows[0]) === 'item 3 open', 'the row shows the item its property names');
    expect(listenerCount(controller), 'the row follows item 3 only').to.equal(3);
    controller.setResponse(getItem, {id: 1}, item(1, 'not shown'));
    controller.setResponse(getItem, {id: 3}, item(3, 'shown'));
    await waitFor(() => text(rows[0]) === 'shown open' && text(rows[2]) === 'shown open');
    expect(text(rows[0])).to.equal('shown open');
  });

  it('a SignalWatcher element renders again when a signal its render read changes; one bound with watch() does not', async () => {
    const controller = new Controller();
    controller.setResponse(getItem, {id: 1}, item(1, 'first'));
    const {provider} = await mount(controller, html`<sig-watcher-item></sig-watcher-item><sig-watcher-bound-item></sig-watcher-bound-item>`);
    const reading = provider.querySelector('sig-watcher-item')!;
    const bound = provider.querySelector('sig-watcher-bound-item')!;
    await Promise.all([reading.updateComplete, bound.updateComplete]);
    expect([text(reading), text(bound)]).to.deep.equal(['first', 'first']);
    const [readingRenders, boundRenders] = [reading.renders, bound.renders];

    controller.setResponse(getItem, {id: 1}, item(1, 'second'));
    await waitFor(() => text(reading) === 'second' && text(bound) === 'second');
    expect(reading.renders, 'the element that read it rendered once').to.equal(readingRenders + 1);
    expect(bound.renders, 'the element that bound it did not render').to.equal(boundRenders);
  });

  it('reads the Controller of the nearest provider, and follows another one given to it', async () => {
    const first = new Controller();
    const second = new Controller();
    first.setResponse(getItem, {id: 1}, item(1, 'from the first'));
    second.setResponse(getItem, {id: 1}, item(1, 'from the second'));
    const {provider, el} = await mount<WatcherBoundItem>(first, html`<sig-watcher-bound-item></sig-watcher-bound-item>`);
    await waitFor(() => text(el) === 'from the first');
    provider.controller = second;
    await waitFor(() => text(el) === 'from the second');
    expect(listenerCount(first), 'nothing left with the first').to.equal(0);
    expect(listenerCount(second)).to.equal(1);
  });

  it('the watches close when the elements leave: a removed row, then the whole list', async () => {
    const controller = new Controller();
    const {provider, list, rows} = await mountList(controller, 3);
    // The list itself watches nothing; each row watches its item.
    expect(listenerCount(controller)).to.equal(3);
    list.ids = [1, 3];
    await list.updateComplete;
    expect(rows[1].isConnected).to.equal(false);
    await waitFor(() => listenerCount(controller) === 2, 'the removed row watches nothing');
    controller.setResponse(getItem, {id: 3}, item(3, 'still followed'));
    await waitFor(() => text(rows[2]) === 'still followed open');
    provider.remove();
    await waitFor(() => listenerCount(controller) === 0, 'nothing watched once the list left the page');
  });

  it('SignalWatcher elements leave nothing behind either', async () => {
    const controller = new Controller();
    const {provider} = await mount(controller, html`<sig-watcher-item></sig-watcher-item><sig-watcher-bound-item></sig-watcher-bound-item>`);
    await waitFor(() => listenerCount(controller) === 2);
    provider.remove();
    await waitFor(() => listenerCount(controller) === 0);
  });
});

describe('suspenseSignal in Lit templates', () => {
  it('fetches what is missing; a <data-boundary> shows its fallback, then the content', async () => {
    const server = itemServer(makeItems(2));
    let release!: () => void;
    server.hold = () => new Promise<void>(resolve => (release = resolve));
    await startWorker(...server.handlers);
    const {provider} = await mount(
      new Controller(),
      html`<data-boundary><p slot="fallback">loading</p><sig-suspense-item></sig-suspense-item></data-boundary>`,
    );
    const boundary = provider.querySelector('data-boundary')!;
    const el = provider.querySelector('sig-suspense-item')!;
    await waitFor(() => boundary.hasAttribute('loading'), 'the boundary shows its fallback');
    await waitFor(() => server.log.count('GET', '/lit-api/items/1') === 1);
    release();
    await waitFor(() => text(el) === 'title: item 1');
    await waitFor(() => !boundary.hasAttribute('loading'), 'then its content');
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(1);
  });

  it('a failure shows in the boundary’s error slot; Retry fetches again', async () => {
    const server = itemServer(makeItems(2));
    server.fail = () => true;
    await startWorker(...server.handlers);
    const {provider} = await mount(new Controller(), html`<data-boundary><sig-suspense-item></sig-suspense-item></data-boundary>`);
    const boundary = provider.querySelector('data-boundary')!;
    const el = provider.querySelector('sig-suspense-item')!;
    await waitFor(() => boundary.hasAttribute('error'), 'the boundary shows its error slot');
    expect(text(el)).to.match(/^error: .*500/);
    server.fail = undefined;
    boundary.retry();
    await waitFor(() => text(el) === 'title: item 1');
    await waitFor(() => !boundary.hasAttribute('error'));
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(2);
  });

  it('without a boundary, a failure fires data-error from the element, once', async () => {
    const server = itemServer(makeItems(2));
    server.fail = () => true;
    await startWorker(...server.handlers);
    const errors: unknown[] = [];
    const provider = document.createElement('data-provider');
    provider.controller = new Controller();
    provider.addEventListener('data-error', event => {
      event.preventDefault(); // taken: no reportError
      errors.push((event as CustomEvent).detail.error);
    });
    const el = document.createElement('sig-suspense-item') as SuspenseItem;
    provider.append(el);
    document.body.append(provider);
    try {
      await waitFor(() => text(el).startsWith('error:'));
      await new Promise(resolve => requestAnimationFrame(resolve));
      expect(errors).to.have.length(1);
      expect(errors[0]).to.equal(el.item.get().error);
    } finally {
      provider.remove();
    }
  });

  it('with no provider above, its state is a MissingProviderError', async () => {
    const tag = defineUnique('sig-lonely', class extends SuspenseItem {});
    const el = document.createElement(tag) as SuspenseItem;
    el.item.handlesErrors = true;
    document.body.append(el);
    try {
      await el.updateComplete;
      expect(el.item.get().status).to.equal('error');
      expect(el.item.get().error).to.be.instanceOf(MissingProviderError);
      expect(text(el)).to.match(/has no <data-provider> above it/);
    } finally {
      el.remove();
    }
  });
});
