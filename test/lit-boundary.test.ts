// <data-boundary>: fallback while a child suspends, content, error slot
// with retry; the nearest boundary catches; attributes reflect; data-error bubbles.
import {expect, fixture, html, oneEvent} from '@open-wc/testing';
import {property} from 'lit/decorators.js';
import '../components/data-boundary.js';
import type {DataBoundary} from '../components/data-boundary.js';
import '../components/data-provider.js';
import type {DataProvider} from '../components/data-provider.js';
import {Controller} from '../src/core/index.js';
import {NetworkError} from '../src/endpoint/index.js';
import {useFetch, useSuspense} from '../src/lit/index.js';
import {CountingElement, deferred, getItem, itemServer, makeItems, shadowText, waitFor} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import {requestCount} from '../src/internal.js';

// One msw worker for the whole page (file); stopping it between suites makes msw re-register it.
after(() => stopWorker());

/** Suspends on item `itemId`; renders only its content (the boundary shows the rest). */
class BoundedItem extends CountingElement {
  @property({type: Number}) itemId = 1;
  readonly item = useSuspense(this, getItem, () => ({id: this.itemId}));
  override render() {
    return html`${this.item.value?.title ?? ''}`;
  }
}
customElements.define('lit-bounded-item', BoundedItem);

/** useFetch does not hold a boundary in its fallback. */
class PrefetchItem extends CountingElement {
  readonly item = useFetch(this, getItem, {id: 1});
}
customElements.define('lit-prefetch-item', PrefetchItem);

declare global {
  interface HTMLElementTagNameMap {
    'lit-bounded-item': BoundedItem;
    'lit-prefetch-item': PrefetchItem;
  }
}

type Shown = 'fallback' | 'error' | 'content';
/** Which of its three parts the boundary shows (exactly one is not hidden). */
function shown(boundary: DataBoundary): Shown[] {
  const parts = [...boundary.shadowRoot!.querySelectorAll<HTMLElement>('[part="fallback"], [part="error"], [part="content"]')];
  return parts.filter(part => !part.hidden && getComputedStyle(part).display !== 'none').map(part => part.getAttribute('part') as Shown);
}

async function mount(controller: Controller, template: ReturnType<typeof html>): Promise<DataProvider> {
  const provider = await fixture<DataProvider>(html`<data-provider .controller=${controller}>${template}</data-provider>`);
  return provider;
}

describe('<data-boundary>', () => {
  it('shows the fallback while a child waits, then the content, then the error slot; data-retry refetches and shows content', async () => {
    const server = itemServer(makeItems(2));
    let gate = deferred();
    server.hold = () => gate.promise;
    await startWorker(...server.handlers);
    const provider = await mount(
      new Controller(),
      html`<data-boundary>
        <p slot="fallback">Loading items</p>
        <div slot="error">Could not load. <button data-retry>Try again</button></div>
        <lit-bounded-item></lit-bounded-item>
      </data-boundary>`,
    );
    const boundary = provider.querySelector('data-boundary')!;
    const item = provider.querySelector('lit-bounded-item')!;
    await boundary.updateComplete;
    expect(shown(boundary)).to.deep.equal(['fallback']);
    expect(boundary.hasAttribute('loading')).to.equal(true);
    expect(boundary.hasAttribute('error')).to.equal(false);

    gate.resolve();
    await waitFor(() => item.item.status === 'complete');
    await boundary.updateComplete;
    expect(shown(boundary)).to.deep.equal(['content']);
    expect(boundary.hasAttribute('loading')).to.equal(false);
    await item.updateComplete;
    expect(shadowText(item)).to.equal('item 1');

    // Now a failing load: the item switches to id 2, whose GET answers 500.
    server.fail = request => request.url.endsWith('/items/2');
    const errorEvent = oneEvent(provider, 'data-error');
    item.itemId = 2;
    await errorEvent;
    await boundary.updateComplete;
    expect(shown(boundary)).to.deep.equal(['error']);
    expect(boundary.hasAttribute('error')).to.equal(true);
    expect(boundary.hasAttribute('loading')).to.equal(false);
    expect((boundary.error as NetworkError).status).to.equal(500);

    // Retry through the element marked data-retry in the error slot.
    server.fail = undefined;
    gate = deferred();
    provider.querySelector<HTMLButtonElement>('[data-retry]')!.click();
    await boundary.updateComplete;
    expect(shown(boundary), 'the retry is a fresh first load').to.deep.equal(['fallback']);
    await waitFor(() => server.log.count('GET', '/lit-api/items/2') === 2, 'the retry refetched');
    gate.resolve();
    await waitFor(() => item.item.status === 'complete');
    await boundary.updateComplete;
    expect(shown(boundary)).to.deep.equal(['content']);
    expect(boundary.hasAttribute('error')).to.equal(false);
    await item.updateComplete;
    expect(shadowText(item)).to.equal('item 2');
  });

  it('the default error slot has a message and a Retry button that refetches', async () => {
    const server = itemServer(makeItems(1));
    server.fail = () => true;
    await startWorker(...server.handlers);
    const provider = await mount(new Controller(), html`<data-boundary><lit-bounded-item></lit-bounded-item></data-boundary>`);
    const boundary = provider.querySelector('data-boundary')!;
    const item = provider.querySelector('lit-bounded-item')!;
    await waitFor(() => item.item.status === 'error');
    await boundary.updateComplete;
    expect(shown(boundary)).to.deep.equal(['error']);
    const errorPart = boundary.shadowRoot!.querySelector('[part="error"]')!;
    expect(errorPart.textContent).to.contain('500');

    server.fail = undefined;
    boundary.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry"]')!.click();
    await waitFor(() => item.item.status === 'complete');
    await boundary.updateComplete;
    expect(shown(boundary)).to.deep.equal(['content']);
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(2);
  });

  it('the nearest of two nested boundaries catches', async () => {
    const server = itemServer(makeItems(2));
    const gate = deferred();
    server.hold = request => (request.url.endsWith('/items/2') ? gate.promise : undefined);
    server.fail = request => request.url.endsWith('/items/2');
    await startWorker(...server.handlers);
    const provider = await mount(
      new Controller(),
      html`<data-boundary id="outer">
        <lit-bounded-item id="a" .itemId=${1}></lit-bounded-item>
        <data-boundary id="inner">
          <lit-bounded-item id="b" .itemId=${2}></lit-bounded-item>
        </data-boundary>
      </data-boundary>`,
    );
    const outer = provider.querySelector<DataBoundary>('#outer')!;
    const inner = provider.querySelector<DataBoundary>('#inner')!;
    const a = provider.querySelector<BoundedItem>('#a')!;
    const b = provider.querySelector<BoundedItem>('#b')!;
    await waitFor(() => a.item.status === 'complete');
    await Promise.all([outer.updateComplete, inner.updateComplete]);
    expect(shown(inner)).to.deep.equal(['fallback']);
    expect(inner.hasAttribute('loading')).to.equal(true);
    expect(shown(outer)).to.deep.equal(['content']);
    expect(outer.hasAttribute('loading')).to.equal(false);

    let outerErrors = 0;
    outer.addEventListener('data-error', event => {
      if (event.target === outer) outerErrors++;
    });
    gate.resolve();
    await waitFor(() => b.item.status === 'error');
    await Promise.all([outer.updateComplete, inner.updateComplete]);
    expect(shown(inner)).to.deep.equal(['error']);
    expect(inner.hasAttribute('error')).to.equal(true);
    expect(shown(outer)).to.deep.equal(['content']);
    expect(outer.hasAttribute('error')).to.equal(false);
    expect(outerErrors).to.equal(0);
  });

  it('reflects loading and error as attributes (for CSS), and removes them', async () => {
    const server = itemServer(makeItems(1));
    const gate = deferred();
    server.hold = () => gate.promise;
    server.fail = () => true;
    await startWorker(...server.handlers);
    const provider = await mount(new Controller(), html`<data-boundary><lit-bounded-item></lit-bounded-item></data-boundary>`);
    const boundary = provider.querySelector('data-boundary')!;
    const item = provider.querySelector('lit-bounded-item')!;
    expect([boundary.hasAttribute('loading'), boundary.hasAttribute('error')]).to.deep.equal([true, false]);
    gate.resolve();
    await waitFor(() => item.item.status === 'error');
    expect([boundary.hasAttribute('loading'), boundary.hasAttribute('error')]).to.deep.equal([false, true]);
    server.fail = undefined;
    boundary.retry();
    expect([boundary.hasAttribute('loading'), boundary.hasAttribute('error')]).to.deep.equal([true, false]);
    await waitFor(() => item.item.status === 'complete');
    expect([boundary.hasAttribute('loading'), boundary.hasAttribute('error')]).to.deep.equal([false, false]);
  });

  it('fires data-error, bubbling and composed, with the error in detail', async () => {
    const server = itemServer(makeItems(1));
    server.fail = () => true;
    await startWorker(...server.handlers);
    // The boundary lives in a shadow root: a composed event reaches the document.
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const root = host.attachShadow({mode: 'open'});
    const provider = document.createElement('data-provider');
    provider.controller = new Controller();
    provider.innerHTML = '<data-boundary><lit-bounded-item></lit-bounded-item></data-boundary>';
    // composedPath() is only filled while the event is dispatched: read it in a listener.
    let origin: EventTarget | undefined;
    const listener = (event: Event) => (origin = event.composedPath()[0]);
    document.addEventListener('data-error', listener);
    const seen = oneEvent(document, 'data-error');
    root.append(provider);
    const event = (await seen) as CustomEvent<{error: unknown}>;
    document.removeEventListener('data-error', listener);
    expect(event.bubbles).to.equal(true);
    expect(event.composed).to.equal(true);
    expect(origin === provider.querySelector('data-boundary'), 'dispatched by the boundary, seen at the document').to.equal(true);
    expect((event.detail.error as NetworkError).status).to.equal(500);
  });

  it('useFetch below a boundary does not hold it in its fallback', async () => {
    const server = itemServer(makeItems(1));
    const gate = deferred();
    server.hold = () => gate.promise;
    await startWorker(...server.handlers);
    const provider = await mount(new Controller(), html`<data-boundary><lit-prefetch-item></lit-prefetch-item></data-boundary>`);
    const boundary = provider.querySelector('data-boundary')!;
    await waitFor(() => server.log.count('GET', '/lit-api/items/1') === 1);
    await boundary.updateComplete;
    expect(shown(boundary)).to.deep.equal(['content']);
    expect(boundary.hasAttribute('loading')).to.equal(false);
    gate.resolve();
    await provider.querySelector('lit-prefetch-item')!.item.promise;
  });

  it('a child removed while pending no longer holds the boundary', async () => {
    const server = itemServer(makeItems(1));
    const gate = deferred();
    server.hold = () => gate.promise;
    await startWorker(...server.handlers);
    const controller = new Controller();
    const provider = await mount(controller, html`<data-boundary><lit-bounded-item></lit-bounded-item></data-boundary>`);
    const boundary = provider.querySelector('data-boundary')!;
    expect(boundary.hasAttribute('loading')).to.equal(true);
    provider.querySelector('lit-bounded-item')!.remove();
    await boundary.updateComplete;
    expect(shown(boundary)).to.deep.equal(['content']);
    expect(boundary.hasAttribute('loading')).to.equal(false);
    // Nobody waits for its GET any more: it was aborted, so nothing is left in flight
    // (and nothing reaches the real server once the worker stops).
    expect(requestCount(controller)).to.equal(0);
    gate.resolve();
    expect(controller.getResponse(getItem, {id: 1}).error).to.equal(undefined);
  });
});
