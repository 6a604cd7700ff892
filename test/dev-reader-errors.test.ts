// Failures reach someone, once: a Lit reader's error that nothing shows (no <data-boundary>
// takes it, its host does not handle errors) fires `data-error` from its host and goes to the
// platform's reportError (in every build; test/production-reports.test.ts checks production),
// and development mode explains it once (console.error, with the host, the endpoint and the
// args), saying only what is true of the page. Each failure fires `data-error` exactly once,
// with a boundary or without.
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import {http, HttpResponse} from 'msw';
import {DataBoundary} from '../components/data-boundary.js';
import {DataProvider} from '../components/data-provider.js';
import {DataResource} from '../components/data-resource.js';
import {createResource} from '../src/rest/index.js';
import {Entity} from '../src/schema/index.js';
import {MissingProviderError, useCache, useFetch, useSuspense} from '../src/lit/index.js';
import {recordConsole} from './helpers/console-calls.js';
import {recordReports} from './helpers/reported-errors.js';
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

class PinPrefetch extends LitElement {
  readonly pin = useFetch(this, PinResource.get, {id: 1});
}
customElements.define('dev-pin-prefetch', PinPrefetch);

declare global {
  interface HTMLElementTagNameMap {
    'dev-pin-view': PinView;
    'dev-pin-count': PinCount;
    'dev-pin-prefetch': PinPrefetch;
  }
}

const consoleError = recordConsole('error');
const readerLogs = () => consoleError.calls().filter(args => String(args[0]).includes('has a reader in error that nothing shows'));
const reports = recordReports();

const refuse = (status = 403) => startWorker(http.get('/dev-api/pins/:id', () => HttpResponse.json({message: 'Pins are private'}, {status})));

describe('failures told once', () => {
  elementSuiteHooks();

  describe('a reader error nothing shows reaches the page', () => {
    it('data-error from its host, reportError and the explanation, once per failure, not once per render', async () => {
      await refuse();
      const heard: CustomEvent[] = [];
      const provider = await fixture<DataProvider>(html`<data-provider @data-error=${(e: CustomEvent) => heard.push(e)}><dev-pin-view></dev-pin-view></data-provider>`);
      const view = provider.querySelector('dev-pin-view')!;
      await until(() => view.pin.status === 'error', 'the read failed');
      view.requestUpdate();
      await view.updateComplete;
      view.requestUpdate();
      await view.updateComplete;
      expect(heard).to.have.length(1);
      const [event] = heard;
      expect(event!.target).to.equal(view);
      expect(event!.bubbles && event!.composed && event!.cancelable).to.equal(true);
      expect(event!.detail.error).to.equal(view.pin.error);
      expect(event!.detail.message).to.contain('Pins are private');
      expect(reports.reported()).to.have.length(1);
      expect(reports.reported()[0]).to.equal(view.pin.error);
      // Development mode explains it, once, naming the host, the endpoint and the args, with the objects after the message.
      const logs = readerLogs();
      expect(logs).to.have.length(1);
      const [message, details] = logs[0]! as [string, {host: unknown; endpoint: unknown; args: unknown; error: unknown}];
      expect(message).to.match(/^data-elements \(development mode\): <dev-pin-view> has a reader in error/);
      expect(message).to.contain('GET /dev-api/pins/:id with args [{"id":1}]');
      expect(message).to.contain('Pins are private');
      // No boundary above a useSuspense reader: getting one is the advice.
      expect(message).to.contain('Wrap the element in <data-boundary>');
      expect(details.host).to.equal(view);
      expect(details.endpoint).to.equal(PinResource.get);
      expect(details.error).to.equal(view.pin.error);
    });

    it('a page that takes the data-error (preventDefault) is not reported to reportError, nor explained', async () => {
      await refuse();
      const provider = await fixture<DataProvider>(html`<data-provider @data-error=${(e: Event) => e.preventDefault()}><dev-pin-view></dev-pin-view></data-provider>`);
      const view = provider.querySelector('dev-pin-view')!;
      await until(() => view.pin.status === 'error', 'the read failed');
      await view.updateComplete;
      expect(reports.reported()).to.deep.equal([]);
      expect(readerLogs()).to.deep.equal([]);
    });

    it('a new failure (another read) is announced again', async () => {
      await refuse();
      const provider = await fixture<DataProvider>(html`<data-provider><dev-pin-view></dev-pin-view></data-provider>`);
      const view = provider.querySelector('dev-pin-view')!;
      await until(() => view.pin.status === 'error');
      view.pinId = 2;
      view.requestUpdate();
      await until(() => reports.reported().length === 2, 'the second read failed and was reported');
      expect(reports.reported()[1]).to.equal(view.pin.error);
      expect(readerLogs(), 'and explained again, once').to.have.length(2);
      expect(String(readerLogs()[1]![0])).to.contain('[{"id":2}]');
    });

    it('no provider: reported with the MissingProviderError naming the element and <data-provider>', async () => {
      const heard: CustomEvent[] = [];
      const count = await fixture<PinCount>(html`<dev-pin-count @data-error=${(e: CustomEvent) => heard.push(e)}></dev-pin-count>`);
      await until(() => reports.reported().length === 1, 'reported once the page has loaded');
      expect(reports.reported()[0]).to.be.instanceOf(MissingProviderError);
      expect(heard.map(e => e.detail.message)).to.deep.equal([(count.pins.error as Error).message]);
      expect(heard[0]!.detail.message).to.contain('<dev-pin-count> has no <data-provider> above it');
    });

    it('nothing is announced for what a boundary takes, or what the host says it handles', async () => {
      await refuse();
      const heard: Event[] = [];
      const provider = await fixture<DataProvider>(html`
        <data-provider @data-error=${(e: Event) => heard.push(e)}>
          <data-boundary><dev-pin-view></dev-pin-view></data-boundary>
          <dev-pin-view id="own"></dev-pin-view>
        </data-provider>
      `);
      const own = provider.querySelector<PinView>('#own')!;
      own.pin.handlesErrors = true;
      const boundary = provider.querySelector('data-boundary')!;
      await until(() => boundary.hasAttribute('error') && own.pin.status === 'error', 'both failed');
      await boundary.updateComplete;
      expect(reports.reported(), 'the boundary shows it, the host shows its own').to.deep.equal([]);
      expect(heard.map(e => (e.target as Element).localName), 'the boundary announces what it shows').to.deep.equal(['data-boundary']);
      expect(readerLogs(), 'nor explained').to.deep.equal([]);
    });
  });

  describe('development mode: reader errors nothing shows', () => {

    it('a reader with no provider (useCache) is logged with the MissingProviderError, and no boundary advice', async () => {
      const count = await fixture<PinCount>(html`<dev-pin-count></dev-pin-count>`);
      await count.updateComplete;
      expect(count.pins.status).to.equal('error');
      await until(() => readerLogs().length === 1, 'logged once the page has loaded');
      expect(String(readerLogs()[0]![0])).to.contain('has no <data-provider> above it');
      expect(String(readerLogs()[0]![0])).not.to.contain('<data-boundary>');
    });

    it('a useFetch reader is never told to get a boundary (it never goes to one)', async () => {
      await refuse();
      const provider = await fixture<DataProvider>(html`<data-provider><data-boundary><dev-pin-prefetch></dev-pin-prefetch></data-boundary></data-provider>`);
      const prefetch = provider.querySelector('dev-pin-prefetch')!;
      await until(() => readerLogs().length === 1, 'logged');
      expect(prefetch.pin.status).to.equal('error');
      const message = String(readerLogs()[0]![0]);
      expect(message).not.to.contain('Wrap the element in <data-boundary>');
      expect(message).to.contain('This reader never goes to a <data-boundary> (only useSuspense does)');
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
