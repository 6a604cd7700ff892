// The CDN as ES modules (dist/cdn/modules), in every engine: a page that loads only the
// autoloader gets <data-provider> and <data-boundary> at once and every other element when it
// first uses its tag, loading that element's chunks then and not before. The modules must be
// built first: `npm test` builds them (in its Node part); by hand: `node scripts/build-cdn.mjs`.
import {expect, waitUntil} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {capturingReports, openFrame} from './helpers/frames.js';
import {startWorker, stopWorker} from './helpers/msw.js';

const AUTOLOAD = '/dist/cdn/modules/autoload.js';
const CHUNKS = '/dist/cdn/modules/chunks/';

const notes = [
  {id: 1, title: 'First note'},
  {id: 2, title: 'Second note'},
  {id: 3, title: 'Third note'},
];

const openPage = () => openFrame('/test/cdn-modules-page.html');

/** The chunks of the CDN modules a window has loaded, by file name without the hash (`data-query`). */
function loadedChunks(win: Window): string[] {
  return win.performance
    .getEntriesByType('resource')
    .map(entry => new URL(entry.name).pathname)
    .filter(path => path.startsWith(CHUNKS))
    .map(path => path.slice(CHUNKS.length).replace(/-[\w-]{8}\.js$/, ''));
}

describe('CDN modules (dist/cdn/modules)', () => {
  before(async () => {
    const response = await fetch(AUTOLOAD, {method: 'HEAD'});
    if (!response.ok) throw new Error(`${AUTOLOAD} is missing: build it first with \`node scripts/build-cdn.mjs\` (GET ${AUTOLOAD}: ${response.status})`);
  });

  after(() => stopWorker());

  it('a server-rendered page that loads the hydrate support before the autoloader shows the snapshot', async () => {
    const {frame, win, doc} = await openFrame('/test/cdn-modules-ssr-page.html');
    try {
      await waitUntil(() => doc.querySelector('#count output')?.textContent === '2', 'the count of the snapshot\'s rows', {timeout: 8000});
      expect(win.customElements.get('data-provider'), 'defined by the autoloader').to.exist;
    } finally {
      frame.remove();
    }
  });

  it('a page using <data-provider> and <data-query> loads their chunks only; a <data-resource> added later loads its own and works', async () => {
    await startWorker(http.get('/module-api/notes', () => HttpResponse.json(notes)));
    const {frame, win, doc} = await openPage();
    try {
      await waitUntil(() => win.customElements.get('data-query'), '<data-query> defined on first use', {timeout: 8000});
      expect(win.customElements.get('data-provider'), 'defined at once').to.exist;
      expect(win.customElements.get('data-boundary'), 'defined at once').to.exist;
      const chunks = loadedChunks(win);
      expect(chunks).to.include('data-query');
      expect(chunks).not.to.include('data-resource');
      expect(chunks).not.to.include('data-live');
      expect(win.customElements.get('data-resource'), 'not used, not defined').to.equal(undefined);

      doc.querySelector('#later')!.innerHTML = `
        <data-resource id="notes" url-prefix="/module-api" path="/notes/:id" entity="ModuleNote">
          <template><ul><template type="repeat" repeat="{{ items }}"><li>{{ item.title }}</li></template></ul></template>
        </data-resource>`;
      await waitUntil(() => doc.querySelectorAll('#notes li').length === 3, 'the list rendered', {timeout: 8000});
      expect([...doc.querySelectorAll('#notes li')].map(li => li.textContent)).to.deep.equal(notes.map(n => n.title));
      expect(loadedChunks(win)).to.include('data-resource');
      // The query already on the page follows the table the resource filled: one Controller, one cache.
      await waitUntil(() => doc.querySelector('#count output')?.textContent === '3', 'the count followed', {timeout: 8000});
    } finally {
      frame.remove();
    }
  });

  it('loads the poll timers only when a read of an endpoint with a pollFrequency is kept, then polls', async () => {
    let reads = 0;
    await startWorker(http.get('/module-api/notes', () => HttpResponse.json(notes)), http.get('/module-api/polled', () => HttpResponse.json({reads: ++reads})));
    const {frame, win} = await openPage();
    try {
      await waitUntil(() => win.customElements.get('data-query'), '<data-query> defined on first use', {timeout: 8000});
      expect(loadedChunks(win), 'the provider polls nothing yet').not.to.include('controller-polls');
      const [core, refresh] = await (win as unknown as {eval(code: string): Promise<Record<string, any>[]>}).eval(
        `Promise.all([import('/dist/cdn/modules/index.js'), import('/dist/cdn/modules/refresh.js')])`,
      );
      const controller = new core!.Controller({plugins: [new refresh!.Refresh()]});
      const release = controller.retain(new core!.RestEndpoint({path: '/module-api/polled', pollFrequency: 30}));
      try {
        await waitUntil(() => reads >= 2, 'polled', {timeout: 8000});
        expect(loadedChunks(win)).to.include('controller-polls');
      } finally {
        release();
        controller.dispose();
      }
    } finally {
      frame.remove();
    }
  });

  it('discover() defines the elements in a shadow root, which the autoloader does not watch', async () => {
    const {frame, win, doc} = await openPage();
    try {
      const {discover} = await (win as unknown as {eval(code: string): Promise<{discover(root: ParentNode): Promise<void>}>}).eval(`import(${JSON.stringify(AUTOLOAD)})`);
      const host = doc.createElement('div');
      doc.body.append(host);
      const root = host.attachShadow({mode: 'open'});
      root.innerHTML = '<data-devtools></data-devtools>';
      expect(win.customElements.get('data-devtools')).to.equal(undefined);
      await discover(root);
      expect(win.customElements.get('data-devtools'), 'defined').to.exist;
      expect(root.querySelector('data-devtools')).to.be.instanceOf(win.customElements.get('data-devtools')!);
    } finally {
      frame.remove();
    }
  });

  it('a module that cannot be loaded is an error naming the element, reported and never thrown into the page', async () => {
    // The chunk of <data-live> fails to load (a network error), as it would offline.
    await startWorker(http.get(/\/dist\/cdn\/modules\/chunks\/data-live-[\w-]+\.js$/, () => HttpResponse.error()));
    const {frame, win, doc} = await openPage();
    try {
      await waitUntil(() => win.customElements.get('data-query'), 'the page started', {timeout: 8000});
      await capturingReports(win, async reported => {
        doc.body.append(doc.createElement('data-live'));
        await waitUntil(() => reported.length === 1, 'the failure reported', {timeout: 8000});
        expect(String((reported[0] as Error).message)).to.match(/the module that defines <data-live> could not be loaded/);
      });
      expect(win.customElements.get('data-live')).to.equal(undefined);
    } finally {
      frame.remove();
    }
  });
});
