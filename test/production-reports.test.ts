// Production is never silent where something fails: the sources run as a production build runs
// them (DEV_MODE false, in a frame whose import map swaps the switch module: see
// test/fixtures/production-mode.html), and each failure reaches the page with a short message
// naming what is wrong, without development mode's explanations:
// - a Lit reader's error that nothing shows: data-error from its host and the platform's
//   reportError (window.onerror), once per failure;
// - a page that never loads the elements: the reader under the undefined <data-provider> says so;
// - a reader with no <data-provider> at all: its element named, development mode's advice left out;
// - a malformed <data-provider> option attribute: data-error and reportError, naming the element,
//   the attribute and the value;
// - a <data-provider> controller property that is not a Controller: the same, and the provider
//   keeps the Controller it had.
// An attribute close to a known one (fiter= on <data-query>) is a warning of development mode
// only: production leaves the check out, as Lit leaves out its warnings.
import {expect, waitUntil} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {openFrame} from './helpers/frames.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import type {ProdPinView} from './helpers/production-readers.js';

interface ProductionFrame {
  win: Window & typeof globalThis & {importModule(url: string): Promise<Record<string, unknown>>};
  doc: Document;
  /** What reached the frame's window.onerror (reportError), in order. */
  errors: unknown[];
  /** data-error events heard at the frame's document. */
  heard: CustomEvent[];
  /** The frame's console.warn and console.error calls. */
  warns: unknown[][];
  consoleErrors: unknown[][];
}

const frames: HTMLIFrameElement[] = [];

/** A production-mode frame with the modules `urls` loaded in it, watched. */
async function productionFrame(...urls: string[]): Promise<ProductionFrame> {
  const {frame, win, doc} = await openFrame('/test/fixtures/production-mode.html');
  frames.push(frame);
  const page = win as ProductionFrame['win'];
  await waitUntil(() => typeof page.importModule === 'function', 'the frame started');
  const watched: ProductionFrame = {win: page, doc, errors: [], heard: [], warns: [], consoleErrors: []};
  page.addEventListener('error', event => {
    watched.errors.push(event.error);
    event.preventDefault(); // taken here: not logged as uncaught
  });
  doc.addEventListener('data-error', event => watched.heard.push(event as CustomEvent));
  page.console.warn = (...args: unknown[]) => void watched.warns.push(args);
  page.console.error = (...args: unknown[]) => void watched.consoleErrors.push(args);
  for (const url of urls) await page.importModule(url);
  return watched;
}

const until = (predicate: () => unknown, what: string) => waitUntil(predicate, what, {timeout: 10_000});

describe('production: failures reach the page', function () {
  // Each test loads the sources into a fresh frame, the whole element graph module by module:
  // about 3 s in WebKitGTK alone, and several times that with three engines on a loaded machine.
  this.timeout(60_000);
  before(async function () {
    this.timeout(30_000);
    await startWorker(http.get('/prod-api/pins/:id', () => HttpResponse.json({message: 'Pins are private'}, {status: 403})));
  });
  after(() => stopWorker());
  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  it('the frame runs the sources with DEV_MODE false (the premise)', async () => {
    const {win} = await productionFrame();
    const dev = await win.importModule('/src/dev/index.ts');
    expect(dev['DEV_MODE']).to.equal(false);
  });

  it('a reader error nothing shows: data-error from its host and reportError, once, with no explanation', async () => {
    const frame = await productionFrame('/components/index.ts', '/test/helpers/production-readers.ts');
    frame.doc.body.innerHTML = '<data-provider><prod-pin-view></prod-pin-view></data-provider>';
    const view = frame.doc.querySelector('prod-pin-view') as ProdPinView;
    await until(() => frame.errors.length === 1, 'reported');
    expect(view.pin.status).to.equal('error');
    expect(frame.errors[0]).to.equal(view.pin.error);
    expect((frame.errors[0] as Error).message).to.contain('Pins are private');
    expect(frame.heard.map(e => [e.target, e.detail.message])).to.deep.equal([[view, (view.pin.error as Error).message]]);
    // More renders of the same failure tell nothing more.
    view.requestUpdate();
    await view.updateComplete;
    expect(frame.errors).to.have.length(1);
    expect(frame.heard).to.have.length(1);
    expect(frame.consoleErrors, 'development mode explains; production does not').to.deep.equal([]);
  });

  it('a page that never loads the elements: the reader under the undefined <data-provider> says so', async () => {
    const frame = await productionFrame('/test/helpers/production-readers.ts');
    frame.doc.body.innerHTML = '<data-provider><data-boundary><p slot="fallback">Loading…</p><prod-pin-view></prod-pin-view></data-boundary></data-provider>';
    await until(() => frame.errors.length === 1, 'reported');
    const message = '<prod-pin-view> has no Controller: the <data-provider> above it is not defined (the elements were not loaded).';
    expect((frame.errors[0] as Error).message).to.equal(message);
    expect(frame.heard.map(e => e.detail.message)).to.deep.equal([message]);
    expect(frame.consoleErrors).to.deep.equal([]);
  });

  it('a reader with no <data-provider> above it: the short message, without what to do', async () => {
    const frame = await productionFrame('/components/index.ts', '/test/helpers/production-readers.ts');
    frame.doc.body.innerHTML = '<prod-pin-view></prod-pin-view>';
    await until(() => frame.errors.length === 1, 'reported');
    expect((frame.errors[0] as Error).message).to.equal('<prod-pin-view> has no <data-provider> above it');
  });

  it('fiter= on <data-query>: no check and no warning (development mode has it)', async () => {
    const frame = await productionFrame('/components/index.ts');
    frame.doc.body.innerHTML = `<data-provider><data-query id="open" entity="ProdNote" fiter='{"done": false}' analytics-id="7"><template>{{ count }}</template></data-query></data-provider>`;
    const query = frame.doc.querySelector('data-query') as HTMLElement & {updateComplete: Promise<unknown>};
    await query.updateComplete;
    // (Lit itself is its development build here, which announces itself: only ours are looked at.)
    const ours = [...frame.warns, ...frame.consoleErrors].filter(args => String(args[0]).startsWith('data-elements'));
    expect(ours).to.deep.equal([]);
  });

  it('a malformed <data-provider> option: data-error and reportError naming element, attribute and value, without explanation', async () => {
    const frame = await productionFrame('/components/index.ts');
    frame.doc.body.innerHTML = '<data-provider retry="three"></data-provider>';
    const message = '<data-provider>: the "retry" attribute must be a whole number of retries or "false", got "three"';
    expect(frame.heard.map(e => [e.detail.attribute, e.detail.message])).to.deep.equal([['retry', message]]);
    expect(frame.errors.map(error => (error as Error).message)).to.deep.equal([message]);
  });

  it('a <data-provider> controller that is not a Controller: data-error and reportError, the short message, and the provider keeps its own', async () => {
    const frame = await productionFrame('/components/index.ts');
    frame.doc.body.innerHTML = '<data-provider></data-provider>';
    const provider = frame.doc.querySelector('data-provider')!;
    const own = provider.activeController;
    provider.controller = {} as typeof own;
    await provider.updateComplete;
    const message = '<data-provider>: controller is not a Controller';
    expect(frame.heard.map(e => e.detail.message)).to.deep.equal([message]);
    expect(frame.errors.map(error => (error as Error).message)).to.deep.equal([message]);
    expect(provider.activeController).to.equal(own);
  });
});
