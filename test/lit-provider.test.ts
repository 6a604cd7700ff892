// <data-provider> and useController.
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import {DataProvider} from '../components/data-provider.js';
import {Controller} from '../src/core/index.js';
import {MissingProviderError, useController} from '../src/lit/index.js';
import {defineUnique, expectSame, getItem, Item, ItemOneTitle, itemServer, shadowText, waitFor} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';

// One msw worker for the whole page (file); stopping it between suites makes msw re-register it.
after(() => stopWorker());

/** Exposes what useController resolved. */
class ControllerProbe extends LitElement {
  readonly ctrl = useController(this);
}
customElements.define('lit-controller-probe', ControllerProbe);

/** Reads item 1 through useSuspense and renders its title. */
class SuspenseProbe extends ItemOneTitle {}
customElements.define('lit-suspense-probe', SuspenseProbe);

declare global {
  interface HTMLElementTagNameMap {
    'lit-controller-probe': ControllerProbe;
    'lit-suspense-probe': SuspenseProbe;
  }
}

describe('<data-provider>', () => {
  it('provides a Controller of its own', async () => {
    const provider = await fixture<DataProvider>(html`<data-provider><lit-controller-probe></lit-controller-probe></data-provider>`);
    const probe = provider.querySelector('lit-controller-probe')!;
    expect(provider.activeController).to.be.instanceOf(Controller);
    expectSame(probe.ctrl.controller, provider.activeController, 'probe.ctrl.controller');
  });

  it('provides the Controller set in its controller property, and follows a change of it', async () => {
    const given = new Controller();
    const provider = await fixture<DataProvider>(
      html`<data-provider .controller=${given}><lit-controller-probe></lit-controller-probe></data-provider>`,
    );
    const probe = provider.querySelector('lit-controller-probe')!;
    expectSame(probe.ctrl.controller, given, 'probe.ctrl.controller');
    expectSame(provider.activeController, given, 'provider.activeController');

    const next = new Controller();
    provider.controller = next;
    await provider.updateComplete;
    expectSame(probe.ctrl.controller, next, 'probe.ctrl.controller');
    expectSame(provider.controller, next, 'the input property is not changed by the element');
  });

  it('refuses a controller property that is not a Controller: data-error names it, the readers keep the Controller they had', async () => {
    const rejections: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => {
      rejections.push(event.reason);
      event.preventDefault();
    };
    window.addEventListener('unhandledrejection', onRejection);
    try {
      await startWorker(...itemServer([{id: 1, title: 'one', completed: false}]).handlers);
      const given = new Controller();
      const provider = await fixture<DataProvider>(
        html`<data-provider .controller=${given}><lit-suspense-probe></lit-suspense-probe></data-provider>`,
      );
      const probe = provider.querySelector('lit-suspense-probe')!;
      await waitFor(() => shadowText(probe) === 'title: one');
      const errors: CustomEvent[] = [];
      provider.addEventListener('data-error', event => {
        errors.push(event as CustomEvent);
        event.preventDefault();
      });
      provider.controller = {} as Controller;
      await provider.updateComplete;
      probe.requestUpdate();
      await probe.updateComplete;
      expect(errors).to.have.length(1);
      expect(errors[0]!.detail.error).to.be.instanceOf(TypeError);
      expect(errors[0]!.detail.message).to.equal("<data-provider>: controller is not a Controller: {}. Give a Controller of lit-data-elements, or none for the provider's own");
      expectSame(provider.activeController, given, 'provider.activeController');
      expect(shadowText(probe)).to.equal('title: one');
      // A Controller given next is taken; setting none goes back to the provider's own.
      const next = new Controller();
      provider.controller = next;
      await provider.updateComplete;
      expectSame(provider.activeController, next, 'provider.activeController');
      provider.controller = undefined;
      await provider.updateComplete;
      expect(provider.activeController).to.be.instanceOf(Controller);
      expect(provider.activeController).not.to.equal(next);
      expect(errors).to.have.length(1);
      await new Promise(resolve => setTimeout(resolve, 0));
      expect(rejections).to.deep.equal([]);
    } finally {
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });

  it('nested providers scope their subtree', async () => {
    const outer = new Controller();
    const inner = new Controller();
    const root = await fixture<DataProvider>(html`
      <data-provider .controller=${outer}>
        <lit-controller-probe id="a"></lit-controller-probe>
        <data-provider .controller=${inner}>
          <lit-controller-probe id="b"></lit-controller-probe>
        </data-provider>
        <lit-controller-probe id="c"></lit-controller-probe>
      </data-provider>
    `);
    const probe = (id: string) => root.querySelector<ControllerProbe>(`#${id}`)!;
    expectSame(probe('a').ctrl.controller, outer, 'probe #a');
    expectSame(probe('b').ctrl.controller, inner, 'probe #b');
    expectSame(probe('c').ctrl.controller, outer, 'probe #c');

    // Data written through one provider is not visible in the other's subtree.
    probe('b').ctrl.setResponse(getItem, {id: 1}, {id: 1, title: 'inner only', completed: false});
    expect(probe('b').ctrl.get(Item, {id: 1})?.title).to.equal('inner only');
    expect(probe('a').ctrl.get(Item, {id: 1})).to.equal(undefined);
  });

  it('an element that connects before its provider is defined still finds the Controller', async () => {
    const server = itemServer([{id: 1, title: 'late but found', completed: false}]);
    await startWorker(...server.handlers);
    // A fresh tag, not yet defined: the provider is an HTMLElement with no behaviour yet.
    class LateProvider extends DataProvider {}
    const tag = `lit-late-provider-${Math.random().toString(36).slice(2, 8)}`;
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const provider = document.createElement(tag);
    const probe = document.createElement('lit-controller-probe');
    const reader = document.createElement('lit-suspense-probe');
    provider.append(probe, reader);
    container.append(provider);
    expect(probe.isConnected).to.equal(true);
    expectSame(probe.ctrl.controller, undefined, 'nothing to find yet');

    customElements.define(tag, LateProvider);
    const upgraded = provider as LateProvider;
    expect(upgraded).to.be.instanceOf(DataProvider);
    expectSame(probe.ctrl.controller, upgraded.activeController, 'probe.ctrl.controller');
    // The reactive controller found it too, and fetched through it.
    await waitFor(() => reader.item.status === 'complete', 'useSuspense resolved through the late provider');
    await reader.updateComplete;
    expect(shadowText(reader)).to.equal('title: late but found');
    expect(upgraded.activeController.get(Item, {id: 1})?.title).to.equal('late but found');
  });
});

describe('useController', () => {
  it("the Controller's methods work once the host is connected", async () => {
    const server = itemServer([{id: 2, title: 'from the server', completed: false}]);
    await startWorker(...server.handlers);
    const controller = new Controller();
    const provider = await fixture<DataProvider>(
      html`<data-provider .controller=${controller}><lit-controller-probe></lit-controller-probe></data-provider>`,
    );
    const {ctrl} = provider.querySelector('lit-controller-probe')!;

    ctrl.setResponse(getItem, {id: 1}, {id: 1, title: 'set', completed: false});
    expect(controller.get(Item, {id: 1})?.title).to.equal('set');
    expect(ctrl.getResponse(getItem, {id: 1}).data?.title).to.equal('set');

    const fetched = await ctrl.fetch(getItem, {id: 2});
    expect(fetched.title).to.equal('from the server');
    expect(ctrl.get(Item, {id: 2})).to.equal(fetched);
    expect(server.log.count('GET', '/lit-api/items/2')).to.equal(1);

    let calls = 0;
    const stop = ctrl.subscribe(() => calls++);
    ctrl.invalidate(getItem, {id: 1});
    expect(ctrl.getResponse(getItem, {id: 1}).expiryStatus).to.equal('invalid');
    stop();
    expect(calls).to.equal(1);
    expect(ctrl.snapshot().getResponse(getItem, {id: 2}).data?.title).to.equal('from the server');
  });

  it('resolves lazily: creating the element outside any provider does not throw', () => {
    const probe = document.createElement('lit-controller-probe');
    expectSame(probe.ctrl.controller, undefined, 'probe.ctrl.controller');
  });

  it('with no provider, calling a method throws an error naming <data-provider> and the element', async () => {
    const probe = await fixture<ControllerProbe>(html`<lit-controller-probe></lit-controller-probe>`);
    let thrown: unknown;
    try {
      probe.ctrl.get(Item, {id: 1});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(MissingProviderError);
    expect((thrown as Error).message).to.contain('<data-provider>');
    expect((thrown as Error).message).to.contain('<lit-controller-probe>');
    expect(() => probe.ctrl.setResponse(getItem, {id: 1}, {id: 1})).to.throw(MissingProviderError, /<data-provider>/);
  });

  it('with no provider, a reactive controller reports the same error in its status', async () => {
    const tag = defineUnique('lit-orphan', class extends SuspenseProbe {});
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const el = document.createElement(tag) as SuspenseProbe;
    container.append(el);
    await el.updateComplete;
    expect(el.item.status).to.equal('error');
    expect(el.item.error).to.be.instanceOf(MissingProviderError);
    expect(shadowText(el)).to.contain('<data-provider>').and.contain(`<${tag}>`);
  });
});
