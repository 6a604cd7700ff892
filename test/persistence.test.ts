// Persistence with the browser's real IndexedDB, in every engine: a reload is a second
// navigation of the same page (an iframe of test/fixtures/tab-page.html under
// `<data-provider persist>`), or a new Controller on the same database name. Each test uses a
// database of its own. The API is mocked by msw in this page.
import {expect} from '@open-wc/testing';
import {createStore, get, set} from 'idb-keyval';
import {http, HttpResponse} from 'msw';
import {Controller} from '../src/core/index.js';
import {Persistence, SAVED_STATE_KEY, StorageError} from '../src/persist/index.js';
import {createResource, RestEndpoint} from '../src/rest/index.js';
import {Entity} from '../src/schema/index.js';
import {capturingReports} from './helpers/frames.js';
import {deferred, type Deferred} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import {PAGE_TIMEOUT, shows, TabPages, until} from './helpers/tab-pages.js';
import {visibleState} from '../src/internal.js';

class Saved extends Entity {
  id = '';
  title = '';
  static override key = 'PersistedNote';
}
const SavedResource = createResource({urlPrefix: '/persist-api', path: '/notes/:id', schema: Saved});
const OptimisticNotes = SavedResource.extend({
  partialUpdate: {getOptimisticResponse: (_snap, params, body) => ({id: params.id, ...body})},
});
/** Results without a schema whose values are falsy: a count, a flag, a text, nothing selected. */
const FALSY: Record<string, unknown> = {unread: 0, muted: false, draft: '', selection: null};
const getSetting = new RestEndpoint({urlPrefix: '/persist-api', path: '/settings/:name'});

let titles: string[] = [];
let gets = 0;
/** When set, GET /tabs-api/articles waits for it. */
let holdList: Deferred<void> | undefined;
/** GET /persist-api/notes/:id requests. */
let noteGets = 0;
/** When set, the next GET /persist-api/notes/:id waits for it, then answers with the titles as they are then. */
let holdNote: Deferred<void> | undefined;
/** When set, the next PATCH /persist-api/notes/:id waits for it, then fails with a 500. */
let failingPatch: Deferred<void> | undefined;

const handlers = [
  http.get('/tabs-api/articles', async () => {
    gets++;
    await holdList?.promise;
    return HttpResponse.json(titles.map((title, i) => ({id: String(i + 1), title})));
  }),
  http.get('/persist-api/settings/:name', ({params}) => HttpResponse.json(FALSY[String(params.name)] as never)),
  http.get('/persist-api/notes/:id', async ({params}) => {
    noteGets++;
    const gate = holdNote;
    holdNote = undefined;
    await gate?.promise;
    const index = Number(params.id) - 1;
    return HttpResponse.json({id: String(params.id), title: titles[index]});
  }),
  http.patch('/persist-api/notes/:id', async () => {
    const gate = failingPatch;
    failingPatch = undefined;
    await gate?.promise;
    return HttpResponse.json({message: 'refused'}, {status: 500});
  }),
  http.get('/persist-api/notes', () => HttpResponse.json(titles.map((title, i) => ({id: String(i + 1), title})))),
];

let dbCount = 0;
const databases: string[] = [];
/** A database name no other test (or earlier run) used. */
function newDatabase(): string {
  const name = `persist-test-${Date.now()}-${++dbCount}`;
  databases.push(name);
  return name;
}

/** A Controller with a Persistence on `name`: one page load. */
async function start(name: string, version: number | string = 1) {
  const persistence = new Persistence({name, version, throttleMs: 0});
  const controller = new Controller({plugins: [persistence]});
  await persistence.ready;
  return {persistence, controller};
}

describe('persistence in IndexedDB', function () {
  this.timeout(PAGE_TIMEOUT);
  const pages = new TabPages();

  before(() => startWorker(...handlers));
  after(async () => {
    stopWorker();
    for (const name of databases.splice(0)) indexedDB.deleteDatabase(name);
  });
  beforeEach(() => {
    titles = ['first', 'second'];
    gets = 0;
    holdList = undefined;
    noteGets = 0;
    holdNote = undefined;
    failingPatch = undefined;
  });
  afterEach(() => pages.closeAll());

  it('a reload of the page shows the saved list at once, stale, while it is fetched again', async () => {
    const db = newDatabase();
    const first = await pages.open(`persist=${db}`);
    await until(shows(first.app, ['first', 'second']));
    await first.app.provider.persistence!.flush();

    titles = ['first, changed on the server', 'second'];
    holdList = deferred();
    const gate = holdList;
    const second = await pages.open(`persist=${db}`, first.frame);
    await until(shows(second.app, ['first', 'second']), 'the saved list shows before its response');
    expect(second.app.stale()).to.deep.equal([true]);
    await until(() => gets === 2, 'and it is being fetched again');
    gate.resolve();
    await until(shows(second.app, ['first, changed on the server', 'second']));
  });

  it('a page without persist starts empty', async () => {
    const db = newDatabase();
    const first = await pages.open(`persist=${db}`);
    await until(() => first.app.titles() !== undefined);
    await first.app.provider.persistence!.flush();
    holdList = deferred();
    const gate = holdList;
    const second = await pages.open('no-persist', first.frame);
    expect(second.app.provider.persistence).to.equal(undefined);
    await until(() => gets === 2);
    expect(second.app.titles()).to.equal(undefined);
    expect(second.app.text()).to.contain('Loading');
    gate.resolve();
    await until(() => second.app.titles() !== undefined);
  });

  it('persist-version: state saved under another version is dropped', async () => {
    const db = newDatabase();
    const first = await pages.open(`persist=${db}&persist-version=1`);
    await until(() => first.app.titles() !== undefined);
    await first.app.provider.persistence!.flush();
    holdList = deferred();
    const gate = holdList;
    const second = await pages.open(`persist=${db}&persist-version=2`, first.frame);
    await second.app.provider.ready;
    expect(second.app.titles()).to.equal(undefined);
    expect(await get(SAVED_STATE_KEY, createStore(db, 'state'))).to.equal(undefined, 'deleted');
    gate.resolve();
    await until(() => second.app.titles() !== undefined);
  });

  it('a new Controller on the same database reads what the last one saved', async () => {
    const db = newDatabase();
    const first = await start(db);
    await first.controller.fetch(SavedResource.getList);
    await first.persistence.flush();
    first.controller.dispose();

    const second = await start(db);
    const {data, expiryStatus} = second.controller.getResponse(SavedResource.getList);
    expect(data?.map(note => note.title)).to.deep.equal(['first', 'second']);
    expect(data?.[0]).to.be.instanceOf(Saved);
    expect(expiryStatus).to.equal('stale');
    second.controller.dispose();
  });

  it('results whose value is 0, false, an empty string or null are saved and read back as they were', async () => {
    const db = newDatabase();
    const first = await start(db);
    for (const name of Object.keys(FALSY)) await first.controller.fetch(getSetting, {name});
    await first.persistence.flush();
    first.controller.dispose();

    const second = await start(db);
    for (const [name, value] of Object.entries(FALSY)) {
      const {data, expiryStatus} = second.controller.getResponse(getSetting, {name});
      expect(data, name).to.equal(value);
      expect(expiryStatus, name).to.equal('stale', 'saved state is shown as stale');
    }
    second.controller.dispose();
  });

  it('a fetch that settles under a pending edit saves the confirmed row: a reload never shows the rolled-back prediction', async () => {
    const db = newDatabase();
    const store = createStore(db, 'state');
    const first = await start(db);
    await first.controller.fetch(SavedResource.get, {id: '1'});
    // The refetch reaches the server before the edit starts, and is held there.
    holdNote = deferred();
    const getGate = holdNote;
    const refetch = first.controller.fetch(SavedResource.get, {id: '1'});
    await until(() => noteGets === 2, 'the refetch reached the server');
    failingPatch = deferred();
    const patchGate = failingPatch;
    const saving = first.controller.fetch(OptimisticNotes.partialUpdate, {id: '1'}, {title: 'predicted'}).then(
      () => 'saved',
      () => 'failed',
    );
    titles = ['first, changed on the server', 'second'];
    getGate.resolve();
    await refetch;
    expect(first.controller.get(Saved, {id: '1'})?.title).to.equal('predicted', 'the prediction shows over the refetched row');
    await first.persistence.flush();
    const saved = ((await get(SAVED_STATE_KEY, store)) as {state: string}).state;
    expect(saved).to.contain('first, changed on the server');
    expect(saved).not.to.contain('predicted', 'saved while the edit was pending');

    patchGate.resolve();
    expect(await saving).to.equal('failed');
    await first.persistence.flush();
    first.controller.dispose();
    const second = await start(db);
    expect(second.controller.get(Saved, {id: '1'})?.title).to.equal('first, changed on the server', 'a reload after the rollback');
    second.controller.dispose();
  });

  it('lets go of its database when its Controller is disposed: the database can then be deleted', async () => {
    const db = newDatabase();
    const {persistence, controller} = await start(db);
    await controller.fetch(SavedResource.get, {id: '1'});
    await persistence.flush();
    controller.dispose();
    // A deletion waits (after a `blocked` event) while any connection stays open.
    let deleted = false;
    const request = indexedDB.deleteDatabase(db);
    request.onsuccess = () => (deleted = true);
    await until(() => deleted, 'the database was deleted: no connection of the disposed Controller kept it open');
  });

  it('corrupt saved state is reported and dropped; the cache starts empty and saves again', async () => {
    for (const saved of [{version: 1, savedAt: 0, state: '{"kind":"data-elements/state", oops'}, {version: 1, savedAt: 0, state: '{"kind":"other"}'}, 'a string']) {
      const db = newDatabase();
      const store = createStore(db, 'state');
      await set(SAVED_STATE_KEY, saved, store);
      let started!: Awaited<ReturnType<typeof start>>;
      const reported = await capturingReports(window, async () => {
        started = await start(db);
      });
      expect(reported.map(error => (error as StorageError).kind)).to.deep.equal(['corrupt']);
      expect(reported[0]).to.be.instanceOf(StorageError);
      expect((reported[0] as Error).message).to.contain(db);
      expect(visibleState(started.controller).entities.size).to.equal(0);
      expect(await get(SAVED_STATE_KEY, store)).to.equal(undefined);
      await started.controller.fetch(SavedResource.getList);
      await started.persistence.flush();
      expect(((await get(SAVED_STATE_KEY, store)) as {state: string}).state).to.contain('first');
      started.controller.dispose();
    }
  });

  it('without IndexedDB (a private mode): reported once, the cache works', async () => {
    // An own accessor of window in some engines, inherited in others: put back exactly what was there.
    const own = Object.getOwnPropertyDescriptor(window, 'indexedDB');
    Object.defineProperty(window, 'indexedDB', {value: undefined, configurable: true});
    try {
      const reported = await capturingReports(window, async () => {
        const {controller, persistence} = await start(newDatabase());
        const notes = await controller.fetch(SavedResource.getList);
        expect(notes.map(note => note.title)).to.deep.equal(['first', 'second']);
        await persistence.flush();
        controller.dispose();
      });
      expect(reported.length).to.equal(1);
      expect((reported[0] as StorageError).kind).to.equal('unavailable');
    } finally {
      if (own) Object.defineProperty(window, 'indexedDB', own);
      else delete (window as {indexedDB?: unknown}).indexedDB;
    }
    expect(typeof indexedDB.open).to.equal('function', 'the real one is back');
  });
});
