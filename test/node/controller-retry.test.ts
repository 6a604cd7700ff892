// Retries: a GET that fails with no response, a 5xx, 408 or 429 is tried
// again after an exponential backoff with jitter, honouring Retry-After; other 4xx are not;
// mutations only when their endpoint asks. Counted against a flaky msw handler and a real
// server on 127.0.0.1, with a fake clock so that no test waits for real time.
import {after, afterEach, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import {Controller, visibleState} from '../../src/core/index.js';
import {NetworkError} from '../../src/endpoint/index.js';
import {createResource, RestEndpoint} from '../../src/rest/index.js';
import {Entity} from '../../src/schema/index.js';
import {createFakeTimers} from './helpers/fake-timers.js';

const API = 'https://retry.test';

class Quote extends Entity {
  id = '';
  text = '';
  static override key = 'RetryQuote';
}

/** What the flaky handler answers, one entry per request, then 200. */
let script: (() => Response)[] = [];
let requests = 0;
const fail = (status: number, headers: Record<string, string> = {}) => () => HttpResponse.json({message: `status ${status}`}, {status, headers});
const offline = () => HttpResponse.error();

const server = setupServer(
  http.get(`${API}/quotes/:id`, ({params}) => {
    requests++;
    const next = script.shift();
    return next ? next() : HttpResponse.json({id: params.id, text: `quote ${requests}`});
  }),
  http.post(`${API}/quotes`, async ({request}) => {
    requests++;
    const next = script.shift();
    return next ? next() : HttpResponse.json({id: 'new', ...((await request.json()) as object)});
  }),
);

const Quotes = createResource({urlPrefix: API, path: '/quotes/:id', schema: Quote});

before(() => server.listen({onUnhandledRequest: 'error'}));
afterEach(() => {
  script = [];
  requests = 0;
});
after(() => server.close());

/** A Controller on a fake clock whose jitter is fixed (random 0: the full delay). */
function setup(options: {retry?: object | false; errorExpiryLength?: number} = {}) {
  const timers = createFakeTimers();
  const controller = new Controller({now: timers.now, timers, ...options, retry: options.retry === false ? false : {random: () => 0, ...options.retry}});
  return {timers, controller};
}

/** Lets the request chain (msw, parse, the Controller) run until a timer waits or it settled. */
async function settle(timers: {pending: number}, done: {settled: boolean}): Promise<void> {
  for (let i = 0; i < 50 && !done.settled && timers.pending === 0; i++) await new Promise(resolve => setImmediate(resolve));
}

function track<T>(promise: Promise<T>) {
  const state = {settled: false, value: undefined as T | undefined, error: undefined as unknown};
  promise.then(
    value => Object.assign(state, {settled: true, value}),
    error => Object.assign(state, {settled: true, error}),
  );
  return state;
}

describe('retries', () => {
  test('a 503 then a 500 then a success: three requests, 1 s then 2 s apart, the reader pending throughout', async () => {
    const {timers, controller} = setup();
    script = [fail(503), fail(500)];
    const responses: string[] = [];
    controller.watch(Quotes.get, [{id: '1'}], response => responses.push(response.error ? 'error' : response.fetching ? 'fetching' : 'done'));
    const call = track(controller.fetch(Quotes.get, {id: '1'}));
    await settle(timers, call);
    assert.equal(requests, 1);
    assert.equal(timers.nextAt! - timers.now(), 1_000, 'first retry after 1 s');
    assert.equal(controller.getResponse(Quotes.get, {id: '1'}).error, undefined, 'no error while retrying');
    assert.equal(controller.getResponse(Quotes.get, {id: '1'}).fetching, true);
    await timers.tick(1_000);
    await settle(timers, call);
    assert.equal(requests, 2);
    assert.equal(timers.nextAt! - timers.now(), 2_000, 'then 2 s');
    await timers.tick(2_000);
    await settle(timers, call);
    assert.equal(requests, 3);
    assert.equal(call.value?.text, 'quote 3');
    assert.deepEqual(responses, ['fetching', 'done'], 'the reader never saw an error');
  });

  test('a GET that succeeds on a retry is dated when it was triggered: data written between its tries is newer and stays', async () => {
    const {timers, controller} = setup();
    script = [fail(503)];
    const triggered = timers.now();
    const call = track(controller.fetch(Quotes.get, {id: '1'}));
    await settle(timers, call);
    await timers.tick(500);
    // Written while the GET waits for its retry (a push, another request's answer): fetched later than the GET was triggered.
    controller.setResponse(Quotes.get, {id: '1'}, {id: '1', text: 'written at 500 ms'});
    await timers.tick(500);
    await settle(timers, call);
    assert.equal(requests, 2);
    assert.equal(call.value?.text, 'written at 500 ms', 'the call resolves with what its readers see');
    const {meta, entitiesMeta} = visibleState(controller);
    assert.equal(meta.get(Quotes.get.key({id: '1'}))?.fetchedAt, triggered + 500, 'the result holds the newer write');
    assert.equal(entitiesMeta.get('RetryQuote')?.get('1')?.fetchedAt, triggered + 500);
    assert.equal((controller.get(Quote, {id: '1'}) as Quote).text, 'written at 500 ms', 'the retried answer, fetched as of its trigger, does not replace it');
  });

  test('the tries run out: the error shows after 1 + 3 requests, with 1, 2 and 4 s between', async () => {
    const {timers, controller} = setup();
    script = [fail(500), fail(500), fail(500), fail(502)];
    const call = track(controller.fetch(Quotes.get, {id: '1'}));
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      await settle(timers, call);
      delays.push(timers.nextAt! - timers.now());
      await timers.tick(timers.nextAt! - timers.now());
    }
    await settle(timers, call);
    assert.deepEqual(delays, [1_000, 2_000, 4_000]);
    assert.equal(requests, 4);
    assert.ok(call.error instanceof NetworkError);
    assert.equal((call.error as NetworkError).status, 502, 'the last error');
    assert.equal(controller.getResponse(Quotes.get, {id: '1'}).error, call.error);
  });

  test('a network error and a 429 are retried; 404, 400 and 401 are not; 408 is', async () => {
    for (const [answer, retried] of [
      [offline, true],
      [fail(429), true],
      [fail(408), true],
      [fail(404), false],
      [fail(400), false],
      [fail(401), false],
    ] as const) {
      const {timers, controller} = setup();
      requests = 0;
      script = [answer];
      const call = track(controller.fetch(Quotes.get, {id: '1'}));
      await settle(timers, call);
      assert.equal(timers.pending, retried ? 1 : 0, `${answer === offline ? 'offline' : 'status'}: retried ${retried}`);
      if (retried) {
        await timers.tick(1_000);
        await settle(timers, call);
        assert.equal(call.value?.text, 'quote 2');
      } else {
        assert.ok(call.error instanceof NetworkError);
        assert.equal(requests, 1);
      }
    }
  });

  test('jitter takes a random share of up to half off each delay', async () => {
    const {timers, controller} = setup({retry: {random: () => 0.5}});
    script = [fail(500)];
    const call = track(controller.fetch(Quotes.get, {id: '1'}));
    await settle(timers, call);
    assert.equal(timers.nextAt! - timers.now(), 750);
  });

  test('Retry-After in seconds or as a date is honoured when longer than the backoff', async () => {
    const {timers, controller} = setup();
    const date = new Date(timers.now() + 9_000).toUTCString();
    script = [fail(429, {'Retry-After': '5'}), fail(503, {'Retry-After': date})];
    const call = track(controller.fetch(Quotes.get, {id: '1'}));
    await settle(timers, call);
    assert.equal(timers.nextAt! - timers.now(), 5_000);
    await timers.tick(5_000);
    await settle(timers, call);
    assert.equal(timers.nextAt! - timers.now(), 4_000, 'the date is 9 s after the first request, 5 s of which went by');
    await timers.tick(4_000);
    await settle(timers, call);
    assert.equal(requests, 3);
    assert.equal(call.value?.text, 'quote 3');
  });

  test('a Retry-After longer than maxDelay is not waited for: the error shows', async () => {
    const {timers, controller} = setup();
    script = [fail(503, {'Retry-After': '3600'})];
    const call = track(controller.fetch(Quotes.get, {id: '1'}));
    await settle(timers, call);
    assert.equal(timers.pending, 0);
    assert.equal((call.error as NetworkError).status, 503);
  });

  test('mutations are never retried unless their endpoint says so', async () => {
    const {timers, controller} = setup();
    script = [fail(503)];
    const plain = track(controller.fetch(Quotes.create, {text: 'a'}));
    await settle(timers, plain);
    assert.equal(timers.pending, 0);
    assert.equal((plain.error as NetworkError).status, 503);

    const retried = Quotes.extend({create: {retry: {retries: 1}}}).create;
    script = [fail(503)];
    requests = 0;
    const call = track(controller.fetch(retried, {text: 'b'}));
    await settle(timers, call);
    assert.equal(timers.pending, 1);
    await timers.tick(1_000);
    await settle(timers, call);
    assert.equal(requests, 2);
    assert.equal(call.value?.text, 'b');
  });

  test('retry on the Controller and per endpoint: false turns it off, an endpoint overrides the count', async () => {
    const off = setup({retry: false});
    script = [fail(500)];
    const call = track(off.controller.fetch(Quotes.get, {id: '1'}));
    await settle(off.timers, call);
    assert.equal(off.timers.pending, 0);
    assert.ok(call.error instanceof NetworkError);

    const {timers, controller} = setup({retry: {retries: 5}});
    const once = new RestEndpoint({urlPrefix: API, path: '/quotes/:id', schema: Quote, retry: {retries: 1}});
    script = [fail(500), fail(500)];
    requests = 0;
    const limited = track(controller.fetch(once, {id: '1'}));
    await settle(timers, limited);
    await timers.tick(1_000);
    await settle(timers, limited);
    assert.equal(requests, 2);
    assert.ok(limited.error instanceof NetworkError);
    const never = new RestEndpoint({urlPrefix: API, path: '/quotes/:id', schema: Quote, retry: false});
    script = [fail(500)];
    const none = track(controller.fetch(never, {id: '2'}));
    await settle(timers, none);
    assert.equal(timers.pending, 0);
  });

  test('a caller that aborts during the retry wait: no more requests, no error, the timer cleared', async () => {
    const {timers, controller} = setup();
    controller.setResponse(Quotes.get, {id: '1'}, {id: '1', text: 'cached'});
    const before = controller.getResponse(Quotes.get, {id: '1'}).data;
    script = [fail(503)];
    const abort = new AbortController();
    const call = track(controller.fetch({signal: abort.signal}, Quotes.get, {id: '1'}));
    await settle(timers, call);
    assert.equal(timers.pending, 1);
    abort.abort();
    await settle(timers, call);
    assert.equal((call.error as Error).name, 'AbortError');
    assert.equal(timers.pending, 0, 'the wait was cleared');
    await timers.tick(60_000);
    assert.equal(requests, 1);
    const response = controller.getResponse(Quotes.get, {id: '1'});
    assert.equal(response.data, before);
    assert.equal(response.error, undefined);
    assert.equal(response.fetching, undefined);
  });

  test('errorExpiryLength: the error stands until it expired, then the result may be tried again', async () => {
    const {timers, controller} = setup({retry: false, errorExpiryLength: 5_000});
    script = [fail(500)];
    await controller.fetch(Quotes.get, {id: '1'}).catch(() => undefined);
    assert.equal(controller.getResponse(Quotes.get, {id: '1'}).errorExpired, undefined);
    timers.advance(4_999);
    assert.equal(controller.getResponse(Quotes.get, {id: '1'}).errorExpired, undefined);
    timers.advance(1);
    assert.equal(controller.getResponse(Quotes.get, {id: '1'}).errorExpired, true);
    const short = new RestEndpoint({urlPrefix: API, path: '/quotes/:id', schema: Quote, errorExpiryLength: 10});
    script = [fail(500)];
    await controller.fetch(short, {id: '2'}).catch(() => undefined);
    timers.advance(10);
    assert.equal(controller.getResponse(short, {id: '2'}).errorExpired, true, 'the endpoint’s own length');
  });
});

describe('retries against a real server on 127.0.0.1', () => {
  let http503Left = 0;
  let served = 0;
  let real: Server;
  let origin = '';
  before(async () => {
    server.close(); // msw's interception off: this suite speaks real HTTP
    real = createServer((request, response) => {
      served++;
      if (http503Left-- > 0) {
        response.writeHead(503, {'content-type': 'application/json', 'retry-after': '0'});
        response.end('{"message":"busy"}');
        return;
      }
      response.writeHead(200, {'content-type': 'application/json'});
      response.end(JSON.stringify({id: request.url!.split('/').pop(), text: `served ${served}`}));
    });
    await new Promise<void>(resolve => real.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(real.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise(resolve => real.close(resolve));
    server.listen({onUnhandledRequest: 'error'});
  });

  test('two 503s then a 200: three requests reach the server, the data arrives', async () => {
    const {timers, controller} = setup({retry: {initialDelay: 1}});
    const getQuote = new RestEndpoint({urlPrefix: origin, path: '/quotes/:id', schema: Quote});
    http503Left = 2;
    served = 0;
    const call = track(controller.fetch(getQuote, {id: '7'}));
    while (!call.settled) {
      // Real sockets: wait for each response by turns of the event loop, then run the 1 ms timer.
      await new Promise(resolve => setImmediate(resolve));
      if (timers.pending > 0) await timers.tick(timers.nextAt! - timers.now());
    }
    assert.equal(served, 3);
    assert.equal(call.value?.text, 'served 3');
  });
});
