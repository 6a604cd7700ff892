// The CDN build (dist/cdn/data-elements.js), in every engine: it exports the whole API, and
// a page of plain HTML that loads only that file (test/cdn-page.html, in an iframe) renders
// a list from an msw-mocked API. (That the file is minified and imports nothing is checked
// on the file itself, in test/node/e2e-demo.test.ts: the test server re-prints JS it serves.)
// The file must be built first: `npm test` builds it (in its Node part, before these
// browser tests); by hand: `node scripts/build-cdn.mjs` or `npm run build`.
import {expect, waitUntil} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {openFrame} from './helpers/frames.js';
import {startWorker, stopWorker} from './helpers/msw.js';

const CDN_FILE = '/dist/cdn/data-elements.js';
const MISSING = `${CDN_FILE} is missing: build it first with \`node scripts/build-cdn.mjs\` or \`npm run build\``;

interface Note {
  id: number;
  title: string;
  author: {id: number; name: string};
}

const notes: Note[] = [
  {id: 1, title: 'First note', author: {id: 7, name: 'Ada'}},
  {id: 2, title: 'Second note', author: {id: 8, name: 'Lin'}},
  // Server data is text, never markup, in the CDN build too.
  {id: 3, title: '<img src=x onerror="window.cdnPwned = true">', author: {id: 7, name: 'Ada'}},
];

let nextId = 10;
const handlers = [
  http.get('/cdn-api/notes', () => HttpResponse.json(notes)),
  http.post('/cdn-api/notes', async ({request}) => {
    const body = (await request.json()) as {title: string};
    return HttpResponse.json({id: nextId++, title: body.title, author: {id: 7, name: 'Ada'}}, {status: 201});
  }),
];

const openPage = () => openFrame('/test/cdn-page.html');

describe('CDN build', () => {
  before(async () => {
    const response = await fetch(CDN_FILE, {method: 'HEAD'});
    if (!response.ok) throw new Error(`${MISSING} (GET ${CDN_FILE}: ${response.status})`);
  });

  after(() => stopWorker());

  it('exports the whole API: everything of data-elements, data-elements/lit and data-elements/elements', async function () {
    // The first import of the whole source tree in a run has the test server transform every
    // module; on two busy cores that alone has taken over 10 s.
    this.timeout(30_000);
    const cdn: Record<string, unknown> = await import(/* @vite-ignore */ CDN_FILE);
    const entries = await Promise.all([import('../src/index.js'), import('../src/lit/index.js'), import('../components/index.js')]);
    const expected = [...new Set(entries.flatMap(entry => Object.keys(entry)))].sort();
    const missing = expected.filter(name => !(name in cdn));
    expect(missing, 'missing from the CDN build').to.deep.equal([]);
    for (const name of ['Entity', 'schema', 'Query', 'RestEndpoint', 'createResource', 'Controller', 'useSuspense', 'DataResource', 'DataQuery']) {
      expect(cdn[name], name).to.exist;
    }
  });

  it('exports the signals part with the @lit-labs/signals names of its own copy, which see its signals', async () => {
    const cdn: Record<string, any> = await import(/* @vite-ignore */ CDN_FILE);
    for (const name of ['cacheSignal', 'suspenseSignal', 'CacheSignal', 'SuspenseSignal', 'watch', 'SignalWatcher', 'signal', 'computed', 'Signal']) {
      expect(cdn[name], name).to.exist;
    }
    class Note extends cdn.Entity {
      id = 0;
      title = '';
      static key = 'CdnSignalNote';
    }
    const NoteResource = cdn.createResource({path: '/cdn-api/notes/:id', schema: Note});
    const controller = new cdn.Controller();
    controller.setResponse(NoteResource.get, {id: 1}, {id: 1, title: 'first'});
    const note = cdn.cacheSignal(controller, NoteResource.get, {id: 1});
    const title = cdn.computed(() => note.get()?.title);
    // A watcher of the file's own Signal is told of a change of the cache's signal: one copy.
    let told = 0;
    const watcher = new cdn.Signal.subtle.Watcher(() => told++);
    watcher.watch(title);
    expect(title.get()).to.equal('first');
    controller.setResponse(NoteResource.get, {id: 1}, {id: 1, title: 'second'});
    await waitUntil(() => told > 0, 'the watcher was told');
    expect(title.get()).to.equal('second');
    watcher.unwatch(title);
  });

  it('polls an endpoint with a pollFrequency in that page: the poll timers are in the file, which loads no other', async () => {
    let reads = 0;
    await startWorker(...handlers, http.get('/cdn-api/polled', () => HttpResponse.json({reads: ++reads})));
    const {frame, win} = await openPage();
    try {
      const cdn = await (win as unknown as {eval(code: string): Promise<Record<string, any>>}).eval(`import(${JSON.stringify(CDN_FILE)})`);
      const controller = new cdn.Controller({plugins: [new cdn.Refresh()]});
      const release = controller.retain(new cdn.RestEndpoint({path: '/cdn-api/polled', pollFrequency: 30}));
      try {
        await waitUntil(() => reads >= 2, 'polled', {timeout: 8000});
      } finally {
        release();
        controller.dispose();
      }
      const scripts = win.performance.getEntriesByType('resource').map(entry => new URL(entry.name).pathname).filter(path => path.endsWith('.js') && !path.startsWith('/__web-dev-server'));
      expect(scripts).to.deep.equal([CDN_FILE]);
    } finally {
      frame.remove();
    }
  });

  it('renders a list from a mocked API in a page of plain HTML that loads only the CDN file', async () => {
    await startWorker(...handlers);
    const {frame, win, doc} = await openPage();
    try {
      // The page has one script: the CDN file (the test server adds its reload socket).
      const scripts = [...doc.scripts].map(s => s.getAttribute('src')).filter(src => !src?.startsWith('/__web-dev-server'));
      expect(scripts).to.deep.equal([CDN_FILE]);
      await waitUntil(() => doc.querySelectorAll('#notes li').length === 3, 'the list rendered', {timeout: 8000});
      expect(win.customElements.get('data-provider'), 'defined in the page').to.exist;
      const rows = [...doc.querySelectorAll<HTMLLIElement>('#notes li')];
      expect(rows.map(li => li.dataset.id)).to.deep.equal(['1', '2', '3']);
      expect(rows[0]!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('First note by Ada');
      expect(rows[1]!.querySelector('em')!.textContent).to.equal('by Lin');
      // The markup in a title stays text.
      expect(rows[2]!.querySelector('img')).to.equal(null);
      expect(rows[2]!.textContent).to.contain('<img src=x onerror="window.cdnPwned = true">');
      expect((win as unknown as {cdnPwned?: boolean}).cdnPwned).to.equal(undefined);
      // <data-query> over the same table.
      await waitUntil(() => doc.querySelector('#count output')?.textContent === '3', 'the count rendered', {timeout: 8000});
      expect(doc.querySelector('#notes')!.hasAttribute('loading')).to.equal(false);
    } finally {
      frame.remove();
    }
  });

  it('submits a form in that page through the mocked API (optimistic create, then the server row)', async () => {
    await startWorker(...handlers);
    const {frame, doc} = await openPage();
    try {
      await waitUntil(() => doc.querySelectorAll('#notes li').length === 3, 'the list rendered', {timeout: 8000});
      const form = doc.querySelector<HTMLFormElement>('#notes form')!;
      form.querySelector<HTMLInputElement>('[name=title]')!.value = 'Added from HTML';
      form.requestSubmit();
      await waitUntil(() => doc.querySelector('#notes li[data-id="10"]'), 'the server row', {timeout: 8000});
      expect(doc.querySelector('#notes li[data-id="10"]')!.textContent).to.contain('Added from HTML');
      expect(doc.querySelectorAll('#notes li').length).to.equal(4);
      await waitUntil(() => doc.querySelector('#count output')?.textContent === '4', 'the count followed', {timeout: 8000});
    } finally {
      frame.remove();
    }
  });
});
