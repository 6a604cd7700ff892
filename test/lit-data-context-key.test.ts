// The data context's key is the global symbol `Symbol.for('data-elements/controller')`, so
// another copy of the library on the page (npm and CDN), or a component written against
// @lit/context alone, meets `<data-provider>` by that key and no import of ours: a consumer
// made with @lit/context's own ContextConsumer under the global symbol receives the
// provider's Controller, and follows it when the provider is given another one.
import {ContextConsumer, type Context} from '@lit/context';
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import '../components/data-provider.js';
import type {DataProvider} from '../components/data-provider.js';
import {Controller} from '../src/core/index.js';
import {expectSame} from './helpers/lit-fixtures.js';

/** The key as another copy of the library spells it: nothing imported from ours. */
const globalKey = Symbol.for('data-elements/controller') as Context<symbol, Controller>;

/** A component that knows the key only, consuming it with @lit/context's controller. */
class ForeignConsumer extends LitElement {
  readonly consumer = new ContextConsumer(this, {context: globalKey, subscribe: true});
}
customElements.define('ctx-foreign-consumer', ForeignConsumer);

declare global {
  interface HTMLElementTagNameMap {
    'ctx-foreign-consumer': ForeignConsumer;
  }
}

describe('dataContext key', () => {
  it("is Symbol.for('data-elements/controller'): a @lit/context consumer of that key gets the provider's own Controller", async () => {
    const provider = await fixture<DataProvider>(html`<data-provider><ctx-foreign-consumer></ctx-foreign-consumer></data-provider>`);
    const el = provider.querySelector('ctx-foreign-consumer')!;
    await el.updateComplete;
    expect(el.consumer.value, 'a Controller reached the consumer').to.be.instanceOf(Controller);
    expectSame(el.consumer.value, provider.activeController, "the consumer's value");
  });

  it('hands a given Controller to that consumer, and the next one given to a subscriber', async () => {
    const first = new Controller();
    const provider = await fixture<DataProvider>(html`<data-provider .controller=${first}><ctx-foreign-consumer></ctx-foreign-consumer></data-provider>`);
    const el = provider.querySelector('ctx-foreign-consumer')!;
    await el.updateComplete;
    expectSame(el.consumer.value, first, "the consumer's value");

    const second = new Controller();
    provider.controller = second;
    await provider.updateComplete;
    expectSame(el.consumer.value, second, "the consumer's value after the provider's controller changed");
  });
});
