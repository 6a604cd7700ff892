// Offline writes in Node: a small in-process "server" that can be cut off (its fetch then rejects
// as fetch does with no response), a network status the test switches, and the queue kept in an
// in-memory QueueStorage shared by Controllers that stand for reloads and tabs (the browser tests
// use the real IndexedDB and real pages).
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller} from '../../src/core/index.js';
import {NetworkError, type EndpointInterface} from '../../src/endpoint/index.js';
import {Entity} from '../../src/schema/index.js';
import {OfflineWrites, type ClaimOutcome, type NetworkStatus, type QueueStorage, type StoredWrite} from '../../src/offline/index.js';

class Todo extends Entity {
  id = '';
  title = '';
  static key = 'Todo';
}

interface Server {
  online: boolean;
  todos: Map<string, {id: string; title: string}>;
  /** Writes the server received, in order: `PATCH 1 a`. */
  log: string[];
  /** Titles the server refuses with a 400. */
  refuse: Set<string>;
  /** Titles whose request takes this many more turns of the event loop to settle. */
  slow: Map<string, number>;
}

function fakeServer(): Server {
  return {online: true, todos: new Map([['1', {id: '1', title: 'one'}], ['2', {id: '2', title: 'two'}]]), log: [], refuse: new Set(), slow: new Map()};
}

const settle = () => new Promise(resolve => setImmediate(resolve));

function endpoints(server: Server) {
  const reach = () => {
    if (!server.online) throw new TypeError('fetch failed');
  };
  const getTodo = {
    name: 'GET /todos/:id',
    schema: Todo,
    key: ({id}: {id: string}) => `GET /todos/${id}`,
    async fetch({id}: {id: string}) {
      await settle();
      reach();
      return {...server.todos.get(id)!};
    },
  } satisfies EndpointInterface & {fetch: unknown};
  const rename = {
    name: 'PATCH /todos/:id',
    schema: Todo,
    sideEffect: true as const,
    key: ({id}: {id: string}) => `PATCH /todos/${id}`,
    getOptimisticResponse: (_snap: unknown, {id}: {id: string}, body: {title: string}) => ({id, title: body.title}),
    async fetch({id}: {id: string}, body: {title: string}) {
      for (let turn = 0; turn <= (server.slow.get(body.title) ?? 0); turn++) await settle();
      reach();
      if (server.refuse.has(body.title)) throw new NetworkError({message: `PATCH /todos/${id}: 400 Bad Request`, status: 400});
      server.log.push(`PATCH ${id} ${body.title}`);
      const todo = {...server.todos.get(id)!, title: body.title};
      server.todos.set(id, todo);
      return todo;
    },
  };
  const pay = {...rename, name: 'POST /pay', queueOffline: false as const, key: () => 'POST /pay'};
  return {getTodo, rename, pay};
}

function switchableNetwork(): NetworkStatus & {set(online: boolean): void} {
  let online = true;
  const listeners = new Set<() => void>();
  return {
    online: () => online,
    onOnline(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      online = value;
      if (value) for (const listener of listeners) listener();
    },
  };
}

/** The queue as IndexedDB keeps it, in memory: each call settles in a later task, claims are atomic. */
function memoryQueue(): QueueStorage & {readonly entries: Map<string, StoredWrite>} {
  const entries = new Map<string, StoredWrite>();
  const later = <T>(run: () => T) => settle().then(run);
  return {
    entries,
    all: () => later(() => [...entries.values()].sort((a, b) => a.order - b.order)),
    put: entry => later(() => void entries.set(entry.id, structuredClone(entry))),
    delete: id => later(() => void entries.delete(id)),
    claim: (id, tab, until, now) =>
      later((): ClaimOutcome => {
        const entry = entries.get(id);
        if (!entry) return 'gone';
        if (entry.claim && entry.claim.tab !== tab && entry.claim.until > now) return 'taken';
        entries.set(id, {...entry, claim: {tab, until}});
        return 'claimed';
      }),
    release: (id, tab) =>
      later(() => {
        const entry = entries.get(id);
        if (entry?.claim?.tab === tab) entries.set(id, {id: entry.id, endpoint: entry.endpoint, args: entry.args, order: entry.order});
      }),
  };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await settle();
  assert.ok(condition(), what);
}

function setup(options: {server?: Server; storage?: QueueStorage; network?: ReturnType<typeof switchableNetwork>; plugin?: boolean; database?: string; listed?: (api: ReturnType<typeof endpoints>) => Iterable<object> | object} = {}) {
  const server = options.server ?? fakeServer();
  const network = options.network ?? switchableNetwork();
  const api = endpoints(server);
  const storage = options.storage ?? memoryQueue();
  const reported: unknown[] = [];
  const plugins = options.plugin === false ? [] : [new OfflineWrites({endpoints: (options.listed?.(api) ?? [api.rename]) as Iterable<object>, network, storage, database: options.database ?? 'test', onError: error => reported.push(error)})];
  const controller = new Controller({plugins});
  const title = (id: string) => (controller.getResponse(api.getTodo, {id}).data as Todo | undefined)?.title;
  const pending = (id: string) => controller.getResponse(api.getTodo, {id}).pendingOffline === true;
  return {server, network, api, storage, controller, title, pending, reported};
}

async function loaded(env: ReturnType<typeof setup>) {
  await env.controller.fetch(env.api.getTodo, {id: '1'});
  await env.controller.fetch(env.api.getTodo, {id: '2'});
}

/** A Controller made with `options` that loaded the todos, then made a write of `title` offline, now stored. */
async function writtenOffline(options: Parameters<typeof setup>[0], title: string) {
  const env = setup(options);
  await loaded(env);
  env.network.set(false);
  env.server.online = false;
  env.controller.fetch(env.api.rename, {id: '1'}, {title}).catch(() => undefined);
  await until(() => (env.storage as ReturnType<typeof memoryQueue>).entries.size === 1, 'stored');
  return env;
}

describe('offline writes', () => {
  test('a write made offline waits with its prediction shown as pendingOffline, then is sent when the connection is back', async () => {
    const env = setup();
    await loaded(env);
    env.network.set(false);
    env.server.online = false;
    let settled: unknown;
    const write = env.controller.fetch(env.api.rename, {id: '1'}, {title: 'edited offline'}).then(value => (settled = value));
    await settle();
    assert.equal(env.title('1'), 'edited offline', 'the prediction is shown');
    assert.equal(env.pending('1'), true, 'the read that shows it is pendingOffline');
    assert.equal(env.pending('2'), false, 'a read that does not show it is not');
    assert.deepEqual(env.server.log, [], 'nothing was sent');
    await settle();
    assert.equal(settled, undefined, 'the caller still waits');

    env.server.online = true;
    env.network.set(true);
    await write;
    assert.deepEqual(env.server.log, ['PATCH 1 edited offline']);
    assert.equal(env.title('1'), 'edited offline');
    assert.equal(env.pending('1'), false, 'no longer pending once sent');
    assert.equal(env.storage instanceof Object && (env.storage as ReturnType<typeof memoryQueue>).entries.size, 0, 'the stored write is gone');
  });

  test('a watcher is told when its read becomes pendingOffline and when it stops being', async () => {
    const env = setup();
    await loaded(env);
    const seen: (boolean | undefined)[] = [];
    const other: unknown[] = [];
    const watch = env.controller.watch(env.api.getTodo, [{id: '1'}], response => seen.push(response.pendingOffline));
    const watch2 = env.controller.watch(env.api.getTodo, [{id: '2'}], response => other.push(response));
    // The browser says online: the send fails first, then the write is held with its data unchanged.
    env.server.online = false;
    const write = env.controller.fetch(env.api.rename, {id: '1'}, {title: 'x'});
    await until(() => seen.includes(true), 'told of the held write');
    assert.deepEqual(seen, [undefined, true], 'told of the prediction, then of the hold alone');
    env.server.online = true;
    env.network.set(true);
    await write;
    await settle();
    assert.equal(seen[seen.length - 1], undefined, 'told once it is sent');
    assert.deepEqual(other, [], 'the reader of another todo is never told');
    watch.close();
    watch2.close();
  });

  test('a write that gets no response while the browser says online is queued; the next request that succeeds resumes it', async () => {
    const env = setup();
    await loaded(env);
    env.server.online = false;
    const write = env.controller.fetch(env.api.rename, {id: '1'}, {title: 'later'});
    await until(() => env.pending('1'), 'held after the failed send');
    env.server.online = true;
    // No online event: a read that succeeds shows the connection is back.
    env.controller.invalidate(env.api.getTodo, {id: '2'});
    await env.controller.fetch(env.api.getTodo, {id: '2'});
    await write;
    assert.deepEqual(env.server.log, ['PATCH 1 later']);
    assert.equal(env.pending('1'), false);
  });

  test('queued writes are sent in the order they were made, one at a time; a refusal rolls back that write alone', async () => {
    const env = setup();
    await loaded(env);
    env.network.set(false);
    env.server.online = false;
    env.server.refuse.add('refused');
    const a = env.controller.fetch(env.api.rename, {id: '1'}, {title: 'first'});
    const b = env.controller.fetch(env.api.rename, {id: '2'}, {title: 'refused'});
    const c = env.controller.fetch(env.api.rename, {id: '1'}, {title: 'third'});
    await settle();
    assert.equal(env.title('1'), 'third');
    assert.equal(env.title('2'), 'refused');
    env.server.online = true;
    env.network.set(true);
    await a;
    await assert.rejects(b, /400/);
    await c;
    assert.deepEqual(env.server.log, ['PATCH 1 first', 'PATCH 1 third']);
    assert.equal(env.title('1'), 'third');
    assert.equal(env.title('2'), 'two', 'the refused write alone is rolled back');
  });

  test('a write made while others wait goes behind them, also when online', async () => {
    const env = setup();
    await loaded(env);
    env.server.online = false;
    const a = env.controller.fetch(env.api.rename, {id: '1'}, {title: 'a'});
    await until(() => env.pending('1'), 'the first is held');
    env.server.online = true;
    const b = env.controller.fetch(env.api.rename, {id: '1'}, {title: 'b'});
    await Promise.all([a, b]);
    assert.deepEqual(env.server.log, ['PATCH 1 a', 'PATCH 1 b']);
    assert.equal(env.title('1'), 'b');
  });

  test('writes sent together that fail in another order are queued, and sent, in the order they were made', async () => {
    const env = setup();
    await loaded(env);
    env.server.online = false;
    env.server.slow.set('made first', 3);
    const first = env.controller.fetch(env.api.rename, {id: '1'}, {title: 'made first'});
    const second = env.controller.fetch(env.api.rename, {id: '1'}, {title: 'made second'});
    await until(() => (env.storage as ReturnType<typeof memoryQueue>).entries.size === 2, 'both held');
    env.server.online = true;
    env.network.set(true);
    await Promise.all([first, second]);
    assert.deepEqual(env.server.log, ['PATCH 1 made first', 'PATCH 1 made second']);
    assert.equal(env.title('1'), 'made second');
  });

  test('queueOffline: false on the endpoint or the call fails at once', async () => {
    const env = setup();
    await loaded(env);
    env.network.set(false);
    env.server.online = false;
    await assert.rejects(env.controller.fetch(env.api.pay, {id: '1'}, {title: 'paid'}), /fetch failed/);
    await assert.rejects(env.controller.fetch({queueOffline: false}, env.api.rename, {id: '1'}, {title: 'now or never'}), /fetch failed/);
    assert.equal(env.title('1'), 'one', 'both predictions are rolled back');
    assert.equal(env.pending('1'), false);
  });

  test('without the part a write fails as it always did', async () => {
    const env = setup({plugin: false});
    await loaded(env);
    env.server.online = false;
    await assert.rejects(env.controller.fetch(env.api.rename, {id: '1'}, {title: 'x'}), /fetch failed/);
    assert.equal(env.title('1'), 'one');
  });

  test('an aborted queued write is rolled back and removed from storage', async () => {
    const env = setup();
    await loaded(env);
    env.network.set(false);
    env.server.online = false;
    const abort = new AbortController();
    const write = env.controller.fetch({signal: abort.signal}, env.api.rename, {id: '1'}, {title: 'given up'});
    const storage = env.storage as ReturnType<typeof memoryQueue>;
    await until(() => storage.entries.size === 1, 'stored');
    abort.abort();
    await assert.rejects(write, {name: 'AbortError'});
    await until(() => storage.entries.size === 0, 'removed from storage');
    assert.equal(env.title('1'), 'one');
    env.server.online = true;
    env.network.set(true);
    await settle();
    assert.deepEqual(env.server.log, []);
  });

  test('with the queue in memory only, an aborted write is never sent', async () => {
    const server = fakeServer();
    const network = switchableNetwork();
    const api = endpoints(server);
    const controller = new Controller({plugins: [new OfflineWrites({network, database: false})]});
    network.set(false);
    const abort = new AbortController();
    const write = controller.fetch({signal: abort.signal}, api.rename, {id: '1'}, {title: 'given up'});
    await settle();
    abort.abort();
    await assert.rejects(write, {name: 'AbortError'});
    network.set(true);
    await settle();
    await settle();
    assert.deepEqual(server.log, []);
    controller.dispose();
  });

  test('the queue survives a reload: the prediction shows again, and it is sent once when back online', async () => {
    const server = fakeServer();
    const storage = memoryQueue();
    const first = setup({server, storage});
    await loaded(first);
    first.network.set(false);
    server.online = false;
    const lost = first.controller.fetch(first.api.rename, {id: '1'}, {title: 'kept'});
    lost.catch(() => undefined);
    await until(() => storage.entries.size === 1, 'stored');
    first.controller.dispose(); // the page goes away
    await assert.rejects(lost, {name: 'AbortError'});

    const network = switchableNetwork();
    network.set(false);
    const second = setup({server, storage, network});
    second.controller.setResponse(second.api.getTodo, {id: '1'}, {id: '1', title: 'one'});
    await until(() => second.title('1') === 'kept', 'the prediction is shown again after the reload');
    assert.equal(second.pending('1'), true);
    server.online = true;
    network.set(true);
    await until(() => storage.entries.size === 0 && !second.pending('1'), 'sent');
    assert.deepEqual(server.log, ['PATCH 1 kept']);
    assert.equal(second.title('1'), 'kept');
  });

  test('a send under way when the Controller is disposed still settles: its stored write is deleted, the storage closed, nothing reported', async () => {
    const server = fakeServer();
    server.slow.set('late', 3);
    // The storage's calls in order: the last must be a close, after the deletion of the sent write.
    const calls: string[] = [];
    const queue = memoryQueue();
    const storage: typeof queue = {
      entries: queue.entries,
      all: () => (calls.push('all'), queue.all()),
      put: entry => (calls.push('put'), queue.put(entry)),
      delete: id => (calls.push('delete'), queue.delete(id)),
      claim: (...args) => (calls.push('claim'), queue.claim(...args)),
      release: (...args) => (calls.push('release'), queue.release(...args)),
      close: () => void calls.push('close'),
    };
    const env = setup({server, storage, database: 'disposed-mid-send'});
    await loaded(env);
    env.network.set(false);
    server.online = false;
    const write = env.controller.fetch(env.api.rename, {id: '1'}, {title: 'late'});
    write.catch(() => undefined);
    await until(() => storage.entries.size === 1, 'stored');
    server.online = true;
    env.network.set(true);
    await until(() => [...storage.entries.values()].some(entry => entry.claim !== undefined), 'claimed and being sent');
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      env.controller.dispose();
      await assert.rejects(write, {name: 'AbortError'});
      await until(() => server.log.length === 1 && storage.entries.size === 0, 'the send finished, and its stored write is gone');
      for (let turn = 0; turn < 5; turn++) await settle();
    } finally {
      console.error = log;
    }
    assert.deepEqual(server.log, ['PATCH 1 late']);
    assert.deepEqual(calls.slice(calls.indexOf('delete')), ['delete', 'close'], 'the storage was let go after its last use');
    assert.deepEqual(errors, [], 'nothing reported: the closed channel is not written to');
  });

  test('one endpoint given as endpoints, without a list, is a list of one: its write is stored and restored', async () => {
    const server = fakeServer();
    const storage = memoryQueue();
    const first = await writtenOffline({server, storage, listed: api => api.rename}, 'kept');
    first.controller.dispose();
    const second = setup({server, storage, listed: api => api.rename});
    second.controller.setResponse(second.api.getTodo, {id: '1'}, {id: '1', title: 'one'});
    await until(() => second.title('1') === 'kept', 'the prediction is shown again after the reload');
    assert.deepEqual(second.reported, []);
  });

  test('a Controller that replaces a disposed one sends the stored write the disposed one was sending when it stopped', async () => {
    for (const answered of [false, true]) {
      const server = fakeServer();
      server.slow.set('handed over', 12);
      const storage = memoryQueue();
      const database = `replaced-${answered}`;
      const first = setup({server, storage, database});
      await loaded(first);
      first.network.set(false);
      server.online = false;
      first.controller.fetch(first.api.rename, {id: '1'}, {title: 'handed over'}).catch(() => undefined);
      await until(() => storage.entries.size === 1, 'stored');
      // Back online for the page, and the first Controller starts sending; then it is disposed mid-send.
      server.online = answered;
      first.network.set(true);
      await until(() => [...storage.entries.values()].some(entry => entry.claim !== undefined), 'claimed and being sent');
      first.controller.dispose();
      // The page's next Controller restores the write, and finds it claimed by the one disposed.
      const second = setup({server, storage, database});
      second.controller.setResponse(second.api.getTodo, {id: '1'}, {id: '1', title: 'one'});
      await until(() => second.pending('1'), 'restored, waiting');
      if (!answered) {
        // The disposed one's send gets no response and lets the claim go; the server is back after it.
        await until(() => [...storage.entries.values()].every(entry => entry.claim === undefined), 'released');
        server.online = true;
      }
      await until(() => !second.pending('1') && storage.entries.size === 0, `${answered ? 'answered' : 'released'}: settled in the second Controller`);
      assert.deepEqual(server.log, ['PATCH 1 handed over'], 'sent exactly once');
      assert.equal(second.title('1'), 'handed over');
      second.controller.dispose();
    }
  });

  test('a Controller disposed while claiming a stored write lets the claim go, so the one that replaces it sends the write at once', async () => {
    const server = fakeServer();
    const queue = memoryQueue();
    // The first claim waits until the test lets it through: the Controller is disposed meanwhile.
    let letClaimThrough: () => void = () => {};
    const claimHeld = new Promise<void>(resolve => (letClaimThrough = resolve));
    let claims = 0;
    let firstClaim: ClaimOutcome | undefined;
    const storage: QueueStorage & {readonly entries: Map<string, StoredWrite>} = {
      ...queue,
      entries: queue.entries,
      claim: async (...args) => {
        const first = ++claims === 1;
        if (first) await claimHeld;
        const outcome = await queue.claim(...args);
        if (first) firstClaim = outcome;
        return outcome;
      },
    };
    const first = await writtenOffline({server, storage, database: 'disposed-mid-claim'}, 'claimed then dropped');
    first.network.set(true);
    await until(() => claims === 1, 'the first Controller is claiming it');
    first.controller.dispose();
    letClaimThrough();
    await until(() => firstClaim === 'claimed' && [...queue.entries.values()].every(entry => entry.claim === undefined), 'the claim made after the dispose is let go');
    server.online = true;
    const second = setup({server, storage, database: 'disposed-mid-claim'});
    second.controller.setResponse(second.api.getTodo, {id: '1'}, {id: '1', title: 'one'});
    await until(() => queue.entries.size === 0, 'sent by the second Controller, without waiting for the claim to run out');
    assert.deepEqual(server.log, ['PATCH 1 claimed then dropped'], 'sent exactly once');
    assert.deepEqual(second.reported, []);
    second.controller.dispose();
  });

  test('two tabs restore the same queue: one sends it, the other gets its answer', async () => {
    const server = fakeServer();
    const storage = memoryQueue();
    const first = await writtenOffline({server, storage, database: 'two-tabs'}, 'once');
    first.controller.dispose();

    const networkA = switchableNetwork();
    const networkB = switchableNetwork();
    networkA.set(false);
    networkB.set(false);
    const a = setup({server, storage, network: networkA, database: 'two-tabs'});
    const b = setup({server, storage, network: networkB, database: 'two-tabs'});
    for (const tab of [a, b]) tab.controller.setResponse(tab.api.getTodo, {id: '1'}, {id: '1', title: 'one'});
    await until(() => a.title('1') === 'once' && b.title('1') === 'once', 'both show the prediction');
    server.online = true;
    networkA.set(true);
    networkB.set(true);
    await until(() => storage.entries.size === 0 && !a.pending('1') && !b.pending('1'), 'sent and settled in both');
    assert.deepEqual(server.log, ['PATCH 1 once'], 'sent exactly once');
    assert.equal(a.title('1'), 'once');
    assert.equal(b.title('1'), 'once');
    a.controller.dispose();
    b.controller.dispose();
  });

  test('a stored write refused after a reload is rolled back and reported to onError', async () => {
    const server = fakeServer();
    const storage = memoryQueue();
    server.refuse.add('bad');
    storage.entries.set('w1', {id: 'w1', endpoint: 'PATCH /todos/:id', args: [{id: '1'}, {title: 'bad'}], order: 1});
    const env = setup({server, storage});
    env.controller.setResponse(env.api.getTodo, {id: '1'}, {id: '1', title: 'one'});
    await until(() => env.reported.length === 1, 'reported');
    assert.match(String(env.reported[0]), /400/);
    assert.equal(env.title('1'), 'one');
    assert.equal(storage.entries.size, 0);
    env.controller.dispose();
  });
});
