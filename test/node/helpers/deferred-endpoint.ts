// Hand-settled endpoints for Controller tests: every `fetch` puts a deferred request in a
// queue, and the test resolves or rejects each one whenever it likes, in any order. With the
// fake clock this gives exact control over request time, response order and expiry.
//
// The endpoints are plain objects implementing `EndpointInterface` (no RestEndpoint): the
// request patterns of spec 4.2 are written out by hand in `createPatterns`.
import {AbortOptimistic, Controller} from '../../../src/core/index.js';
import {NetworkError, type EndpointInterface, type SnapshotInterface} from '../../../src/endpoint/index.js';
import {Entity, schema, type EntityMeta} from '../../../src/schema/index.js';

// --- clock -------------------------------------------------------------------------------

/** A deterministic clock for `new Controller({now: clock.now})`. Never moves by itself. */
export interface FakeClock {
  /** The current time in ms (bound: pass it as it is). */
  readonly now: () => number;
  /** Moves the clock forward by `ms` and returns the new time. */
  advance(ms: number): number;
  /** Sets the clock. */
  set(time: number): void;
}

export function createFakeClock(start = 1_000_000): FakeClock {
  let time = start;
  return {
    now: () => time,
    advance(ms) {
      time += ms;
      return time;
    },
    set(value) {
      time = value;
    },
  };
}

/** Lets every queued microtask (and the Controller's promise chains) run. Not a timer. */
export function flush(): Promise<void> {
  return new Promise(resolve => setImmediate(resolve));
}

// --- request queue -----------------------------------------------------------------------

export type RequestStatus = 'pending' | 'resolved' | 'rejected';

/** One call of an endpoint's `fetch`, waiting for the test to settle it. */
export interface DeferredRequest {
  /** Order in which requests were sent, from 0. */
  readonly seq: number;
  /** The endpoint's name. */
  readonly name: string;
  readonly method: string;
  readonly path: string;
  /** The arguments `fetch` was called with (the Controller's full args). */
  readonly args: readonly unknown[];
  /** The request body as it would go on the wire (undefined for none). */
  readonly body: unknown;
  /** Fake-clock time at which `fetch` was called. */
  readonly sentAt: number;
  readonly status: RequestStatus;
  /** Resolves the raw response (before the endpoint's `process`), then flushes. */
  resolve(value?: unknown): Promise<void>;
  /** Rejects the request (default: a 500 NetworkError), then flushes. */
  reject(error?: unknown): Promise<void>;
}

/** Every request sent by the endpoints of one test, pending or settled. */
export class RequestQueue {
  readonly sent: DeferredRequest[] = [];

  constructor(private readonly clock: FakeClock) {}

  /** Requests not settled yet, in send order. */
  get pending(): DeferredRequest[] {
    return this.sent.filter(r => r.status === 'pending');
  }

  /** How many requests were sent (by one endpoint name, or in all). */
  count(name?: string): number {
    return name === undefined ? this.sent.length : this.sent.filter(r => r.name === name).length;
  }

  /** The `index`-th request sent by `name` (throws when there is none: a test bug). */
  get(name: string, index = 0): DeferredRequest {
    const found = this.sent.filter(r => r.name === name)[index];
    if (!found) throw new Error(`no request #${index} of ${name} (sent: ${this.sent.map(r => r.name).join(', ') || 'none'})`);
    return found;
  }

  /** The last request sent (by `name`, or of any endpoint). */
  last(name?: string): DeferredRequest {
    const list = name === undefined ? this.sent : this.sent.filter(r => r.name === name);
    const found = list[list.length - 1];
    if (!found) throw new Error(`no request of ${name ?? 'any endpoint'} was sent`);
    return found;
  }

  /** @internal Called by endpoints: records a request and returns its response promise. */
  send(init: {name: string; method: string; path: string; args: readonly unknown[]; body: unknown}): Promise<unknown> {
    let settle!: {resolve(v: unknown): void; reject(e: unknown): void};
    const promise = new Promise<unknown>((resolve, reject) => {
      settle = {resolve, reject};
    });
    let status: RequestStatus = 'pending';
    const check = (what: string) => {
      if (status !== 'pending') throw new Error(`${init.method} ${init.path} (#${request.seq}) is already ${status}; cannot ${what} it`);
    };
    const request: DeferredRequest = {
      ...init,
      seq: this.sent.length,
      sentAt: this.clock.now(),
      get status() {
        return status;
      },
      async resolve(value?: unknown) {
        check('resolve');
        status = 'resolved';
        settle.resolve(value);
        await flush();
      },
      async reject(error: unknown = serverError(init.method, init.path)) {
        check('reject');
        status = 'rejected';
        settle.reject(error);
        await flush();
      },
    };
    this.sent.push(request);
    return promise;
  }
}

/** A 500 from the server, as RestEndpoint would reject with it. */
export function serverError(method = 'GET', path = '/', status = 500): NetworkError {
  return new NetworkError({message: `${method} ${path}: ${status} Internal Server Error`, status});
}

// --- endpoints ---------------------------------------------------------------------------

/** A plain endpoint whose `fetch` queues a deferred request; `S` types its schema (so its reads). */
export interface TestEndpoint<A extends unknown[] = any[], S = unknown> extends EndpointInterface {
  readonly name: string;
  readonly schema: S;
  key(...args: A): string;
  fetch(...args: A): Promise<unknown>;
}

export interface EndpointOptions<A extends unknown[], S = unknown> {
  name: string;
  /** Default GET. Anything else is a mutation (`sideEffect`) unless `sideEffect` says otherwise. */
  method?: string;
  path: (...args: A) => string;
  /** Default: `${method} ${path(...args)}`. */
  key?: (...args: A) => string;
  schema?: S;
  sideEffect?: boolean;
  /** The request body that goes on the wire (default: the second argument). */
  body?: (...args: A) => unknown;
  /** Transforms the raw response, as RestEndpoint's `process` would. */
  process?: (value: unknown, ...args: A) => unknown;
  getOptimisticResponse?: (snap: SnapshotInterface, ...args: A) => unknown;
  dataExpiryLength?: number;
}

export function defineEndpoint<A extends unknown[], S = unknown>(queue: RequestQueue, options: EndpointOptions<A, S>): TestEndpoint<A, S> {
  const method = options.method ?? 'GET';
  const keyOf = options.key ?? ((...args: A) => `${method} ${options.path(...args)}`);
  const endpoint: TestEndpoint<A, S> = {
    name: options.name,
    schema: options.schema as S,
    sideEffect: options.sideEffect ?? method !== 'GET',
    key: (...args: A) => keyOf(...args),
    fetch(...args: A) {
      const body = options.body ? options.body(...args) : args[1];
      const response = queue.send({name: options.name, method, path: options.path(...args), args, body});
      return options.process ? response.then(value => options.process!(value, ...args)) : response;
    },
    ...(options.dataExpiryLength === undefined ? {} : {dataExpiryLength: options.dataExpiryLength}),
    ...(options.getOptimisticResponse ? {getOptimisticResponse: options.getOptimisticResponse} : {}),
  };
  return endpoint;
}

// --- entities of the request patterns ------------------------------------------------------

export class Article extends Entity {
  id = '';
  title = '';
  body = '';
  published = false;
  static override key = 'Article';
}

export class Todo extends Entity {
  id = '';
  title = '';
  completed = false;
  userId = '';
  static override key = 'Todo';
}

/** The counter of the "optimistic transform" pattern: a singleton. */
export class Count extends Entity {
  count = 0;
  override pk() {
    return 'count';
  }
  static override key = 'Count';
}

/** The counter of the "ordered transform" pattern: the server echoes `updatedAt`. */
export class OrderedCount extends Entity {
  count = 0;
  updatedAt = 0;
  override pk() {
    return 'ordered-count';
  }
  static override key = 'OrderedCount';
  static override useIncoming(_existingMeta: EntityMeta, _incomingMeta: EntityMeta, existing: any, incoming: any): boolean {
    return existing.updatedAt <= incoming.updatedAt;
  }
}

/** A user, nested in {@link Post}. */
export class User extends Entity {
  id = '';
  name = '';
  static override key = 'User';
}

/** A post with a nested author: a join. */
export class Post extends Entity {
  id = '';
  title = '';
  author = User.fromJS();
  static override key = 'Post';
  static override schema = {author: User};
}

export type Params = Record<string, string>;
export type Body = Record<string, unknown>;

/** `?a=1&b=2` with sorted keys, or '' for no params. */
function query(params: Params): string {
  const keys = Object.keys(params).sort();
  return keys.length ? `?${new URLSearchParams(keys.map(k => [k, params[k] ?? '']))}` : '';
}

/** Process step of a DELETE (spec 4.1 rule 4): the parsed body when it is a non-empty object, else the params. */
export function deleteProcess(value: unknown, params: Params): unknown {
  return value !== null && typeof value === 'object' && Object.keys(value).length > 0 ? value : params;
}

/**
 * The request patterns of spec 4.2, as plain endpoints over one queue.
 * Every GET is deduplicated by key; every other method is a mutation.
 */
export function createPatterns(queue: RequestQueue) {
  const todoList = new schema.Collection([Todo]);

  const getArticle = defineEndpoint<[Params]>(queue, {
    name: 'getArticle',
    path: ({id}) => `/articles/${id}`,
    schema: Article,
  });
  const getArticles = defineEndpoint<[Params?]>(queue, {
    name: 'getArticles',
    path: (params = {}) => `/articles${query(params)}`,
    schema: [Article],
  });
  /** PATCH toggle: the prediction is the pk from params plus the body fields. */
  const partialUpdateArticle = defineEndpoint<[Params, Body]>(queue, {
    name: 'partialUpdateArticle',
    method: 'PATCH',
    path: ({id}) => `/articles/${id}`,
    schema: Article,
    getOptimisticResponse: (_snap, params, body) => ({...body, id: params.id}),
  });

  const getTodos = defineEndpoint<[Params?]>(queue, {
    name: 'getTodos',
    path: (params = {}) => `/todos${query(params)}`,
    schema: todoList,
  });
  /** Optimistic create through `getList.push`: the body (with a temporary pk) is the prediction. */
  const createTodo = defineEndpoint<[Params, Body]>(queue, {
    name: 'createTodo',
    method: 'POST',
    path: () => '/todos',
    schema: todoList.push,
    getOptimisticResponse: (_snap, _params, body) => body,
  });
  /** Optimistic delete: Invalidate(Todo), empty-string response, process gives the params. */
  const deleteTodo = defineEndpoint<[Params]>(queue, {
    name: 'deleteTodo',
    method: 'DELETE',
    path: ({id}) => `/todos/${id}`,
    schema: new schema.Invalidate(Todo),
    body: () => undefined,
    process: (value, params) => deleteProcess(value, params),
    getOptimisticResponse: (_snap, params) => params,
  });
  /** A DELETE without a prediction. */
  const deleteTodoPlain = defineEndpoint<[Params]>(queue, {
    name: 'deleteTodoPlain',
    method: 'DELETE',
    path: ({id}) => `/todos/${id}`,
    schema: new schema.Invalidate(Todo),
    body: () => undefined,
    process: (value, params) => deleteProcess(value, params),
  });
  /** Batch delete (spec 4.3): `[Invalidate(Todo)]`, the response built from the ids in the params. */
  const deleteTodos = defineEndpoint<[{ids: string[]}]>(queue, {
    name: 'deleteTodos',
    method: 'POST',
    path: () => '/todos/delete',
    schema: [new schema.Invalidate(Todo)],
    process: (_value, {ids}) => ids.map(id => ({id})),
    getOptimisticResponse: (_snap, {ids}) => ids.map(id => ({id})),
  });

  const getCount = defineEndpoint<[], typeof Count>(queue, {name: 'getCount', path: () => '/api/count', schema: Count});
  /** Optimistic transform: `{count: cached + 1}`, AbortOptimistic when nothing is cached. */
  const increment = defineEndpoint<[]>(queue, {
    name: 'increment',
    method: 'POST',
    path: () => '/api/count/increment',
    schema: Count,
    body: () => undefined,
    getOptimisticResponse(snap) {
      const {data} = snap.getResponse(getCount);
      if (!data) throw new AbortOptimistic();
      return {count: data.count + 1};
    },
  });

  const getOrderedCount = defineEndpoint<[], typeof OrderedCount>(queue, {
    name: 'getOrderedCount',
    path: () => '/api/ordered-count',
    schema: OrderedCount,
  });
  /**
   * Ordered transform: the body carries `updatedAt`, the client time of the request (the
   * caller passes `clock.now()`, which is `snap.fetchedAt` since the fake clock does not move
   * inside `fetch`); the prediction uses `snap.fetchedAt`.
   */
  const incrementOrdered = defineEndpoint<[{updatedAt: number}]>(queue, {
    name: 'incrementOrdered',
    method: 'POST',
    path: () => '/api/ordered-count/increment',
    schema: OrderedCount,
    body: body => body,
    getOptimisticResponse(snap) {
      const {data} = snap.getResponse(getOrderedCount);
      if (!data) throw snap.abort;
      return {count: data.count + 1, updatedAt: snap.fetchedAt};
    },
  });

  return {
    todoList,
    getArticle,
    getArticles,
    partialUpdateArticle,
    getTodos,
    createTodo,
    deleteTodo,
    deleteTodoPlain,
    deleteTodos,
    getCount,
    increment,
    getOrderedCount,
    incrementOrdered,
  };
}

export type Patterns = ReturnType<typeof createPatterns>;

/** A plain-data copy of a value (drops prototypes), for deepEqual against literals. */
export function plain<T>(value: T): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/** Waits for a promise to settle and reports how: for asserting on fetch outcomes. */
export function outcome<T>(promise: Promise<T>): {readonly state: 'pending' | 'fulfilled' | 'rejected'; readonly value?: T; readonly error?: unknown} {
  const result: {state: 'pending' | 'fulfilled' | 'rejected'; value?: T; error?: unknown} = {state: 'pending'};
  promise.then(
    value => {
      result.state = 'fulfilled';
      result.value = value;
    },
    error => {
      result.state = 'rejected';
      result.error = error;
    },
  );
  return result;
}

/**
 * A Controller on a fake clock, a request queue and the request patterns, for one test.
 * Retries are off: a rejected request is the failure the test settles (retries have their own
 * tests, with fake timers, in controller-retry.test.ts).
 */
export function setup(options: {dataExpiryLength?: number; start?: number} = {}) {
  const clock = createFakeClock(options.start);
  const queue = new RequestQueue(clock);
  const controller = new Controller({
    now: clock.now,
    retry: false,
    ...(options.dataExpiryLength === undefined ? {} : {dataExpiryLength: options.dataExpiryLength}),
  });
  return {clock, queue, controller, ...createPatterns(queue)};
}
