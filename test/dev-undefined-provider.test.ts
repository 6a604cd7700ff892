// Development mode: a `<data-provider>` tag whose element was never defined (the elements not
// imported) is named as such in the reader's error, with the import that fixes it, and the
// explanation of an error nothing shows says only what is true of the page (an undefined
// <data-boundary> takes nothing, and is named). This page never loads components/, so
// <data-provider> and <data-boundary> stay undefined.
import {ContextProvider} from '@lit/context';
import {expect, fixture, html, waitUntil} from '@open-wc/testing';
import {LitElement} from 'lit';
import {Controller} from '../src/core/index.js';
import {dataContext, MissingProviderError, useSuspense} from '../src/lit/index.js';
import {recordConsole} from './helpers/console-calls.js';
import {getItem} from './helpers/lit-fixtures.js';
import {recordReports} from './helpers/reported-errors.js';

class UndefinedProviderProbe extends LitElement {
  readonly item = useSuspense(this, getItem, {id: 1});
}
customElements.define('undefined-provider-probe', UndefinedProviderProbe);

class ShadowHolder extends LitElement {
  override render() {
    return html`<undefined-provider-probe></undefined-provider-probe>`;
  }
}
customElements.define('undefined-provider-shadow-holder', ShadowHolder);

/** Gives its subtree a Controller through the data context, as a page may without <data-provider>. */
class ContextGiver extends LitElement {
  readonly given = new ContextProvider(this, {context: dataContext});
  override render() {
    return html`<slot></slot>`;
  }
}
customElements.define('undefined-provider-context-giver', ContextGiver);

declare global {
  interface HTMLElementTagNameMap {
    'undefined-provider-probe': UndefinedProviderProbe;
    'undefined-provider-shadow-holder': ShadowHolder;
    'undefined-provider-context-giver': ContextGiver;
  }
}

const reports = recordReports();
const consoleError = recordConsole('error');
const explanations = () => consoleError.calls().map(args => String(args[0])).filter(m => m.includes('has a reader in error that nothing shows'));

describe('development mode: an undefined <data-provider>', () => {
  it('the page has no <data-provider> definition (the premise)', () => {
    expect(customElements.get('data-provider')).to.equal(undefined);
  });

  it('says the elements were never loaded and how to load them', async () => {
    const root = await fixture(html`<data-provider><undefined-provider-probe></undefined-provider-probe></data-provider>`);
    const probe = root.querySelector('undefined-provider-probe')!;
    await probe.updateComplete;
    expect(probe.item.status).to.equal('error');
    expect(probe.item.error).to.be.instanceOf(MissingProviderError);
    const message = (probe.item.error as Error).message;
    expect(message).to.contain('<undefined-provider-probe> has no Controller: the <data-provider> above it is not defined (the elements were not loaded).');
    expect(message).to.contain("import 'lit-data-elements/elements'");
    expect(message).not.to.contain('has no <data-provider> above it');
    // Once the page has loaded, it reaches the page: reported, and explained without advice that is not true here.
    await waitUntil(() => reports.reported().length === 1, 'reported');
    expect(reports.reported()[0]).to.equal(probe.item.error);
    expect(explanations()).to.have.length(1);
    expect(explanations()[0]).not.to.contain('<data-boundary>');
  });

  it('inside an undefined <data-boundary> too: the explanation never says to wrap it in one', async () => {
    const root = await fixture(html`<data-provider><data-boundary><undefined-provider-probe></undefined-provider-probe></data-boundary></data-provider>`);
    const probe = root.querySelector('undefined-provider-probe')!;
    await waitUntil(() => explanations().length === 1, 'explained');
    expect((probe.item.error as Error).message).to.contain('the <data-provider> above it is not defined');
    expect(explanations()[0]).not.to.contain('Wrap the element in <data-boundary>');
  });

  it('a failed read under an undefined <data-boundary> (with a Controller): the boundary is named as not defined', async () => {
    const controller = new Controller({errorExpiryLength: 60_000});
    controller.setError(getItem, {id: 1}, new Error('Refused'));
    const giver = await fixture<ContextGiver>(html`<undefined-provider-context-giver
      ><data-boundary><undefined-provider-probe></undefined-provider-probe></data-boundary
    ></undefined-provider-context-giver>`);
    giver.given.setValue(controller);
    const probe = giver.querySelector('undefined-provider-probe')!;
    await waitUntil(() => probe.item.status === 'error' && explanations().length === 1, 'failed and explained');
    expect(String((probe.item.error as Error).message)).to.equal('Refused');
    expect(explanations()[0]).to.contain('The <data-boundary> above it is not defined (the elements were never loaded), so it takes nothing');
    expect(explanations()[0]).not.to.contain('Wrap the element in <data-boundary>');
    expect(reports.reported()).to.deep.equal([probe.item.error]);
  });

  it('finds the tag from inside a shadow root', async () => {
    const root = await fixture(html`<data-provider><undefined-provider-shadow-holder></undefined-provider-shadow-holder></data-provider>`);
    const holder = root.querySelector('undefined-provider-shadow-holder')!;
    await holder.updateComplete;
    const probe = holder.shadowRoot!.querySelector('undefined-provider-probe')!;
    await probe.updateComplete;
    expect((probe.item.error as Error).message).to.contain('the <data-provider> above it is not defined');
    await waitUntil(() => reports.reported().length === 1, 'reported');
  });

  it('with no <data-provider> tag at all, the message asks for one', async () => {
    const probe = await fixture<UndefinedProviderProbe>(html`<undefined-provider-probe></undefined-provider-probe>`);
    expect(probe.item.status).to.equal('error');
    expect((probe.item.error as Error).message).to.contain('has no <data-provider> above it');
    await waitUntil(() => reports.reported().length === 1, 'reported');
  });
});
