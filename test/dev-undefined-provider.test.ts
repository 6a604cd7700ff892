// Development mode: a `<data-provider>` tag whose element was never defined (the elements not
// imported) is named as such in the reader's error, with the import that fixes it. This page
// never loads components/, so <data-provider> stays undefined.
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import {MissingProviderError, useSuspense} from '../src/lit/index.js';
import {getItem} from './helpers/lit-fixtures.js';

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

declare global {
  interface HTMLElementTagNameMap {
    'undefined-provider-probe': UndefinedProviderProbe;
    'undefined-provider-shadow-holder': ShadowHolder;
  }
}

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
    expect(message).to.contain('<undefined-provider-probe>');
    expect(message).to.contain('<data-provider> is not defined: the elements were never loaded');
    expect(message).to.contain("import 'lit-data-elements/elements'");
    expect(message).not.to.contain('has no <data-provider> above it');
  });

  it('finds the tag from inside a shadow root', async () => {
    const root = await fixture(html`<data-provider><undefined-provider-shadow-holder></undefined-provider-shadow-holder></data-provider>`);
    const holder = root.querySelector('undefined-provider-shadow-holder')!;
    await holder.updateComplete;
    const probe = holder.shadowRoot!.querySelector('undefined-provider-probe')!;
    await probe.updateComplete;
    expect((probe.item.error as Error).message).to.contain('<data-provider> is not defined');
  });

  it('with no <data-provider> tag at all, the message asks for one', async () => {
    const probe = await fixture<UndefinedProviderProbe>(html`<undefined-provider-probe></undefined-provider-probe>`);
    expect(probe.item.status).to.equal('error');
    expect((probe.item.error as Error).message).to.contain('has no <data-provider> above it');
  });
});
