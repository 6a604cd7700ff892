// Rig test: proves, in every engine, that msw's worker intercepts fetch and that Lit
// components with (experimental) decorators render. Later browser tests rely on both.
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import {customElement, property} from 'lit/decorators.js';
import {http, HttpResponse} from 'msw';
import {startWorker, stopWorker} from './helpers/msw.js';

describe('rig: msw in the browser', () => {
  after(() => stopWorker());

  it('mocks GET /api/ping with JSON', async () => {
    await startWorker(http.get('/api/ping', () => HttpResponse.json({pong: true, n: 1})));
    const res = await fetch('/api/ping');
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({pong: true, n: 1});
  });

  it('swaps handlers when startWorker is called again on the same page', async () => {
    await startWorker(http.get('/api/ping', () => HttpResponse.json({pong: 'again'})));
    expect(await (await fetch('/api/ping')).json()).to.deep.equal({pong: 'again'});
  });
});

// Decorators on purpose: they only work if esbuild reads experimentalDecorators and
// useDefineForClassFields from tsconfig.json (a class field would shadow the accessor).
@customElement('rig-greeting')
class RigGreeting extends LitElement {
  @property() name = 'world';
  override render() {
    return html`<p>Hello, ${this.name}!</p>`;
  }
}

describe('rig: Lit', () => {
  it('renders into the shadow root and re-renders on property change', async () => {
    const el = await fixture<RigGreeting>(html`<rig-greeting name="rig"></rig-greeting>`);
    expect(el.shadowRoot!.textContent!.trim()).to.equal('Hello, rig!');
    el.name = 'again';
    await el.updateComplete;
    expect(el.shadowRoot!.textContent!.trim()).to.equal('Hello, again!');
  });
});
