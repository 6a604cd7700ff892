// Reset over real HTTP semantics: RestEndpoint through msw/node. A reset
// (`resetEntireStore`, at logout) rejects the requests in flight with ResetError, and their
// responses, which still arrive afterwards, never come back into the cache. (The same with
// hand-settled endpoints is in controller-fetch.test.ts.)
import {after, afterEach, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import {Gate} from './helpers/gate.js';
import {Controller, ResetError} from '../../src/core/index.js';
import {createResource} from '../../src/rest/index.js';
import {Entity} from '../../src/schema/index.js';
import {visibleState} from '../../src/internal.js';

const API = 'https://api.test';

class Profile extends Entity {
  id = '';
  name = '';
  static override key = 'ResetProfile';
}


let gate = new Gate();
/** Every value that made it through RestEndpoint's `process` (the last step before the Controller). */
let processed: unknown[] = [];
let processedSignal: (() => void) | undefined;
/** Resolves once `n` responses went all the way through the endpoint. */
async function processedCount(n: number): Promise<void> {
  while (processed.length < n) await new Promise<void>(resolve => (processedSignal = resolve));
  // The Controller's own `.then` on the endpoint's promise runs one turn later.
  await new Promise(resolve => setImmediate(resolve));
}

const ProfileResource = createResource({
  urlPrefix: API,
  path: '/profiles/:id',
  schema: Profile,
  process(value: unknown) {
    processed.push(value);
    processedSignal?.();
    return value;
  },
});
const Optimistic = ProfileResource.extend({
  partialUpdate: {getOptimisticResponse: (_snap: unknown, params: {id: string}, body: object) => ({...body, id: params.id})},
});

let names: Record<string, string> = {};
let fail = false;
const server = setupServer(
  http.get(`${API}/profiles/:id`, async ({params}) => {
    const name = names[String(params.id)] ?? 'nobody'; // as the server saw it when the request came in
    await gate.hold();
    if (fail) return HttpResponse.json({message: 'boom'}, {status: 500});
    return HttpResponse.json({id: params.id, name});
  }),
  http.patch(`${API}/profiles/:id`, async ({params, request}) => {
    await gate.hold();
    const body = (await request.json()) as {name: string};
    return HttpResponse.json({id: params.id, name: body.name});
  }),
);

before(() => server.listen({onUnhandledRequest: 'error'}));
afterEach(() => {
  server.events.removeAllListeners();
  gate.open();
  gate = new Gate();
  processed = [];
  processedSignal = undefined;
  names = {};
  fail = false;
});
after(() => server.close());

async function settledError(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => assert.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('resetEntireStore with RestEndpoint over msw', () => {
  test('in-flight GET and optimistic PATCH reject with ResetError; their late responses stay out', async () => {
    const controller = new Controller();
    names = {alice: 'Alice', bob: 'Bob'};
    const seeding = controller.fetch(ProfileResource.get, {id: 'alice'});
    await gate.until(1);
    gate.open();
    await seeding;
    gate = new Gate();
    processed = [];

    const get = controller.fetch(ProfileResource.get, {id: 'bob'});
    const patch = controller.fetch(Optimistic.partialUpdate, {id: 'alice'}, {name: 'Alice (edited)'});
    assert.equal((controller.get(Profile, {id: 'alice'}) as Profile).name, 'Alice (edited)', 'the prediction shows');
    await gate.until(2); // both requests reached the server and wait there
    let notified = 0;
    controller.subscribe(() => notified++);

    controller.resetEntireStore();
    const [getError, patchError] = await Promise.all([settledError(get), settledError(patch)]);
    assert.ok(getError instanceof ResetError);
    assert.match((getError as Error).message, /GET https:\/\/api\.test\/profiles\/bob: the store was reset while the request was in flight/);
    assert.ok(patchError instanceof ResetError);
    assert.equal(visibleState(controller).entities.size, 0, 'the cache is empty');
    assert.deepEqual(visibleState(controller).optimistic, [], 'the prediction is gone');
    assert.equal(notified, 1);

    gate.open(); // the server answers now: too late
    await processedCount(2);
    assert.deepEqual(processed, [{id: 'bob', name: 'Bob'}, {id: 'alice', name: 'Alice (edited)'}], 'both responses did arrive');
    assert.equal(visibleState(controller).entities.size, 0, 'late responses are dropped');
    assert.equal(visibleState(controller).endpoints.size, 0);
    assert.equal(visibleState(controller).meta.size, 0);
    assert.equal(controller.get(Profile, {id: 'bob'}), undefined);
    assert.equal(notified, 1, 'nobody was told of a change');
  });

  test('after a logout, the next user’s data is not overwritten by the previous session’s late response', async () => {
    const controller = new Controller();
    names = {me: 'first user'};
    const old = controller.fetch(ProfileResource.get, {id: 'me'});
    await gate.until(1);
    controller.resetEntireStore(); // logout
    assert.ok((await settledError(old)) instanceof ResetError);

    names = {me: 'second user'};
    const fresh = controller.fetch(ProfileResource.get, {id: 'me'});
    await gate.until(2);
    assert.equal(gate.arrived, 2, 'a new request, not the old one shared');
    gate.open();
    assert.equal(((await fresh) as Profile).name, 'second user');
    await processedCount(2); // the old request's answer ("first user") arrived too
    assert.ok(processed.some(v => (v as Profile).name === 'first user'));
    assert.equal((controller.get(Profile, {id: 'me'}) as Profile).name, 'second user');
    assert.equal(visibleState(controller).entitiesMeta.get(Profile.key)?.size, 1);
  });

  test('a late response of the old session arriving after the new session’s data leaves the new data', async () => {
    const controller = new Controller();
    const oldGate = gate;
    names = {me: 'first user'};
    const old = controller.fetch(ProfileResource.get, {id: 'me'});
    await oldGate.until(1);
    controller.resetEntireStore();
    assert.ok((await settledError(old)) instanceof ResetError);

    // The new session's request goes through a gate of its own and is answered first.
    gate = new Gate();
    names = {me: 'second user'};
    const fresh = controller.fetch(ProfileResource.get, {id: 'me'});
    await gate.until(1);
    gate.open();
    assert.equal(((await fresh) as Profile).name, 'second user');
    const data = controller.get(Profile, {id: 'me'});

    oldGate.open(); // the old session's answer ("first user") arrives last
    await processedCount(2);
    assert.equal(controller.get(Profile, {id: 'me'}), data, 'identical: the late response changed nothing');
  });

  test('a late failure after the reset records no error', async () => {
    const controller = new Controller();
    fail = true;
    const get = controller.fetch(ProfileResource.get, {id: 'x'});
    await gate.until(1);
    controller.resetEntireStore();
    assert.ok((await settledError(get)) instanceof ResetError);
    // The 500 never reaches `process`: wait for msw to send it, then for the Controller's handler.
    const answered = new Promise<void>(resolve => server.events.on('response:mocked', () => resolve()));
    gate.open();
    await answered;
    for (let i = 0; i < 3; i++) await new Promise(resolve => setImmediate(resolve));
    assert.equal(visibleState(controller).meta.size, 0);
    assert.equal(controller.getResponse(ProfileResource.get, {id: 'x'}).error, undefined);
  });
});
