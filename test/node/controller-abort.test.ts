// Cancellation over RestEndpoint and msw/node: every request carries an
// AbortSignal in the init given to fetchResponse; a GET is aborted only when no caller and no
// reader waits for it any more; an aborted request leaves the cache and the result's error as
// they were and rejects only the callers that gave up, with an AbortError.
import {after, afterEach, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import {Gate} from './helpers/gate.js';
import {Controller} from '../../src/core/index.js';
import {requestSignal, type EndpointInterface} from '../../src/endpoint/index.js';
import {createResource} from '../../src/rest/index.js';
import {Entity} from '../../src/schema/index.js';
import {requestCount, visibleState} from '../../src/internal.js';

const API = 'https://abort.test';

class Note extends Entity {
  id = '';
  text = '';
  static override key = 'AbortNote';
}


let gate = new Gate();
let texts: Record<string, string> = {};
/** The signal of every init fetchResponse received, in order. */
let signals: (AbortSignal | null | undefined)[] = [];

const Notes = createResource({
  urlPrefix: API,
  path: '/notes/:id',
  schema: Note,
  fetchResponse(input: string, init: RequestInit) {
    signals.push(init.signal);
    return fetch(input, init);
  },
}).extend({partialUpdate: {getOptimisticResponse: (_snap: unknown, params: {id: string}, body: object) => ({...body, id: params.id})}});

const server = setupServer(
  http.get(`${API}/notes/:id`, async ({params}) => {
    const text = texts[String(params.id)] ?? 'server';
    await gate.hold();
    return HttpResponse.json({id: params.id, text});
  }),
  http.patch(`${API}/notes/:id`, async ({params, request}) => {
    const body = (await request.json()) as {text: string};
    await gate.hold();
    return HttpResponse.json({id: params.id, text: body.text});
  }),
);

before(() => server.listen({onUnhandledRequest: 'error'}));
afterEach(() => {
  gate.open();
  gate = new Gate();
  texts = {};
  signals = [];
});
after(() => server.close());

function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

const nextTurn = () => new Promise(resolve => setImmediate(resolve));

describe('cancellation', () => {
  test('every request passes an AbortSignal to fetchResponse in the init', async () => {
    const controller = new Controller();
    const done = controller.fetch(Notes.get, {id: '1'});
    await gate.until(1);
    gate.open();
    await done;
    assert.equal(signals.length, 1);
    assert.ok(signals[0] instanceof AbortSignal);
    assert.equal(signals[0]!.aborted, false);
  });

  test('a caller that aborts alone: the request is aborted, the cache and the error stay as they were', async () => {
    const controller = new Controller();
    controller.setResponse(Notes.get, {id: '1'}, {id: '1', text: 'cached'});
    const before = controller.getResponse(Notes.get, {id: '1'});
    let commits = 0;
    controller.subscribe(() => commits++);
    const abort = new AbortController();
    const call = controller.fetch({signal: abort.signal}, Notes.get, {id: '1'});
    await gate.until(1);
    assert.equal(controller.getResponse(Notes.get, {id: '1'}).fetching, true);
    abort.abort();
    assert.ok(isAbortError(await rejection(call)));
    assert.equal(signals[0]!.aborted, true, 'the request itself was aborted');
    const afterAbort = controller.getResponse(Notes.get, {id: '1'});
    assert.equal(afterAbort.data, before.data, 'the identical data');
    assert.equal(afterAbort.error, undefined, 'no error');
    assert.equal(afterAbort.fetching, undefined, 'no longer fetching');
    assert.equal(requestCount(controller), 0);
    assert.equal(commits, 0, 'nothing was committed');
    gate.open();
    await nextTurn();
    assert.equal(controller.getResponse(Notes.get, {id: '1'}).data, before.data);
  });

  test('a shared request is aborted only when both callers gave up', async () => {
    const controller = new Controller();
    texts = {'1': 'fresh'};
    const first = new AbortController();
    const second = new AbortController();
    const a = controller.fetch({signal: first.signal}, Notes.get, {id: '1'});
    const b = controller.fetch({signal: second.signal}, Notes.get, {id: '1'});
    await gate.until(1);
    assert.equal(signals.length, 1, 'one request for both');
    first.abort();
    assert.ok(isAbortError(await rejection(a)), 'the first caller alone is rejected');
    assert.equal(signals[0]!.aborted, false, 'the second still waits: the request goes on');
    second.abort();
    assert.ok(isAbortError(await rejection(b)));
    assert.equal(signals[0]!.aborted, true);
    assert.equal(controller.getResponse(Notes.get, {id: '1'}).data, undefined);
  });

  test('abort while deduplicated: the other caller still gets the data', async () => {
    const controller = new Controller();
    texts = {'1': 'fresh'};
    const abort = new AbortController();
    const gaveUp = controller.fetch({signal: abort.signal}, Notes.get, {id: '1'});
    const stays = controller.fetch(Notes.get, {id: '1'});
    await gate.until(1);
    abort.abort();
    assert.ok(isAbortError(await rejection(gaveUp)));
    gate.open();
    assert.equal((await stays).text, 'fresh');
    assert.equal(signals[0]!.aborted, false, 'a caller without a signal holds the request');
    assert.equal(controller.getResponse(Notes.get, {id: '1'}).data?.text, 'fresh');
  });

  test('a reader watching the result keeps the request alive; when it leaves too, the request is aborted', async () => {
    const controller = new Controller();
    const watch = controller.watch(Notes.get, [{id: '1'}], () => {});
    const abort = new AbortController();
    const call = controller.fetch({signal: abort.signal}, Notes.get, {id: '1'});
    await gate.until(1);
    abort.abort();
    assert.ok(isAbortError(await rejection(call)));
    assert.equal(signals[0]!.aborted, false, 'the reader still waits');
    assert.equal(controller.getResponse(Notes.get, {id: '1'}).fetching, true);
    watch.close();
    assert.equal(signals[0]!.aborted, true, 'nobody waits any more');
    assert.equal(controller.getResponse(Notes.get, {id: '1'}).fetching, undefined);
  });

  test('abort after the response arrived changes nothing', async () => {
    const controller = new Controller();
    texts = {'1': 'arrived'};
    const abort = new AbortController();
    const call = controller.fetch({signal: abort.signal}, Notes.get, {id: '1'});
    await gate.until(1);
    gate.open();
    const note = await call;
    abort.abort();
    await nextTurn();
    assert.equal(note.text, 'arrived');
    assert.equal(controller.getResponse(Notes.get, {id: '1'}).data, note);
    assert.equal(controller.getResponse(Notes.get, {id: '1'}).error, undefined);
  });

  test('an already aborted signal rejects at once and sends nothing', async () => {
    const controller = new Controller();
    const error = await rejection(controller.fetch({signal: AbortSignal.abort()}, Notes.get, {id: '1'}));
    assert.ok(isAbortError(error));
    assert.match((error as Error).message, /abort/i);
    await nextTurn();
    assert.equal(signals.length, 0);
    assert.equal(requestCount(controller), 0);
  });

  test('a TimeoutError reason is kept, as fetch keeps it', async () => {
    const controller = new Controller();
    const abort = new AbortController();
    const call = controller.fetch({signal: abort.signal}, Notes.get, {id: '1'});
    abort.abort(new DOMException('too slow', 'TimeoutError'));
    const error = await rejection(call);
    assert.equal((error as Error).name, 'TimeoutError');
  });

  test('a mutation is not aborted when the readers of its result leave', async () => {
    const controller = new Controller();
    const watch = controller.watch(Notes.get, [{id: '1'}], () => {});
    const patch = controller.fetch(Notes.partialUpdate, {id: '1'}, {text: 'edited'});
    await gate.until(1);
    watch.close();
    assert.equal(signals[0]!.aborted, false);
    gate.open();
    assert.equal((await patch).text, 'edited');
  });

  test('a mutation its caller aborts rolls its prediction back and sets no error', async () => {
    const controller = new Controller();
    controller.setResponse(Notes.get, {id: '1'}, {id: '1', text: 'before'});
    const abort = new AbortController();
    const patch = controller.fetch({signal: abort.signal}, Notes.partialUpdate, {id: '1'}, {text: 'predicted'});
    assert.equal(controller.get(Note, {id: '1'})?.text, 'predicted');
    await gate.until(1);
    const causes: string[] = [];
    controller.subscribe(commit => causes.push(commit.cause));
    abort.abort();
    assert.ok(isAbortError(await rejection(patch)));
    assert.equal(signals[0]!.aborted, true);
    assert.equal(controller.get(Note, {id: '1'})?.text, 'before', 'rolled back');
    assert.deepEqual(visibleState(controller).optimistic, []);
    assert.deepEqual(causes, ['abort']);
    assert.equal(controller.getResponse(Notes.get, {id: '1'}).error, undefined);
  });

  test('an endpoint written by hand reads its signal with requestSignal()', async () => {
    const controller = new Controller();
    let seen: AbortSignal | undefined;
    const endpoint: EndpointInterface & {fetch(): Promise<unknown>} = {
      key: () => 'hand-written',
      fetch() {
        seen = requestSignal();
        return new Promise((_resolve, reject) => seen!.addEventListener('abort', () => reject(seen!.reason)));
      },
    };
    const abort = new AbortController();
    const call = controller.fetch({signal: abort.signal}, endpoint);
    assert.ok(seen instanceof AbortSignal);
    assert.equal(requestSignal(), undefined, 'only current while fetch starts');
    abort.abort();
    assert.ok(isAbortError(await rejection(call)));
    assert.equal(seen!.aborted, true);
    assert.equal(controller.getResponse(endpoint).error, undefined, 'the endpoint’s own rejection is dropped');
  });
});
