// hookifyResource with authentication from a Lit context: useInit reads an
// access token from a context and sends it as the Access-Token header; when the context's
// token changes, the next request carries the new one.
import {expect, fixture, html} from '@open-wc/testing';
import {ContextProvider, createContext} from '@lit/context';
import {LitElement} from 'lit';
import '../components/data-provider.js';
import {contextValue, hookifyResource, useController, useSuspense} from '../src/lit/index.js';
import {ItemResource, itemServer, makeItems, shadowText, waitFor} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';

after(() => stopWorker());

const tokenContext = createContext<string>(Symbol('access-token'));

/** The hooks, as an application would declare them once. */
const ItemHooks = hookifyResource(ItemResource, host => ({
  headers: {'Access-Token': contextValue(host, tokenContext) ?? ''},
}));

/** Provides the token to its subtree; `token` changes it (as a login or a refresh would). */
class TokenProvider extends LitElement {
  private readonly provider = new ContextProvider(this, {context: tokenContext, initialValue: 'token-1'});
  set token(value: string) {
    this.provider.setValue(value);
  }
  protected override createRenderRoot() {
    return this;
  }
}
customElements.define('test-token-provider', TokenProvider);

class AuthedItem extends LitElement {
  readonly item = useSuspense(this, ItemHooks.useGet(this), {id: 1});
  readonly ctrl = useController(this);
  rename(title: string) {
    return this.ctrl.fetch(ItemHooks.usePartialUpdate(this), {id: 1}, {title});
  }
  protected override render() {
    return this.item.render({pending: () => 'loading', complete: item => item.title});
  }
}
customElements.define('test-authed-item', AuthedItem);

describe('hookifyResource with a context token', () => {
  it('sends the Access-Token header from the context, and the new one after it changes', async () => {
    const server = itemServer(makeItems(2));
    await startWorker(...server.handlers);
    const root = await fixture<TokenProvider>(html`
      <test-token-provider><data-provider><test-authed-item></test-authed-item></data-provider></test-token-provider>
    `);
    const item = root.querySelector('test-authed-item') as AuthedItem;
    await waitFor(() => shadowText(item) === 'item 1', 'the item renders');
    const first = server.log.entries.find(e => e.method === 'GET');
    expect(first?.headers.get('access-token')).to.equal('token-1');

    root.token = 'token-2';
    await item.rename('renamed');
    const patch = server.log.entries.find(e => e.method === 'PATCH');
    expect(patch?.headers.get('access-token')).to.equal('token-2');
    // The JSON body keeps its content type next to the added header.
    expect(patch?.headers.get('content-type')).to.equal('application/json');
    expect(patch?.body).to.deep.equal({title: 'renamed'});
    await waitFor(() => shadowText(item) === 'renamed', 'the rename renders');
  });
});
