// The refresh part loads its poll timers on demand: the first read of an endpoint with a
// `pollFrequency` loads them (once per Refresh), other reads never do, and what happens while the
// load is on its way (a reader that stops, a Controller disposed, a load that fails) leaves no
// timer behind and nothing silent. The loader is the test's, through the internal options, so
// the test decides when the module arrives.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller} from '../../src/core/index.js';
import type {EndpointInterface} from '../../src/endpoint/index.js';
import {Refresh} from '../../src/refresh/index.js';
import {pollSchedulerLoaded, type RefreshInternalOptions} from '../../src/refresh/internal.js';
import {Article} from './helpers/deferred-endpoint.js';
import {createFakePage, createFakeTimers} from './helpers/fake-timers.js';

/** A loader of the real module that the test lets arrive (or fail) when it says, counting its calls. */
function gatedLoader() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const gate = new Promise<void>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  let calls = 0;
  const load: NonNullable<RefreshInternalOptions['loadPollScheduler']> = () => {
    calls++;
    return gate.then(() => import('../../src/refresh/controller-polls.js'));
  };
  return {
    load,
    arrive,
    fail,
    get calls() {
      return calls;
    },
  };
}

function setup() {
  const timers = createFakeTimers();
  const page = createFakePage();
  const loader = gatedLoader();
  const options: RefreshInternalOptions = {page, loadPollScheduler: loader.load};
  const refresh = new Refresh(options);
  const controller = new Controller({now: timers.now, timers, retry: false, plugins: [refresh]});
  const endpoint = (name: string, pollFrequency?: number): EndpointInterface => ({
    name,
    key: ({id}: {id: string}) => `${name} ${id}`,
    schema: Article,
    pollFrequency,
    fetch: async ({id}: {id: string}) => ({id, title: name}),
  });
  /** Lets the module arrive and waits until the reads kept meanwhile poll. */
  const arrive = async () => {
    loader.arrive();
    await pollSchedulerLoaded(refresh);
  };
  return {timers, page, loader, refresh, controller, endpoint, arrive};
}

describe('the poll timers load on demand', () => {
  test('reads of endpoints without pollFrequency never load them; the first polled read does, once per Refresh', async () => {
    const {timers, loader, refresh, controller, endpoint, arrive} = setup();
    const plain = endpoint('plain');
    const watch = controller.watch(plain, [{id: '1'}], () => {});
    const release = controller.retain(plain, {id: '2'});
    assert.equal(loader.calls, 0, 'nothing polled, nothing loaded');
    watch.close();
    release();

    const polled = endpoint('polled', 1_000);
    controller.retain(polled, {id: '1'});
    controller.retain(polled, {id: '2'});
    // A second Controller with the same part shares its load.
    const other = new Controller({now: timers.now, timers, plugins: [refresh]});
    other.retain(polled, {id: '3'});
    assert.equal(loader.calls, 1, 'one load');
    assert.equal(timers.pending, 0, 'no timer before the module arrives');
    await arrive();
    assert.equal(timers.pending, 3, 'each read kept meanwhile polls once it arrives');
    controller.retain(endpoint('later', 500), {id: '1'});
    assert.equal(timers.pending, 4, 'a read kept after it arrived polls at once');
    assert.equal(loader.calls, 1);
    other.dispose();
  });

  test('the first poll is due one pollFrequency after the read came, however long the load took', async () => {
    const {timers, controller, endpoint, arrive} = setup();
    const came = timers.now();
    controller.retain(endpoint('polled', 1_000), {id: '1'});
    timers.advance(300);
    await arrive();
    assert.equal(timers.nextAt, came + 1_000);
  });

  test('a reader that stops before the module arrives starts no timer; the others still poll', async () => {
    const {timers, page, controller, endpoint, arrive} = setup();
    const polled = endpoint('polled', 1_000);
    const listeners = page.listenerCount;
    const stop = controller.retain(polled, {id: '1'});
    stop();
    await arrive();
    assert.equal(timers.pending, 0, 'no timer');
    assert.equal(page.listenerCount, listeners, 'and no scheduler listening to the page');

    const stopped = controller.retain(polled, {id: '2'});
    controller.retain(polled, {id: '3'});
    stopped();
    await arrive();
    assert.equal(timers.pending, 1, 'the reader that stayed polls');
  });

  test('a Controller disposed before the module arrives starts nothing when it does', async () => {
    const {timers, page, controller, endpoint, arrive} = setup();
    controller.retain(endpoint('polled', 1_000), {id: '1'});
    controller.dispose();
    assert.equal(page.listenerCount, 0);
    await arrive();
    assert.equal(timers.pending, 0, 'no timer');
    assert.equal(page.listenerCount, 0, 'no listener');
  });

  test('dispose stops the poll timers of a module that arrived after the first read', async () => {
    const {timers, page, controller, endpoint, arrive} = setup();
    controller.retain(endpoint('polled', 1_000), {id: '1'});
    await arrive();
    assert.equal(timers.pending, 1);
    controller.dispose();
    assert.equal(timers.pending, 0);
    assert.equal(page.listenerCount, 0);
  });

  test('a load that fails is reported once, as a plugin failure is; nothing polls and nothing throws into readers', async t => {
    const error = t.mock.method(console, 'error', () => undefined);
    const {timers, loader, refresh, controller, endpoint} = setup();
    const polled = endpoint('polled', 1_000);
    const stop = controller.retain(polled, {id: '1'});
    const failure = new Error('chunk not found');
    loader.fail(failure);
    await pollSchedulerLoaded(refresh);
    assert.equal(error.mock.callCount(), 1);
    assert.match(String(error.mock.calls[0]!.arguments[0]), /refresh part could not load its poll timers/);
    // Reported as what failed, with the loader's own error as the cause.
    const reported = error.mock.calls[0]!.arguments[1] as Error;
    assert.match(reported.message, /^data-elements: the refresh part could not load its poll timers: chunk not found$/);
    assert.equal(reported.cause, failure);
    controller.retain(polled, {id: '2'});
    await pollSchedulerLoaded(refresh);
    assert.equal(loader.calls, 1, 'not loaded again');
    assert.equal(error.mock.callCount(), 1, 'reported once');
    assert.equal(timers.pending, 0);
    stop();
  });
});
