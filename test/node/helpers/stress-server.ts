// The engine of the stress tests (reliability-stress.test.ts, reliability-stress.fuzz.test.ts):
// a model REST server of todos behind RestEndpoint's `fetchResponse`, whose requests wait in a
// queue and are processed one at a time in a random (seeded) order, ~10% of them refused with
// a 500 or a network failure; and a driver that issues a random mix of reads and optimistic
// mutations against a Controller while responses come back, then checks the end state.
//
// Everything is deterministic from the seed: the PRNG picks operations, settle order and
// failures; the Controller runs on a fake clock; no timers. The server processes a request
// when it is settled and its response reaches the client before the next one is processed, as
// on one connection (the order in which the server saw them is the order the client hears).
import assert from 'node:assert/strict';
import {Controller, GCPolicy} from '../../../src/core/index.js';
import {NetworkError} from '../../../src/endpoint/index.js';
import {createResource} from '../../../src/rest/index.js';
import {Entity, INVALID, type EntityMeta} from '../../../src/schema/index.js';
import {createFakeClock, plain} from './deferred-endpoint.js';
import {seededRandom} from '../../helpers/seeded-random.js';
import {retainedCount, visibleState} from '../../../src/internal.js';

const API = 'http://model.test';

/** Server-ordered: the write with the newest client `updatedAt` wins, on the server and in the cache. */
export class StressTodo extends Entity {
  id = '';
  title = '';
  done = false;
  updatedAt = 0;
  static override key = 'StressTodo';
  static override useIncoming(_a: EntityMeta, _b: EntityMeta, existing: any, incoming: any): boolean {
    return existing.updatedAt <= incoming.updatedAt;
  }
}

interface Row {
  id: string;
  title: string;
  done: boolean;
  updatedAt: number;
}


interface Queued {
  readonly method: string;
  readonly url: URL;
  readonly body: string | undefined;
  resolve(response: Response): void;
  reject(error: unknown): void;
}

/** The model server: rows by id, and the requests waiting to be processed. */
class ModelServer {
  readonly rows = new Map<string, Row>();
  readonly queue: Queued[] = [];
  private nextId = 1;
  /** Counts by outcome, for the report. */
  readonly stats = {processed: 0, refused500: 0, networkFailures: 0, notFound: 0};

  constructor(initial: number) {
    for (let i = 0; i < initial; i++) this.create({title: `seed ${i}`, done: false, updatedAt: 0});
  }

  create(body: Omit<Row, 'id'>): Row {
    const row = {id: String(this.nextId++), title: body.title, done: body.done, updatedAt: body.updatedAt};
    this.rows.set(row.id, row);
    return row;
  }

  /** `fetchResponse` of every endpoint: queue the request. */
  fetchResponse = (input: string, init: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      this.queue.push({method: (init.method ?? 'GET').toUpperCase(), url: new URL(input), body: init.body as string | undefined, resolve, reject});
    });

  /** Processes the queued request at `index` (or refuses it: `fail`). */
  settle(index: number, fail: false | 'status' | 'network'): void {
    const [request] = this.queue.splice(index, 1);
    if (!request) throw new Error(`no queued request #${index}`);
    if (fail === 'network') {
      this.stats.networkFailures++;
      request.reject(new TypeError('fetch failed'));
      return;
    }
    if (fail === 'status') {
      this.stats.refused500++;
      request.resolve(json({message: 'injected failure'}, 500));
      return;
    }
    this.stats.processed++;
    request.resolve(this.process(request));
  }

  private process({method, url, body}: Queued): Response {
    const [, collection, id] = url.pathname.split('/');
    assert.equal(collection, 'todos', `unexpected path ${url.pathname}`);
    const row = id === undefined ? undefined : this.rows.get(decodeURIComponent(id));
    const parsed = body === undefined ? undefined : (JSON.parse(body) as Partial<Row>);
    if (id !== undefined && !row) {
      this.stats.notFound++;
      return json({message: 'not found'}, 404);
    }
    switch (method) {
      case 'GET':
        return row ? json(row) : json([...this.rows.values()]);
      case 'POST':
        return json(this.create({title: parsed!.title!, done: parsed!.done!, updatedAt: parsed!.updatedAt!}), 201);
      case 'PATCH':
        // Last writer by client time wins; an older write is acknowledged with the current row.
        if (parsed!.updatedAt! >= row!.updatedAt) Object.assign(row!, parsed, {id: row!.id});
        return json(row);
      case 'DELETE':
        this.rows.delete(row!.id);
        return new Response(null, {status: 204});
      default:
        return json({message: `no ${method}`}, 405);
    }
  }
}

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), {status, headers: {'Content-Type': 'application/json'}});
}

export interface StressOptions {
  seed: number;
  /** Operations to issue (reads and mutations). */
  operations: number;
  /** Share of requests refused (half with a 500, half with a network failure). Default 0.1. */
  failureRate?: number;
  /** Rows on the server at the start. Default 20. */
  initialRows?: number;
  /** About how many requests wait at once at the busiest. Default 200. */
  concurrency?: number;
}

export interface StressReport {
  operations: number;
  requests: number;
  fulfilled: number;
  rejected: number;
  maxPending: number;
  maxPredictions: number;
  server: ModelServer['stats'];
}

type Op = 'getList' | 'get' | 'patch' | 'create' | 'delete';

/**
 * Runs one seeded program and checks it. Throws (an AssertionError naming the seed and the
 * step) when an invariant breaks.
 */
export async function runStress(options: StressOptions): Promise<StressReport> {
  const random = seededRandom(options.seed);
  const failureRate = options.failureRate ?? 0.1;
  const concurrency = options.concurrency ?? 200;
  const where = (what: string) => `seed ${options.seed}: ${what}`;
  const server = new ModelServer(options.initialRows ?? 20);
  const clock = createFakeClock();
  // Each failure is the answer under test, settled by the test itself: no retry waits on a timer nobody advances.
  const controller = new Controller({now: clock.now, gcPolicy: new GCPolicy({maxAge: 60_000}), retry: false});

  const TodoResource = createResource({urlPrefix: API, path: '/todos/:id', schema: StressTodo, fetchResponse: server.fetchResponse});
  const Optimistic = TodoResource.extend({
    partialUpdate: {getOptimisticResponse: (_snap: unknown, params: {id: string}, body: Partial<Row>) => ({...body, id: params.id})},
    create: {getOptimisticResponse: (_snap: unknown, _params: unknown, body: Row) => ({...body, id: `tmp-${body.updatedAt}`})},
    delete: {getOptimisticResponse: (_snap: unknown, params: {id: string}) => params},
  });
  const {getList, get} = TodoResource;
  const {partialUpdate, create} = Optimistic;
  const remove = Optimistic.delete;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  // Every promise the test made, settled or not; each rejection is looked at.
  interface Issued {
    op: Op;
    fetchedAt: number;
    optimistic: boolean;
    state: 'pending' | 'fulfilled' | 'rejected';
    error?: unknown;
  }
  const issued: Issued[] = [];
  let settledOps = 0;
  const known = new Set(server.rows.keys());
  const issue = (op: Op, promise: Promise<unknown>, optimistic: boolean, id?: string) => {
    const entry: Issued = {op, fetchedAt: clock.now(), optimistic, state: 'pending'};
    issued.push(entry);
    promise.then(
      value => {
        entry.state = 'fulfilled';
        settledOps++;
        if (op === 'create') known.add((value as StressTodo).id);
        // Mostly ask for rows that exist; requests already sent for a deleted one still 404.
        if (op === 'delete') known.delete(id!);
      },
      error => {
        entry.state = 'rejected';
        entry.error = error;
        settledOps++;
      },
    );
  };

  const release = controller.retain(getList);
  controller.setResponse(getList, {}, [...server.rows.values()].map(r => ({...r})));

  let requests = 0;
  let maxPending = 0;
  let maxPredictions = 0;

  /** Processes one queued request (random, or refused at `failureRate`) and waits until its callers heard back. */
  async function settleOne(allowFailures: boolean): Promise<void> {
    const before = settledOps;
    const roll = random();
    const fail = !allowFailures || roll >= failureRate ? false : roll < failureRate / 2 ? 'status' : 'network';
    server.settle(Math.floor(random() * server.queue.length), fail);
    requests++;
    // The response goes through RestEndpoint's parsing and the Controller; wait for that, on the
    // condition itself (a settled caller), not on a timer.
    for (let spins = 0; settledOps === before; spins++) {
      if (spins > 10_000) assert.fail(where('a settled request never settled its fetch'));
      await new Promise(resolve => setImmediate(resolve));
    }
    check();
  }

  /** Invariants after every response. */
  function check(): void {
    const pendingPredictions = issued.filter(i => i.optimistic && i.state === 'pending').map(i => i.fetchedAt);
    assert.deepEqual(
      visibleState(controller).optimistic.map(u => u.fetchedAt),
      pendingPredictions,
      where('exactly the predictions of pending mutations are applied, in request order'),
    );
    maxPredictions = Math.max(maxPredictions, pendingPredictions.length);
  }

  for (let n = 0; n < options.operations; ) {
    // Issue while fewer than ~`concurrency` requests wait, else let responses come back (random latency).
    if (server.queue.length > 0 && random() < Math.min(0.9, server.queue.length / concurrency)) {
      await settleOne(true);
      continue;
    }
    clock.advance(1);
    const t = clock.now();
    const ids = [...known];
    // With every known row deleted, only the list and creates make sense.
    const roll = ids.length > 0 ? random() : random() < 0.5 ? 0 : 0.8;
    if (roll < 0.25) issue('getList', controller.fetch(getList), false);
    else if (roll < 0.5) issue('get', controller.fetch(get, {id: pick(ids)}), false);
    else if (roll < 0.75) {
      const body = random() < 0.5 ? {title: `t${t}`, updatedAt: t} : {done: random() < 0.5, updatedAt: t};
      issue('patch', controller.fetch(partialUpdate, {id: pick(ids)}, body), true);
    } else if (roll < 0.87) issue('create', controller.fetch(create, {title: `new ${t}`, done: false, updatedAt: t}), true);
    else {
      const id = pick(ids);
      issue('delete', controller.fetch(remove, {id}), true, id);
    }
    n++;
    // RestEndpoint reaches fetchResponse after its own awaits (getRequestInit): let it queue.
    await new Promise(resolve => setImmediate(resolve));
    maxPending = Math.max(maxPending, server.queue.length);
    check();
  }
  while (server.queue.length > 0) await settleOne(true);

  // Every fetch settled; every rejection is one the network or server explains.
  for (const entry of issued) {
    assert.notEqual(entry.state, 'pending', where(`${entry.op} at ${entry.fetchedAt} never settled`));
    if (entry.state === 'rejected') {
      assert.ok(entry.error instanceof NetworkError, where(`${entry.op} rejected with ${String(entry.error)}`));
      assert.ok([0, 404, 500].includes(entry.error.status), where(`${entry.op}: status ${entry.error.status}`));
    }
  }
  assert.deepEqual(visibleState(controller).optimistic, [], where('every prediction is gone'));

  // Final sync: the list once more, with nothing refused; then the cache must equal the server.
  clock.advance(1);
  const final = controller.fetch(getList);
  issue('getList', final, false);
  await new Promise(resolve => setImmediate(resolve));
  while (server.queue.length > 0) await settleOne(false);
  await final;
  const model = [...server.rows.values()];
  assert.deepEqual(plain(controller.getResponse(getList).data), model, where('the list equals the server'));
  for (const row of model) assert.deepEqual(plain(controller.get(StressTodo, {id: row.id})), row, where(`todo ${row.id} equals the server`));
  const table = visibleState(controller).entities.get(StressTodo.key)!;
  const live = [...table].filter(([, row]) => row !== INVALID).map(([pk]) => pk);
  assert.deepEqual(live.sort(), model.map(r => r.id).sort(), where('no row the server does not have (deleted ones are INVALID)'));

  // Garbage collection with the list retained: what shows stays identical, the rest goes.
  const shown = controller.getResponse(getList).data;
  clock.advance(120_000);
  controller.gc();
  assert.equal(controller.getResponse(getList).data, shown, where('gc keeps the retained list identical'));
  assert.deepEqual([...visibleState(controller).entities.get(StressTodo.key)!.keys()].sort(), model.map(r => r.id).sort(), where('gc dropped the deleted markers and nothing else'));
  release();
  assert.equal(retainedCount(controller), 0);

  return {
    operations: options.operations,
    requests,
    fulfilled: issued.filter(i => i.state === 'fulfilled').length,
    rejected: issued.filter(i => i.state === 'rejected').length,
    maxPending,
    maxPredictions,
    server: server.stats,
  };
}
