// Persistence's rules, on a fake clock and an in-memory storage that behaves like the
// IndexedDB one (asynchronous, and failing on demand). The real IndexedDB, in three engines,
// is test/persistence.test.ts.
import {afterEach, beforeEach, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller, type ResponseState} from '../../src/core/index.js';
import type {EndpointInterface} from '../../src/endpoint/index.js';
import {dehydrate} from '../../src/snapshots/index.js';
import {Persistence, SAVED_STATE_KEY, StorageError, type PersistStorage, type PersistenceOptions} from '../../src/persist/index.js';
import {createFakeTimers, type FakeTimers} from './helpers/fake-timers.js';
import {Article, createPatterns, flush, RequestQueue} from './helpers/deferred-endpoint.js';
import {visibleState} from '../../src/internal.js';

/** A Map behind promises, like IndexedDB; each operation may be made to fail or wait. */
class MemoryStorage implements PersistStorage {
  readonly data = new Map<string, unknown>();
  sets = 0;
  failSet: ((value: unknown) => unknown) | undefined;
  failGet: unknown;
  holdGet: Promise<void> | undefined;

  async get(key: string): Promise<unknown> {
    await this.holdGet;
    if (this.failGet) throw this.failGet;
    return structuredClone(this.data.get(key));
  }
  async set(key: string, value: unknown): Promise<void> {
    const failure = this.failSet?.(value);
    if (failure) throw failure;
    this.sets++;
    this.data.set(key, structuredClone(value));
  }
  async del(key: string): Promise<void> {
    this.data.delete(key);
  }
  saved(): {version: unknown; savedAt: number; state: string} | undefined {
    return this.data.get(SAVED_STATE_KEY) as never;
  }
}

let timers: FakeTimers;
let reported: unknown[];
/** Uncaught exceptions and unhandled rejections during the test: a failure thrown into the page. */
let escaped: unknown[];
const escape = (error: unknown) => void escaped.push(error);
const global = globalThis as {reportError?: (error: unknown) => void};
let previousReport: typeof global.reportError;
const disposers: (() => void)[] = [];

beforeEach(() => {
  timers = createFakeTimers();
  reported = [];
  escaped = [];
  previousReport = global.reportError;
  global.reportError = error => reported.push(error);
  process.on('uncaughtException', escape);
  process.on('unhandledRejection', escape);
});
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  global.reportError = previousReport;
  process.off('uncaughtException', escape);
  process.off('unhandledRejection', escape);
});

/** A "page load": a Controller with a Persistence on `storage`. */
function load(storage: PersistStorage, options: PersistenceOptions = {}) {
  const persistence = new Persistence({storage, timers, now: timers.now, ...options});
  const queue = new RequestQueue({now: timers.now, advance: ms => (timers.advance(ms), timers.now()), set: () => {}});
  const controller = new Controller({now: timers.now, timers, plugins: [persistence]});
  disposers.push(() => controller.dispose());
  return {persistence, controller, queue, ...createPatterns(queue)};
}

const titles = (response: ResponseState | undefined) => (response?.data as Article[] | undefined)?.map(a => a.title);
const kinds = () => reported.map(error => (error instanceof StorageError ? error.kind : String(error)));

describe('persistence', () => {
  test('saves the confirmed state after it changes, at most once per throttle window', async () => {
    const storage = new MemoryStorage();
    const {persistence, controller, getArticle} = load(storage, {throttleMs: 1_000});
    await persistence.ready;
    for (let id = 1; id <= 5; id++) controller.setResponse(getArticle, {id: String(id)}, {id: String(id), title: `article ${id}`});
    await flush();
    assert.equal(storage.sets, 0, 'nothing before the window ends');
    await timers.tick(1_000);
    assert.equal(storage.sets, 1, 'one save for five writes');
    const saved = JSON.parse(storage.saved()!.state);
    assert.equal(saved.tables[0].rows.length, 5);
    assert.equal(storage.saved()!.version, 1);
    await timers.tick(5_000);
    assert.equal(storage.sets, 1, 'no change, no save');
  });

  test('a new page shows the saved state at once, as stale, and refetches what its readers show', async () => {
    const storage = new MemoryStorage();
    const first = load(storage);
    await first.persistence.ready;
    first.controller.setResponse(first.getArticles, [{id: '1', title: 'saved'}]);
    await first.persistence.flush();

    const second = load(storage);
    const told: ResponseState[] = [];
    second.controller.watch(second.getArticles, [], response => told.push(response));
    await second.persistence.ready;
    assert.deepEqual(titles(second.controller.getResponse(second.getArticles)), ['saved']);
    assert.equal(second.controller.getResponse(second.getArticles).expiryStatus, 'stale');
    assert.ok(told.some(response => titles(response)?.[0] === 'saved'), 'the reader was told');
    assert.equal(second.queue.count('getArticles'), 1, 'and it is revalidated');
    await second.queue.last('getArticles').resolve([{id: '1', title: 'fresh'}]);
    assert.deepEqual(titles(second.controller.getResponse(second.getArticles)), ['fresh']);
    assert.equal(second.controller.getResponse(second.getArticles).expiryStatus, 'valid');
  });

  test('predictions are not saved', async () => {
    const storage = new MemoryStorage();
    const {persistence, controller, queue, getArticle, partialUpdateArticle} = load(storage);
    await persistence.ready;
    controller.setResponse(getArticle, {id: '1'}, {id: '1', title: 'confirmed'});
    timers.advance(10);
    void controller.fetch(partialUpdateArticle, {id: '1'}, {title: 'predicted'}).catch(() => undefined);
    assert.equal((controller.get(Article, {id: '1'}) as Article).title, 'predicted');
    await persistence.flush();
    assert.match(storage.saved()!.state, /"confirmed"/);
    assert.doesNotMatch(storage.saved()!.state, /predicted/);
    await queue.last('partialUpdateArticle').reject();
  });

  test('a fetch that settles under a pending prediction saves the confirmed row; no later page shows the rolled-back prediction', async () => {
    const storage = new MemoryStorage();
    const {persistence, controller, queue, getArticle, partialUpdateArticle} = load(storage);
    await persistence.ready;
    controller.setResponse(getArticle, {id: '1'}, {id: '1', title: 'draft', published: false});
    // The refetch leaves before the edit and settles while the edit is pending.
    timers.advance(10);
    const refetch = controller.fetch(getArticle, {id: '1'});
    timers.advance(10);
    const saving = controller.fetch(partialUpdateArticle, {id: '1'}, {published: true}).catch(() => 'failed');
    await queue.last('getArticle').resolve({id: '1', title: 'draft, refetched', published: false});
    await refetch;
    const shown = controller.get(Article, {id: '1'}) as Article;
    assert.deepEqual([shown.title, shown.published], ['draft, refetched', true], 'the refetched row shows under the prediction');
    await persistence.flush();

    const shownAfterReload = async () => {
      const page = load(storage);
      await page.persistence.ready;
      const article = page.controller.get(Article, {id: '1'}) as Article;
      page.controller.dispose();
      return [article.title, article.published];
    };
    assert.deepEqual(await shownAfterReload(), ['draft, refetched', false], 'saved while the edit was pending: the confirmed row');
    await queue.last('partialUpdateArticle').reject();
    assert.equal(await saving, 'failed');
    await persistence.flush();
    assert.deepEqual(await shownAfterReload(), ['draft, refetched', false], 'saved after the rollback');
  });

  test('state saved under another version is dropped quietly', async () => {
    const storage = new MemoryStorage();
    const first = load(storage, {version: 'v1'});
    await first.persistence.ready;
    first.controller.setResponse(first.getArticles, [{id: '1', title: 'v1 data'}]);
    await first.persistence.flush();
    const second = load(storage, {version: 'v2'});
    await second.persistence.ready;
    assert.equal(second.controller.getResponse(second.getArticles).data, undefined);
    assert.equal(storage.saved(), undefined, 'the old state is deleted');
    assert.deepEqual(reported, []);
  });

  test('data older than maxAge is neither read back nor saved', async () => {
    const storage = new MemoryStorage();
    const hour = 3_600_000;
    const first = load(storage, {maxAge: 2 * hour});
    await first.persistence.ready;
    first.controller.setResponse(first.getArticle, {id: '1'}, {id: '1', title: 'old'});
    timers.advance(hour);
    first.controller.setResponse(first.getArticle, {id: '2'}, {id: '2', title: 'recent'});
    await first.persistence.flush();
    timers.advance(hour + 1); // article 1 is now older than maxAge, article 2 is not
    const second = load(storage, {maxAge: 2 * hour});
    await second.persistence.ready;
    assert.equal(second.controller.get(Article, {id: '1'}), undefined);
    assert.equal((second.controller.get(Article, {id: '2'}) as Article).title, 'recent');
    assert.equal(second.controller.getResponse(second.getArticle, {id: '1'}).data, undefined, 'nor its result');
    await second.persistence.flush();
    assert.doesNotMatch(storage.saved()!.state, /"old"/, 'the next save leaves it out');
  });

  test('the saved state is bounded in size: the oldest writes are left out first', async () => {
    const storage = new MemoryStorage();
    const {persistence, controller, getArticle} = load(storage, {maxSize: 2_000});
    await persistence.ready;
    for (let id = 1; id <= 40; id++) {
      timers.advance(10);
      controller.setResponse(getArticle, {id: String(id)}, {id: String(id), title: `article number ${id}`});
    }
    await persistence.flush();
    const state = storage.saved()!.state;
    assert.ok(state.length <= 2_000, `${state.length} characters`);
    const kept = (JSON.parse(state).tables[0].rows as [string][]).map(row => Number(row[0]));
    assert.ok(kept.length > 5 && kept.length < 40, `${kept.length} kept`);
    assert.deepEqual(kept, Array.from({length: kept.length}, (_, i) => 40 - kept.length + 1 + i), 'the newest ones');
  });

  test('corrupt saved state is reported, dropped, and the cache starts empty', async () => {
    for (const saved of [
      {version: 1, savedAt: 0, state: '{not json'},
      {version: 1, savedAt: 0, state: JSON.stringify({kind: 'someone-else', version: 1})},
      {version: 1, savedAt: 0, state: JSON.stringify({kind: 'data-elements/state', version: 1, dehydratedAt: 0, times: [], tables: [{key: 'Article', rows: [['1', 7, {}]]}], results: []})},
      42,
      {version: 1},
    ]) {
      reported = [];
      const storage = new MemoryStorage();
      storage.data.set(SAVED_STATE_KEY, saved);
      const {persistence, controller, getArticles} = load(storage);
      await persistence.ready;
      assert.deepEqual(kinds(), ['corrupt'], JSON.stringify(saved));
      assert.equal(visibleState(controller).entities.size, 0);
      assert.equal(storage.saved(), undefined, 'dropped');
      controller.setResponse(getArticles, [{id: '1', title: 'works'}]);
      await persistence.flush();
      assert.match(storage.saved()!.state, /works/, 'and saving goes on');
    }
  });

  test('unreadable storage: reported, the cache starts empty and works', async () => {
    const storage = new MemoryStorage();
    storage.failGet = new DOMException('The database could not be opened', 'UnknownError');
    const {persistence, controller, getArticles} = load(storage);
    await persistence.ready;
    assert.deepEqual(kinds(), ['read']);
    controller.setResponse(getArticles, [{id: '1', title: 'works'}]);
    assert.deepEqual(titles(controller.getResponse(getArticles)), ['works']);
  });

  test('a save the storage refuses is reported once while it lasts, again after a save succeeded', async () => {
    for (const [kind, refusal] of [
      ['quota', new DOMException('The quota has been exceeded.', 'QuotaExceededError')],
      ['write', new DOMException('The transaction was aborted.', 'AbortError')],
    ] as const) {
      reported = [];
      const storage = new MemoryStorage();
      let refusing = true;
      storage.failSet = () => (refusing ? refusal : undefined);
      const {persistence, controller, getArticle} = load(storage);
      await persistence.ready;
      for (const title of ['a', 'b', 'c']) {
        controller.setResponse(getArticle, {id: '1'}, {id: '1', title});
        await persistence.flush();
      }
      assert.deepEqual(kinds(), [kind]);
      assert.equal((reported[0] as Error).cause, refusal);
      assert.equal((controller.get(Article, {id: '1'}) as Article).title, 'c', 'the cache is not affected');
      refusing = false;
      controller.setResponse(getArticle, {id: '1'}, {id: '1', title: 'd'});
      await persistence.flush();
      assert.match(storage.saved()!.state, /"d"/);
      refusing = true;
      controller.setResponse(getArticle, {id: '1'}, {id: '1', title: 'e'});
      await persistence.flush();
      assert.deepEqual(kinds(), [kind, kind]);
      await flush();
      assert.deepEqual(escaped, [], 'nothing thrown into the page');
    }
  });

  test('a value JSON cannot carry is left out of the saves and reported once; the rest is saved, flush resolves, the cache keeps it', async () => {
    const storage = new MemoryStorage();
    const {persistence, controller, getArticle} = load(storage, {throttleMs: 1_000});
    await persistence.ready;
    controller.setResponse(getArticle, {id: '1'}, {id: '1', title: 'saved'});
    await persistence.flush();
    const counter: EndpointInterface = {key: () => 'counter'};
    controller.setResponse(counter, {n: 1n});
    await persistence.flush(); // never rejects
    controller.setResponse(getArticle, {id: '2'}, {id: '2', title: 'saved too'});
    await timers.tick(1_000); // the throttled save leaves the counter out again, without a second report
    await flush();
    assert.deepEqual(escaped, [], 'nothing thrown into the page');
    assert.deepEqual(kinds(), ['write']);
    // The message says what was left out: a browser's reportError shows the error alone.
    assert.match((reported[0] as Error).message, /could not be written as JSON and is not saved \(the rest is\): cannot dehydrate result "counter"\.n: a bigint has no JSON form/);
    assert.match(String((reported[0] as Error).cause), /result "counter"\.n/);
    assert.deepEqual(controller.getResponse(counter).data, {n: 1n}, 'the cache is not affected');
    assert.equal(storage.sets, 3);
    const saved = storage.saved()!.state;
    assert.match(saved, /"saved too"/, 'the rest is saved');
    assert.doesNotMatch(saved, /counter/, 'the value with no JSON form is not');
  });

  test('without IndexedDB (Node has none): said once, nothing else tried, the cache works', async () => {
    assert.equal(typeof (globalThis as {indexedDB?: unknown}).indexedDB, 'undefined');
    const persistence = new Persistence({name: 'no-idb', timers, now: timers.now, throttleMs: 0});
    const controller = new Controller({plugins: [persistence]});
    disposers.push(() => controller.dispose());
    await persistence.ready;
    controller.setResponse({key: () => 'k', schema: Article}, {id: '1', title: 'works'});
    await persistence.flush();
    await timers.tick(10);
    assert.deepEqual(kinds(), ['unavailable']);
    assert.match((reported[0] as Error).message, /no IndexedDB here/);
    assert.equal((controller.get(Article, {id: '1'}) as Article).title, 'works');
  });

  test('data fetched while the saved state loads is newer, and wins', async () => {
    const storage = new MemoryStorage();
    const first = load(storage);
    await first.persistence.ready;
    first.controller.setResponse(first.getArticles, [{id: '1', title: 'saved'}]);
    await first.persistence.flush();

    timers.advance(1_000);
    let release!: () => void;
    storage.holdGet = new Promise(resolve => (release = resolve));
    const second = load(storage);
    const fetching = second.controller.fetch(second.getArticles);
    await second.queue.last('getArticles').resolve([{id: '1', title: 'fetched'}]);
    await fetching;
    release();
    await second.persistence.ready;
    assert.deepEqual(titles(second.controller.getResponse(second.getArticles)), ['fetched']);
    assert.equal(second.controller.getResponse(second.getArticles).expiryStatus, 'valid');
  });

  test('nothing is saved before the saved state was read; a flush meanwhile saves right after', async () => {
    const storage = new MemoryStorage();
    storage.data.set(SAVED_STATE_KEY, {version: 1, savedAt: 0, state: JSON.stringify(dehydrate(new Controller()))});
    let release!: () => void;
    storage.holdGet = new Promise(resolve => (release = resolve));
    const {persistence, controller, getArticle} = load(storage, {throttleMs: 0});
    controller.setResponse(getArticle, {id: '1'}, {id: '1', title: 'early'});
    let flushed = false;
    const flushing = persistence.flush().then(() => (flushed = true));
    await timers.tick(10);
    assert.equal(storage.sets, 0);
    assert.equal(flushed, false);
    release();
    await flushing;
    assert.equal(storage.sets, 1, 'saved once the load is done');
    assert.match(storage.saved()!.state, /early/);
  });

  test('dispose saves what is pending; resetEntireStore saves the empty state', async () => {
    const storage = new MemoryStorage();
    const first = load(storage, {throttleMs: 60_000});
    await first.persistence.ready;
    first.controller.setResponse(first.getArticle, {id: '1'}, {id: '1', title: 'pending'});
    first.controller.dispose();
    await first.persistence.flush();
    await flush();
    assert.match(storage.saved()!.state, /pending/);

    const second = load(storage, {throttleMs: 60_000});
    await second.persistence.ready;
    second.controller.resetEntireStore();
    await second.persistence.flush();
    assert.doesNotMatch(storage.saved()!.state, /pending/);
  });

  test('options are checked where the Persistence is made', () => {
    assert.throws(() => new Persistence({name: ''}), /`name` must be a non-empty string/);
    assert.throws(() => new Persistence({maxAge: 0}), /`maxAge` must be more than zero ms/);
    assert.throws(() => new Persistence({throttleMs: -1}), /`throttleMs` must be zero or more ms/);
    assert.throws(() => new Persistence({version: NaN}), /`version` must be a number or a string/);
  });

  test('one Persistence serves one Controller', () => {
    const persistence = new Persistence({storage: new MemoryStorage(), timers});
    const first = new Controller({plugins: [persistence]});
    const second = new Controller({plugins: [persistence]});
    disposers.push(() => first.dispose(), () => second.dispose());
    assert.equal(reported.length, 1);
    assert.match(String((reported[0] as Error).message), /already serves a Controller/);
  });
});
