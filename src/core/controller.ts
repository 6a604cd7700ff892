import {checkErrorGiven, checkWatchCall, DEV_MODE} from '../dev/index.js';
import {checkOptions} from './check-options.js';
import {
  canFetch,
  isQuery,
  type Query,
  type ArgsThen,
  type EndpointArgs,
  type EndpointInterface,
  type EndpointResult,
  type FetchableEndpoint,
  type Readable,
  type ReadArgs,
  type ReadResult,
} from '../endpoint/index.js';
import type {ControllerOptions, FetchOptions, GCReport} from './controller-options.js';
import {registerInternals} from './internals.js';
import type {CommitListener, Watch, WatchListener} from './notifier.js';
import {pushFetchedAt} from './push-order.js';
import {reportError} from './report-error.js';
import {RequestPipeline} from './request-pipeline.js';
import {RequestRegistry} from './request-registry.js';
import type {ResponseState} from './response-state.js';
import {Snapshot} from './snapshot.js';
import {fullArgs, keyOf, Store} from './store.js';
import {globalTimers} from './timers.js';
import {normalize} from '../schema/index.js';

/**
 * Owns the cache: normalized entities and their meta, endpoint results, and
 * the ordered list of pending optimistic updates. Fetches through endpoints,
 * writes responses all or nothing, and tells readers after each change.
 *
 * The state it shows is the visible one: confirmed data with the pending
 * predictions replayed over it in request order.
 *
 * Every change is one commit (a settled fetch, an optimistic mutation, an
 * invalidation, a reset), recorded with what it changed. A reader registered
 * with {@link watch} is told only when a commit changed something its last
 * read depended on and what it shows changed; {@link subscribe} hears every
 * commit. Listeners never run inside `fetch()`: what a fetch changes when it
 * starts is told in a microtask, after it returned.
 *
 * It is a facade over a store (state, commits, reads) and a request pipeline
 * (dedupe, retries, abort); pagination, snapshots, refresh, live feeds,
 * persistence and tab sync are parts over it.
 *
 * @example
 * ```ts
 * const controller = new Controller();
 * const article = await controller.fetch(ArticleResource.get, {id: '1'});
 * const {data, expiryStatus} = controller.getResponse(ArticleResource.get, {id: '1'});
 * const watch = controller.watch(ArticleResource.get, [{id: '1'}], response => render(response.data));
 * ```
 */
export class Controller {
  private readonly store: Store;
  private readonly pipeline: RequestPipeline;
  private readonly stopGC: () => void;
  private readonly detachers: (() => void)[] = [];

  constructor(options: ControllerOptions = {}) {
    if (DEV_MODE) checkOptions(options);
    const registry = new RequestRegistry();
    const timers = options.timers ?? globalTimers;
    this.store = new Store(
      {
        now: options.now ?? Date.now,
        dataExpiryLength: options.dataExpiryLength ?? 60_000,
        errorExpiryLength: options.errorExpiryLength ?? 1_000,
        gcPolicy: options.gcPolicy,
        unwatched: key => this.pipeline.abandonIfUnwanted(key),
      },
      registry,
    );
    this.pipeline = new RequestPipeline(this.store, registry, {timers, retry: options.retry});
    registerInternals(this, {store: this.store, pipeline: this.pipeline, timers});
    this.stopGC = options.gcPolicy?.schedule(() => this.sweepQuietly()) ?? (() => {});
    for (const plugin of options.plugins ?? []) {
      try {
        this.detachers.push(plugin.attach(this));
      } catch (error) {
        reportError(error, 'a Controller plugin could not start');
      }
    }
  }

  /**
   * Issues the request and resolves with the denormalized response once the
   * cache holds it. Concurrent GETs with the same key share one request. With
   * `getOptimisticResponse`, the prediction is visible at once and replaced by
   * the server data (or removed if the request fails). On failure the cache
   * keeps what it had and only this result's `error` is set.
   *
   * {@link FetchOptions} go before the endpoint: `signal` cancels this call,
   * which then rejects with an `AbortError` at once; the request is aborted
   * only when nobody else waits for it (no other caller, no reader of its
   * result). An aborted request leaves the cache as it was and sets no
   * error; an aborted mutation's prediction is rolled back. Every request
   * gets an `AbortSignal` of its own (see `requestSignal`; RestEndpoint
   * passes it to `fetchResponse`). `queueOffline: false` makes a write
   * fail rather than wait while offline (with the offline writes part).
   *
   * @example
   * ```ts
   * const article = await controller.fetch(ArticleResource.get, {id: '1'});
   * const abort = new AbortController();
   * const search = controller.fetch({signal: abort.signal}, SearchResource.getList, {q: 'lit'});
   * ```
   */
  fetch<E extends FetchableEndpoint>(endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointResult<E>>;
  fetch<E extends FetchableEndpoint>(options: FetchOptions, endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointResult<E>>;
  fetch(first: EndpointInterface | FetchOptions, ...rest: unknown[]): Promise<unknown> {
    // An endpoint always has a key(); options never do. What is neither (nothing, a URL) goes to
    // the request, which refuses it by name.
    if (typeof first !== 'object' || first === null || typeof (first as EndpointInterface).key === 'function') return this.pipeline.request(first as EndpointInterface, rest, {holds: true});
    const [endpoint, ...args] = rest as [EndpointInterface, ...unknown[]];
    const {signal, queueOffline} = first as FetchOptions;
    return this.pipeline.request(endpoint, args, {signal, queueOffline, holds: true});
  }

  /**
   * The cached value of an endpoint or Query with its freshness. Reads never
   * fetch; the data is identical while the cache holds the same content.
   *
   * @example
   * ```ts
   * const {data, expiryStatus} = controller.getResponse(ArticleResource.get, {id: '1'});
   * ```
   */
  getResponse<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): ResponseState<EndpointResult<E>> {
    return this.store.read(this.store.visible, endpoint, fullArgs(endpoint, args)).response;
  }

  /**
   * Reads the cache only: a Query (with its `process`), or a schema such as
   * `schema.All(Todo)`, an Entity class with `{id}` args, or a Collection with
   * its args. Undefined when nothing is cached.
   *
   * @example
   * ```ts
   * const todos = controller.get(schema.All(Todo));
   * ```
   */
  get<R extends Readable>(schemaOrQuery: R, ...args: ReadArgs<R>): ReadResult<R> | undefined {
    if (isQuery(schemaOrQuery)) return this.getResponse(schemaOrQuery as Query, ...args).data as ReadResult<R> | undefined;
    return this.store.memo.query<ReadResult<R>>(schemaOrQuery, args, this.store.visible.entities).data;
  }

  /**
   * Marks a result invalid: it stays readable, but `useSuspense` fetches it
   * again before showing it.
   *
   * @example
   * ```ts
   * controller.invalidate(ArticleResource.getList);
   * ```
   */
  invalidate<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): void {
    const full = fullArgs(endpoint, args);
    this.store.invalidate(keyOf(endpoint, full), endpoint, full);
  }

  /**
   * A read-only view of the visible state now.
   *
   * @example
   * ```ts
   * const {data} = controller.snapshot().getResponse(ArticleResource.get, {id: '1'});
   * ```
   */
  snapshot(): Snapshot {
    return new Snapshot(this.store.visible, this.store.predictions.read, this.store.now());
  }

  /**
   * Calls `listener` after each commit, with the {@link Commit} (what it
   * changed and the state after it). Returns the unsubscribe function.
   * Readers should prefer {@link watch}, which is told only of the commits
   * that concern them.
   *
   * @example
   * ```ts
   * const stop = controller.subscribe(commit => console.log(commit.cause));
   * ```
   */
  subscribe(listener: CommitListener): () => void {
    return this.store.notifier.subscribe(listener);
  }

  /**
   * Follows a read: `listener` is called with the new response each time a
   * commit changed what the read shows (its data, expiry status, error or
   * request state), and only then. Readers of the same endpoint and args
   * share one read per commit. The read is retained from garbage collection
   * (and kept fresh by parts such as refresh) while the watch is open.
   * `args` is the argument list.
   *
   * @example
   * ```ts
   * const watch = controller.watch(ArticleResource.get, [{id: '1'}], response => render(response.data));
   * render(watch.response.data);
   * watch.close();
   * ```
   */
  watch<E extends EndpointInterface>(endpoint: E, args: Readonly<EndpointArgs<E>>, listener: WatchListener<EndpointResult<E>>): Watch<EndpointResult<E>> {
    if (DEV_MODE) checkWatchCall(args, listener);
    const full = fullArgs(endpoint, args);
    return this.store.notifier.watch(endpoint, full, keyOf(endpoint, full), listener);
  }

  /**
   * Keeps the data a read shows in the cache: `gc()` drops neither the
   * result of `endpoint` with `args` nor any entity it refers to (for a
   * Query or a schema read, whatever its schema reads) until every holder
   * released it. Reference counted; {@link watch} retains while it is open.
   * Returns the release function (calling it twice releases once).
   *
   * @example
   * ```ts
   * const release = controller.retain(ArticleResource.get, {id: '1'});
   * controller.gc(); // article 1 and its author stay, however old
   * release();
   * ```
   */
  retain<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): () => void {
    const full = fullArgs(endpoint, args);
    const key = keyOf(endpoint, full);
    const release = this.store.collector.retain(endpoint, full, key);
    const stop = this.store.kept(endpoint, full, key);
    return () => (release(), stop?.());
  }

  /**
   * Refetches the results that connected readers show (the reads they
   * retain), once each: every one, or with `{onlyStale: true}` only those
   * that are stale or invalid. Queries are skipped (they never fetch); a
   * failure lands on its result's `error`, as any fetch's does. Resolves
   * when every refetch settled. Live feeds call it after a reconnect, and
   * the refresh part on focus and when the browser comes back online.
   *
   * @example
   * ```ts
   * window.addEventListener('online', () => controller.refetchShown({onlyStale: true}));
   * ```
   */
  refetchShown(options: {onlyStale?: boolean} = {}): Promise<void> {
    const started: Promise<unknown>[] = [];
    for (const {endpoint, args} of this.store.collector.reads()) {
      if (!canFetch(endpoint) || endpoint.sideEffect) continue;
      if (options.onlyStale && this.store.read(this.store.visible, endpoint, args).response.expiryStatus === 'valid') continue;
      started.push(this.pipeline.request(endpoint, args, {holds: false}).catch(() => undefined));
    }
    return Promise.all(started).then(() => undefined);
  }

  /**
   * Sweeps now: drops the results no reader retains that are old by the
   * GC policy, then the entities that nothing kept refers to and that are
   * old too. Pending predictions and what they touch are kept. Readers of
   * what was dropped are told.
   *
   * @example
   * ```ts
   * const controller = new Controller({now: clock.now, gcPolicy: new GCPolicy({maxAge: 60_000})});
   * clock.advance(60_000);
   * const {results, entities} = controller.gc();
   * ```
   */
  gc(): GCReport {
    return this.store.gc();
  }

  /**
   * Writes a response as if fetched now (for tests and server rendering).
   *
   * @example
   * ```ts
   * controller.setResponse(ArticleResource.get, {id: '1'}, {id: '1', title: 'Hello'});
   * ```
   */
  setResponse<E extends EndpointInterface>(endpoint: E, ...argsAndResponse: ArgsThen<EndpointArgs<E>, unknown>): void {
    const full = fullArgs(endpoint, argsAndResponse.slice(0, -1));
    this.store.receive(endpoint, full, endpoint.key(...full), argsAndResponse[argsAndResponse.length - 1], this.store.now(), undefined);
  }

  /**
   * Writes data the server pushed (a live feed's message): only its
   * entities, through `useIncoming`, like any write; no result is stored
   * when `endpoint.sideEffect` is true. It goes under the pending optimistic
   * predictions, which stay visible over it.
   *
   * @example
   * ```ts
   * const pushed = {key: () => 'live article', schema: Article, sideEffect: true};
   * controller.setPushed(pushed, {id: '1', title: 'Edited elsewhere'});
   * ```
   */
  setPushed(endpoint: EndpointInterface, ...argsAndData: readonly unknown[]): void {
    const {store} = this;
    const data = argsAndData[argsAndData.length - 1];
    const full = fullArgs(endpoint, argsAndData.slice(0, -1));
    const now = store.now();
    const fetchedAt = store.visible.optimistic.length ? pushFetchedAt(store.visible, normalize(endpoint.schema, data, full), now, store.predicted) : now;
    store.receive(endpoint, full, endpoint.key(...full), data, fetchedAt, undefined);
  }

  /**
   * Records a failed fetch for a result (for tests and server rendering); the data is kept.
   *
   * @example
   * ```ts
   * controller.setError(ArticleResource.get, {id: '1'}, new Error('offline'));
   * ```
   */
  setError<E extends EndpointInterface>(endpoint: E, ...argsAndError: ArgsThen<EndpointArgs<E>, unknown>): void {
    if (DEV_MODE) checkErrorGiven(argsAndError[argsAndError.length - 1]);
    const full = fullArgs(endpoint, argsAndError.slice(0, -1));
    this.store.fail(endpoint.key(...full), argsAndError[argsAndError.length - 1], undefined, this.store.now(), endpoint, full);
  }

  /**
   * Empties the cache and drops every pending prediction. Requests in flight
   * reject with {@link ResetError} and their late responses are ignored.
   *
   * @example
   * ```ts
   * logoutButton.addEventListener('click', () => controller.resetEntireStore());
   * ```
   */
  resetEntireStore(): void {
    this.pipeline.reset();
    this.store.reset();
  }

  /**
   * Stops the GC timer (when the policy has `intervalMs`) and the plugins
   * (refresh, tab sync, persistence). The Controller still works; call it
   * when the Controller is discarded.
   *
   * @example
   * ```ts
   * controller.dispose();
   * ```
   */
  dispose(): void {
    this.stopGC();
    for (const detach of this.detachers.splice(0)) {
      try {
        detach();
      } catch (error) {
        reportError(error, 'a Controller plugin could not stop');
      }
    }
  }

  /** The timer's sweep: an error must not escape into the event loop. */
  private sweepQuietly(): void {
    try {
      this.gc();
    } catch (error) {
      reportError(error);
    }
  }
}
