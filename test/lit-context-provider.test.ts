// The context protocol as our provider and the document's context root speak it, checked
// against @lit/context's own consumer: a value reaches subscribers and one-shot requests, a
// change reaches subscribers only, a provider connecting nearer takes its subscribers over,
// and a request made before any provider connected is answered when one does.
import {ContextConsumer} from '@lit/context';
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import {createContext} from '../src/lit/context.js';
import {ContextProvider} from '../src/lit/context-provider.js';
import {ensureContextRoot} from '../src/lit/context-root.js';

/** A fresh context per test: subscriptions of one test never meet another's. */
const freshContext = () => createContext<string>(Symbol('test-context'));

/** Provides `context` with the value it was given. */
class ValueHost extends LitElement {
  provider!: ContextProvider<string>;
  provide(context: ReturnType<typeof freshContext>, value: string): this {
    this.provider = new ContextProvider(this, {context, initialValue: value});
    return this;
  }
}
customElements.define('ctx-value-host', ValueHost);

/** Records every value @lit/context's consumer gives it. */
class ReadingHost extends LitElement {
  readonly seen: (string | undefined)[] = [];
  consumer?: ContextConsumer<ReturnType<typeof freshContext>, this>;
  consume(context: ReturnType<typeof freshContext>, subscribe: boolean): this {
    this.consumer = new ContextConsumer(this, {context, subscribe, callback: value => this.seen.push(value)});
    return this;
  }
}
customElements.define('ctx-reading-host', ReadingHost);

declare global {
  interface HTMLElementTagNameMap {
    'ctx-value-host': ValueHost;
    'ctx-reading-host': ReadingHost;
  }
}

/** A provider of `context` holding `value`, in the page. */
async function providerOf(context: ReturnType<typeof freshContext>, value: string): Promise<ValueHost> {
  const host = document.createElement('ctx-value-host').provide(context, value);
  return fixture<ValueHost>(html`${host}`);
}

/** A reader of `context` appended under `parent`. */
function readerUnder(parent: Element, context: ReturnType<typeof freshContext>, subscribe = true): ReadingHost {
  const reader = document.createElement('ctx-reading-host').consume(context, subscribe);
  parent.append(reader);
  return reader;
}

/** An element of a tag not defined yet, to become a provider of `context` holding `value` when `define` is called. */
function lateProvider(context: ReturnType<typeof freshContext>, value: string): {element: HTMLElement; define: () => void} {
  const tag = `ctx-late-${Math.random().toString(36).slice(2, 10)}`;
  return {
    element: document.createElement(tag),
    define: () =>
      customElements.define(
        tag,
        class extends LitElement {
          readonly provider = new ContextProvider(this, {context, initialValue: value});
        },
      ),
  };
}

describe('ContextProvider, with @lit/context consumers', () => {
  it('answers a subscriber with its value, and tells it of each other value, once', async () => {
    const context = freshContext();
    const provider = await providerOf(context, 'a');
    const reader = readerUnder(provider, context);
    expect(reader.consumer!.value).to.equal('a');
    provider.provider.setValue('b');
    provider.provider.setValue('b');
    expect(reader.seen).to.deep.equal(['a', 'b']);
  });

  it('answers a one-shot request without an unsubscribe function, and keeps no subscription for it', async () => {
    const context = freshContext();
    const provider = await providerOf(context, 'a');
    const node = provider.appendChild(document.createElement('span'));
    const answers: [string, unknown][] = [];
    node.dispatchEvent(Object.assign(new Event('context-request', {bubbles: true, composed: true}), {context, callback: (value: string, end?: unknown) => answers.push([value, end]), contextTarget: node}));
    provider.provider.setValue('b');
    expect(answers).to.deep.equal([['a', undefined]]);
  });

  it('stops telling a subscriber that left', async () => {
    const context = freshContext();
    const provider = await providerOf(context, 'a');
    const reader = readerUnder(provider, context);
    reader.remove();
    provider.provider.setValue('b');
    expect(reader.seen).to.deep.equal(['a']);
  });

  it('gives a callback the same unsubscribe function on every answer', async () => {
    const context = freshContext();
    const provider = await providerOf(context, 'a');
    const ends: unknown[] = [];
    const callback = (_value: string, end?: () => void) => ends.push(end);
    for (let i = 0; i < 2; i++) {
      provider.dispatchEvent(Object.assign(new Event('context-request', {bubbles: true, composed: true}), {context, callback, subscribe: true, contextTarget: provider.firstChild ?? provider.appendChild(document.createElement('span'))}));
    }
    provider.provider.setValue('b');
    expect(ends).to.have.length(3);
    expect(ends[0]).to.be.a('function');
    expect(ends[1]).to.equal(ends[0]);
    expect(ends[2]).to.equal(ends[0]);
    (ends[0] as () => void)();
    provider.provider.setValue('c');
    expect(ends).to.have.length(3);
  });

  it('does not answer its own host: an element that provides a context reads it from above', async () => {
    const context = freshContext();
    const outer = await providerOf(context, 'outer');
    const both = document.createElement('ctx-value-host').provide(context, 'own');
    outer.append(both);
    const own = new ContextConsumer(both, {context, subscribe: true});
    expect(own.value).to.equal('outer');
    expect(readerUnder(both, context).consumer!.value).to.equal('own');
  });

  it('hands its subscribers to a provider that connects between them and it', async () => {
    const context = freshContext();
    const outer = await providerOf(context, 'outer');
    const late = lateProvider(context, 'inner');
    outer.append(late.element);
    const reader = readerUnder(late.element, context);
    expect(reader.seen).to.deep.equal(['outer']);
    late.define();
    outer.provider.setValue('outer again');
    expect(reader.seen).to.deep.equal(['outer', 'inner']);
  });
});

describe('the document context root', () => {
  before(() => ensureContextRoot());

  it('answers a subscriber that asked before its provider was defined, once the provider connects', async () => {
    const context = freshContext();
    const late = lateProvider(context, 'late');
    await fixture(html`${late.element}`);
    const reader = readerUnder(late.element, context);
    expect(reader.seen).to.deep.equal([]);
    late.define();
    expect(reader.seen).to.deep.equal(['late']);
  });

  it('sends a waiting request again once, however often it was made', async () => {
    const context = freshContext();
    const late = lateProvider(context, 'late');
    await fixture(html`${late.element}`);
    const node = late.element.appendChild(document.createElement('span'));
    const answers: string[] = [];
    const callback = (value: string) => answers.push(value);
    for (let i = 0; i < 3; i++) {
      node.dispatchEvent(Object.assign(new Event('context-request', {bubbles: true, composed: true}), {context, callback, subscribe: true, contextTarget: node}));
    }
    late.define();
    expect(answers).to.deep.equal(['late']);
  });

  it('keeps no one-shot request: it is not sent again', async () => {
    const context = freshContext();
    const late = lateProvider(context, 'late');
    await fixture(html`${late.element}`);
    const reader = readerUnder(late.element, context, false);
    late.define();
    expect(reader.seen).to.deep.equal([]);
  });

  it('answers only the requests of the context whose provider connected', async () => {
    const context = freshContext();
    const other = freshContext();
    const late = lateProvider(context, 'late');
    await fixture(html`${late.element}`);
    const reader = readerUnder(late.element, other);
    late.define();
    expect(reader.seen).to.deep.equal([]);
    expect(reader.consumer!.value).to.equal(undefined);
  });
});
