// Polling (`pollFrequency`): one timer per result however many readers retain it, at the
// shortest frequency, started by the first retain and stopped by the last release, paused
// while the page is hidden. Driven by a fake clock with timers and a fake page. The poll timers
// load on demand with the first polled read: tests await `loaded()` before they look for a timer.
import {Refresh} from '../../src/refresh/index.js';
import {PollScheduler, pollSchedulerLoaded} from '../../src/refresh/internal.js';
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller} from '../../src/core/index.js';
import type {EndpointInterface} from '../../src/endpoint/index.js';
import {Article, createFakeClock, createPatterns, flush, RequestQueue} from './helpers/deferred-endpoint.js';
import {createFakePage, createFakeTimers} from './helpers/fake-timers.js';
import {listenerCount, retainedCount} from '../../src/internal.js';

function setupPolling(options: {refetchOnFocus?: boolean} = {}) {
  const timers = createFakeTimers();
  const page = createFakePage();
  const queue = new RequestQueue(createFakeClock());
  // Retries off: a failed poll is the failure under test.
  const refresh = new Refresh({page, ...options});
  const controller = new Controller({now: timers.now, timers, retry: false, plugins: [refresh]});
  /** Settles once the poll scheduler has arrived and the reads kept meanwhile poll. */
  const loaded = () => pollSchedulerLoaded(refresh);
  const patterns = createPatterns(queue);
  const sent: string[] = [];
  /** An Article endpoint that answers at once, polled every `ms`. */
  const every = (ms: number): EndpointInterface => ({
    name: `getArticle every ${ms} ms`,
    key: ({id}: {id: string}) => `GET /articles/${id}`,
    schema: Article,
    pollFrequency: ms,
    fetch: async ({id}: {id: string}) => {
      sent.push(id);
      return {id, title: `poll ${sent.length}`};
    },
  });
  const sentFor = (id: string) => sent.filter(sentId => sentId === id).length;
  return {timers, page, queue, controller, loaded, every, sentFor, ...patterns};
}

describe('polling', () => {
  test('two readers of one result share one timer; polls stop when the last reader goes', async () => {
    const {timers, controller, loaded, every, sentFor} = setupPolling();
    const endpoint = every(1_000);
    const first = controller.retain(endpoint, {id: '1'});
    const second = controller.retain(endpoint, {id: '1'});
    await loaded();
    assert.equal(timers.pending, 1, 'one timer for the result');
    await timers.tick(1_000);
    assert.equal(sentFor('1'), 1);
    await flush();
    assert.equal((controller.getResponse(endpoint, {id: '1'}).data as Article).title, 'poll 1');
    await timers.tick(3_000);
    assert.equal(sentFor('1'), 4, 'every second');
    first();
    await timers.tick(1_000);
    assert.equal(sentFor('1'), 5, 'still polled while one reader holds it');
    second();
    assert.equal(timers.pending, 0, 'the timer is gone with the last reader');
    await timers.tick(10_000);
    assert.equal(sentFor('1'), 5);
  });

  test('readers that watch a polled result keep it polled; the last watch that closes stops the requests', async () => {
    const {timers, controller, loaded, every, sentFor} = setupPolling();
    const endpoint = every(1_000);
    const first = controller.watch(endpoint, [{id: '1'}], () => {});
    const second = controller.watch(endpoint, [{id: '1'}], () => {});
    await loaded();
    await timers.tick(3_000);
    assert.equal(sentFor('1'), 3, 'polled every second while watched');
    first.close();
    await timers.tick(2_000);
    assert.equal(sentFor('1'), 5, 'still polled while one watch is open');
    second.close();
    assert.equal(listenerCount(controller), 0);
    assert.equal(retainedCount(controller), 0);
    await timers.tick(10_000);
    assert.equal(sentFor('1'), 5, 'no request after the last reader is gone');
    assert.equal(timers.pending, 0, 'and no timer left');
  });

  test('a watch and a retain of one polled result: polls go on until both let go, whichever goes last', async () => {
    for (const last of ['watch', 'retain'] as const) {
      const {timers, controller, loaded, every, sentFor} = setupPolling();
      const endpoint = every(1_000);
      const watch = controller.watch(endpoint, [{id: '1'}], () => {});
      const release = controller.retain(endpoint, {id: '1'});
      await loaded();
      if (last === 'watch') release();
      else watch.close();
      await timers.tick(2_000);
      assert.equal(sentFor('1'), 2, `polled while the ${last} holds it`);
      if (last === 'watch') watch.close();
      else release();
      await timers.tick(10_000);
      assert.equal(sentFor('1'), 2, `no request after the ${last} let go too`);
    }
  });

  test('a slow response is shared by the polls that fall due meanwhile: requests do not pile up', async () => {
    const {timers, controller, loaded, queue, getArticle} = setupPolling();
    const endpoint = {...getArticle, pollFrequency: 1_000};
    controller.retain(endpoint, {id: '1'});
    await loaded();
    await timers.tick(5_000);
    assert.equal(queue.count('getArticle'), 1, 'one request in flight, five polls');
    await queue.last('getArticle').resolve({id: '1', title: 'slow'});
    await timers.tick(1_000);
    assert.equal(queue.count('getArticle'), 2);
  });

  test('the shortest frequency wins at once, and the longer one resumes when it goes', async () => {
    const {timers, controller, loaded, every, sentFor} = setupPolling();
    controller.retain(every(10_000), {id: '1'});
    await loaded();
    await timers.tick(2_000);
    const fast = controller.retain(every(1_000), {id: '1'});
    assert.equal(timers.pending, 1);
    await timers.tick(1_000);
    assert.equal(sentFor('1'), 1, 'the 1 s reader polls 1 s after it came, not at 10 s');
    await timers.tick(2_000);
    assert.equal(sentFor('1'), 3);
    fast();
    await timers.tick(9_999);
    assert.equal(sentFor('1'), 3, 'the slow reader waits its own 10 s');
    await timers.tick(1);
    assert.equal(sentFor('1'), 4);
  });

  test('results with different args poll on timers of their own', async () => {
    const {timers, controller, loaded, every, sentFor} = setupPolling();
    controller.retain(every(1_000), {id: '1'});
    controller.retain(every(3_000), {id: '2'});
    await loaded();
    assert.equal(timers.pending, 2);
    await timers.tick(3_000);
    assert.deepEqual([sentFor('1'), sentFor('2')], [3, 1]);
  });

  test('no timer runs while the page is hidden; a poll that fell due runs when it shows', async () => {
    // Showing the page also refetches what is stale on focus; this test looks at polls alone.
    const {timers, page, controller, loaded, every, sentFor} = setupPolling({refetchOnFocus: false});
    controller.retain(every(1_000), {id: '1'});
    await loaded();
    await timers.tick(1_000);
    assert.equal(sentFor('1'), 1);
    page.setHidden(true);
    assert.equal(timers.pending, 0);
    await timers.tick(60_000);
    assert.equal(sentFor('1'), 1, 'nothing while hidden');
    controller.retain(every(1_000), {id: '2'});
    assert.equal(timers.pending, 0, 'a reader that comes while hidden waits too');
    page.setHidden(false);
    await timers.tick(0);
    assert.equal(sentFor('1'), 2, 'overdue: polled at once');
    await timers.tick(1_000);
    assert.deepEqual([sentFor('1'), sentFor('2')], [3, 1]);
  });

  test('an endpoint without pollFrequency is never polled; a bad one is warned about once', async t => {
    const {timers, controller, loaded, getArticle, every} = setupPolling();
    const warn = t.mock.method(console, 'warn', () => {});
    controller.retain(getArticle, {id: '1'});
    await loaded();
    assert.equal(timers.pending, 0);
    const bad = every(-5);
    controller.retain(bad, {id: '1'});
    controller.retain(bad, {id: '2'});
    await loaded();
    assert.equal(timers.pending, 0);
    assert.equal(warn.mock.callCount(), 1);
    assert.match(String(warn.mock.calls[0]!.arguments[0]), /getArticle every -5 ms has pollFrequency -5/);
  });

  test('a failed poll keeps the data, records the error, and the next poll still runs', async () => {
    const {timers, controller, loaded, queue, getArticle} = setupPolling();
    const endpoint = {...getArticle, pollFrequency: 1_000};
    controller.setResponse(endpoint, {id: '1'}, {id: '1', title: 'kept'});
    controller.retain(endpoint, {id: '1'});
    await loaded();
    await timers.tick(1_000);
    await queue.last('getArticle').reject();
    await flush();
    const response = controller.getResponse(endpoint, {id: '1'});
    assert.equal((response.data as Article).title, 'kept');
    assert.ok(response.error);
    await timers.tick(1_000);
    assert.equal(queue.count('getArticle'), 2);
  });

  test('dispose stops every poll timer and page listener', async () => {
    const {timers, page, controller, loaded, every} = setupPolling();
    controller.retain(every(1_000), {id: '1'});
    await loaded();
    assert.equal(timers.pending, 1);
    assert.ok(page.listenerCount > 0);
    controller.dispose();
    assert.equal(timers.pending, 0);
    assert.equal(page.listenerCount, 0);
  });

  test('release is idempotent: a second call does not release another reader', async () => {
    const {timers, controller, loaded, every, sentFor} = setupPolling();
    const endpoint = every(1_000);
    const first = controller.retain(endpoint, {id: '1'});
    controller.retain(endpoint, {id: '1'});
    await loaded();
    first();
    first();
    await timers.tick(1_000);
    assert.equal(sentFor('1'), 1);
    assert.equal(retainedCount(controller), 1);
  });

  test('the scheduler on its own reports how many results it polls', async () => {
    const timers = createFakeTimers();
    const polled: string[] = [];
    const scheduler = new PollScheduler({now: timers.now, timers, page: createFakePage(), poll: (_e, args) => polled.push(String(args[0]))});
    const endpoint: EndpointInterface = {key: (id: string) => id, pollFrequency: 500};
    const release = scheduler.retain(endpoint, ['a'], 'a');
    assert.equal(scheduler.size, 1);
    await timers.tick(1_000);
    assert.deepEqual(polled, ['a', 'a']);
    release!();
    assert.equal(scheduler.size, 0);
  });
});

describe('polling without the refresh part', () => {
  test('a pollFrequency nothing acts on is explained once in development mode, naming the endpoint', t => {
    const warn = t.mock.method(console, 'warn', () => undefined);
    const timers = createFakeTimers();
    const controller = new Controller({now: timers.now, timers});
    const getPrices: EndpointInterface = {name: 'getPrices', key: () => 'prices', schema: undefined, pollFrequency: 1_000, fetch: async () => ({})};
    const first = controller.watch(getPrices, [], () => undefined);
    const second = controller.retain(getPrices);
    const messages = warn.mock.calls.map(call => String(call.arguments[0]));
    assert.equal(messages.length, 1, 'once per endpoint');
    assert.match(messages[0]!, /getPrices has pollFrequency 1000, but this Controller has no refresh part/);
    assert.match(messages[0]!, /new Refresh\(\)/);
    assert.equal(timers.pending, 0, 'nothing polls');
    first.close();
    second();
  });

  test('with the refresh part it polls and says nothing', async t => {
    const warn = t.mock.method(console, 'warn', () => undefined);
    const timers = createFakeTimers();
    const refresh = new Refresh({page: createFakePage()});
    const controller = new Controller({now: timers.now, timers, plugins: [refresh]});
    const getPrices: EndpointInterface = {name: 'getPrices', key: () => 'prices', schema: undefined, pollFrequency: 1_000, fetch: async () => ({})};
    const watch = controller.watch(getPrices, [], () => undefined);
    await pollSchedulerLoaded(refresh);
    assert.equal(warn.mock.callCount(), 0);
    assert.equal(timers.pending, 1, 'one poll timer');
    watch.close();
    controller.dispose();
  });
});
