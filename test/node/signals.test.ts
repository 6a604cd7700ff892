// The cache as signals, on a Controller (no DOM): what cacheSignal and suspenseSignal show,
// that a commit reaches only the signals whose data it changed, that the Controller's watch is
// open exactly while something watches the signal, and suspenseSignal's fetching.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Signal} from '@lit-labs/signals';
import {Query} from '../../src/endpoint/index.js';
import {schema} from '../../src/schema/index.js';
import {cacheSignal, suspenseSignal} from '../../src/signals/index.js';
import {listenerCount, requestCount} from '../../src/internal.js';
import {Article, flush, setup} from './helpers/deferred-endpoint.js';

const article = (id: string, title = `title ${id}`) => ({id, title, body: '', published: false});
/** The title of an Article value (the test endpoints' schemas are not typed). */
const titleOf = (value: unknown) => (value as Article | undefined)?.title;

/**
 * Watches `signal` as Lit's watchers do: a Watcher notified of a change pulls, in a microtask,
 * a computed that reads the signal and records each value it computes.
 */
function follow<T>(signal: {get(): T}) {
  const seen: T[] = [];
  const reader = new Signal.Computed(() => {
    const value = signal.get();
    seen.push(value);
    return value;
  });
  let queued = false;
  const watcher = new Signal.subtle.Watcher(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      reader.get();
      watcher.watch();
    });
  });
  watcher.watch(reader);
  reader.get();
  return {seen, last: () => seen[seen.length - 1], stop: () => watcher.unwatch(reader)};
}

describe('cacheSignal', () => {
  test('its value is the cached data, and follows the cache while watched', async () => {
    const {controller, getArticle} = setup();
    const signal = cacheSignal(controller, getArticle, {id: '1'});
    const watched = follow(signal);
    assert.equal(watched.last(), undefined, 'nothing cached yet');
    controller.setResponse(getArticle, {id: '1'}, article('1'));
    await flush();
    assert.equal((watched.last() as Article).title, 'title 1');
    const first = watched.last();
    controller.setResponse(getArticle, {id: '1'}, article('1', 'changed'));
    await flush();
    assert.equal((watched.last() as Article).title, 'changed');
    assert.notEqual(watched.last(), first);
    watched.stop();
  });

  test('the watch opens when the signal is watched and closes when nothing watches it', async () => {
    const {controller, getArticle} = setup();
    const signal = cacheSignal(controller, getArticle, {id: '1'});
    assert.equal(listenerCount(controller), 0, 'creating it opens nothing');
    signal.get();
    assert.equal(listenerCount(controller), 0, 'a read nothing watches opens nothing');
    const a = follow(signal);
    const b = follow(signal);
    assert.equal(listenerCount(controller), 1, 'one watch, however many watchers');
    a.stop();
    assert.equal(listenerCount(controller), 1, 'still watched by b');
    b.stop();
    assert.equal(listenerCount(controller), 0, 'closed when nothing watches it');
    const c = follow(signal);
    assert.equal(listenerCount(controller), 1, 'watched again');
    controller.setResponse(getArticle, {id: '1'}, article('1', 'again'));
    await flush();
    assert.equal((c.last() as Article).title, 'again', 'and it follows the cache again');
    c.stop();
    assert.equal(listenerCount(controller), 0);
  });

  test('a read nothing watches reads the cache afresh', () => {
    const {controller, getArticle} = setup();
    const signal = cacheSignal(controller, getArticle, {id: '1'});
    assert.equal(signal.get(), undefined);
    controller.setResponse(getArticle, {id: '1'}, article('1', 'one'));
    assert.equal(titleOf(signal.get()), 'one');
    controller.setResponse(getArticle, {id: '1'}, article('1', 'two'));
    assert.equal(titleOf(signal.get()), 'two');
  });

  test('a signal computed before it was watched catches up with the commits made meanwhile', async () => {
    const {controller, getArticle} = setup();
    const signal = cacheSignal(controller, getArticle, {id: '1'});
    // A computed of the signal read once, unwatched: the signal is computed now...
    const title = new Signal.Computed(() => titleOf(signal.get()));
    assert.equal(title.get(), undefined);
    // ...the cache changes while nothing watches it...
    controller.setResponse(getArticle, {id: '1'}, article('1', 'meanwhile'));
    // ...and once watched, the computed shows the change.
    const watched = follow(title);
    await flush();
    assert.equal(watched.last(), 'meanwhile');
    watched.stop();
  });

  test('one entity among 100 changes: only its signal computes again', async () => {
    const {controller, getArticle, getArticles} = setup();
    const ids = Array.from({length: 100}, (_, i) => String(i));
    controller.setResponse(getArticles, ids.map(id => article(id)));
    const watched = ids.map(id => follow(cacheSignal(controller, getArticle, {id})));
    assert.ok(watched.every((w, i) => (w.last() as Article).title === `title ${i}`), 'each reads its entity, cached by the list');
    const before = watched.map(w => w.seen.length);
    controller.setResponse(getArticle, {id: '42'}, article('42', 'changed'));
    await flush();
    assert.deepEqual(
      watched.flatMap((w, i) => (w.seen.length !== before[i] ? [i] : [])),
      [42],
      'only the signal of article 42 computed again',
    );
    assert.equal((watched[42].last() as Article).title, 'changed');
    for (const w of watched) w.stop();
    assert.equal(listenerCount(controller), 0);
  });

  test('args given as a function are dependencies: a signal they read switches the read', async () => {
    const {controller, getArticle, getArticles} = setup();
    controller.setResponse(getArticles, [article('1'), article('2')]);
    const id = new Signal.State<string | null>('1');
    const signal = cacheSignal(controller, getArticle, () => (id.get() === null ? null : {id: id.get()!}));
    const watched = follow(signal);
    assert.equal((watched.last() as Article).title, 'title 1');
    id.set('2');
    await flush();
    assert.equal((watched.last() as Article).title, 'title 2');
    assert.equal(listenerCount(controller), 1, 'the first read is no longer watched');
    controller.setResponse(getArticle, {id: '1'}, article('1', 'not shown'));
    controller.setResponse(getArticle, {id: '2'}, article('2', 'shown'));
    await flush();
    assert.equal((watched.last() as Article).title, 'shown');
    id.set(null);
    await flush();
    assert.equal(watched.last(), undefined, 'null args read nothing');
    assert.equal(listenerCount(controller), 0, 'and watch nothing');
    watched.stop();
  });

  test('a Query: its value follows every change it depends on, and 0 is a value', async () => {
    const {controller, getArticles, getArticle} = setup();
    const published = new Query(new schema.All(Article), (articles: Article[]) => articles.filter(a => a.published).length);
    const watched = follow(cacheSignal(controller, published));
    assert.equal(watched.last(), undefined, 'nothing cached');
    controller.setResponse(getArticles, [article('1'), article('2')]);
    await flush();
    assert.equal(watched.last(), 0);
    controller.setResponse(getArticle, {id: '2'}, {...article('2'), published: true});
    await flush();
    assert.equal(watched.last(), 1);
    watched.stop();
  });

  test('args that name another read switch the read, also an args object changed in place', async () => {
    const {controller, getArticle, getArticles} = setup();
    controller.setResponse(getArticles, [article('1'), article('2'), article('3')]);
    const params = {id: '1'};
    const signal = cacheSignal(controller, getArticle, params);
    assert.equal(titleOf(signal.get()), 'title 1');
    params.id = '2';
    assert.equal(titleOf(signal.get()), 'title 2', 'the same object, another id');
    const id = new Signal.State('1');
    const watched = follow(cacheSignal(controller, getArticle, () => ({id: id.get()})));
    id.set('3');
    await flush();
    assert.equal(titleOf(watched.last()), 'title 3');
    controller.setResponse(getArticle, {id: '3'}, article('3', 'changed'));
    await flush();
    assert.equal(titleOf(watched.last()), 'changed', 'and follows that read');
    watched.stop();
    assert.equal(listenerCount(controller), 0);
  });

  test('bad args: get() throws the endpoint’s error', () => {
    const {controller, getArticle} = setup();
    const signal = cacheSignal(controller, {...getArticle, key: () => {
      throw new TypeError('id is required');
    }} as typeof getArticle, {id: '1'});
    assert.throws(() => signal.get(), /id is required/);
  });
});

describe('suspenseSignal', () => {
  test('fetches once watched: pending, then complete with the value', async () => {
    const {controller, queue, getArticle} = setup();
    const signal = suspenseSignal(controller, getArticle, {id: '1'});
    assert.equal(signal.get().status, 'pending');
    assert.equal(queue.count(), 0, 'a read nothing watches does not fetch');
    const watched = follow(signal);
    assert.equal(queue.count('getArticle'), 1, 'watching it fetches');
    assert.equal(watched.last().status, 'pending');
    await queue.last().resolve(article('1'));
    assert.equal(watched.last().status, 'complete');
    assert.equal(titleOf(watched.last().value), 'title 1');
    assert.equal(watched.last().error, undefined);
    assert.equal(queue.count(), 1);
    watched.stop();
    assert.equal(listenerCount(controller), 0);
  });

  test('a failure is the error state; retry() fetches again', async () => {
    const {controller, queue, getArticle} = setup();
    const signal = suspenseSignal(controller, getArticle, {id: '1'});
    signal.handlesErrors = true;
    const watched = follow(signal);
    await queue.last().reject();
    assert.equal(watched.last().status, 'error');
    assert.match(String((watched.last().error as Error).message), /500/);
    assert.equal(queue.count(), 1, 'no new request before the error expired');
    signal.retry();
    await flush();
    assert.equal(queue.count(), 2, 'retry() fetches again');
    await queue.last().resolve(article('1', 'second try'));
    assert.equal(watched.last().status, 'complete');
    assert.equal(titleOf(watched.last().value), 'second try');
    watched.stop();
  });

  test('stale data shows while it revalidates; an unchanged state tells no one', async () => {
    const {controller, queue, clock, getArticle} = setup({dataExpiryLength: 1000});
    controller.setResponse(getArticle, {id: '1'}, article('1'));
    const signal = suspenseSignal(controller, getArticle, {id: '1'});
    clock.advance(2000);
    const watched = follow(signal);
    assert.equal(watched.last().status, 'complete', 'the stale value shows');
    assert.equal(queue.count('getArticle'), 1, 'and is fetched again');
    const computed = watched.seen.length;
    await flush();
    assert.equal(watched.seen.length, computed, 'the request starting changes nothing shown');
    await queue.last().resolve(article('1', 'fresh'));
    assert.equal(titleOf(watched.last().value), 'fresh');
    watched.stop();
  });

  test('null args: initial, and no request', () => {
    const {controller, queue, getArticle} = setup();
    const watched = follow(suspenseSignal(controller, getArticle, null));
    assert.equal(watched.last().status, 'initial');
    assert.equal(queue.count(), 0);
    watched.stop();
  });

  test('unwatched while its request is in flight: the request nobody else waits for is aborted', async () => {
    const {controller, getArticle} = setup();
    const watched = follow(suspenseSignal(controller, getArticle, {id: '1'}));
    assert.equal(requestCount(controller), 1);
    watched.stop();
    await flush();
    assert.equal(requestCount(controller), 0, 'abandoned');
    assert.equal(listenerCount(controller), 0);
  });

  test('keepPrevious: other args show the previous value while they load', async () => {
    const {controller, queue, getArticle} = setup();
    const id = new Signal.State('1');
    const signal = suspenseSignal(controller, getArticle, () => ({id: id.get()}), {keepPrevious: true});
    const watched = follow(signal);
    await queue.last().resolve(article('1'));
    id.set('2');
    await flush();
    assert.deepEqual([watched.last().status, watched.last().previous, titleOf(watched.last().value)], ['complete', true, 'title 1']);
    await queue.last().resolve(article('2'));
    assert.deepEqual([watched.last().status, watched.last().previous, titleOf(watched.last().value)], ['complete', false, 'title 2']);
    watched.stop();
  });
});

describe('an args function that returns undefined (development mode)', () => {
  test('warns once that it reads as no args, and says null is "not now"; null says nothing', async t => {
    const warnings: string[] = [];
    t.mock.method(console, 'warn', (message: string) => warnings.push(message));
    const {controller, getArticles} = setup();
    let author: string | undefined;
    // The guard written as a short circuit: undefined while no author is chosen, which reads the whole list.
    const signal = cacheSignal(controller, getArticles, () => (author && {author}) as {author: string});
    const watched = follow(signal);
    signal.get();
    controller.setResponse(getArticles, [article('1')]);
    await flush();
    signal.get();
    assert.deepEqual(warnings, [
      `data-elements (development mode): a reader of ${getArticles.name}: its args function returned undefined, which reads as no args (for a list, the whole list). Return null for "not now" (() => userId ? {userId} : null).`,
    ]);
    author = 'ann';
    const waiting = follow(cacheSignal(controller, getArticles, () => null));
    await flush();
    assert.equal(warnings.length, 1);
    watched.stop();
    waiting.stop();
  });
});
