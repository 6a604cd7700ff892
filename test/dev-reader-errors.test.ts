// Failures are told once: a Lit reader's error that no <data-boundary> takes is logged once
// in development mode (console.error, with the host, the endpoint and the args), and each
// failure fires `data-error` exactly once, with a boundary or without.
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import {http, HttpResponse} from 'msw';
import {DataBoundary} from '../components/data-boundary.js';
import {DataProvider} from '../components/data-provider.js';
import {DataResource} from '../components/data-resource.js';
import {createResource} from '../src/rest/index.js';
import {Entity} from '../src/schema/index.js';
import {useCache, useSuspense} from '../src/lit/index.js';
import {recordConsole} from './helpers/console-calls.js';
import {startWorker} from './helpers/msw.js';
import {elementSuiteHooks, until} from './elements-fixtures.js';

void [DataProvider, DataBoundary, DataResource];

class Pin extends Entity {
  id = 0;
  label = '';
  static override key = 'DevPin';
}
const PinResource = createResource({path: '/dev-api/pins/:id', schema: Pin});

class PinView extends LitElement {
  pinId = 1;
  readonly pin = useSuspense(this, PinResource.get, () => ({id: this.pinId}));
  override render() {
    return html`${this.pin.value?.label ?? ''}`;
  }
}
customElements.define('dev-pin-view', PinView);

class PinCount extends LitElement {
  readonly pins = useCache(this, PinResource.getList);
}
customElements.define('dev-pin-count', PinCount);

declare global {
  interface HTMLElementTagNameMap {
    'dev-pin-view': PinView;
    'dev-pin-count': PinCount;
  }
}

const consoleError = recordConsole('error');
const readerLogs = () => consoleError.calls().filter(args => String(args[0]).includes('no <data-boundary> takes'));

const refuse = (status = 403) => startWorker(http.get('/dev-api/pins/:id', () => HttpResponse.json({message: 'Pins are private'}, {status})));

describe('failures told once', () => {
  elementSuiteHooks();

  describe('development mode: reader errors nothing shows', () => {
    it('logs once, naming the host, the endpoint and the args, with the objects after the message', async () => {
      await refuse();
      const provider = await fixture<DataProvider>(html`<data-provider><dev-pin-view></dev-pin-view></data-provider>`);
      const view = provider.querySelector('dev-pin-view')!;
      await until(() => view.pin.status === 'error', 'the read failed');
      // More renders of the same failure add nothing.
      view.requestUpdate();
      await view.updateComplete;
      view.requestUpdate();
      await view.updateComplete;
      const logs = readerLogs();
      expect(logs).to.have.length(1);
      const [message, details] = logs[0]! as [string, {host: unknown; endpoint: unknown; args: unknown; error: unknown}];
      expect(message).to.match(/^data-elements \(development mode\): <dev-pin-view> has a reader in error/);
      expect(message).to.contain('GET /dev-api/pins/:id with args [{"id":1}]');
      expect(message).to.contain('Pins are private');
      expect(details.host).to.equal(view);
      expect(details.endpoint).to.equal(PinResource.get);
      expect(details.error).to.equal(view.pin.error);
    });

    it('logs a new failure again (another read), once', async () => {
      await refuse();
      const provider = await fixture<DataProvider>(html`<data-provider><dev-pin-view></dev-pin-view></data-provider>`);
      const view = provider.querySelector('dev-pin-view')!;
      await until(() => view.pin.status === 'error');
      view.pinId = 2;
      view.requestUpdate();
      await until(() => readerLogs().length === 2, 'the second read failed and was logged');
      expect(String(readerLogs()[1]![0])).to.contain('[{"id":2}]');
    });

    it('a reader with no provider (useCache) is logged with the MissingProviderError', async () => {
      const count = await fixture<PinCount>(html`<dev-pin-count></dev-pin-count>`);
      await count.updateComplete;
      expect(count.pins.status).to.equal('error');
      expect(readerLogs()).to.have.length(1);
      expect(String(readerLogs()[0]![0])).to.contain('has no <data-provider> above it');
    });

    it('does not log what a boundary takes, or what the host says it handles', async () => {
      await refuse();
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-boundary><dev-pin-view></dev-pin-view></data-boundary>
          <dev-pin-view id="own"></dev-pin-view>
        </data-provider>
      `);
      const own = provider.querySelector<PinView>('#own')!;
      own.pin.handlesErrors = true;
      const boundary = provider.querySelector('data-boundary')!;
      await until(() => boundary.hasAttribute('error') && own.pin.status === 'error', 'both failed');
      expect(readerLogs()).to.deep.equal([]);
    });
  });

  describe('data-error fires once per failure', () => {
    it('a <data-resource> inside a <data-boundary>: the page hears one data-error, from the resource', async () => {
      await refuse();
      const heard: Event[] = [];
      const provider = await fixture<DataProvider>(html`
        <data-provider @data-error=${(e: Event) => heard.push(e)}>
          <data-boundary><data-resource path="/dev-api/pins/:id" params='{"id": 1}'><template>{{ item.label }}</template></data-resource></data-boundary>
        </data-provider>
      `);
      const boundary = provider.querySelector('data-boundary')!;
      const resource = provider.querySelector('data-resource')!;
      await until(() => boundary.hasAttribute('error') && resource.hasAttribute('error'), 'both show it');
      await resource.updateComplete;
      await boundary.updateComplete;
      expect(heard.map(e => (e.target as Element).localName)).to.deep.equal(['data-resource']);
      expect(readerLogs(), 'the element shows it: nothing to log').to.deep.equal([]);
    });

    it('Lit readers in a boundary: one data-error per failing reader, from the boundary; a retry that fails again is a new one', async () => {
      await refuse();
      const heard: CustomEvent[] = [];
      const provider = await fixture<DataProvider>(html`
        <data-provider @data-error=${(e: CustomEvent) => heard.push(e)}>
          <data-boundary><dev-pin-view></dev-pin-view><dev-pin-view></dev-pin-view></data-boundary>
        </data-provider>
      `);
      const views = [...provider.querySelectorAll('dev-pin-view')];
      const boundary = provider.querySelector('data-boundary')!;
      await until(() => views.every(v => v.pin.status === 'error'), 'both failed');
      await boundary.updateComplete;
      expect(heard.length, 'one event per failed request').to.be.within(1, 2);
      expect(heard.every(e => (e.target as Element).localName === 'data-boundary')).to.equal(true);
      expect(heard[0]!.detail.message).to.contain('Pins are private');
      const distinct = () => new Set(heard.map(e => e.detail.error)).size;
      expect(distinct(), 'no failure told twice').to.equal(heard.length);
      const before = heard.length;
      boundary.retry();
      await until(() => heard.length > before && views.every(v => v.pin.status === 'error'), 'the retried reads failed again: told anew');
      await boundary.updateComplete;
      expect(distinct()).to.equal(heard.length);
    });
  });
});
