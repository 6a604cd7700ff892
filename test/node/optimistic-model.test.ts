// Model-based property test of the optimistic layer under the `updatedAt` ordering pattern
// (spec 4.2, "ordered transform", rule 3).
//
// Random programs interleave mutations (ordered counter increments, field PATCHes of two
// notes) with the arrival of their responses in random order; ~10% of requests fail. A model
// server processes every request in request order when it is sent (a failing one is refused
// and changes nothing) and echoes `updatedAt`, the client time of the request. After every
// step the visible state must be the confirmed base (the arrived response of the latest
// request, per entity) plus the predictions still pending, in request order; at the end the
// cache must equal the server and nothing may be pending.
//
// FUZZ_RUNS (default 1000) sets the number of runs, FUZZ_SEED replays one. The clock is fake
// and no timers are used, so 1000 runs take a few seconds.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {Controller} from '../../src/core/index.js';
import {Entity, type EntityMeta} from '../../src/schema/index.js';
import {
  createFakeClock,
  createPatterns,
  defineEndpoint,
  outcome,
  plain,
  RequestQueue,
  serverError,
  type DeferredRequest,
} from './helpers/deferred-endpoint.js';
import {visibleState} from '../../src/internal.js';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

class Note extends Entity {
  id = '';
  title = '';
  done = false;
  updatedAt = 0;
  static override key = 'Note';
  static override useIncoming(_a: EntityMeta, _b: EntityMeta, existing: any, incoming: any): boolean {
    return existing.updatedAt <= incoming.updatedAt;
  }
}

type NoteId = '1' | '2';
type NoteFields = {title?: string; done?: boolean};
interface NoteRow {
  id: string;
  title: string;
  done: boolean;
  updatedAt: number;
}
interface CounterRow {
  count: number;
  updatedAt: number;
}

type Command =
  | {kind: 'inc'; fail: boolean; dt: number}
  | {kind: 'patch'; id: NoteId; fields: NoteFields; fail: boolean; dt: number}
  | {kind: 'settle'; pick: number};

const failArb = fc.integer({min: 0, max: 9}).map(n => n === 0); // ~10% of requests fail
const dtArb = fc.integer({min: 1, max: 3}); // strictly increasing request times
const fieldsArb: fc.Arbitrary<NoteFields> = fc.oneof(
  fc.record({title: fc.constantFrom('a', 'b', 'c')}),
  fc.record({done: fc.boolean()}),
  fc.record({title: fc.constantFrom('a', 'b', 'c'), done: fc.boolean()}),
);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {weight: 3, arbitrary: fc.record({kind: fc.constant('inc' as const), fail: failArb, dt: dtArb})},
  {
    weight: 3,
    arbitrary: fc.record({kind: fc.constant('patch' as const), id: fc.constantFrom<NoteId>('1', '2'), fields: fieldsArb, fail: failArb, dt: dtArb}),
  },
  {weight: 4, arbitrary: fc.record({kind: fc.constant('settle' as const), pick: fc.nat()})},
);

/** One request of the program, as the model knows it. */
interface ModelRequest {
  readonly entity: 'counter' | NoteId;
  /** Client time of the request: `snap.fetchedAt` and the `updatedAt` it sends. */
  readonly t: number;
  readonly fail: boolean;
  /** NoteFields for a PATCH; undefined for an increment. */
  readonly fields?: NoteFields;
  /** What the server answered (when it accepted the request). */
  readonly response?: CounterRow | NoteRow;
  readonly deferred: DeferredRequest;
  readonly result: ReturnType<typeof outcome>;
  settled: boolean;
}

function build() {
  const clock = createFakeClock(1_000);
  const queue = new RequestQueue(clock);
  const controller = new Controller({now: clock.now});
  const {getOrderedCount, incrementOrdered} = createPatterns(queue);
  const getNote = defineEndpoint<[{id: string}]>(queue, {name: 'getNote', path: ({id}) => `/notes/${id}`, schema: Note});
  const patchNote = defineEndpoint<[{id: string}, NoteFields & {updatedAt: number}]>(queue, {
    name: 'patchNote',
    method: 'PATCH',
    path: ({id}) => `/notes/${id}`,
    schema: Note,
    getOptimisticResponse: (snap, {id}, body) => ({...body, id, updatedAt: snap.fetchedAt}),
  });
  return {clock, queue, controller, getOrderedCount, incrementOrdered, getNote, patchNote};
}

async function runProgram(commands: readonly Command[], finalPicks: readonly number[]): Promise<void> {
  const {clock, queue, controller, getOrderedCount, incrementOrdered, getNote, patchNote} = build();

  // The server, seeded identically in the cache.
  const server: {counter: CounterRow; notes: Record<NoteId, NoteRow>} = {
    counter: {count: 0, updatedAt: 0},
    notes: {
      '1': {id: '1', title: 'a', done: false, updatedAt: 0},
      '2': {id: '2', title: 'b', done: true, updatedAt: 0},
    },
  };
  const initial = structuredClone(server);
  controller.setResponse(getOrderedCount, {...server.counter});
  for (const id of ['1', '2'] as const) controller.setResponse(getNote, {id}, {...server.notes[id]});

  const requests: ModelRequest[] = [];
  const pending = () => requests.filter(r => !r.settled);

  /** The visible state the model expects for one entity. */
  function expected(entity: 'counter' | NoteId): CounterRow | NoteRow {
    const arrived = requests.filter(r => r.entity === entity && r.settled && !r.fail);
    let state: CounterRow | NoteRow = entity === 'counter' ? initial.counter : initial.notes[entity];
    for (const r of arrived) if (r.response!.updatedAt > state.updatedAt) state = r.response!;
    // The predictions of requests sent after the base's request; the older ones are in it (or refused).
    state = {...state};
    for (const r of pending()) {
      if (r.entity !== entity || r.t <= state.updatedAt) continue;
      if (r.fields) Object.assign(state, r.fields, {updatedAt: r.t});
      else Object.assign(state, {count: (state as CounterRow).count + 1, updatedAt: r.t});
    }
    return state;
  }

  function check(step: string): void {
    assert.deepEqual(plain(controller.getResponse(getOrderedCount).data), expected('counter'), `counter after ${step}`);
    for (const id of ['1', '2'] as const) {
      assert.deepEqual(plain(controller.getResponse(getNote, {id}).data), expected(id), `note ${id} after ${step}`);
    }
    assert.deepEqual(
      visibleState(controller).optimistic.map(u => u.fetchedAt),
      pending().map(r => r.t),
      `pending predictions after ${step}`,
    );
  }

  async function settle(index: number, step: string): Promise<void> {
    const open = pending();
    const request = open[index % open.length]!;
    request.settled = true;
    if (request.fail) await request.deferred.reject(serverError(request.deferred.method, request.deferred.path));
    else await request.deferred.resolve(structuredClone(request.response));
    assert.equal(request.result.state, request.fail ? 'rejected' : 'fulfilled', `outcome of the request at ${request.t} (${step})`);
    check(step);
  }

  for (const [i, command] of commands.entries()) {
    const step = `#${i} ${JSON.stringify(command)}`;
    if (command.kind === 'settle') {
      if (pending().length > 0) await settle(command.pick, step);
      continue;
    }
    const t = clock.advance(command.dt);
    const sent = queue.count();
    let entity: ModelRequest['entity'];
    let result: Promise<unknown>;
    let response: CounterRow | NoteRow | undefined;
    if (command.kind === 'inc') {
      entity = 'counter';
      result = controller.fetch(incrementOrdered, {updatedAt: t});
      if (!command.fail) response = server.counter = {count: server.counter.count + 1, updatedAt: t};
    } else {
      entity = command.id;
      result = controller.fetch(patchNote, {id: command.id}, {...command.fields, updatedAt: t});
      if (!command.fail) response = server.notes[command.id] = {...server.notes[command.id], ...command.fields, updatedAt: t};
    }
    assert.equal(queue.count(), sent + 1, 'every mutation sends one request');
    const deferred = queue.last();
    assert.equal((deferred.body as {updatedAt: number}).updatedAt, t, 'the body carries the request time');
    requests.push({
      entity,
      t,
      fail: command.fail,
      ...(command.kind === 'patch' ? {fields: command.fields} : {}),
      ...(response ? {response: {...response}} : {}),
      deferred,
      result: outcome(result),
      settled: false,
    });
    check(step);
  }

  for (const [i, pick] of [...finalPicks, ...requests.map(() => 0)].entries()) {
    if (pending().length === 0) break;
    await settle(pick, `final settle #${i}`);
  }

  assert.equal(pending().length, 0);
  assert.deepEqual(visibleState(controller).optimistic, [], 'nothing pending');
  assert.deepEqual(plain(controller.getResponse(getOrderedCount).data), server.counter, 'counter equals the server');
  for (const id of ['1', '2'] as const) {
    assert.deepEqual(plain(controller.getResponse(getNote, {id}).data), server.notes[id], `note ${id} equals the server`);
    assert.deepEqual(plain(visibleState(controller).entities.get('Note')?.get(id)), server.notes[id], `stored row of note ${id}`);
  }
  assert.deepEqual(plain(visibleState(controller).entities.get('OrderedCount')?.get('ordered-count')), server.counter);
}

test(`optimistic model: random mutations, response orders and failures (${NUM_RUNS} runs)`, async t => {
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(
      fc.array(commandArb, {minLength: 1, maxLength: 40}),
      fc.array(fc.nat(), {maxLength: 40}),
      runProgram,
    ),
    {numRuns: NUM_RUNS, ...(SEED === undefined ? {} : {seed: SEED})},
  );
  const seconds = (performance.now() - started) / 1000;
  t.diagnostic(`optimistic model: ${NUM_RUNS} runs in ${seconds.toFixed(2)} s`);
});

test('optimistic model: a hand-picked program (reverse arrival, one failure in the middle)', async () => {
  await runProgram(
    [
      {kind: 'inc', fail: false, dt: 1},
      {kind: 'patch', id: '1', fields: {title: 'c'}, fail: false, dt: 1},
      {kind: 'inc', fail: true, dt: 1},
      {kind: 'patch', id: '1', fields: {done: true}, fail: false, dt: 1},
      {kind: 'inc', fail: false, dt: 1},
      {kind: 'settle', pick: 4},
      {kind: 'settle', pick: 3},
      {kind: 'settle', pick: 2},
    ],
    [1, 0],
  );
});
