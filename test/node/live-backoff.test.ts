// Reconnection timing: exponential backoff with jitter (the Backoff class), and a WebSocket
// feed that cannot reach its server retrying on those delays (on a fake clock), then
// connecting, resetting the delay, and refetching shown results once.
import {Backoff, WebSocketFeed, type FeedError} from '../../src/live/index.js';
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {WebSocket} from 'ws';
import {Controller, Entity} from '../../src/index.js';
import {LiveServer} from '../servers/live-server.mjs';
import {createFakeTimers} from './helpers/fake-timers.js';
import {until} from './helpers/live.js';

class Article extends Entity {
  id = '';
  title = '';
  static override key = 'Article';
}

describe('Backoff', () => {
  test('doubles from the initial delay up to the maximum, and starts again after reset', () => {
    const backoff = new Backoff({initialDelay: 100, maxDelay: 1_000, jitter: 0});
    assert.deepEqual([1, 2, 3, 4, 5, 6].map(() => backoff.next()), [100, 200, 400, 800, 1_000, 1_000]);
    assert.equal(backoff.attempts, 6);
    backoff.reset();
    assert.equal(backoff.next(), 100);
  });

  test('jitter takes a random share off each delay', () => {
    const values = [0, 0.5, 0.9];
    const backoff = new Backoff({initialDelay: 1_000, factor: 1, jitter: 0.5, random: () => values.shift()!});
    assert.deepEqual([backoff.next(), backoff.next(), Math.round(backoff.next())], [1_000, 750, 550]);
    const spread = new Backoff({initialDelay: 1_000, factor: 1});
    const delays = Array.from({length: 200}, () => spread.next());
    assert.ok(delays.every(d => d > 500 && d <= 1_000), 'default jitter 0.5: between half and the whole delay');
    assert.ok(new Set(delays).size > 100, 'and they differ');
  });

  test('bad options are refused with the option named', () => {
    assert.throws(() => new Backoff({initialDelay: -1}), /initialDelay/);
    assert.throws(() => new Backoff({maxDelay: Infinity}), /maxDelay/);
    assert.throws(() => new Backoff({jitter: 1.5}), /jitter/);
  });
});

describe('WebSocket feed reconnection', () => {
  test('retries an unreachable server on growing delays, then resets them once connected', async () => {
    const server = await LiveServer.start();
    const reachable = server.wsOrigin;
    await server.close(); // nothing listens on that port now
    const timers = createFakeTimers();
    const controller = new Controller();
    const errors: FeedError[] = [];
    let origin = reachable;
    const feed = new WebSocketFeed({
      url: () => `${origin}/ws`,
      schema: Article,
      WebSocket: WebSocket as never,
      timers,
      backoff: {initialDelay: 100, factor: 2, maxDelay: 1_000, jitter: 0},
      onError: error => errors.push(error),
    });
    const stop = feed.connect(controller);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      await until(`attempt ${attempt} fails`, () => errors.length === attempt && timers.pending === 1, controller, feed);
      delays.push(timers.nextAt! - timers.now());
      timers.advance(timers.nextAt! - timers.now());
    }
    assert.deepEqual(delays, [100, 200, 400]);
    assert.ok(errors.every(e => e.kind === 'connection'));
    assert.equal(feed.status, 'reconnecting');

    const live = await LiveServer.start();
    origin = live.wsOrigin;
    await until('attempt 4 fails', () => errors.length === 4 && timers.pending === 1, controller, feed);
    assert.equal(timers.nextAt! - timers.now(), 800);
    timers.advance(800);
    await until('open', () => feed.status === 'open', controller, feed);
    live.drop();
    await until('lost again', () => feed.status === 'reconnecting' && timers.pending === 1, controller, feed);
    assert.equal(timers.nextAt! - timers.now(), 100, 'a success resets the delay');
    stop();
    assert.equal(timers.pending, 0, 'closing cancels the retry');
    await live.close();
  });
});
