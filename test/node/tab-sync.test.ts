// Sync across tabs over Node's real BroadcastChannel: each "tab" is a Controller with its own
// TabSync on one channel. Messages are delivered as the browser delivers them (a task later,
// in the order they were sent), so a test waits for the commit a message makes, never a time.
import {afterEach, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {BroadcastChannel as NodeBroadcastChannel} from 'node:worker_threads';
import {Controller, type Commit, type ResponseState} from '../../src/core/index.js';
import type {EndpointInterface} from '../../src/endpoint/index.js';
import {Entity, type EntityMeta} from '../../src/schema/index.js';
import {TabSync, type BroadcastChannelConstructor} from '../../src/sync/index.js';
import {Article, createFakeClock, createPatterns, flush, RequestQueue, Todo, type FakeClock} from './helpers/deferred-endpoint.js';
import {dehydrate, merge} from '../../src/snapshots/index.js';
import {visibleState} from '../../src/internal.js';

const Channel = NodeBroadcastChannel as unknown as BroadcastChannelConstructor;
let channelCount = 0;
const opened: {close(): void}[] = [];

afterEach(() => {
  for (const item of opened.splice(0)) item.close();
});

/** A channel name no other test uses. */
const newChannel = () => `tab-sync-test-${++channelCount}`;

/** One tab on `channel`: a Controller with its own TabSync, disposed after the test. */
function tab(channel: string, clock: FakeClock = createFakeClock(), BroadcastChannel: BroadcastChannelConstructor = Channel) {
  const queue = new RequestQueue(clock);
  const controller = new Controller({now: clock.now, plugins: [new TabSync({channel, BroadcastChannel})]});
  opened.push({close: () => controller.dispose()});
  return {controller, clock, queue, channel, ...createPatterns(queue)};
}

/** Tabs on one new channel, sharing one clock (the machine's) unless given their own. */
function tabs(count: number, clocks: FakeClock[] = []) {
  const channel = newChannel();
  const shared = createFakeClock();
  return Array.from({length: count}, (_, i) => tab(channel, clocks[i] ?? shared));
}

/**
 * What the tabs report, and what escapes them, until the test ends. A report goes to a
 * platform `reportError` installed here, which, as a browser's does, gets the error alone:
 * each is kept as the error's message, which must say what failed. An error thrown from a
 * listener or a microtask, or a rejection nobody handles, lands in `escaped`.
 */
function watchFailures(): {readonly reports: string[]; readonly escaped: unknown[]} {
  const reports: string[] = [];
  const escaped: unknown[] = [];
  const global = globalThis as {reportError?: (error: unknown) => void};
  const previous = {reportError: global.reportError};
  // As a browser's reportError does: it gets the error alone, so the error must say what failed.
  global.reportError = error => void reports.push(error instanceof Error ? error.message : String(error));
  const escape = (error: unknown) => void escaped.push(error);
  process.on('uncaughtException', escape);
  process.on('unhandledRejection', escape);
  opened.push({
    close() {
      process.off('uncaughtException', escape);
      process.off('unhandledRejection', escape);
      if (previous.reportError) global.reportError = previous.reportError;
      else delete global.reportError;
    },
  });
  return {reports, escaped};
}

/** Asserts that exactly one failure was reported, naming `channel` and matching `cause`, and nothing escaped. */
function assertReportedOnce(failures: ReturnType<typeof watchFailures>, channel: string, cause: RegExp): void {
  assert.deepEqual(failures.escaped, [], 'nothing thrown into the page');
  assert.equal(failures.reports.length, 1, failures.reports.join('\n'));
  assert.ok(failures.reports[0]!.includes(`channel "${channel}"`), `names the channel: ${failures.reports[0]}`);
  assert.match(failures.reports[0]!, cause);
}

/** Resolves with the next commit of `controller` that applied something from elsewhere. */
function nextRestore(controller: Controller): Promise<Commit> {
  return new Promise(resolve => {
    const stop = controller.subscribe(commit => {
      if (commit.cause !== 'restore') return;
      stop();
      resolve(commit);
    });
  });
}

/**
 * Every message posted on `channel`, as a listening tab receives them. `until(n)` waits until
 * it has `n`. Messages from one sender arrive in the order sent, so a test asks a tab that
 * might have sent something for a marker write, and waits for that marker here.
 */
function listen(channel: string): {readonly seen: unknown[]; until(count: number): Promise<void>} {
  const seen: unknown[] = [];
  const waiting: {count: number; resolve(): void}[] = [];
  const spy = new NodeBroadcastChannel(channel);
  spy.onmessage = event => {
    seen.push((event as {data: unknown}).data);
    for (const wait of waiting.filter(w => seen.length >= w.count)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  };
  opened.push(spy);
  return {
    seen,
    until: count => (seen.length >= count ? Promise.resolve() : new Promise(resolve => waiting.push({count, resolve}))),
  };
}

/** Posts a raw message on `channel`, as a tab of another app or release might. */
function post(channel: string, message: unknown): void {
  const sender = new NodeBroadcastChannel(channel);
  sender.postMessage(message);
  sender.close();
}

function record(controller: Controller, endpoint: EndpointInterface, ...args: unknown[]) {
  const told: ResponseState[] = [];
  const watch = controller.watch(endpoint, args, response => told.push(response));
  opened.push(watch);
  return told;
}

const titles = (response: ResponseState | undefined) => (response?.data as {title: string}[] | undefined)?.map(a => a.title);

describe('sync across tabs (Node BroadcastChannel)', () => {
  test('a settled fetch in one tab updates the readers of the other, and only those', async () => {
    const [a, b] = tabs(2);
    b.controller.setResponse(b.getArticles, [{id: '1', title: 'one'}, {id: '2', title: 'two'}]);
    const list = record(b.controller, b.getArticles);
    const first = record(b.controller, b.getArticle, {id: '1'});
    const second = record(b.controller, b.getArticle, {id: '2'});
    const before = b.controller.getResponse(b.getArticle, {id: '1'}).data;

    a.clock.advance(10);
    const fetching = a.controller.fetch(a.getArticle, {id: '2'});
    const arrived = nextRestore(b.controller);
    await a.queue.last('getArticle').resolve({id: '2', title: 'two, edited in tab A'});
    await fetching;
    await arrived;

    assert.equal((second.at(-1)?.data as Article).title, 'two, edited in tab A');
    assert.deepEqual(titles(list.at(-1)), ['one', 'two, edited in tab A']);
    assert.equal(first.length, 0, 'the reader of article 1 is not told');
    assert.equal(b.controller.getResponse(b.getArticle, {id: '1'}).data, before, 'article 1 keeps its instance');
    assert.equal(b.queue.sent.length, 0, 'tab B sent no request');
    assert.equal(b.controller.getResponse(b.getArticle, {id: '2'}).expiryStatus, 'valid', 'with tab A\'s expiry');
  });

  test('a result fetched in one tab is a result in the other', async () => {
    const [a, b] = tabs(2);
    const arrived = nextRestore(b.controller);
    a.controller.setResponse(a.getArticles, [{id: '1', title: 'one'}]);
    await arrived;
    const response = b.controller.getResponse(b.getArticles);
    assert.deepEqual(titles(response), ['one']);
    assert.equal(response.expiryStatus, 'valid');
    assert.ok((response.data as Article[])[0] instanceof Article, 'rebuilt through tab B\'s schema');
  });

  test('an invalidation reaches the other tab; a refetch there clears it', async () => {
    const [a, b] = tabs(2);
    let arrived = nextRestore(b.controller);
    a.controller.setResponse(a.getArticles, [{id: '1', title: 'one'}]);
    await arrived;
    const list = record(b.controller, b.getArticles);

    a.clock.advance(10);
    arrived = nextRestore(b.controller);
    a.controller.invalidate(a.getArticles);
    await arrived;
    assert.equal(list.at(-1)?.expiryStatus, 'invalid');
    assert.deepEqual(titles(list.at(-1)), ['one'], 'the data stays readable');

    a.clock.advance(10);
    const refetch = b.controller.fetch(b.getArticles);
    await b.queue.last('getArticles').resolve([{id: '1', title: 'one'}]);
    await refetch;
    assert.equal(b.controller.getResponse(b.getArticles).expiryStatus, 'valid');
  });

  test('an invalidation older than the data a tab holds is disregarded there', async () => {
    const clockA = createFakeClock(1_000);
    const clockB = createFakeClock(2_000);
    const [a, b] = tabs(2, [clockA, clockB]);
    b.controller.setResponse(b.getArticles, [{id: '1', title: 'fetched at 2000'}]);
    const marker = nextRestore(b.controller);
    a.controller.invalidate(a.getArticles); // at 1000: before tab B's data was fetched
    a.controller.setResponse(a.getArticle, {id: '9'}, {id: '9', title: 'marker'});
    await marker;
    assert.equal(b.controller.getResponse(b.getArticles).expiryStatus, 'valid');
  });

  test('a delete in one tab removes the entity from the lists of the other', async () => {
    const [a, b] = tabs(2);
    b.controller.setResponse(b.getTodos, [
      {id: '1', title: 'keep', userId: '1'},
      {id: '2', title: 'delete me', userId: '1'},
    ]);
    const list = record(b.controller, b.getTodos);

    a.clock.advance(10);
    const deleting = a.controller.fetch(a.deleteTodoPlain, {id: '2'});
    const arrived = nextRestore(b.controller);
    await a.queue.last('deleteTodoPlain').resolve('');
    await deleting;
    await arrived;

    assert.deepEqual(titles(list.at(-1)), ['keep']);
    assert.equal(b.controller.getResponse(b.getTodos).expiryStatus, 'valid');
    assert.equal(b.controller.get(Todo, {id: '2'}), undefined, 'todo 2 is gone in tab B');
  });

  test('a prediction stays in its tab; when its request fails the other tab never saw it', async () => {
    const [a, b] = tabs(2);
    let arrived = nextRestore(a.controller);
    b.controller.setResponse(b.getArticle, {id: '1'}, {id: '1', title: 'draft', published: false});
    await arrived;
    const inA = record(a.controller, a.getArticle, {id: '1'});
    const seen = listen(a.channel);

    b.clock.advance(10);
    const saving = b.controller.fetch(b.partialUpdateArticle, {id: '1'}, {published: true}).catch(() => 'failed');
    assert.equal((b.controller.getResponse(b.getArticle, {id: '1'}).data as Article).published, true, 'tab B shows its prediction');
    await b.queue.last('partialUpdateArticle').reject();
    assert.equal(await saving, 'failed');

    // A confirmed write after it: messages arrive in order, so had the prediction been sent it would be here first.
    arrived = nextRestore(a.controller);
    b.controller.setResponse(b.getArticle, {id: '7'}, {id: '7', title: 'marker'});
    await Promise.all([arrived, seen.until(1)]);
    assert.equal(inA.length, 0, 'tab A\'s reader of article 1 was never told');
    assert.equal((a.controller.getResponse(a.getArticle, {id: '1'}).data as Article).published, false);
    assert.equal(seen.seen.length, 1, 'one message: the marker');
  });

  test('a fetch that settles under a pending prediction sends the confirmed row; after the rollback the other tab never showed the prediction', async () => {
    const [a, b] = tabs(2);
    let arrived = nextRestore(a.controller);
    b.controller.setResponse(b.getArticle, {id: '1'}, {id: '1', title: 'draft', published: false});
    await arrived;
    const inA = record(a.controller, a.getArticle, {id: '1'});

    // The refetch leaves before the edit and settles while the edit is pending.
    b.clock.advance(10);
    const refetch = b.controller.fetch(b.getArticle, {id: '1'});
    b.clock.advance(10);
    const saving = b.controller.fetch(b.partialUpdateArticle, {id: '1'}, {published: true}).catch(() => 'failed');
    arrived = nextRestore(a.controller);
    await b.queue.last('getArticle').resolve({id: '1', title: 'draft, refetched', published: false});
    await refetch;
    await arrived;
    const shownInB = b.controller.getResponse(b.getArticle, {id: '1'}).data as Article;
    assert.deepEqual([shownInB.title, shownInB.published], ['draft, refetched', true], 'tab B shows the refetched row under its prediction');
    const shownInA = a.controller.getResponse(a.getArticle, {id: '1'}).data as Article;
    assert.deepEqual([shownInA.title, shownInA.published], ['draft, refetched', false], 'tab A got the confirmed row');

    await b.queue.last('partialUpdateArticle').reject();
    assert.equal(await saving, 'failed');
    assert.equal((b.controller.getResponse(b.getArticle, {id: '1'}).data as Article).published, false, 'tab B rolled back');
    // A confirmed write after it: messages arrive in order, so anything sent about article 1 came first.
    arrived = nextRestore(a.controller);
    b.controller.setResponse(b.getArticle, {id: '7'}, {id: '7', title: 'marker'});
    await arrived;
    assert.deepEqual(
      inA.map(response => (response.data as Article).published),
      [false],
      'tab A\'s reader was told once, of the refetched row, never of the prediction',
    );
    assert.equal((a.controller.getResponse(a.getArticle, {id: '1'}).data as Article).published, false);
  });

  test('a confirmed optimistic write reaches the other tab with the server\'s data', async () => {
    const [a, b] = tabs(2);
    let arrived = nextRestore(a.controller);
    b.controller.setResponse(b.getArticle, {id: '1'}, {id: '1', title: 'draft', published: false});
    await arrived;
    b.clock.advance(10);
    const saving = b.controller.fetch(b.partialUpdateArticle, {id: '1'}, {published: true});
    arrived = nextRestore(a.controller);
    await b.queue.last('partialUpdateArticle').resolve({id: '1', title: 'draft (published)', published: true});
    await saving;
    await arrived;
    const shown = a.controller.getResponse(a.getArticle, {id: '1'}).data as Article;
    assert.deepEqual([shown.title, shown.published], ['draft (published)', true]);
  });

  test('another tab\'s write goes under a pending prediction, which stays visible until it settles', async () => {
    const [a, b] = tabs(2);
    let arrived = nextRestore(b.controller);
    a.controller.setResponse(a.getArticle, {id: '1'}, {id: '1', title: 'draft', body: 'old', published: false});
    await arrived;
    b.clock.advance(10);
    const saving = b.controller.fetch(b.partialUpdateArticle, {id: '1'}, {published: true}).catch(() => 'failed');

    a.clock.advance(10);
    arrived = nextRestore(b.controller);
    a.controller.setResponse(a.getArticle, {id: '1'}, {id: '1', title: 'draft', body: 'edited in A', published: false});
    await arrived;
    const shown = () => {
      const article = b.controller.getResponse(b.getArticle, {id: '1'}).data as Article;
      return [article.body, article.published];
    };
    assert.deepEqual(shown(), ['edited in A', true], 'tab A\'s body, tab B\'s prediction over it');
    await b.queue.last('partialUpdateArticle').reject();
    assert.equal(await saving, 'failed');
    assert.deepEqual(shown(), ['edited in A', false], 'rolled back to tab A\'s data');
  });

  test('no echo: a tab sends its write once, and the tab that applied it sends nothing', async () => {
    const [a, b, c] = tabs(3);
    const seen = listen(a.channel);
    const inB = nextRestore(b.controller);
    const inC = nextRestore(c.controller);
    a.controller.setResponse(a.getArticle, {id: '1'}, {id: '1', title: 'one'});
    await Promise.all([inB, inC]);
    // A marker write from B and from C: an echo from either would be seen before its marker.
    b.controller.setResponse(b.getArticle, {id: '2'}, {id: '2', title: 'marker from B'});
    c.controller.setResponse(c.getArticle, {id: '3'}, {id: '3', title: 'marker from C'});
    await seen.until(3);
    const markers = seen.seen.map(message => JSON.stringify(message).match(/marker from [BC]|"one"/)?.[0]).sort();
    assert.deepEqual(markers, ['"one"', 'marker from B', 'marker from C'], 'tab A\'s write and the two markers, nothing else');
    await flush();
    assert.equal(seen.seen.length, 3);
  });

  test('the writes of one task make one message', async () => {
    const [a, b] = tabs(2);
    const seen = listen(a.channel);
    const arrived = nextRestore(b.controller);
    a.controller.setResponse(a.getArticle, {id: '1'}, {id: '1', title: 'one'});
    a.controller.setResponse(a.getArticle, {id: '2'}, {id: '2', title: 'two'});
    a.controller.setResponse(a.getArticle, {id: '1'}, {id: '1', title: 'one, again'});
    await arrived;
    // A marker in a task of its own: the first message's writes all came before it.
    a.controller.setResponse(a.getArticle, {id: '3'}, {id: '3', title: 'marker'});
    await seen.until(2);
    assert.match(JSON.stringify(seen.seen[1]), /marker/, 'the second message is the marker');
    assert.equal((b.controller.get(Article, {id: '1'}) as Article).title, 'one, again');
    assert.equal((b.controller.get(Article, {id: '2'}) as Article).title, 'two');
  });

  test('a tab that joins late gets no history, then the writes made after it joined', async () => {
    const [a, b] = tabs(2);
    a.controller.setResponse(a.getArticle, {id: '1'}, {id: '1', title: 'before C joined'});
    await nextRestore(b.controller);
    const c = new Controller({now: a.clock.now, plugins: [new TabSync({channel: a.channel, BroadcastChannel: Channel})]});
    opened.push({close: () => c.dispose()});
    assert.equal(c.get(Article, {id: '1'}), undefined);
    const arrived = nextRestore(c);
    a.controller.setResponse(a.getArticle, {id: '2'}, {id: '2', title: 'after'});
    await arrived;
    assert.equal(c.get(Article, {id: '1'}), undefined, 'still no history');
    assert.equal((c.get(Article, {id: '2'}) as Article).title, 'after');
  });

  test('data older than what a tab holds is disregarded there', async () => {
    const clockA = createFakeClock(1_000);
    const clockB = createFakeClock(2_000);
    const [a, b] = tabs(2, [clockA, clockB]);
    b.controller.setResponse(b.getArticles, [{id: '1', title: 'fetched at 2000'}]);
    const reader = record(b.controller, b.getArticles);
    const arrived = nextRestore(b.controller);
    a.controller.setResponse(a.getArticles, [{id: '1', title: 'fetched at 1000'}, {id: '2', title: 'new at 1000'}]);
    await arrived;
    assert.deepEqual(titles(b.controller.getResponse(b.getArticles)), ['fetched at 2000'], 'the older list is disregarded');
    assert.equal((b.controller.get(Article, {id: '2'}) as Article).title, 'new at 1000', 'a row tab B did not hold is taken');
    assert.equal(reader.length, 0, 'the list reader is not told');
  });

  test('for a table a tab has not written itself, a row older than the one it holds is disregarded', async () => {
    const clockA = createFakeClock(1_000);
    const clockB = createFakeClock(2_000);
    const [a, b] = tabs(2, [clockA, clockB]);
    const writer = new Controller({now: clockB.now});
    writer.setResponse(b.getArticle, {id: '1'}, {id: '1', title: 'fetched at 2000'});
    merge(b.controller, dehydrate(writer)); // tab B holds it, but never wrote an Article itself
    const arrived = nextRestore(b.controller);
    a.controller.setResponse(a.getArticle, {id: '1'}, {id: '1', title: 'fetched at 1000'});
    a.controller.setResponse(a.getArticle, {id: '2'}, {id: '2', title: 'marker'});
    await arrived;
    assert.equal((b.controller.get(Article, {id: '2'}) as Article).title, 'marker');
    assert.equal((b.controller.get(Article, {id: '1'}) as Article).title, 'fetched at 2000');
  });

  test('the receiving tab\'s useIncoming decides over rows of a table it has written', async () => {
    class Versioned extends Entity {
      id = '';
      version = 0;
      title = '';
      static override key = 'Versioned';
      static override useIncoming(_a: EntityMeta, _b: EntityMeta, existing: {version: number}, incoming: {version: number}) {
        return incoming.version >= existing.version;
      }
    }
    const [a, b] = tabs(2);
    const put = (key: string): EndpointInterface => ({key: () => key, schema: Versioned});
    b.controller.setResponse(put('B'), {id: '1', version: 5, title: 'version 5'});
    a.clock.advance(10);
    const arrived = nextRestore(b.controller);
    a.controller.setResponse(put('A'), {id: '1', version: 3, title: 'version 3, fetched later'});
    await arrived;
    assert.equal((b.controller.get(Versioned, {id: '1'}) as Versioned).title, 'version 5');
  });

  test('a message that is not a snapshot is refused and reported; the cache keeps what it had', async () => {
    const [a, b] = tabs(2);
    b.controller.setResponse(b.getArticle, {id: '1'}, {id: '1', title: 'kept'});
    const state = visibleState(b.controller);
    const reported: unknown[] = [];
    const global = globalThis as {reportError?: (error: unknown) => void};
    const previous = global.reportError;
    global.reportError = error => reported.push(error);
    try {
      post(a.channel, {kind: 'data-elements/state', version: 1, tables: 'nope'});
      post(a.channel, '{not json');
      const marker = nextRestore(b.controller);
      a.controller.setResponse(a.getArticle, {id: '2'}, {id: '2', title: 'marker'});
      await marker;
    } finally {
      global.reportError = previous;
    }
    assert.equal(reported.length, 2 * 2, 'each tab reports each refused message');
    assert.match(String((reported[0] as Error).message), /snapshot was refused \(expected an array at \$\.times\); nothing of it was written/);
    assert.equal(visibleState(b.controller).entities.get('Article')?.get('1'), state.entities.get('Article')?.get('1'));
  });

  test('after dispose a tab neither sends nor receives', async () => {
    const [a, b, c] = tabs(3);
    b.controller.dispose();
    const seen = listen(a.channel);
    b.controller.setResponse(b.getArticle, {id: '1'}, {id: '1', title: 'from disposed B'});
    const marker = nextRestore(c.controller);
    a.controller.setResponse(a.getArticle, {id: '2'}, {id: '2', title: 'from A'});
    await Promise.all([marker, seen.until(1)]);
    await flush();
    assert.equal(seen.seen.length, 1, 'only tab A\'s write');
    assert.equal(b.controller.get(Article, {id: '2'}), undefined, 'tab B received nothing');
    assert.equal(c.controller.get(Article, {id: '1'}), undefined);
  });

  test('without BroadcastChannel the Controller works alone and says why', () => {
    const reported: unknown[] = [];
    const global = globalThis as {reportError?: (error: unknown) => void; BroadcastChannel?: unknown};
    const previous = {reportError: global.reportError, BroadcastChannel: global.BroadcastChannel};
    global.reportError = error => reported.push(error);
    delete global.BroadcastChannel;
    try {
      const alone = new Controller({plugins: [new TabSync({channel: 'private mode'})]});
      alone.setResponse({key: () => 'k', schema: Article}, {id: '1', title: 'works'});
      assert.equal((alone.get(Article, {id: '1'}) as Article).title, 'works');
      assert.equal(reported.length, 1);
      assert.match(String((reported[0] as Error).message), /no BroadcastChannel here; channel "private mode"/);
      alone.dispose();
    } finally {
      global.reportError = previous.reportError;
      global.BroadcastChannel = previous.BroadcastChannel;
    }
  });
});

describe('sync across tabs: failures are reported, never thrown into the page', () => {
  test('a write the channel refuses to post is reported once, naming the channel; the cache keeps it and later writes go', async () => {
    const channel = newChannel();
    const refusing = {on: true};
    class Refusing extends NodeBroadcastChannel {
      override postMessage(message: unknown): void {
        if (refusing.on) throw new DOMException('The message could not be cloned.', 'DataCloneError');
        super.postMessage(message);
      }
    }
    const a = tab(channel, undefined, Refusing as unknown as BroadcastChannelConstructor);
    const b = tab(channel);
    const failures = watchFailures();
    a.controller.setResponse(a.getArticle, {id: '1'}, {id: '1', title: 'not sent'});
    await flush(); // the send, a microtask, has run
    assertReportedOnce(failures, channel, /could not be sent.*could not be cloned/);
    assert.equal((a.controller.get(Article, {id: '1'}) as Article).title, 'not sent', 'the cache keeps the write');

    refusing.on = false;
    const arrived = nextRestore(b.controller);
    a.controller.setResponse(a.getArticle, {id: '2'}, {id: '2', title: 'sent'});
    await arrived;
    assert.equal((b.controller.get(Article, {id: '2'}) as Article).title, 'sent', 'the next write reaches the other tab');
    assert.equal(failures.reports.length, 1);
  });

  // Bounded: if the rest of the write never came, the test would wait for it forever.
  test('a value JSON cannot carry stays in its tab, reported once naming the channel and the field; the rest of its write goes', {timeout: 10_000}, async () => {
    const [a, b] = tabs(2);
    const counter: EndpointInterface = {key: () => 'counter'};
    const failures = watchFailures();
    const arrived = nextRestore(b.controller);
    // Two writes in one task go to the other tabs as one message.
    a.controller.setResponse(counter, {n: 1n});
    a.controller.setResponse(a.getArticle, {id: '1'}, {id: '1', title: 'sent with it'});
    await arrived;
    assertReportedOnce(failures, a.channel, /result "counter"\.n: a bigint has no JSON form/);
    assert.equal((b.controller.get(Article, {id: '1'}) as Article).title, 'sent with it', 'the rest of the write reaches the other tab');
    assert.equal(b.controller.getResponse(counter).data, undefined, 'the value with no JSON form does not');
    assert.deepEqual(a.controller.getResponse(counter).data, {n: 1n}, 'the cache keeps it');

    const next = nextRestore(b.controller);
    a.controller.setResponse(counter, {n: 2n});
    a.controller.setResponse(a.getArticle, {id: '2'}, {id: '2', title: 'sent'});
    await next;
    assert.equal((b.controller.get(Article, {id: '2'}) as Article).title, 'sent');
    assert.equal(failures.reports.length, 1, 'the same value is reported once');
  });

  test('a channel that cannot be opened is reported, naming it; the Controller works alone and the stop function is harmless', async () => {
    class Unopenable {
      constructor() {
        throw new DOMException('Not allowed in this context.', 'SecurityError');
      }
    }
    const channel = newChannel();
    const failures = watchFailures();
    const controller = new Controller();
    opened.push({close: () => controller.dispose()});
    const stop = new TabSync({channel, BroadcastChannel: Unopenable as unknown as BroadcastChannelConstructor}).attach(controller);
    controller.setResponse({key: () => 'k', schema: Article}, {id: '1', title: 'works'});
    stop();
    stop();
    await flush();
    assertReportedOnce(failures, channel, /could not open.*Not allowed in this context/);
    assert.equal((controller.get(Article, {id: '1'}) as Article).title, 'works');
  });

  test('a message that cannot be read (messageerror) is reported once, naming the channel; the tab goes on sending and receiving', async () => {
    const channel = newChannel();
    const made: NodeBroadcastChannel[] = [];
    class Recorded extends NodeBroadcastChannel {
      constructor(name: string) {
        super(name);
        made.push(this);
      }
    }
    const a = tab(channel);
    const b = tab(channel, undefined, Recorded as unknown as BroadcastChannelConstructor);
    const failures = watchFailures();
    assert.equal(made.length, 1);
    made[0]!.dispatchEvent(new MessageEvent('messageerror'));
    await flush();
    assertReportedOnce(failures, channel, /could not be read/);

    let arrived = nextRestore(b.controller);
    a.controller.setResponse(a.getArticle, {id: '1'}, {id: '1', title: 'from A'});
    await arrived;
    arrived = nextRestore(a.controller);
    b.controller.setResponse(b.getArticle, {id: '2'}, {id: '2', title: 'from B'});
    await arrived;
    assert.equal((b.controller.get(Article, {id: '1'}) as Article).title, 'from A');
    assert.equal((a.controller.get(Article, {id: '2'}) as Article).title, 'from B');
    assert.equal(failures.reports.length, 1);
  });
});
