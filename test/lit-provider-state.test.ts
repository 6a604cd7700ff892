// <data-provider> starting from a snapshot: from a child
// <script type="application/json"> or its initialState property; readers show the snapshot
// data with no request while it is fresh; a refused snapshot is reported and the cache starts empty.
import {HydrateError, serializeForScript, type DehydratedState} from '../src/snapshots/index.js';
import {expect} from '@open-wc/testing';
import '../components/hydrate-support.js';
import '../components/data-provider.js';
import type {DataProvider} from '../components/data-provider.js';
import {Controller} from '../src/core/index.js';
import {defineUnique, getItem, ItemOneTitle, itemServer, makeItems, shadowText, waitFor} from './helpers/lit-fixtures.js';
import {recordConsole} from './helpers/console-calls.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import {dehydrate} from '../src/snapshots/index.js';

const ITEM_TITLE = defineUnique('state-item-title', class extends ItemOneTitle {});

/** A snapshot holding item 1 with `title`, taken from a Controller in this page. */
function snapshotOf(title: string): DehydratedState {
  const source = new Controller();
  source.setResponse(getItem, {id: 1}, {id: 1, title, completed: false});
  return dehydrate(source);
}

/** Mounts `markup` (a provider and its children) in a fresh container. */
function mount(markup: string): DataProvider {
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  mounted.push(container);
  return container.querySelector('data-provider')!;
}
const mounted: HTMLElement[] = [];

/**
 * Records the HydrateErrors reported to the page while a test runs. Mocha fails a test on
 * any error that reaches window.onerror, so the handler is wrapped for the test: a
 * HydrateError is taken here, anything else still goes to mocha.
 */
function watchReports() {
  const errors: unknown[] = [];
  const previous = window.onerror;
  window.onerror = function (this: WindowEventHandlers, message, source, line, column, error) {
    if (error instanceof HydrateError) {
      errors.push(error);
      return true;
    }
    return previous ? previous.call(this as never, message, source, line, column, error) : false;
  };
  return {errors, stop: () => (window.onerror = previous)};
}

describe('<data-provider> with a snapshot', () => {
  const server = itemServer(makeItems(3, id => `from the server ${id}`));

  before(async function () {
    this.timeout(30_000);
    await startWorker(...server.handlers);
  });
  after(() => stopWorker());
  beforeEach(() => server.log.entries.splice(0));
  afterEach(() => {
    for (const container of mounted.splice(0)) container.remove();
  });

  it('reads a child <script type="application/json"> and shows its data with no request', async () => {
    const provider = mount(`<data-provider>
      <script type="application/json">${serializeForScript(snapshotOf('</script><b>from the snapshot</b>'))}</script>
      <${ITEM_TITLE}></${ITEM_TITLE}>
    </data-provider>`);
    const reader = provider.querySelector(ITEM_TITLE)!;
    await waitFor(() => shadowText(reader).startsWith('title:'), 'the reader shows a title');
    expect(shadowText(reader)).to.equal('title: </script><b>from the snapshot</b>');
    expect(reader.shadowRoot!.querySelector('b')).to.equal(null, 'the data is text');
    expect(provider.activeController.getResponse(getItem, {id: 1}).expiryStatus).to.equal('valid');
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(0, 'no request while the data is fresh');
  });

  it('takes the snapshot from its initialState property, before a script child', async () => {
    const provider = document.createElement('data-provider');
    provider.initialState = snapshotOf('from the property');
    const script = document.createElement('script');
    script.type = 'application/json';
    script.textContent = serializeForScript(snapshotOf('from the script'));
    const reader = document.createElement(ITEM_TITLE);
    provider.append(script, reader);
    const container = document.createElement('div');
    mounted.push(container);
    container.append(provider);
    document.body.append(container);
    await waitFor(() => shadowText(reader).startsWith('title:'), 'the reader shows a title');
    expect(shadowText(reader)).to.equal('title: from the property');
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(0);
  });

  it('refuses a malformed snapshot: reports a HydrateError, starts empty and fetches', async () => {
    const reports = watchReports();
    try {
      const provider = mount(`<data-provider>
        <script type="application/json">{"kind":"data-elements/state","version":1,"dehydratedAt":1,"times":[],"tables":"oops","results":[]}</script>
        <${ITEM_TITLE}></${ITEM_TITLE}>
      </data-provider>`);
      const reader = provider.querySelector(ITEM_TITLE)!;
      await waitFor(() => shadowText(reader).startsWith('title:'), 'the reader shows a title');
      expect(shadowText(reader)).to.equal('title: from the server 1');
      expect(server.log.count('GET', '/lit-api/items/1')).to.equal(1, 'fetched, as with no snapshot');
      expect(reports.errors.length).to.equal(1);
      expect((reports.errors[0] as Error).message).to.contain('at $.tables');
    } finally {
      reports.stop();
    }
  });

  it('refuses a snapshot of a foreign format with a clear error', async () => {
    const reports = watchReports();
    try {
      const provider = mount(`<data-provider>
        <script type="application/json">{"queries":[{"queryKey":["item",1],"state":{"data":{"id":1}}}]}</script>
        <${ITEM_TITLE}></${ITEM_TITLE}>
      </data-provider>`);
      const reader = provider.querySelector(ITEM_TITLE)!;
      await waitFor(() => shadowText(reader).startsWith('title:'), 'the reader shows a title');
      expect(shadowText(reader)).to.equal('title: from the server 1');
      expect((reports.errors[0] as Error).message).to.contain('not a data-elements snapshot');
    } finally {
      reports.stop();
    }
  });
});

describe('<data-provider> given initialState after it made its Controller (development mode)', () => {
  const consoleWarn = recordConsole('warn');
  const late = () => consoleWarn.calls().filter(args => String(args[0]).includes('initialState was set after the provider made its Controller'));
  afterEach(() => {
    for (const container of mounted.splice(0)) container.remove();
  });

  it('warns once, with what to do instead; the snapshot read first stays', async () => {
    const provider = document.createElement('data-provider');
    provider.initialState = snapshotOf('first');
    const container = document.createElement('div');
    mounted.push(container);
    container.append(provider);
    document.body.append(container);
    await provider.updateComplete;
    expect(late()).to.deep.equal([]);
    provider.initialState = snapshotOf('later');
    await provider.updateComplete;
    expect(late()).to.have.length(1);
    expect(String(late()[0]![0])).to.equal(
      'data-elements (development mode): <data-provider>: initialState was set after the provider made its Controller, which reads a snapshot only when it is made: this one is not read. ' +
        "Set initialState before the provider connects, or add a later snapshot to the cache with merge(provider.activeController, snapshot) from 'lit-data-elements/snapshots'.",
    );
    expect(late()[0]![1]).to.equal(provider);
    expect(provider.activeController.getResponse(getItem, {id: 1}).data?.title).to.equal('first');
    provider.initialState = snapshotOf('later still');
    await provider.updateComplete;
    expect(late()).to.have.length(1);
  });

  it('says nothing for a snapshot set before the provider connects', async () => {
    const provider = document.createElement('data-provider');
    const container = document.createElement('div');
    mounted.push(container);
    container.append(provider);
    provider.initialState = snapshotOf('before');
    document.body.append(container);
    await provider.updateComplete;
    expect(late()).to.deep.equal([]);
    expect(provider.activeController.getResponse(getItem, {id: 1}).data?.title).to.equal('before');
  });
});
