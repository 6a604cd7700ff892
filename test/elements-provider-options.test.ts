// <data-provider>'s option attributes: the Controller it creates retries, expires data and
// errors, and refetches on focus and reconnect as its attributes say; a malformed value fires
// data-error naming the element, the attribute and the value, is reported (reportError), and
// the default applies.
import {expect, fixture, html} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {DataBoundary} from '../components/data-boundary.js';
import {DataProvider} from '../components/data-provider.js';
import {DataResource} from '../components/data-resource.js';
import type {DataErrorDetail} from '../components/template-host-element.js';
import {AttributeError} from '../components/attribute-error.js';
import {requestCount} from '../src/core/index.js';
import {createResource} from '../src/rest/index.js';
import {Entity} from '../src/schema/index.js';
import {recordConsole} from './helpers/console-calls.js';
import {startWorker} from './helpers/msw.js';
import {recordReports} from './helpers/reported-errors.js';
import {elementSuiteHooks, text, until} from './elements-fixtures.js';

void [DataBoundary, DataProvider, DataResource];

class OptionNote extends Entity {
  id = 0;
  title = '';
  static override key = 'OptionNote';
}
const NoteResource = createResource({path: '/opt-api/notes/:id', schema: OptionNote});
const ByKind = {
  on: createResource({path: '/opt-api/on/:id', schema: OptionNote}),
  off: createResource({path: '/opt-api/off/:id', schema: OptionNote}),
};

/** Requests per path, and which paths answer 503 (a failure the Controller retries by default). */
function noteServer() {
  const counts = new Map<string, number>();
  const failing = new Set<string>();
  const handler = http.get('/opt-api/:kind/:id', ({params, request}) => {
    const path = new URL(request.url).pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    if (failing.has(path)) return HttpResponse.json({message: 'Down for maintenance'}, {status: 503});
    return HttpResponse.json({id: Number(params['id']), title: `${params['kind']} ${params['id']}`});
  });
  return {handler, counts, failing, count: (path: string) => counts.get(path) ?? 0};
}

const reports = recordReports();
const consoleWarn = recordConsole('warn');

describe('<data-provider> options from attributes', () => {
  elementSuiteHooks();

  for (const off of ['0', 'false']) {
    it(`retry="${off}": the error slot shows on the first failure, after one request`, async () => {
      const server = noteServer();
      server.failing.add('/opt-api/notes/1');
      await startWorker(server.handler);
      const provider = await fixture<DataProvider>(html`
        <data-provider retry=${off}>
          <data-boundary>
            <p slot="error" class="failed">Could not load.</p>
            <data-resource path="/opt-api/notes/:id" params='{"id": 1}' entity="OptionNote"><template>{{ item.title }}</template></data-resource>
          </data-boundary>
        </data-provider>
      `);
      const boundary = provider.querySelector('data-boundary')!;
      await until(() => boundary.hasAttribute('error'), 'the error slot shows');
      expect(server.count('/opt-api/notes/1'), 'no retry').to.equal(1);
      expect(reports.reported(), 'a valid value reports nothing').to.deep.equal([]);
    });
  }

  it('retry="1" with retry-delay="0": one retry, at once, then the error', async () => {
    const server = noteServer();
    server.failing.add('/opt-api/notes/2');
    await startWorker(server.handler);
    const provider = await fixture<DataProvider>(html`<data-provider retry="1" retry-delay="0" retry-max-delay="0"></data-provider>`);
    const error = await provider.activeController.fetch(NoteResource.get, {id: 2}).catch((e: unknown) => e);
    expect((error as Error).message).to.contain('503');
    expect(server.count('/opt-api/notes/2')).to.equal(2);
  });

  it('data-expiry and error-expiry set how long data stays fresh and how long an error stands', async () => {
    const server = noteServer();
    server.failing.add('/opt-api/notes/4');
    await startWorker(server.handler);
    const provider = await fixture<DataProvider>(html`<data-provider data-expiry="600000" error-expiry="0" retry="0"></data-provider>`);
    const controller = provider.activeController;
    const before = Date.now();
    await controller.fetch(NoteResource.get, {id: 3});
    const {expiresAt} = controller.getResponse(NoteResource.get, {id: 3});
    expect(expiresAt - before, 'fresh for ten minutes, not the default minute').to.be.within(600_000, 600_000 + (Date.now() - before));
    await controller.fetch(NoteResource.get, {id: 4}).catch(() => undefined);
    expect(controller.getResponse(NoteResource.get, {id: 4}).errorExpired, 'the error stands for 0 ms, not the default second').to.equal(true);
  });

  it('refetch-on-focus="false" and refetch-on-reconnect="false" turn those refetches off', async () => {
    const server = noteServer();
    await startWorker(server.handler);
    const root = await fixture<HTMLDivElement>(html`
      <div>
        <data-provider id="on" data-expiry="300">
          <data-resource path="/opt-api/on/:id" params='{"id": 1}' entity="OptionNote"><template>{{ item.title }}</template></data-resource>
        </data-provider>
        <data-provider id="off" data-expiry="300" refetch-on-focus="false" refetch-on-reconnect="false">
          <data-resource path="/opt-api/off/:id" params='{"id": 1}' entity="OptionNote"><template>{{ item.title }}</template></data-resource>
        </data-provider>
      </div>
    `);
    const on = root.querySelector<DataProvider>('#on')!;
    const off = root.querySelector<DataProvider>('#off')!;
    const [onResource, offResource] = [...root.querySelectorAll('data-resource')];
    await until(() => text(onResource!) === 'on 1' && text(offResource!) === 'off 1', 'both loaded');
    const stale = (provider: DataProvider, kind: 'on' | 'off') => provider.activeController.getResponse(ByKind[kind].get, {id: 1}).expiryStatus === 'stale';
    await until(() => stale(on, 'on') && stale(off, 'off') && requestCount(on.activeController) === 0 && requestCount(off.activeController) === 0, 'both stale, nothing in flight');

    for (const event of ['focus', 'online']) {
      window.dispatchEvent(new Event(event));
      // The refetch starts inside the event's listener.
      expect(requestCount(on.activeController), `the default refetches on ${event}`).to.equal(1);
      expect(requestCount(off.activeController), `turned off: no refetch on ${event}`).to.equal(0);
      await until(() => requestCount(on.activeController) === 0 && stale(on, 'on'), 'the refetch settled and went stale again');
    }
    expect(server.count('/opt-api/off/1')).to.equal(1);
  });

  it('a malformed value: data-error and reportError naming element, attribute and value; the default applies', async () => {
    const server = noteServer();
    await startWorker(server.handler);
    const heard: DataErrorDetail[] = [];
    const root = await fixture<HTMLDivElement>(html`
      <div @data-error=${(e: CustomEvent<DataErrorDetail>) => heard.push(e.detail)}>
        <data-provider id="notes" retry="three" data-expiry="-5" refetch-on-focus="no">
          <data-resource path="/opt-api/notes/:id" params='{"id": 5}' entity="OptionNote"><template>{{ item.title }}</template></data-resource>
        </data-provider>
      </div>
    `);
    expect(heard.map(d => d.attribute)).to.deep.equal(['retry', 'data-expiry', 'refetch-on-focus']);
    expect(heard[0]!.message).to.match(/^<data-provider id="notes">: the "retry" attribute must be a whole number of retries or "false", got "three"\. /);
    // Development mode explains; production stops at the value (test/production-reports.test.ts).
    expect(heard[0]!.message).to.contain('retry="0" or retry="false" turns retries off');
    expect(heard[1]!.message).to.contain('the "data-expiry" attribute must be a number of ms, 0 or more, got "-5"');
    expect(heard[2]!.message).to.contain('the "refetch-on-focus" attribute must be "true" or "false", got "no"');
    expect(heard.every(d => d.error instanceof AttributeError)).to.equal(true);
    expect(reports.reported()).to.deep.equal(heard.map(d => d.error));

    // The provider works, with the defaults.
    const resource = root.querySelector('data-resource')!;
    await until(() => text(resource) === 'notes 5', 'it loaded');
    const provider = root.querySelector<DataProvider>('data-provider')!;
    const left = provider.activeController.getResponse(NoteResource.get, {id: 5}).expiresAt - Date.now();
    expect(left, 'the default minute').to.be.within(50_000, 60_000);
  });

  it('a page that takes the data-error (preventDefault) is not reported', async () => {
    await fixture(html`<div @data-error=${(e: Event) => e.preventDefault()}><data-provider error-expiry="soon"></data-provider></div>`);
    expect(reports.reported()).to.deep.equal([]);
  });

  it('an attribute close to an option attribute gets a "did you mean"', async () => {
    const provider = await fixture<DataProvider>(html`<data-provider retyr="0"></data-provider>`);
    await provider.updateComplete;
    const warned = consoleWarn.calls().map(args => String(args[0]));
    expect(warned).to.include('data-elements (development mode): <data-provider> has an attribute "retyr" it does not know: did you mean "retry"?');
  });
});
