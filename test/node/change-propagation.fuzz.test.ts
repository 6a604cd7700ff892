// Property test of change propagation: random sequences of writes, GETs that succeed or fail,
// optimistic mutations (updates, creates into a collection, deletes) that are confirmed or
// rolled back in any order, invalidations, garbage collection and resets, against random
// sets of readers (entities by pk, lists, collections, schema.All queries, a count, nested
// joins) opened and closed along the way, and bursts of pushed messages (a live feed's) that
// are written together in the next task, sometimes with another write in the same task. After
// every step, each open reader holds exactly what a fresh read gives (identical data, same
// expiry status, identical error, same request state), each reader was told at most once per
// step, and a reader was told only when what it shows changed. A burst is one commit (two
// when another write comes in its task: the burst first), after which every reader is fresh;
// each message is written once: nothing lost, nothing applied twice.
//
// FUZZ_RUNS (default 1000) sets the number of runs, FUZZ_SEED replays one. Fake clock; the
// only timer is the task a burst waits for.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {Controller, GCPolicy, type Commit, type ResponseState, type Watch} from '../../src/core/index.js';
import {canFetch, Query, type EndpointInterface} from '../../src/endpoint/index.js';
import {Entity, schema, type EntityMeta} from '../../src/schema/index.js';
import {queueData} from '../helpers/queue-data.js';
import {createFakeClock, defineEndpoint, flush, Post, RequestQueue, serverError, User} from './helpers/deferred-endpoint.js';
import {confirmedState, listenerCount} from '../../src/internal.js';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);


const POSTS = ['p1', 'p2', 'p3', 'p4'] as const;
const USERS = ['u1', 'u2', 'u3'] as const;
const TITLES = ['a', 'b', 'c'] as const;

type PostData = {id: string; title: string; author: {id: string; name: string}};
const postArb: fc.Arbitrary<PostData> = fc.record({
  id: fc.constantFrom(...POSTS),
  title: fc.constantFrom(...TITLES),
  author: fc.record({id: fc.constantFrom(...USERS), name: fc.constantFrom('Ada', 'Bob')}),
});
const listArb = fc.uniqueArray(postArb, {selector: post => post.id, maxLength: 4});

/**
 * A pushed counter: each message carries a number that grows over the run, so a message
 * written twice, or after a later one, shows as an incoming number not above the stored one.
 */
class Tick extends Entity {
  id = '';
  seq = 0;
  static override key = 'Tick';
  static faults: string[] = [];
  static override useIncoming(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: {seq: number}, incoming: {seq: number}): boolean {
    if (incoming.seq <= existing.seq) Tick.faults.push(`tick ${incoming.seq} written over tick ${existing.seq}`);
    return super.useIncoming(existingMeta, incomingMeta, existing, incoming);
  }
}
const TICKS = ['t1', 't2'] as const;
type Pushed = {post: PostData} | {tick: string};
const pushedArb: fc.Arbitrary<Pushed> = fc.oneof(fc.record({post: postArb}), fc.record({tick: fc.constantFrom(...TICKS)}));
const pushedPost = {key: () => 'live Post', schema: Post, sideEffect: true, name: 'pushed Post'} satisfies EndpointInterface;
const pushedTick = {key: () => 'live Tick', schema: Tick, sideEffect: true, name: 'pushed Tick'} satisfies EndpointInterface;
/** The task a burst of pushes is written in has run (a timer set after it fires after it). */
const nextTask = () => new Promise(resolve => setTimeout(resolve, 0));

type Step =
  | {kind: 'open'; reader: number}
  | {kind: 'close'; pick: number}
  | {kind: 'write'; post: PostData}
  | {kind: 'writeList'; list: PostData[]}
  | {kind: 'get'; reader: number}
  | {kind: 'patch'; id: string; title: string}
  | {kind: 'rename'; id: string; name: string}
  | {kind: 'create'; post: PostData}
  | {kind: 'delete'; id: string}
  | {kind: 'settle'; pick: number; fail: boolean; reply: PostData[]}
  | {kind: 'invalidate'; reader: number}
  | {kind: 'gc'; dt: number}
  | {kind: 'reset'}
  | {kind: 'push'; messages: Pushed[]; thenWrite: PostData | undefined};

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {weight: 4, arbitrary: fc.record({kind: fc.constant('open' as const), reader: fc.nat()})},
  {weight: 1, arbitrary: fc.record({kind: fc.constant('close' as const), pick: fc.nat()})},
  {weight: 3, arbitrary: fc.record({kind: fc.constant('write' as const), post: postArb})},
  {weight: 2, arbitrary: fc.record({kind: fc.constant('writeList' as const), list: listArb})},
  {weight: 2, arbitrary: fc.record({kind: fc.constant('get' as const), reader: fc.nat()})},
  {weight: 2, arbitrary: fc.record({kind: fc.constant('patch' as const), id: fc.constantFrom(...POSTS), title: fc.constantFrom(...TITLES)})},
  {weight: 1, arbitrary: fc.record({kind: fc.constant('rename' as const), id: fc.constantFrom(...USERS), name: fc.constantFrom('Ada', 'Bob', 'Cy')})},
  {weight: 1, arbitrary: fc.record({kind: fc.constant('create' as const), post: postArb})},
  {weight: 1, arbitrary: fc.record({kind: fc.constant('delete' as const), id: fc.constantFrom(...POSTS)})},
  {weight: 4, arbitrary: fc.record({kind: fc.constant('settle' as const), pick: fc.nat(), fail: fc.boolean(), reply: listArb})},
  {weight: 1, arbitrary: fc.record({kind: fc.constant('invalidate' as const), reader: fc.nat()})},
  {weight: 1, arbitrary: fc.record({kind: fc.constant('gc' as const), dt: fc.integer({min: 0, max: 40})})},
  {weight: 1, arbitrary: fc.constant({kind: 'reset' as const})},
  {
    weight: 3,
    arbitrary: fc.record({kind: fc.constant('push' as const), messages: fc.array(pushedArb, {minLength: 1, maxLength: 6}), thenWrite: fc.option(postArb, {nil: undefined})}),
  },
);

function build() {
  const clock = createFakeClock(1_000);
  const queue = new RequestQueue(clock);
  // Long expiry: only invalidation moves a result out of "valid"; gc drops what is 30 ms old and unread.
  const controller = new Controller({now: clock.now, dataExpiryLength: 1e9, gcPolicy: new GCPolicy({maxAge: 30})});
  const postList = new schema.Collection([Post]);
  const getPost = defineEndpoint<[{id: string}]>(queue, {name: 'getPost', path: ({id}) => `/posts/${id}`, schema: Post});
  const getPosts = defineEndpoint<[]>(queue, {name: 'getPosts', path: () => '/posts', schema: [Post]});
  const getCollection = defineEndpoint<[{author?: string}]>(queue, {
    name: 'getCollection',
    path: ({author}) => `/feed${author ? `?author=${author}` : ''}`,
    schema: postList,
  });
  const patchPost = defineEndpoint<[{id: string}, {title: string}]>(queue, {
    name: 'patchPost',
    method: 'PATCH',
    path: ({id}) => `/posts/${id}`,
    schema: Post,
    getOptimisticResponse: (_snap, {id}, body) => ({id, ...body}),
  });
  const renameUser = defineEndpoint<[{id: string}, {name: string}]>(queue, {
    name: 'renameUser',
    method: 'PATCH',
    path: ({id}) => `/users/${id}`,
    schema: User,
    getOptimisticResponse: (_snap, {id}, body) => ({id, ...body}),
  });
  const createPost = defineEndpoint<[{author?: string}, PostData]>(queue, {
    name: 'createPost',
    method: 'POST',
    path: () => '/feed',
    schema: postList.push,
    getOptimisticResponse: (_snap, _params, body) => body,
  });
  const deletePost = defineEndpoint<[{id: string}]>(queue, {
    name: 'deletePost',
    method: 'DELETE',
    path: ({id}) => `/posts/${id}`,
    schema: new schema.Invalidate(Post),
    body: () => undefined,
    process: (_value, params) => params,
    getOptimisticResponse: (_snap, params) => params,
  });
  const allPosts = new Query(new schema.All(Post));
  const postsBy = new Query(new schema.All(Post), (posts, {author}: {author: string}) => posts.filter(post => post.author?.id === author));
  const countPosts = new Query(new schema.All(Post), posts => posts.length);
  const allUsers = new Query(new schema.All(User));
  const postById = new Query(Post);
  const allTicks = new Query(new schema.All(Tick));

  /** Every read a reader may follow: [endpoint, args]. */
  const reads: [EndpointInterface, unknown[]][] = [
    ...POSTS.map(id => [getPost, [{id}]] as [EndpointInterface, unknown[]]),
    [getPosts, []],
    [getCollection, [{}]],
    [getCollection, [{author: 'u1'}]],
    [allPosts, []],
    ...USERS.map(author => [postsBy, [{author}]] as [EndpointInterface, unknown[]]),
    [countPosts, []],
    [allUsers, []],
    ...POSTS.map(id => [postById, [{id}]] as [EndpointInterface, unknown[]]),
    [allTicks, []],
  ];
  return {clock, queue, controller, reads, getPost, getPosts, getCollection, patchPost, renameUser, createPost, deletePost};
}

interface Reader {
  readonly name: string;
  readonly endpoint: EndpointInterface;
  readonly args: unknown[];
  readonly watch: Watch;
  /** The response the reader holds: the watch's first, then the last one it was told. */
  shown: ResponseState;
  /** How many times it was told in the current step. */
  toldInStep: number;
  /** What went wrong inside its listener, if anything. */
  fault: string | undefined;
}

function same(a: ResponseState, b: ResponseState): boolean {
  return a.data === b.data && a.expiryStatus === b.expiryStatus && a.error === b.error && !a.fetching === !b.fetching;
}

function describeResponse(response: ResponseState): string {
  return JSON.stringify({data: response.data, expiryStatus: response.expiryStatus, error: response.error ? String(response.error) : undefined, fetching: response.fetching});
}

async function run(steps: readonly Step[]): Promise<void> {
  const {clock, queue, controller, reads, getPost, getPosts, getCollection, patchPost, renameUser, createPost, deletePost} = build();
  const readers: Reader[] = [];

  function open(index: number): void {
    const [endpoint, args] = reads[index % reads.length]!;
    const name = `${endpoint.name ?? 'query'} ${JSON.stringify(args)}`;
    let reader!: Reader;
    // The Controller isolates listener errors (they are reported, not thrown): note the fault, assert in check().
    const watch = controller.watch(endpoint, args, response => {
      reader.toldInStep++;
      if (same(reader.shown, response)) reader.fault ??= `${name} was told although what it shows did not change: ${describeResponse(response)}`;
      reader.shown = response;
    });
    reader = {name, endpoint, args, watch, shown: watch.response, toldInStep: 0, fault: undefined};
    readers.push(reader);
  }

  function fresh(step: string): void {
    for (const reader of readers) {
      assert.equal(reader.fault, undefined, `after ${step}`);
      const fresh = controller.getResponse(reader.endpoint, ...reader.args);
      assert.ok(
        same(reader.shown, fresh),
        `after ${step}, ${reader.name} shows ${describeResponse(reader.shown)} but a fresh read gives ${describeResponse(fresh)}`,
      );
    }
  }

  /** After a step: every reader fresh, told at most `commits` times (one commit per step but a burst with a write after it). */
  function check(step: string, commits = 1): void {
    fresh(step);
    for (const reader of readers) {
      assert.ok(reader.toldInStep <= commits, `after ${step}, ${reader.name} was told ${reader.toldInStep} times`);
      reader.toldInStep = 0;
    }
  }

  /** Pushes a burst (and maybe writes in the same task), checking every reader at each commit; returns how many commits it made. */
  async function burst(step: Extract<Step, {kind: 'push'}>, name: string): Promise<number> {
    const commits: Commit[] = [];
    const stop = controller.subscribe(commit => {
      commits.push(commit);
      fresh(`${name}, commit ${commits.length}`);
    });
    let written = 0;
    const lastTick = new Map<string, number>();
    const settled = (ok: boolean, error?: unknown) => {
      assert.ok(ok, `a push failed: ${String(error)}`);
      written++;
    };
    for (const message of step.messages) {
      if ('post' in message) queueData(controller, pushedPost, structuredClone(message.post), settled);
      else {
        lastTick.set(message.tick, ++tickSeq);
        queueData(controller, pushedTick, {id: message.tick, seq: tickSeq}, settled);
      }
    }
    assert.equal(commits.length, 0, `${name}: nothing is written before the task ends`);
    if (step.thenWrite) {
      controller.setResponse(getPost, {id: step.thenWrite.id}, structuredClone(step.thenWrite));
      assert.equal(commits.length, 2, `${name}: a write in the burst's task writes the burst first`);
      assert.equal(written, step.messages.length, `${name}: every push was written before the write`);
      // A tick always changes its row (a post may be written as it was, which changes nothing).
      for (const id of lastTick.keys()) assert.ok(commits[0]!.rows.get('Tick')?.has(id), `${name}: the first commit wrote tick ${id}`);
    }
    await nextTask();
    stop();
    assert.equal(written, step.messages.length, `${name}: each push written once`);
    assert.equal(commits.length, step.thenWrite ? 2 : 1, `${name}: the burst is one commit`);
    assert.deepEqual(Tick.faults, [], name);
    const ticks = confirmedState(controller).entities.get('Tick');
    for (const [id, seq] of lastTick) assert.equal((ticks?.get(id) as {seq: number} | undefined)?.seq, seq, `${name}: the last tick of ${id} is stored`);
    return commits.length;
  }

  const quiet = (promise: Promise<unknown>) => promise.catch(() => undefined);
  let tickSeq = 0;
  Tick.faults = [];

  for (const [i, step] of steps.entries()) {
    const name = `#${i} ${JSON.stringify(step)}`;
    switch (step.kind) {
      case 'open':
        open(step.reader);
        break;
      case 'close':
        if (readers.length > 0) readers.splice(step.pick % readers.length, 1)[0]!.watch.close();
        break;
      case 'write':
        controller.setResponse(getPost, {id: step.post.id}, structuredClone(step.post));
        break;
      case 'writeList':
        controller.setResponse(getPosts, structuredClone(step.list));
        break;
      case 'get': {
        const [endpoint, args] = reads[step.reader % reads.length]!;
        if ((endpoint === getPost || endpoint === getPosts || endpoint === getCollection) && canFetch(endpoint)) quiet(controller.fetch(endpoint, ...args));
        break;
      }
      case 'patch':
        quiet(controller.fetch(patchPost, {id: step.id}, {title: step.title}));
        break;
      case 'rename':
        quiet(controller.fetch(renameUser, {id: step.id}, {name: step.name}));
        break;
      case 'create':
        quiet(controller.fetch(createPost, {author: step.post.author.id}, structuredClone(step.post)));
        break;
      case 'delete':
        quiet(controller.fetch(deletePost, {id: step.id}));
        break;
      case 'settle': {
        const pending = queue.pending;
        if (pending.length === 0) break;
        const request = pending[step.pick % pending.length]!;
        if (step.fail) {
          await request.reject(serverError(request.method, request.path));
          break;
        }
        const reply = structuredClone(step.reply);
        let body: unknown;
        if (request.name === 'getPost') body = {...(reply[0] ?? {title: 'x', author: {id: 'u1', name: 'Ada'}}), id: (request.args[0] as {id: string}).id};
        else if (request.name === 'getPosts' || request.name === 'getCollection') body = reply;
        else if (request.name === 'patchPost') body = {...(reply[0] ?? {author: {id: 'u2', name: 'Bob'}}), ...(request.body as object), id: (request.args[0] as {id: string}).id};
        else if (request.name === 'renameUser') body = {...(request.body as object), id: (request.args[0] as {id: string}).id};
        else if (request.name === 'createPost') body = request.body;
        else body = '';
        await request.resolve(body);
        break;
      }
      case 'invalidate': {
        const [endpoint, args] = reads[step.reader % reads.length]!;
        controller.invalidate(endpoint, ...args);
        break;
      }
      case 'gc':
        clock.advance(step.dt);
        controller.gc();
        break;
      case 'reset':
        controller.resetEntireStore();
        break;
      case 'push':
        check(name, await burst(step, name));
        continue;
    }
    await flush();
    check(name);
  }
  for (const request of queue.pending) {
    await request.reject(serverError(request.method, request.path));
    check(`the failure of ${request.method} ${request.path} at the end`);
  }
  for (const reader of readers) reader.watch.close();
  assert.equal(listenerCount(controller), 0);
}

test('every reader holds what a fresh read gives, told once per change and only when it changed', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(stepArb, {minLength: 1, maxLength: 40}), steps => run(steps)),
    {numRuns: NUM_RUNS, ...(SEED === undefined ? {} : {seed: SEED})},
  );
});
