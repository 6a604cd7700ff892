// Controller: fetch, dedup, reads, expiry, subscriptions, snapshot, errors, reset, ordering.
// Every request is settled by hand (helpers/deferred-endpoint.ts) on a fake clock.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller, ResetError, type Commit} from '../../src/core/index.js';
import {Query} from '../../src/endpoint/index.js';
import {INVALID, SchemaError, schema} from '../../src/schema/index.js';
import {Article, Todo, outcome, plain, serverError, setup} from './helpers/deferred-endpoint.js';
import {listenerCount, visibleState} from '../../src/internal.js';

const article1 = {id: '1', title: 'Hello', body: 'first', published: false};
const article2 = {id: '2', title: 'World', body: 'second', published: true};

describe('Controller.fetch', () => {
  test('resolves only after the cache holds the data, with denormalized Entity instances', async () => {
    const {controller, queue, getArticle} = setup();
    const result = outcome(controller.fetch(getArticle, {id: '1'}));
    assert.equal(queue.count('getArticle'), 1);
    assert.equal(controller.getResponse(getArticle, {id: '1'}).data, undefined);

    let seenInCacheOnResolve: unknown;
    const promise = controller.fetch(getArticle, {id: '1'}).then(value => {
      seenInCacheOnResolve = controller.getResponse(getArticle, {id: '1'}).data;
      return value;
    });
    await queue.get('getArticle').resolve(article1);
    const value = (await promise) as Article;

    assert.equal(result.state, 'fulfilled');
    assert.ok(value instanceof Article, 'the resolved value is an Article instance');
    assert.deepEqual(plain(value), article1);
    assert.equal(seenInCacheOnResolve, value, 'the cache already holds the identical object when fetch resolves');
    assert.equal(result.value, value);
    assert.deepEqual(plain(visibleState(controller).entities.get('Article')?.get('1')), article1);
  });

  test('a list response resolves with a list of instances and stores each entity by pk', async () => {
    const {controller, queue, getArticles} = setup();
    const promise = controller.fetch(getArticles);
    await queue.get('getArticles').resolve([article1, article2]);
    const list = (await promise) as Article[];
    assert.equal(list.length, 2);
    assert.ok(list.every(a => a instanceof Article));
    assert.deepEqual(plain(list), [article1, article2]);
    assert.deepEqual([...(visibleState(controller).entities.get('Article')?.keys() ?? [])], ['1', '2']);
    assert.deepEqual(visibleState(controller).endpoints.get(getArticles.key()), ['1', '2']);
  });

  test('concurrent identical GETs share one request', async () => {
    const {controller, queue, getArticle} = setup();
    const a = controller.fetch(getArticle, {id: '1'});
    const b = controller.fetch(getArticle, {id: '1'});
    const c = controller.fetch(getArticle, {id: '2'});
    assert.equal(queue.count('getArticle'), 2, 'one request for id 1, one for id 2');
    assert.equal(a, b, 'the same promise is shared');
    await queue.get('getArticle', 0).resolve(article1);
    await queue.get('getArticle', 1).resolve(article2);
    assert.equal(await a, await b);
    await c;

    // Once settled, the next fetch is a new request.
    const d = controller.fetch(getArticle, {id: '1'});
    assert.equal(queue.count('getArticle'), 3);
    await queue.last('getArticle').resolve(article1);
    assert.equal(await d, await a, 'an unchanged refetch gives the identical instance');
  });

  test('shared GET rejects every caller when the request fails', async () => {
    const {controller, queue, getArticle} = setup();
    const a = outcome(controller.fetch(getArticle, {id: '1'}));
    const b = outcome(controller.fetch(getArticle, {id: '1'}));
    const error = serverError();
    await queue.get('getArticle').reject(error);
    assert.equal(queue.count('getArticle'), 1);
    assert.equal(a.state, 'rejected');
    assert.equal(b.state, 'rejected');
    assert.equal(a.error, error);
    assert.equal(b.error, error);
  });

  test('mutations are never deduplicated', async () => {
    const {controller, queue, partialUpdateArticle, increment} = setup();
    const p1 = controller.fetch(partialUpdateArticle, {id: '1'}, {title: 'x'});
    const p2 = controller.fetch(partialUpdateArticle, {id: '1'}, {title: 'x'});
    const i1 = controller.fetch(increment);
    const i2 = controller.fetch(increment);
    assert.notEqual(p1, p2);
    assert.equal(queue.count('partialUpdateArticle'), 2);
    assert.equal(queue.count('increment'), 2);
    await queue.get('partialUpdateArticle', 0).resolve({...article1, title: 'x'});
    await queue.get('partialUpdateArticle', 1).resolve({...article1, title: 'x'});
    await queue.get('increment', 0).resolve({count: 1});
    await queue.get('increment', 1).resolve({count: 2});
    await Promise.all([p1, p2, i1, i2]);
  });

  test('an endpoint whose fetch throws synchronously rejects the fetch and records the error', async () => {
    const controller = new Controller({now: () => 5});
    const error = new Error('boom');
    const endpoint = {
      key: () => 'sync-throw',
      fetch(): Promise<unknown> {
        throw error;
      },
    };
    await assert.rejects(controller.fetch(endpoint), e => e === error);
    assert.equal(controller.getResponse(endpoint).error, error);
  });
});

describe('Controller.fetch with unusual endpoints', () => {
  // FIX (src/core/controller.ts fetch): `request.then` threw synchronously for a fetch that
  // gave a plain value, after the prediction and the in-flight entry were registered.
  test('a fetch that returns a plain value (not a promise) still works, with and without a prediction', async () => {
    const controller = new Controller({now: () => 1});
    let calls = 0;
    const getPlain = {
      key: () => 'GET /plain',
      schema: Article,
      fetch: (() => {
        calls++;
        return {id: '1', title: 'sync', body: '', published: false};
      }) as unknown as () => Promise<unknown>,
    };
    const value = await controller.fetch(getPlain);
    assert.ok(value instanceof Article);
    await controller.fetch(getPlain);
    assert.equal(calls, 2, 'the in-flight entry was cleared: the second fetch is a new request');

    const patchPlain = {
      key: () => 'PATCH /plain',
      sideEffect: true,
      schema: Article,
      fetch: (() => ({id: '1', title: 'server', body: '', published: false})) as unknown as () => Promise<unknown>,
      getOptimisticResponse: () => ({id: '1', title: 'predicted'}),
    };
    const p = controller.fetch(patchPlain);
    assert.equal(visibleState(controller).optimistic.length, 1);
    await p;
    assert.equal(visibleState(controller).optimistic.length, 0);
    assert.equal((controller.get(Article, {id: '1'}) as Article).title, 'server');
  });

  test('a result that only holds an error records the trigger time as fetchedAt', async () => {
    const {controller, queue, clock, getArticle} = setup();
    const triggered = clock.now();
    const p = outcome(controller.fetch(getArticle, {id: '1'}));
    clock.advance(50);
    await queue.get('getArticle').reject();
    assert.equal(p.state, 'rejected');
    const meta = visibleState(controller).meta.get(getArticle.key({id: '1'}));
    assert.equal(meta?.fetchedAt, triggered);
    assert.equal(meta?.date, triggered + 50);
  });
});

describe('Controller.getResponse and expiry', () => {
  test('valid after a fetch, with expiresAt = response time + 60 s by default', async () => {
    const {controller, queue, clock, getArticle} = setup();
    const promise = controller.fetch(getArticle, {id: '1'});
    clock.advance(250); // the response arrives later: expiry counts from then
    await queue.get('getArticle').resolve(article1);
    await promise;
    const response = controller.getResponse(getArticle, {id: '1'});
    assert.equal(response.expiryStatus, 'valid');
    assert.equal(response.expiresAt, clock.now() + 60_000);
    assert.ok(response.data instanceof Article);
    assert.deepEqual(Object.keys(response).sort(), ['data', 'expiresAt', 'expiryStatus']);
  });

  test('stale once the clock passes expiresAt; the stale data is still returned', async () => {
    const {controller, queue, clock, getArticle} = setup();
    const promise = controller.fetch(getArticle, {id: '1'});
    await queue.get('getArticle').resolve(article1);
    const data = await promise;
    const {expiresAt} = controller.getResponse(getArticle, {id: '1'});

    clock.set(expiresAt);
    assert.equal(controller.getResponse(getArticle, {id: '1'}).expiryStatus, 'valid', 'valid up to expiresAt itself');
    clock.set(expiresAt + 1);
    const stale = controller.getResponse(getArticle, {id: '1'});
    assert.equal(stale.expiryStatus, 'stale');
    assert.equal(stale.data, data, 'the same object is still shown while it is refetched');
    assert.equal(stale.expiresAt, expiresAt);

    // A refetch makes it valid again.
    const again = controller.fetch(getArticle, {id: '1'});
    await queue.last('getArticle').resolve(article1);
    await again;
    assert.equal(controller.getResponse(getArticle, {id: '1'}).expiryStatus, 'valid');
  });

  test('dataExpiryLength: the Controller option and the endpoint override', async () => {
    const {controller, queue, clock, getArticle} = setup({dataExpiryLength: 1_000});
    const p = controller.fetch(getArticle, {id: '1'});
    await queue.get('getArticle').resolve(article1);
    await p;
    assert.equal(controller.getResponse(getArticle, {id: '1'}).expiresAt, clock.now() + 1_000);
    clock.advance(1_001);
    assert.equal(controller.getResponse(getArticle, {id: '1'}).expiryStatus, 'stale');

    const short = {...getArticle, dataExpiryLength: 10, key: (_params: {id: string}) => 'short'};
    const q = controller.fetch(short, {id: '2'});
    await queue.last('getArticle').resolve(article2);
    await q;
    assert.equal(controller.getResponse(short, {id: '2'}).expiresAt, clock.now() + 10);
  });

  test('invalid after invalidate; the data stays readable until a refetch makes it valid', async () => {
    const {controller, queue, getArticle} = setup();
    const p = controller.fetch(getArticle, {id: '1'});
    await queue.get('getArticle').resolve(article1);
    const data = await p;
    const entities = visibleState(controller).entities;

    controller.invalidate(getArticle, {id: '1'});
    const invalid = controller.getResponse(getArticle, {id: '1'});
    assert.equal(invalid.expiryStatus, 'invalid');
    assert.equal(invalid.data, data, 'still readable');
    assert.equal(visibleState(controller).entities, entities, 'invalidating a result does not touch the entities');
    assert.equal(controller.getResponse(getArticle, {id: '2'}).expiryStatus, 'invalid', 'nothing cached is invalid too');

    const again = controller.fetch(getArticle, {id: '1'});
    await queue.last('getArticle').resolve({...article1, title: 'Fresh'});
    await again;
    const fresh = controller.getResponse(getArticle, {id: '1'});
    assert.equal(fresh.expiryStatus, 'valid');
    assert.equal((fresh.data as Article).title, 'Fresh');
  });

  // FIX (src/core/controller.ts invalidate/receive): the GET in flight at the time of the
  // invalidation used to be shared by the refetch, and its response cleared the invalidation.
  test('invalidate while a GET is in flight: the refetch is a new request and the older response leaves it invalid', async () => {
    const {controller, queue, clock, getArticle} = setup();
    controller.setResponse(getArticle, {id: '1'}, article1);
    clock.advance(10);
    const before = controller.fetch(getArticle, {id: '1'}); // a revalidation, sent before the change
    clock.advance(10);
    controller.invalidate(getArticle, {id: '1'}); // the app learns the server data changed
    const after = controller.fetch(getArticle, {id: '1'});
    assert.equal(queue.count('getArticle'), 2, 'not deduplicated into the older request');
    assert.notEqual(before, after);

    await queue.get('getArticle', 0).resolve({...article1, title: 'old'});
    await before;
    const meanwhile = controller.getResponse(getArticle, {id: '1'});
    assert.equal(meanwhile.expiryStatus, 'invalid', 'a response sent before the invalidation does not validate it');
    assert.equal((meanwhile.data as Article).title, 'old', 'but its data is readable');

    await queue.get('getArticle', 1).resolve({...article1, title: 'new'});
    await after;
    const fresh = controller.getResponse(getArticle, {id: '1'});
    assert.equal(fresh.expiryStatus, 'valid');
    assert.equal((fresh.data as Article).title, 'new');
  });

  test('a required entity that becomes INVALID makes the result invalid; the list result drops it', async () => {
    const {controller, queue, getArticle, getArticles} = setup();
    const a = controller.fetch(getArticle, {id: '1'});
    const l = controller.fetch(getArticles);
    await queue.get('getArticle').resolve(article1);
    await queue.get('getArticles').resolve([article1, article2]);
    await Promise.all([a, l]);

    const removeArticle = {key: () => 'DELETE /articles/1', sideEffect: true, schema: new schema.Invalidate(Article), fetch: async () => ({id: '1'})};
    await controller.fetch(removeArticle);
    assert.equal(visibleState(controller).entities.get('Article')?.get('1'), INVALID);
    assert.equal(controller.getResponse(getArticle, {id: '1'}).expiryStatus, 'invalid');
    const list = controller.getResponse(getArticles);
    assert.equal(list.expiryStatus, 'valid');
    assert.deepEqual(plain(list.data), [article2]);
  });
});

describe('Controller.get', () => {
  test('get with a Query: process runs over the cache, memoized, 0 is a value', async () => {
    const {controller, queue, getArticles} = setup();
    let runs = 0;
    const published = new Query(new schema.All(Article), (articles, {published: want = true}: {published?: boolean} = {}) => {
      runs++;
      return articles.filter(a => a.published === want);
    });
    const count = new Query(new schema.All(Article), articles => articles.filter(a => a.title === 'nope').length);
    assert.equal(controller.get(published), undefined, 'undefined before any Article is cached');
    assert.equal(controller.get(count), undefined);

    const p = controller.fetch(getArticles);
    await queue.get('getArticles').resolve([article1, article2]);
    await p;
    const first = controller.get(published);
    assert.deepEqual(plain(first), [article2]);
    assert.deepEqual(plain(controller.get(published, {published: false})), [article1]);
    assert.equal(controller.get(count), 0, 'a count of 0 is a value, not undefined');
    const before = runs;
    assert.equal(controller.get(published), first, 'unchanged cache and equal args: the identical result');
    assert.equal(runs, before, 'process does not run again');
    assert.equal(controller.getResponse(published).data, first);
    assert.equal(controller.getResponse(published).expiryStatus, 'valid');
  });

  test('get with schema.All gives every cached entity, without INVALID ones', async () => {
    const {controller, queue, getArticles, getTodos} = setup();
    assert.equal(controller.get(new schema.All(Article)), undefined);
    const p = controller.fetch(getArticles);
    await queue.get('getArticles').resolve([article1, article2]);
    await p;
    const all = controller.get(new schema.All(Article));
    assert.ok(all?.every(a => a instanceof Article));
    assert.deepEqual(plain(all), [article1, article2]);
    assert.equal(controller.get(new schema.All(Todo)), undefined, 'another type is still not cached');

    controller.setResponse(getTodos, [{id: 't1', title: 'a', completed: false, userId: 'u'}]);
    controller.setResponse({key: () => 'del', sideEffect: true, schema: new schema.Invalidate(Todo)}, {id: 't1'});
    assert.deepEqual(controller.get(new schema.All(Todo)), []);
    assert.deepEqual(plain(controller.get(Article, {id: '2'})), article2, 'an Entity class with {id} args reads one entity');
  });

  test('a Query passed to fetch rejects with a TypeError saying a Query only reads the cache', async () => {
    const {controller, queue} = setup();
    const query = new Query(new schema.All(Article), undefined, {name: 'allArticles'});
    // @ts-expect-error a Query never fetches (a compile error); this checks the run-time guard for untyped callers
    await assert.rejects(controller.fetch(query), (error: unknown) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /Query only reads the cache/);
      assert.match(error.message, /allArticles/);
      return true;
    });
    assert.equal(queue.count(), 0);
  });
});

describe('Controller.subscribe', () => {
  test('the listener hears each commit once, with what it changed, and unsubscribe stops it', async () => {
    const {controller, queue, getArticle, partialUpdateArticle} = setup();
    const commits: Commit[] = [];
    const states: unknown[] = [];
    const stop = controller.subscribe(commit => {
      commits.push(commit);
      states.push(controller.getResponse(getArticle, {id: '1'}).data);
    });
    assert.equal(listenerCount(controller), 1);

    const p = controller.fetch(getArticle, {id: '1'});
    await Promise.resolve();
    assert.equal(commits.length, 0, 'sending a plain GET commits nothing');
    await queue.get('getArticle').resolve(article1);
    await p;
    assert.equal(commits.length, 1);
    assert.equal(commits[0].cause, 'receive');
    assert.deepEqual([...commits[0].results], [getArticle.key({id: '1'})]);
    assert.deepEqual([...(commits[0].rows.get('Article') ?? [])], ['1']);
    assert.deepEqual([...commits[0].tables], ['Article'], 'the Article table gained a row');
    assert.equal(commits[0].state, visibleState(controller));
    assert.ok(states[0] instanceof Article, 'the listener runs after the data is committed');

    const u = controller.fetch(partialUpdateArticle, {id: '1'}, {title: 'Optimistic'});
    assert.equal(commits.length, 1, 'no listener runs inside fetch()');
    await Promise.resolve();
    assert.equal(commits.length, 2, 'the optimistic prediction is one commit, told after fetch() returned');
    assert.equal(commits[1].cause, 'optimistic');
    assert.equal((states[1] as Article).title, 'Optimistic');
    await queue.get('partialUpdateArticle').resolve({...article1, title: 'Optimistic'});
    await u;
    assert.equal(commits.length, 3, 'the settled mutation is one commit');

    controller.invalidate(getArticle, {id: '1'});
    assert.equal(commits.length, 4);
    assert.equal(commits[3].cause, 'invalidate');
    controller.setError(getArticle, {id: '1'}, new Error('x'));
    assert.equal(commits.length, 5);
    assert.equal(commits[4].cause, 'error');

    stop();
    assert.equal(listenerCount(controller), 0);
    controller.setResponse(getArticle, {id: '1'}, article1);
    assert.equal(commits.length, 5, 'no call after unsubscribe');
    stop(); // idempotent
  });

  test('a listener that unsubscribes another during a notification does not break the others', () => {
    const {controller, getArticle} = setup();
    const seen: string[] = [];
    let stopB = () => {};
    controller.subscribe(() => {
      seen.push('a');
      stopB();
    });
    stopB = controller.subscribe(() => seen.push('b'));
    controller.setResponse(getArticle, {id: '1'}, article1);
    controller.setResponse(getArticle, {id: '1'}, {...article1, title: 'x'});
    assert.deepEqual(seen, ['a', 'b', 'a']);
  });

  // FIX (src/core/controller.ts notify): a throwing listener used to escape from the
  // Controller's own code paths: the fetch then rejected although its data was committed,
  // the rollback path threw again (an unhandled rejection), and the fetch promise never
  // settled; in `fetch` with a prediction it threw synchronously and left the prediction
  // pending forever.
  test('a throwing listener neither fails the fetch nor starves other listeners', async t => {
    const {controller, queue, getArticle, partialUpdateArticle} = setup();
    const reported: unknown[] = [];
    t.mock.method(console, 'error', (...args: unknown[]) => reported.push(args[args.length - 1]));
    const failure = new Error('listener bug');
    controller.subscribe(() => {
      throw failure;
    });
    let others = 0;
    controller.subscribe(() => others++);

    const p = controller.fetch(getArticle, {id: '1'});
    await queue.get('getArticle').resolve(article1);
    assert.deepEqual(plain(await p), article1);
    assert.equal(controller.getResponse(getArticle, {id: '1'}).error, undefined);
    assert.equal(others, 1);

    const u = outcome(controller.fetch(partialUpdateArticle, {id: '1'}, {title: 'T'}));
    assert.equal(queue.count('partialUpdateArticle'), 1, 'the mutation is sent');
    assert.equal(visibleState(controller).optimistic.length, 1);
    await queue.get('partialUpdateArticle').resolve({...article1, title: 'T'});
    assert.equal(u.state, 'fulfilled');
    assert.equal(visibleState(controller).optimistic.length, 0);
    assert.equal(others, 3);
    assert.ok(reported.length >= 3 && reported.every(e => e === failure), 'each listener error is reported');
  });
});

describe('Controller.snapshot', () => {
  test('snapshot().getResponse reads the cache and fetchedAt is the time it was taken', async () => {
    const {controller, queue, clock, getArticle} = setup();
    const empty = controller.snapshot();
    assert.equal(empty.fetchedAt, clock.now());
    assert.ok(!empty.getResponse(getArticle, {id: '1'}).data, 'falsy data when nothing is cached');

    const p = controller.fetch(getArticle, {id: '1'});
    await queue.get('getArticle').resolve(article1);
    const data = await p;
    clock.advance(1234);
    const snap = controller.snapshot();
    assert.equal(snap.fetchedAt, clock.now());
    assert.equal(snap.getResponse(getArticle, {id: '1'}).data, data);
    assert.equal(snap.getResponse(getArticle, {id: '1'}).expiryStatus, 'valid');
  });

  // FIX (src/core/controller.ts readFrom): a snapshot read its entities from its own state
  // but the result meta (invalidated, error, expiresAt) from the Controller's current state,
  // so a snapshot kept across a change mixed two moments.
  test('a snapshot is a view of one moment: later changes do not show through it', async () => {
    const {controller, queue, getArticle} = setup();
    const p = controller.fetch(getArticle, {id: '1'});
    await queue.get('getArticle').resolve(article1);
    const data = await p;
    const snap = controller.snapshot();
    controller.invalidate(getArticle, {id: '1'});
    controller.setResponse(getArticle, {id: '2'}, article2);
    assert.equal(controller.getResponse(getArticle, {id: '1'}).expiryStatus, 'invalid');
    const then = snap.getResponse(getArticle, {id: '1'});
    assert.equal(then.data, data);
    assert.equal(then.expiryStatus, 'valid');
    assert.ok(!snap.getResponse(getArticle, {id: '2'}).data);
  });
});

describe('Controller.setResponse / setError', () => {
  test('setResponse writes a response as if fetched now', () => {
    const {controller, clock, getArticle, getTodos} = setup();
    clock.set(5_000);
    controller.setResponse(getArticle, {id: '1'}, article1);
    const response = controller.getResponse(getArticle, {id: '1'});
    assert.ok(response.data instanceof Article);
    assert.equal(response.expiryStatus, 'valid');
    assert.equal(response.expiresAt, 65_000);
    assert.deepEqual(visibleState(controller).meta.get(getArticle.key({id: '1'})), {fetchedAt: 5_000, date: 5_000, expiresAt: 65_000});

    controller.setResponse(getTodos, {userId: 'u1'}, [{id: 't1', title: 'a', completed: false, userId: 'u1'}]);
    assert.deepEqual(plain(controller.getResponse(getTodos, {userId: 'u1'}).data), [{id: 't1', title: 'a', completed: false, userId: 'u1'}]);
    assert.throws(() => controller.setResponse(getArticle, {id: '3'}, {title: 'no id'}), SchemaError);
  });

  test('setError records the error on that result and keeps its data', () => {
    const {controller, getArticle} = setup();
    controller.setResponse(getArticle, {id: '1'}, article1);
    const data = controller.getResponse(getArticle, {id: '1'}).data;
    const entities = visibleState(controller).entities;
    const error = serverError();
    controller.setError(getArticle, {id: '1'}, error);
    const response = controller.getResponse(getArticle, {id: '1'});
    assert.equal(response.error, error);
    assert.equal(response.data, data);
    assert.equal(visibleState(controller).entities, entities);

    controller.setError(getArticle, {id: '9'}, error);
    const missing = controller.getResponse(getArticle, {id: '9'});
    assert.equal(missing.error, error);
    assert.equal(missing.data, undefined);
    assert.equal(missing.expiryStatus, 'invalid');

    controller.setResponse(getArticle, {id: '1'}, article1);
    assert.equal(controller.getResponse(getArticle, {id: '1'}).error, undefined, 'a later success clears the error');
  });
});

describe('Controller failures keep the cache', () => {
  async function seeded() {
    const env = setup();
    const p = env.controller.fetch(env.getArticles);
    await env.queue.get('getArticles').resolve([article1, article2]);
    await p;
    return env;
  }

  test('a rejected request keeps the cache exactly as it was and sets only that key\'s error', async () => {
    const {controller, queue, getArticle, getArticles} = await seeded();
    const before = visibleState(controller);
    const p = outcome(controller.fetch(getArticle, {id: '1'}));
    const error = serverError('GET', '/articles/1');
    await queue.get('getArticle').reject(error);
    assert.equal(p.state, 'rejected');
    assert.equal(p.error, error);

    const after = visibleState(controller);
    assert.equal(after.entities, before.entities, 'the same entities object');
    assert.equal(after.entitiesMeta, before.entitiesMeta);
    assert.equal(after.endpoints, before.endpoints);
    const key = getArticle.key({id: '1'});
    assert.deepEqual([...after.meta.keys()].filter(k => !before.meta.has(k)), [key], 'only that key gained meta');
    assert.equal(after.meta.get(key)?.error, error);
    assert.equal(after.meta.get(getArticles.key()), before.meta.get(getArticles.key()), 'other results untouched');
    assert.equal(controller.getResponse(getArticle, {id: '1'}).error, error);
  });

  test('a response that fails normalize (missing pk) writes nothing and rejects with a SchemaError', async () => {
    const {controller, queue, getArticles} = await seeded();
    const before = visibleState(controller);
    const listBefore = controller.getResponse(getArticles).data;
    const p = outcome(controller.fetch(getArticles, {page: '2'}));
    // The first item is fine, the second has no pk: the whole response is refused.
    await queue.last('getArticles').resolve([{...article1, title: 'changed'}, {title: 'no id'}]);
    assert.equal(p.state, 'rejected');
    assert.ok(p.error instanceof SchemaError);
    assert.match(p.error.message, /Article/);
    assert.match(p.error.message, /"id"/);
    assert.equal(p.error.path, '[1].id');
    const after = visibleState(controller);
    assert.equal(after.entities, before.entities, 'the same entities object: nothing was written');
    assert.equal(after.entitiesMeta, before.entitiesMeta);
    assert.equal(after.endpoints, before.endpoints);
    assert.ok(after.meta.get(getArticles.key({page: '2'}))?.error instanceof SchemaError);
    assert.equal(after.meta.get(getArticles.key()), before.meta.get(getArticles.key()));
    assert.equal(controller.getResponse(getArticles).data, listBefore);
  });

  test('a failed refetch keeps the data it had and marks the error on it', async () => {
    const {controller, queue, getArticles} = await seeded();
    const data = controller.getResponse(getArticles).data;
    const p = outcome(controller.fetch(getArticles));
    await queue.last('getArticles').reject();
    assert.equal(p.state, 'rejected');
    const response = controller.getResponse(getArticles);
    assert.equal(response.data, data);
    assert.equal(response.expiryStatus, 'valid');
    assert.ok(response.error);
  });
});

describe('Controller.resetEntireStore', () => {
  test('rejects in-flight requests with ResetError; their late responses stay out of the cache', async () => {
    const {controller, queue, getArticle, partialUpdateArticle} = setup();
    controller.setResponse(getArticle, {id: '2'}, article2);
    const get = outcome(controller.fetch(getArticle, {id: '1'}));
    const patch = outcome(controller.fetch(partialUpdateArticle, {id: '2'}, {title: 'pending'}));
    assert.equal(visibleState(controller).optimistic.length, 1);
    let notified = 0;
    controller.subscribe(() => notified++);

    controller.resetEntireStore();
    await Promise.resolve();
    await Promise.resolve();
    assert.equal(get.state, 'rejected');
    assert.ok(get.error instanceof ResetError);
    assert.ok(patch.error instanceof ResetError);
    assert.equal(notified, 1);
    assert.equal(visibleState(controller).entities.size, 0);
    assert.equal(visibleState(controller).optimistic.length, 0);
    assert.equal(controller.getResponse(getArticle, {id: '2'}).data, undefined);

    await queue.get('getArticle').resolve(article1);
    await queue.get('partialUpdateArticle').resolve({...article2, title: 'pending'});
    assert.equal(visibleState(controller).entities.size, 0, 'late responses are dropped');
    assert.equal(visibleState(controller).meta.size, 0);
    assert.equal(notified, 1);

    // The store works as before, and a new GET is a new request (no stale dedup).
    const again = controller.fetch(getArticle, {id: '1'});
    assert.equal(queue.count('getArticle'), 2);
    await queue.last('getArticle').resolve(article1);
    assert.deepEqual(plain(await again), article1);
  });

  test('a late failure after the reset sets no error', async () => {
    const {controller, queue, getArticle} = setup();
    const p = outcome(controller.fetch(getArticle, {id: '1'}));
    controller.resetEntireStore();
    await queue.get('getArticle').reject();
    assert.ok(p.error instanceof ResetError);
    assert.equal(visibleState(controller).meta.size, 0);
  });
});

describe('Controller ordering (default useIncoming on fetchedAt)', () => {
  test('an older GET response arriving after a newer one does not replace it', async () => {
    const {controller, queue, clock, getArticle, getArticles} = setup();
    const older = controller.fetch(getArticle, {id: '1'}); // triggered at t0
    clock.advance(10);
    const newer = controller.fetch(getArticles); // triggered at t0 + 10, holds the same article
    clock.advance(10);
    await queue.get('getArticles').resolve([{...article1, title: 'new'}, article2]);
    await newer;
    await queue.get('getArticle').resolve({...article1, title: 'old'});
    const fromOlder = (await older) as Article;

    assert.equal((controller.getResponse(getArticles).data as Article[])[0]?.title, 'new');
    assert.equal(fromOlder.title, 'new', 'the older fetch resolves with what the cache holds');
    assert.equal((controller.getResponse(getArticle, {id: '1'}).data as Article).title, 'new');
    assert.equal(visibleState(controller).entitiesMeta.get('Article')?.get('1')?.fetchedAt, clock.now() - 10);
  });

  test('an older response for the same key does not replace a newer result', async () => {
    const {controller, queue, clock, getArticles} = setup();
    const older = controller.fetch(getArticles); // t0
    clock.advance(10);
    controller.setResponse(getArticles, [article2]); // t0 + 10: a newer result for the same key
    const newResult = visibleState(controller).endpoints.get(getArticles.key());
    clock.advance(10);
    await queue.get('getArticles').resolve([article1, article2]);
    await older;
    assert.equal(visibleState(controller).endpoints.get(getArticles.key()), newResult);
    assert.deepEqual(plain(controller.getResponse(getArticles).data), [article2]);
    assert.equal(visibleState(controller).meta.get(getArticles.key())?.fetchedAt, clock.now() - 10);
    // The entity that only the older response had is still stored (it was missing), but the list is the newer one.
    assert.ok(visibleState(controller).entities.get('Article')?.has('1'));
  });
});

describe('Query keys', () => {
  test('two Queries with equal args have different keys, and one Query is stable', () => {
    // Args typed explicitly: a Query over schema.All takes none by default, and this checks keys of args.
    const a = new Query<schema.All<typeof Todo>, [args?: {x?: number}]>(new schema.All(Todo));
    const b = new Query<schema.All<typeof Todo>, [args?: {x?: number}]>(new schema.All(Todo));
    assert.notEqual(a.key(), b.key());
    assert.equal(a.key({x: 1}), a.key({x: 1}));
    assert.equal(a.key(), a.key({}));
  });
});

describe('Query args compared with the last ones', () => {
  test('equal args in new objects give the identical result; changed or mutated args give the right one', async () => {
    const {controller, queue, getArticles} = setup();
    let runs = 0;
    const byPublished = new Query(new schema.All(Article), (articles, {published}: {published?: boolean} = {}) => {
      runs++;
      return articles.filter(a => published === undefined || a.published === published);
    });
    const p = controller.fetch(getArticles);
    await queue.get('getArticles').resolve([article1, article2]);
    await p;
    const yes = controller.get(byPublished, {published: true});
    assert.deepEqual(plain(yes), [article2]);
    assert.equal(controller.get(byPublished, {published: true}), yes, 'equal args in a new object: identical');
    assert.equal(runs, 1);
    const no = controller.get(byPublished, {published: false});
    assert.deepEqual(plain(no), [article1], 'different args: the right result');
    // The same args object changed in place must not reuse the key of its old contents.
    const args: {published?: boolean} = {published: true};
    assert.equal(controller.get(byPublished, args), yes);
    args.published = false;
    assert.equal(controller.get(byPublished, args), no);
    delete args.published;
    assert.deepEqual(plain(controller.get(byPublished, args)), [article1, article2]);
    assert.equal(controller.get(byPublished, {published: true}), yes, 'back to the first args: still identical');
    // Keys stay those of Query.key, whatever the order of the fields.
    const loose = byPublished as unknown as Query<schema.All<typeof Article>, unknown[]>;
    assert.equal(loose.keyOf([{published: true, x: undefined}]), loose.key({published: true}));
    assert.equal(loose.keyOf([{b: 2, a: 1}]), loose.key({a: 1, b: 2}));
    assert.equal(loose.keyOf([{a: 1, b: 2}]), loose.key({b: 2, a: 1}));
    assert.equal(loose.keyOf([{a: [1]}]), loose.key({a: [1]}));
    assert.equal(loose.keyOf([{a: [2]}]), loose.key({a: [2]}), 'nested values are never compared shallowly');
    assert.equal(loose.keyOf([1, 'x']), loose.key(1, 'x'));
    assert.equal(loose.keyOf([1, 'y']), loose.key(1, 'y'));
    assert.equal(loose.keyOf([{a: 1}, 2]), loose.key({a: 1}, 2));
    assert.equal(loose.keyOf([{a: 1}]), loose.key({a: 1}));
  });

  test('an invalidated Query reads as invalid', async () => {
    const {controller, queue, getArticles} = setup();
    const all = new Query<schema.All<typeof Article>, [args: {x: number}]>(new schema.All(Article));
    const p = controller.fetch(getArticles);
    await queue.get('getArticles').resolve([article1]);
    await p;
    assert.equal(controller.getResponse(all, {x: 1}).expiryStatus, 'valid');
    controller.invalidate(all, {x: 1});
    assert.equal(controller.getResponse(all, {x: 1}).expiryStatus, 'invalid');
    assert.equal(controller.getResponse(all, {x: 2}).expiryStatus, 'valid');
  });
});
