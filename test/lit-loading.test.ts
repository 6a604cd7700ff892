// useLoading.
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import {useLoading} from '../src/lit/index.js';
import {deferred, shadowText, unhandledRejection, watchUnhandledRejections, type Deferred, waitFor} from './helpers/lit-fixtures.js';

/** Runs `work(n)` through useLoading and renders the state. */
class LoadingProbe extends LitElement {
  work: (n: number) => Promise<number> = async n => n;
  readonly run = useLoading(this, (n: number) => this.work(n));
  renders = 0;
  override render() {
    const [, loading, error] = this.run;
    return html`${loading ? 'loading' : 'idle'}${error ? html` error: ${(error as Error).message}` : ''}`;
  }
  protected override updated(): void {
    this.renders++;
  }
}
customElements.define('lit-loading-probe', LoadingProbe);

declare global {
  interface HTMLElementTagNameMap {
    'lit-loading-probe': LoadingProbe;
  }
}

describe('useLoading', () => {
  it('is [handler, loading, error], destructurable and readable by name', async () => {
    const el = await fixture<LoadingProbe>(html`<lit-loading-probe></lit-loading-probe>`);
    const [handler, loading, error, ...rest] = el.run;
    expect(handler).to.be.a('function');
    expect(handler).to.equal(el.run.handler);
    expect(loading).to.equal(false);
    expect(el.run.loading).to.equal(false);
    expect(error).to.equal(undefined);
    expect(el.run.error).to.equal(undefined);
    expect(rest).to.deep.equal([]);
    expect(await el.run.handler(5)).to.equal(5);
  });

  it('loading is true while the function runs, and the host re-renders as it changes', async () => {
    const el = await fixture<LoadingProbe>(html`<lit-loading-probe></lit-loading-probe>`);
    let gate!: Deferred<number>;
    el.work = () => (gate = deferred<number>()).promise;
    const rendersBefore = el.renders;

    const result = el.run.handler(1);
    expect(el.run.loading).to.equal(true);
    await el.updateComplete;
    expect(shadowText(el)).to.equal('loading');
    expect(el.renders).to.equal(rendersBefore + 1);

    gate.resolve(42);
    expect(await result).to.equal(42);
    expect(el.run.loading).to.equal(false);
    await el.updateComplete;
    expect(shadowText(el)).to.equal('idle');
    expect(el.renders).to.equal(rendersBefore + 2);
  });

  it("a rejected function's error lands in error, with no unhandled rejection", async () => {
    const watcher = watchUnhandledRejections();
    try {
      const el = await fixture<LoadingProbe>(html`<lit-loading-probe></lit-loading-probe>`);
      const failure = new Error('could not save');
      el.work = async () => {
        throw failure;
      };
      // Called as an event handler would: nobody awaits or catches the returned promise.
      void el.run.handler(1);
      expect(el.run.loading).to.equal(true);
      await waitFor(() => !el.run.loading, 'the handler settled');
      await el.updateComplete;
      expect(el.run.error).to.equal(failure);
      expect([...el.run][2]).to.equal(failure);
      expect(shadowText(el)).to.equal('idle error: could not save');
      // And a handler that is awaited resolves (with undefined) rather than throwing.
      expect(await el.run.handler(2)).to.equal(undefined);

      await watcher.settle();
      expect(watcher.seen).to.deep.equal([]);

      // A later successful call clears the error.
      el.work = async n => n;
      expect(await el.run.handler(3)).to.equal(3);
      expect(el.run.error).to.equal(undefined);
    } finally {
      watcher.stop();
    }
  });

  it('a synchronous throw is caught the same way', async () => {
    const watcher = watchUnhandledRejections();
    try {
      const el = await fixture<LoadingProbe>(html`<lit-loading-probe></lit-loading-probe>`);
      el.work = () => {
        throw new Error('sync');
      };
      expect(await el.run.handler(1)).to.equal(undefined);
      expect((el.run.error as Error).message).to.equal('sync');
      expect(el.run.loading).to.equal(false);
      await watcher.settle();
      expect(watcher.seen).to.deep.equal([]);
    } finally {
      watcher.stop();
    }
  });

  it('the watcher used above does see an unhandled rejection (control)', async () => {
    const watcher = watchUnhandledRejections();
    try {
      const reason = new Error('deliberately unhandled');
      void unhandledRejection(reason);
      await watcher.settle();
      expect(watcher.seen).to.deep.equal([reason]);
    } finally {
      watcher.stop();
    }
  });

  it('given a promise in place of the function, its error says so (development mode), and nothing is thrown into the page', async () => {
    class GivenPromise extends LitElement {
      readonly run = useLoading(this, Promise.resolve(1) as never);
    }
    customElements.define('lit-loading-given-promise', GivenPromise);
    const el = await fixture<GivenPromise>(html`<lit-loading-given-promise></lit-loading-given-promise>`);
    expect(await el.run.handler()).to.equal(undefined);
    expect((el.run.error as Error).message).to.equal('useLoading: give it the function to run (an async function), not its result: got a promise');
  });
});
