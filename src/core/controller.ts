import {
  canFetch,
  Query,
  type ArgsThen,
  type EndpointArgs,
  type EndpointInterface,
  type EndpointResult,
  type ExpiryStatus,
  type FetchableEndpoint,
  type PaginatedEndpoint,
  type Readable,
  type ReadArgs,
  type ReadResult,
  withRequestSignal,
} from '../endpoint/index.js';
import {draftOf, INVALID, isEntityClass, jsonEqual, MemoCache, mergeResponse, normalize, type EntityTable, type MapDraft} from '../schema/index.js';
import {ChangeSet, type CommitCause, type RowKeys} from './change-set.js';
import type {ControllerPlugin} from './controller-plugin.js';
import {dehydrateState} from './dehydrate.js';
import {HydrateError, type DehydratedState} from './dehydrated-state.js';
import type {GCPolicy} from './gc-policy.js';
import {GCTracker} from './gc-tracker.js';
import {hydrateState} from './hydrate.js';
import {LiveScheduling, type LiveOptions} from './live-scheduling.js';
import {mergeState} from './merge-state.js';
import {nextPageArgs, pageItems} from './next-page.js';
import {Notifier, type CommitListener, type ReadOutcome, type Watch, type WatchListener} from './notifier.js';
import {ABORTED, predict, replayPredictions, type PredictionContext} from './optimistic-layer.js';
import {pushFetchedAt} from './push-order.js';
import {reportError} from './report-error.js';
import {RequestListeners} from './request-listeners.js';
import {RequestRegistry, type Flight, type RequestInFlight} from './request-registry.js';
import type {ResponseState} from './response-state.js';
import {ResultOrigins, type ResultOrigin} from './result-origins.js';
import {Snapshot} from './snapshot.js';
import {emptyState, withEntry, type PendingUpdate, type ResultMeta, type State} from './state.js';
import {abortError} from './abort-error.js';
import {Backoff} from './backoff.js';
import {retryDelay, retryOptions, type RetryOptions} from './retry-policy.js';
import {globalTimers, type Timers} from './timers.js';

/**
 * Options of {@link Controller}; polling and refetch on focus and reconnect are in {@link LiveOptions}.
 *
 * @example
 * ```ts
 * const controller = new Controller({dataExpiryLength: 30_000, gcPolicy: new GCPolicy({intervalMs: 60_000})});
 * ```
 */
export interface ControllerOptions extends LiveOptions {
  /** How long (ms) fetched data stays fresh before it goes stale. Default 60 000. */
  dataExpiryLength?: number;
  /** The clock, in ms; tests give a fake one. Default `Date.now`. */
  now?: () => number;
  /**
   * Garbage collection, opt-in: when unused data may be dropped by `gc()`,
   * and whether a timer sweeps on its own (`intervalMs`). Without a policy
   * nothing is dropped (and a bundle that never imports `GCPolicy` does not
   * carry the sweep). `new GCPolicy()` drops unused data twice its expiry
   * length old, when `gc()` is called.
   */
  gcPolicy?: GCPolicy;
  /**
   * A snapshot to start from (`controller.dehydrate()` of another
   * Controller, as the object or its JSON text): its data shows at once,
   * fresh until its `expiresAt`. A malformed or foreign snapshot is refused
   * with a {@link HydrateError} (reported, never thrown) and the Controller
   * starts empty.
   */
  initialState?: DehydratedState | string;
  /**
   * How failed GETs are tried again (see {@link RetryOptions}): by default
   * 3 retries from 1 s up to 30 s, with jitter, on no response, 408, 429 and
   * 5xx, honouring `Retry-After`. `false` never retries. Mutations are
   * retried only when their endpoint sets `retry`. Readers show the error
   * only when the tries are over.
   */
  retry?: RetryOptions | false;
  /**
   * How long (ms) a failed result stands before a reader tries it again
   * (on its next update or when a new reader shows it); `retry()` on a
   * reader does not wait. Default 1 000.
   */
  errorExpiryLength?: number;
  /**
   * Plugins attached when the Controller is built, in order, and detached by
   * `dispose()`: `new TabSync()` (confirmed writes shared with the other
   * tabs), `new Persistence({name})` (the confirmed state saved to IndexedDB).
   */
  plugins?: readonly ControllerPlugin[];
}

/**
 * Options of one call of {@link Controller.fetchWith}.
 *
 * @example
 * ```ts
 * const abort = new AbortController();
 * const options: FetchOptions = {signal: abort.signal};
 * const articles = controller.fetchWith(ArticleResource.getList, [{}], options);
 * abort.abort(); // articles rejects with an AbortError
 * ```
 */
export interface FetchOptions {
  /**
   * Cancels this call: its promise rejects with an `AbortError` (the signal's
   * reason when that is an AbortError or TimeoutError). The request itself is
   * aborted only when no other caller and no reader waits for it any more.
   */
  signal?: AbortSignal;
}

/**
 * What one `gc()` sweep dropped.
 *
 * @example
 * ```ts
 * const {results, entities}: GCReport = controller.gc();
 * console.log(`dropped ${results.length} results and ${entities} rows`);
 * ```
 */
export interface GCReport {
  /** Keys of the endpoint results dropped. */
  readonly results: readonly string[];
  /** How many entity rows were dropped. */
  readonly entities: number;
}


const NO_ROWS: RowKeys = new Map();
const NO_READS: readonly unknown[] = [];

/**
 * Owns the cache: normalized entities and their meta, endpoint results, and
 * the ordered list of pending optimistic updates. Fetches through endpoints,
 * writes responses all or nothing, and tells readers after each change.
 *
 * The state it exposes is the visible one: confirmed data with the pending
 * predictions replayed over it in request order.
 *
 * Every change is one commit (a settled fetch, an optimistic mutation, an
 * invalidation, a reset), recorded with what it changed. A reader registered
 * with {@link watch} is told only when a commit changed something its last
 * read depended on and what it shows changed; {@link subscribe} hears every
 * commit. Listeners never run inside `fetch()`: what a fetch changes when it
 * starts is told in a microtask, after it returned.
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
  /** The memo behind every read: identical data for an unchanged cache. */
  readonly memo = new MemoCache();
  private readonly dataExpiryLength: number;
  private readonly errorExpiryLength: number;
  private readonly retry: RetryOptions | false | undefined;
  private readonly timers: Timers;
  private readonly now: () => number;
  private base: State = emptyState();
  private visible: State = this.base;
  /** The rows the pending predictions wrote over the base: they may change back at the next commit. */
  private predicted: RowKeys = NO_ROWS;
  private commits = 0;
  private sequence = 0;
  private lastFetchedAt = -Infinity;
  private readonly requests = new RequestRegistry();
  private readonly requestListeners = new RequestListeners();
  private readonly origins = new ResultOrigins();
  private readonly notifier: Notifier;
  private readonly collector: GCTracker;
  private readonly stopGC: () => void;
  private readonly predictions: PredictionContext;
  private readonly live: LiveScheduling;
  private readonly detachers: (() => void)[] = [];

  constructor(options: ControllerOptions = {}) {
    this.dataExpiryLength = options.dataExpiryLength ?? 60_000;
    this.errorExpiryLength = options.errorExpiryLength ?? 1_000;
    this.retry = options.retry;
    this.timers = options.timers ?? globalTimers;
    this.now = options.now ?? Date.now;
    if (options.initialState !== undefined) this.startFrom(options.initialState);
    this.notifier = new Notifier({
      read: (endpoint, args, key) => this.read(this.visible, endpoint, args, key),
      poll: (endpoint, args, key) => this.live.retain(endpoint, args, key),
      unwatched: key => this.abandonIfUnwanted(key),
    });
    // Watched reads are retained through the notifier's own records: a watch adds nothing to the collector.
    this.collector = new GCTracker(options.gcPolicy, this.notifier);
    this.stopGC = options.gcPolicy?.schedule(() => this.sweepQuietly()) ?? (() => {});
    this.live = new LiveScheduling(options, {
      now: this.now,
      fetch: (endpoint, args) => this.request(endpoint as FetchableEndpoint, args, undefined, false),
      refetchStale: () => void this.refetchShown({onlyStale: true}),
    });
    this.predictions = {
      read: (state, endpoint, args) => this.read(state, endpoint, this.fullArgs(endpoint, args)).response,
      now: this.now,
      expiryLength: update => this.expiryLength(update.endpoint),
    };
    for (const plugin of options.plugins ?? []) {
      try {
        this.detachers.push(plugin.attach(this));
      } catch (error) {
        reportError(error, 'a Controller plugin could not start');
      }
    }
  }

  /** The visible state (confirmed data plus pending predictions). Immutable. */
  get state(): State {
    return this.visible;
  }

  /** How many listeners are registered: commit and request subscribers, and readers (for leak checks). */
  get listenerCount(): number {
    return this.notifier.subscriberCount + this.notifier.watcherCount + this.requestListeners.size;
  }

  /** How many distinct reads are retained (for leak checks); see {@link retain}. */
  get retainedCount(): number {
    return this.collector.retainedCount;
  }

  /** How many requests are in flight. */
  get requestCount(): number {
    return this.requests.size;
  }

  /**
   * The requests in flight, in the order they started, each with its
   * endpoint, arguments and the optimistic prediction it settles (for
   * tools such as `<data-devtools>`; follow changes with {@link subscribeRequests}).
   *
   * @example
   * ```ts
   * const keys = controller.requestsInFlight().map(request => request.key);
   * ```
   */
  requestsInFlight(): readonly RequestInFlight[] {
    const list: RequestInFlight[] = [];
    for (const {key, endpoint, args, fetchedAt, mutation, prediction} of this.requests.flights()) {
      list.push(prediction === undefined ? {key, endpoint, args, fetchedAt, mutation} : {key, endpoint, args, fetchedAt, mutation, prediction});
    }
    return list;
  }

  /**
   * Calls `listener` after requests started or settled (in a microtask,
   * once for the changes made before it; never inside `fetch()`). A settled
   * request's data comes with a commit, which {@link subscribe} hears;
   * this hears the start of a request, which changes no state. Returns the
   * unsubscribe function.
   *
   * @example
   * ```ts
   * const stop = controller.subscribeRequests(() => console.log(controller.requestCount, 'requests in flight'));
   * ```
   */
  subscribeRequests(listener: () => void): () => void {
    return this.requestListeners.subscribe(listener);
  }

  /**
   * The endpoint and arguments that last wrote (or failed) the result stored
   * under `key`, so that a tool showing results by key can refetch or
   * invalidate one. Undefined for a result restored from a snapshot.
   *
   * @example
   * ```ts
   * const origin = controller.resultOrigin(ArticleResource.get.key({id: '1'}));
   * if (origin) await controller.fetch(origin.endpoint as typeof ArticleResource.get, ...(origin.args as [{id: string}]));
   * ```
   */
  resultOrigin(key: string): ResultOrigin | undefined {
    return this.origins.get(key);
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
    const full = this.fullArgs(endpoint, args);
    const key = this.keyOf(endpoint, full);
    const release = this.collector.retain(endpoint, full, key);
    const stopPolling = this.live.retain(endpoint, full, key);
    return () => (release(), stopPolling?.());
  }

  /**
   * Follows a read: `listener` is called with the new response each time a
   * commit changed what the read shows (its data, expiry status, error or
   * request state), and only then. Readers of the same endpoint and args
   * share one read per commit. The read is retained from garbage collection
   * (and polled, when its endpoint has a pollFrequency) while the watch is open.
   * `args` is the argument list.
   *
   * @example
   * ```ts
   * const watch = controller.watch(ArticleResource.get, [{id: '1'}], response => render(response.data));
   * render(watch.response.data);
   * // later
   * watch.close();
   * ```
   */
  watch<E extends EndpointInterface>(
    endpoint: E,
    args: Readonly<EndpointArgs<E>>,
    listener: WatchListener<EndpointResult<E>>,
  ): Watch<EndpointResult<E>> {
    const full = this.fullArgs(endpoint, args);
    return this.notifier.watch(endpoint, full, this.keyOf(endpoint, full), listener);
  }

  /**
   * @internal {@link watch} for a caller that holds the full args (`normalizeArgs`
   * applied) and their key already: the reactive controllers compute the key on
   * every host update to tell whether the args changed, and a mount of many rows
   * should not compute it twice.
   */
  watchKeyed(endpoint: EndpointInterface, full: readonly unknown[], key: string, listener: WatchListener): Watch {
    return this.notifier.watch(endpoint, full, key, listener);
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
    const swept = this.collector.sweep(this.base, this.visible, this.now(), this.requests);
    if (!swept || (swept.results.length === 0 && swept.entities === 0)) return {results: [], entities: 0};
    this.origins.delete(swept.results);
    const changes = new ChangeSet();
    for (const key of swept.results) changes.result(key);
    changes.diffTables(this.base, swept.state);
    this.commit(swept.state, changes, 'gc');
    this.notifier.flush();
    return {results: swept.results, entities: swept.entities};
  }

  /**
   * Refetches the results that connected readers show (the reads they
   * retain), once each: every one, or with `{onlyStale: true}` only those
   * that are stale or invalid. Queries are skipped (they never fetch); a
   * failure lands on its result's `error`, as any fetch's does. Resolves
   * when every refetch settled. Live feeds call it after a reconnect, and
   * the Controller on focus and when the browser comes back online.
   *
   * @example
   * ```ts
   * window.addEventListener('online', () => controller.refetchShown({onlyStale: true}));
   * ```
   */
  refetchShown(options: {onlyStale?: boolean} = {}): Promise<void> {
    const started: Promise<unknown>[] = [];
    for (const {endpoint, args} of this.collector.reads()) {
      if (!canFetch(endpoint) || endpoint.sideEffect) continue;
      if (options.onlyStale && this.read(this.visible, endpoint, args).response.expiryStatus === 'valid') continue;
      started.push(this.request(endpoint, args, undefined, false).catch(() => undefined));
    }
    return Promise.all(started).then(() => undefined);
  }

  /**
   * Stops the GC timer (when the policy has `intervalMs`), polling, and the
   * plugins (tab sync, persistence). The Controller still works; call it
   * when the Controller is discarded.
   */
  dispose(): void {
    this.stopGC();
    this.live.dispose();
    for (const detach of this.detachers.splice(0)) {
      try {
        detach();
      } catch (error) {
        reportError(error, 'a Controller plugin could not stop');
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
   * Every request gets an `AbortSignal` (see `requestSignal`; RestEndpoint
   * passes it to `fetchResponse`). A call made here waits until the request
   * settles; to be able to give up, use {@link fetchWith} with a signal.
   *
   * @example
   * ```ts
   * const article = await controller.fetch(ArticleResource.get, {id: '1'});
   * ```
   */
  fetch<E extends FetchableEndpoint>(endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointResult<E>> {
    return this.request(endpoint, args, undefined, true) as Promise<EndpointResult<E>>;
  }

  /**
   * As {@link fetch}, with options: `signal` cancels this call. The call's
   * promise then rejects with an `AbortError` at once; the request is
   * aborted only when nobody else waits for it (no other caller, no reader
   * of its result). An aborted request leaves the cache as it was and sets
   * no error; an aborted mutation's prediction is rolled back. `args` is the
   * argument list, as in {@link watch}.
   *
   * @example
   * ```ts
   * const abort = new AbortController();
   * const search = controller.fetchWith(SearchResource.getList, [{q: 'lit'}], {signal: abort.signal});
   * input.addEventListener('input', () => abort.abort(), {once: true});
   * ```
   */
  fetchWith<E extends FetchableEndpoint>(endpoint: E, args: Readonly<EndpointArgs<E>>, options: FetchOptions = {}): Promise<EndpointResult<E>> {
    return this.request(endpoint, args, options.signal, true) as Promise<EndpointResult<E>>;
  }

  /**
   * The arguments of the page after the last one loaded into the list of
   * `endpoint` (a RestEndpoint with `paginationField`) with `args`, or
   * undefined when the list is not cached or has no more pages (its
   * `nextPage` says so). Fetch them with `endpoint.getNextPage`, or use
   * {@link fetchNextPage}. A fetch of the list itself starts again from
   * its first page.
   *
   * @example
   * ```ts
   * const hasMore = controller.nextPageArgs(ArticleResource.getList, {limit: 5}) !== undefined;
   * ```
   */
  nextPageArgs<E extends FetchableEndpoint>(endpoint: E, ...args: EndpointArgs<E>): EndpointArgs<E> | undefined {
    return nextPageArgs(this, endpoint, this.fullArgs(endpoint, args)) as EndpointArgs<E> | undefined;
  }

  /**
   * Loads the next page of the list of `endpoint` with `args` and adds it
   * to that list (see {@link nextPageArgs}); resolves with the whole list,
   * or undefined when there is no next page. Items already listed keep
   * their place and take the page's data. A page that fails rejects this
   * call only: the list, its readers and its error stay as they were. It is
   * a GET: retried like one, and `signal` cancels this call.
   *
   * @example
   * ```ts
   * await controller.fetchNextPage(ArticleResource.getList, {limit: 5});
   * ```
   */
  fetchNextPage<E extends FetchableEndpoint>(endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointResult<E> | undefined> {
    return this.fetchNextPageWith(endpoint, args);
  }

  /**
   * As {@link fetchNextPage}, with options: `signal` cancels this call.
   *
   * @example
   * ```ts
   * const abort = new AbortController();
   * controller.fetchNextPageWith(ArticleResource.getList, [{limit: 5}], {signal: abort.signal});
   * ```
   */
  fetchNextPageWith<E extends FetchableEndpoint>(endpoint: E, args: Readonly<EndpointArgs<E>>, options: FetchOptions = {}): Promise<EndpointResult<E> | undefined> {
    let next: unknown[] | undefined;
    try {
      next = nextPageArgs(this, endpoint, this.fullArgs(endpoint, args));
    } catch (error) {
      return Promise.reject(error);
    }
    if (next === undefined) return Promise.resolve(undefined);
    return this.request((endpoint as unknown as PaginatedEndpoint).getNextPage, next, options.signal, true) as Promise<EndpointResult<E>>;
  }

  /**
   * Starts or joins a request. `signal` is the caller's way to give up;
   * without one a caller that `holds` waits to the end, and one that does
   * not (a poll, a refetch of shown results) leaves the request to its
   * readers.
   */
  private request(endpoint: EndpointInterface, args: readonly unknown[], signal: AbortSignal | undefined, holds: boolean): Promise<unknown> {
    if (!canFetch(endpoint)) {
      return Promise.reject(
        new TypeError(
          `${(endpoint as EndpointInterface).name ?? 'This endpoint'} cannot be fetched: a Query only reads the cache. Use controller.get() or useCache() instead.`,
        ),
      );
    }
    let full: readonly unknown[];
    let key: string;
    try {
      full = this.fullArgs(endpoint, args);
      key = endpoint.key(...full);
    } catch (error) {
      return Promise.reject(error);
    }
    if (signal?.aborted) return Promise.reject(abortError(signal, key));
    const mutation = endpoint.sideEffect === true;
    if (!mutation) {
      const shared = this.requests.shared(key);
      if (shared) return this.join(shared, signal, holds);
    }

    const fetchedAt = this.triggerTime();
    let update: PendingUpdate | undefined;
    // Only mutations predict: a GET may carry a getOptimisticResponse for its push/unshift/assign.
    if (mutation && endpoint.getOptimisticResponse) {
      const candidate: PendingUpdate = {id: ++this.sequence, endpoint, args: full, fetchedAt};
      const changes = new ChangeSet();
      let next: State | typeof ABORTED;
      try {
        next = predict(this.visible, candidate, this.predictions, changes.row);
      } catch (error) {
        return Promise.reject(error);
      }
      // A prediction its author declined (AbortOptimistic) is not pending: nothing to replay, nothing to tell.
      if (next !== ABORTED) {
        update = candidate;
        const before = this.visible;
        this.visible = {...next, optimistic: [...before.optimistic, update]};
        changes.addRows(this.predicted);
        this.predicted = changes.rowKeys();
        this.notifier.queue(changes.finish(++this.commits, 'optimistic', before, this.visible, {before: this.base, after: this.base}));
        this.notifier.flushSoon();
      }
    }

    const flight = this.requests.start(
      update ? {key, endpoint, args: full, fetchedAt, mutation, prediction: update.id} : {key, endpoint, args: full, fetchedAt, mutation},
    );
    this.requestListeners.changed();
    flight.cancel = () => this.cancel(flight, mutation, update);
    const promise = this.join(flight, signal, holds);
    if (!mutation) {
      this.notifier.queueRequest(key);
      this.notifier.flushSoon();
    }
    this.attempt(endpoint, full, flight, mutation).then(
      value => {
        if (!this.settle(flight, mutation)) return;
        let result: unknown;
        try {
          // A next page resolves with its list as the list's readers see it (the identical object).
          const reader = endpoint.appendsTo?.(...full).endpoint ?? endpoint;
          result = this.valueOf(reader, this.receive(endpoint, full, key, value, fetchedAt, update), value);
        } catch (error) {
          this.fail(key, error, update, fetchedAt, endpoint, full);
          flight.reject(error);
          return;
        }
        flight.resolve(result);
      },
      error => {
        if (!this.settle(flight, mutation)) return;
        this.fail(key, error, update, fetchedAt, endpoint, full);
        flight.reject(error);
      },
    );
    return promise;
  }

  /**
   * Calls the endpoint's fetch under the request's signal, and again after a
   * backoff delay while the failure is one to retry (see {@link RetryOptions});
   * the wait ends early when the request is abandoned. A fetch may return a
   * plain value or a thenable: both are a response.
   */
  private attempt(endpoint: FetchableEndpoint, args: readonly unknown[], flight: Flight, mutation: boolean, retries = 0, backoff?: Backoff): Promise<unknown> {
    let request: Promise<unknown>;
    try {
      request = Promise.resolve(withRequestSignal(flight.signal, () => endpoint.fetch(...args)));
    } catch (error) {
      request = Promise.reject(error);
    }
    // Only a failure pays for the retry logic: the happy path is one more promise hop.
    return request.catch(error => {
      if (flight.settled) throw error;
      const options = retryOptions(this.retry, endpoint.retry, mutation);
      if (!options) throw error;
      const next = backoff ?? new Backoff(options);
      const delay = retryDelay(error, retries, options, () => next.next(), this.now());
      if (delay === undefined) throw error;
      return wait(this.timers, delay, flight.signal()).then(() => this.attempt(endpoint, args, flight, mutation, retries + 1, next));
    });
  }

  /**
   * A caller's promise of a request. Without a signal it is the request's
   * own promise (a caller that holds pins the request); with one, a promise
   * that rejects with an AbortError when the signal aborts before the
   * request settled, after which the request may be abandoned.
   */
  private join(flight: Flight, signal: AbortSignal | undefined, holds: boolean): Promise<unknown> {
    if (!signal) {
      if (holds) flight.pinned = true;
      return flight.promise;
    }
    flight.waiting++;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (flight.settled) return;
        flight.waiting--;
        reject(abortError(signal, flight.key));
        this.abandonIfUnwanted(flight.key, flight);
      };
      signal.addEventListener('abort', onAbort, {once: true});
      flight.promise.then(
        value => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        error => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /**
   * Aborts the requests for `key` (or only `flight`) that nobody waits for
   * any more: no caller without a signal, no caller whose signal is still
   * live, and, for a GET, no reader watching its result.
   */
  private abandonIfUnwanted(key: string, flight?: Flight): void {
    if (this.requests.size === 0) return;
    const flights = flight ? [flight] : this.requests.forKey(key);
    for (const each of flights) {
      if (each.settled || each.pinned || each.waiting > 0) continue;
      if (!each.mutation && this.notifier.hasKey(each.key)) continue;
      each.cancel?.();
    }
  }

  /**
   * Abandons a request: its signal aborts, whatever it still returns is
   * dropped, the cache and the result's error stay as they were, and a
   * mutation's prediction is rolled back.
   */
  private cancel(flight: Flight, mutation: boolean, update: PendingUpdate | undefined): void {
    flight.aborted = true;
    this.requests.settle(flight);
    this.requestListeners.changed();
    if (!mutation) this.notifier.queueRequest(flight.key);
    const error = abortError(undefined, flight.key);
    flight.abort(error);
    if (update) this.commit(this.base, new ChangeSet(), 'abort', update);
    this.notifier.flush();
    // Its callers with a signal were told already; a poll or a refetch of shown results still waits on it.
    flight.promise.catch(() => undefined);
    flight.reject(error);
  }

  /**
   * Marks a result invalid: it stays readable, but `useSuspense` fetches it
   * again before showing it.
   */
  invalidate<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): void {
    const key = this.keyOf(endpoint, this.fullArgs(endpoint, args));
    // A GET in flight was sent before the invalidation and may carry the data being
    // invalidated: the refetch the invalidation asks for is a new request, and a response
    // of a fetch triggered before the invalidation leaves the result invalid (`receive`).
    if (this.requests.has(key)) {
      this.requests.forget(key);
      this.notifier.queueRequest(key);
    }
    if (!endpoint.sideEffect) this.origins.note(key, endpoint, this.fullArgs(endpoint, args));
    const invalidatedAt = this.now();
    const meta = this.base.meta.get(key) ?? {fetchedAt: 0, date: 0, expiresAt: 0};
    if (!(meta.invalidated && meta.invalidatedAt === invalidatedAt)) {
      const changes = new ChangeSet();
      changes.result(key);
      // Asking for new data ends the standing of a previous failure: readers fetch at once.
      const errorExpiresAt = meta.error === undefined ? meta.errorExpiresAt : invalidatedAt;
      this.commit({...this.base, meta: withEntry(this.base.meta, key, {...meta, invalidated: true, invalidatedAt, errorExpiresAt})}, changes, 'invalidate');
    }
    this.notifier.flush();
  }

  /**
   * The cached value of an endpoint or Query with its freshness. Reads never
   * fetch; the data is identical while the cache holds the same content.
   */
  getResponse<E extends EndpointInterface>(endpoint: E, ...args: EndpointArgs<E>): ResponseState<EndpointResult<E>> {
    return this.read(this.visible, endpoint, this.fullArgs(endpoint, args)).response;
  }

  /**
   * Reads the cache only: a Query (with its `process`), or a schema such as
   * `schema.All(Todo)`, an Entity class with `{id}` args, or a Collection with
   * its args. Undefined when nothing is cached.
   */
  get<R extends Readable>(schemaOrQuery: R, ...args: ReadArgs<R>): ReadResult<R> | undefined {
    if (schemaOrQuery instanceof Query) return this.getResponse(schemaOrQuery as Query, ...args).data as ReadResult<R> | undefined;
    return this.memo.query<ReadResult<R>>(schemaOrQuery, args, this.visible.entities).data;
  }

  /**
   * A JSON-safe snapshot of the confirmed state: entity rows in the wire
   * form the server sent, endpoint results and their meta, with a format
   * version. Pending optimistic predictions, requests in flight and fetch
   * errors are left out. Another Controller starts from it with the
   * `initialState` option (or `<data-provider>`'s, or a
   * `<script type="application/json">` inside the provider).
   *
   * @example
   * ```ts
   * const server = new Controller();
   * await server.fetch(ArticleResource.getList);
   * const json = serializeForScript(server.dehydrate()); // into the page
   * const client = new Controller({initialState: JSON.parse(json)});
   * ```
   */
  dehydrate(): DehydratedState {
    return dehydrateState(this.base, this.now());
  }

  /**
   * Writes a snapshot (all of `dehydrate()`, or part of one) into the
   * confirmed state of this running Controller, keeping the order of
   * fetches: a row is written when the Entity's `useIncoming` accepts it
   * (for a table this Controller has not written yet: when it was fetched no
   * earlier than the row held), a result when its fetch was triggered after
   * the one held, an invalidation when it is newer than the data held.
   * Older data is disregarded, and a pending prediction stays over what is
   * written under it (dated under it, as a server push is). A list this
   * Controller grew with next pages keeps them: an incoming list adds to it
   * as an overlapping page does (new items first), and its result (the last
   * page's cursor) stays. One commit of cause `restore`; readers of what changed are told.
   * Fetches started afterwards are ordered after the snapshot's data.
   *
   * Tab sync and persistence write through it. A malformed or foreign
   * snapshot throws a {@link HydrateError} and nothing of it is written.
   *
   * @example
   * ```ts
   * const saved = localStorage.getItem('state');
   * if (saved) controller.merge(saved); // shown at once; newer fetches win
   * ```
   */
  merge(snapshot: DehydratedState | string): void {
    let hydrated: ReturnType<typeof hydrateState>;
    try {
      hydrated = hydrateState(snapshot);
    } catch (error) {
      if (error instanceof HydrateError) throw new HydrateError(error.path, error.reason, 'nothing of it was written');
      throw error;
    }
    const {state, lastFetchedAt} = hydrated;
    if (lastFetchedAt > this.lastFetchedAt) this.lastFetchedAt = lastFetchedAt;
    const changes = new ChangeSet();
    const pending = this.visible.optimistic;
    const predictedAt = new Set(pending.map(update => update.fetchedAt));
    const next = mergeState(this.base, state, {
      adapter: table => this.collector.adapter(table),
      row: changes.row,
      result: key => changes.result(key),
      // Each fetch has its own trigger time, so a row dated at a pending prediction's time is shown by it.
      predictedAt: (table, pk) => {
        if (predictedAt.size === 0) return undefined;
        const at = this.visible.entitiesMeta.get(table)?.get(pk)?.fetchedAt;
        return at !== undefined && predictedAt.has(at) ? at : undefined;
      },
    });
    if (next !== this.base) this.commit(next, changes, 'restore');
    this.notifier.flush();
  }

  /** A read-only view of the visible state now. */
  snapshot(): Snapshot {
    return new Snapshot(this.visible, this.predictions.read, this.now());
  }

  /**
   * Calls `listener` after each commit, with the {@link Commit} (what it
   * changed and the state after it). Returns the unsubscribe function.
   * Readers should prefer {@link watch}, which is told only of the commits
   * that concern them.
   */
  subscribe(listener: CommitListener): () => void {
    return this.notifier.subscribe(listener);
  }

  /** Writes a response as if fetched now (for tests and server rendering). */
  setResponse<E extends EndpointInterface>(endpoint: E, ...argsAndResponse: ArgsThen<EndpointArgs<E>, unknown>): void {
    const response = argsAndResponse[argsAndResponse.length - 1];
    const full = this.fullArgs(endpoint, argsAndResponse.slice(0, -1));
    this.receive(endpoint, full, endpoint.key(...full), response, this.now(), undefined);
  }

  /**
   * Writes data the server pushed (a live feed's message): only its
   * entities, through `useIncoming`, like any write; no result is stored
   * when `endpoint.sideEffect` is true. It goes under the pending optimistic
   * predictions, which stay visible over it (see `pushFetchedAt`).
   *
   * @example
   * ```ts
   * const pushed = {key: () => 'live article', schema: Article, sideEffect: true};
   * controller.setPushed(pushed, {id: '1', title: 'Edited elsewhere'});
   * ```
   */
  setPushed(endpoint: EndpointInterface, ...argsAndData: readonly unknown[]): void {
    const data = argsAndData[argsAndData.length - 1];
    const full = this.fullArgs(endpoint, argsAndData.slice(0, -1));
    const now = this.now();
    const fetchedAt = this.visible.optimistic.length ? pushFetchedAt(this.visible, normalize(endpoint.schema, data, full), now) : now;
    this.receive(endpoint, full, endpoint.key(...full), data, fetchedAt, undefined);
  }

  /** Records a failed fetch for a result (for tests and server rendering); the data is kept. */
  setError<E extends EndpointInterface>(endpoint: E, ...argsAndError: ArgsThen<EndpointArgs<E>, unknown>): void {
    const error = argsAndError[argsAndError.length - 1];
    const full = this.fullArgs(endpoint, argsAndError.slice(0, -1));
    this.fail(endpoint.key(...full), error, undefined, this.now(), endpoint, full);
  }

  /**
   * Empties the cache and drops every pending prediction. Requests in flight
   * reject with {@link ResetError} and their late responses are ignored.
   */
  resetEntireStore(): void {
    if (this.requests.size > 0) this.requestListeners.changed();
    this.requests.reset();
    this.collector.clear();
    this.origins.clear();
    const before = this.visible;
    this.base = emptyState();
    this.visible = this.base;
    this.predicted = NO_ROWS;
    const changes = new ChangeSet();
    changes.all();
    this.notifier.queue(changes.finish(++this.commits, 'reset', before, this.visible));
    this.notifier.flush();
  }

  // --- internals -------------------------------------------------------------

  /** Installs a snapshot as the confirmed state, or reports why it was refused and stays empty. */
  private startFrom(snapshot: DehydratedState | string): void {
    let hydrated;
    try {
      hydrated = hydrateState(snapshot);
    } catch (error) {
      reportError(error, 'the initial state was refused');
      return;
    }
    this.base = this.visible = hydrated.state;
    // Fetches from here on are ordered after the snapshot's data, whatever this clock says.
    this.lastFetchedAt = hydrated.lastFetchedAt;
  }

  /**
   * The trigger time of a new fetch: the clock, but strictly increasing, so
   * two fetches in one millisecond are still ordered (by `useIncoming`, and by
   * an `updatedAt` sent from `snap.fetchedAt`).
   */
  private triggerTime(): number {
    const now = this.now();
    this.lastFetchedAt = now > this.lastFetchedAt ? now : this.lastFetchedAt + 1;
    return this.lastFetchedAt;
  }

  private fullArgs(endpoint: EndpointInterface, args: readonly unknown[]): readonly unknown[] {
    return endpoint.normalizeArgs ? endpoint.normalizeArgs(args) : args;
  }

  /**
   * The key of a read. A Query reuses the key of its last args when the new
   * ones are shallowly equal (a render passes equal args in a new object):
   * building the key is most of a warm read.
   */
  private keyOf(endpoint: EndpointInterface, args: readonly unknown[]): string {
    return endpoint instanceof Query ? endpoint.keyOf(args) : endpoint.key(...args);
  }

  private expiryLength(endpoint: EndpointInterface): number {
    return endpoint.dataExpiryLength ?? this.dataExpiryLength;
  }

  /**
   * Removes a settled request; for a GET, its readers hear that it is no
   * longer in flight (with the commit that follows). False when a reset
   * came in between: the response is dropped.
   */
  private settle(flight: Flight, mutation: boolean): boolean {
    if (!this.requests.settle(flight)) return false;
    this.requestListeners.changed();
    if (!mutation) this.notifier.queueRequest(flight.key);
    return true;
  }

  /** Stores a response (all or nothing), confirms its prediction, tells the readers, and returns the normalized result. */
  private receive(
    endpoint: EndpointInterface,
    args: readonly unknown[],
    key: string,
    value: unknown,
    fetchedAt: number,
    update: PendingUpdate | undefined,
  ): unknown {
    const normalized = normalize(endpoint.schema, value, args); // throws before anything is written
    // A next page is stored into the list it continues; its origin (this endpoint, these args) says which page was last.
    const into = endpoint.appendsTo?.(...args);
    if (into) key = into.endpoint.key(...into.args);
    const now = this.now();
    const expiresAt = now + this.expiryLength(endpoint);
    const changes = new ChangeSet();
    // One meta for the rows and the result of a response.
    const times: ResultMeta = {fetchedAt, date: now, expiresAt};
    const store = mergeResponse(this.base, normalized, times, changes.row);
    let {endpoints, meta} = this.base;
    let stored = false;
    if (!endpoint.sideEffect) {
      const previous = endpoints.get(key);
      const previousMeta = meta.get(key);
      // A late response from an older fetch does not replace a newer result.
      if (!previousMeta || fetchedAt >= previousMeta.fetchedAt) {
        stored = true;
        if (previous === undefined || !jsonEqual(previous, normalized.result)) {
          endpoints = withEntry(endpoints, key, normalized.result);
        }
        const stillInvalid = previousMeta?.invalidated && fetchedAt < (previousMeta.invalidatedAt ?? -Infinity);
        const written: ResultMeta = stillInvalid ? {...times, invalidated: true, invalidatedAt: previousMeta.invalidatedAt!} : times;
        const items = into ? pageItems(normalized) : undefined;
        meta = withEntry(meta, key, items !== undefined ? {...written, grown: true, page: {args, items}} : written);
        changes.result(key);
        this.origins.note(key, endpoint, args);
      }
    }
    this.collector.wrote(stored ? key : undefined, (into?.endpoint ?? endpoint).schema, normalized);
    this.commit({...this.base, entities: store.entities, entitiesMeta: store.entitiesMeta, endpoints, meta}, changes, 'receive', update);
    this.notifier.flush();
    return normalized.result;
  }

  /** What a fetch resolves with: the response denormalized from the cache (the raw value when it cannot be). */
  private valueOf(endpoint: EndpointInterface, result: unknown, raw: unknown): unknown {
    if (endpoint.schema === undefined) return raw;
    const built = this.memo.denormalize(endpoint.schema, result, this.visible.entities);
    return built.invalid || built.data === undefined ? raw : built.data;
  }

  /** Rolls back a failed fetch's prediction, records the error on its result, and tells the readers. */
  private fail(
    key: string,
    error: unknown,
    update: PendingUpdate | undefined,
    fetchedAt: number,
    endpoint: EndpointInterface,
    args: readonly unknown[],
  ): void {
    // A mutation's error is kept under its key like a read's; refetching it from a tool would send the write again.
    if (!endpoint.sideEffect) this.origins.note(key, endpoint, args);
    const previous = this.base.meta.get(key);
    const now = this.now();
    // A result that only holds an error is dated by its fetch's trigger time, as data would be.
    const errorExpiresAt = now + (endpoint.errorExpiryLength ?? this.errorExpiryLength);
    const meta: ResultMeta = previous ? {...previous, error, errorExpiresAt} : {fetchedAt, date: now, expiresAt: 0, error, errorExpiresAt};
    const changes = new ChangeSet();
    changes.result(key);
    this.commit({...this.base, meta: withEntry(this.base.meta, key, meta)}, changes, 'error', update);
    this.notifier.flush();
  }

  /**
   * Installs a new confirmed state, retires a settled prediction, rebuilds
   * the visible state, and queues the commit. The rows the predictions wrote
   * before and after are part of what may have changed.
   */
  private commit(base: State, changes: ChangeSet, cause: CommitCause, settled?: PendingUpdate): void {
    const before = this.visible;
    const confirmedBefore = this.base;
    const pending = settled ? before.optimistic.filter(u => u !== settled) : before.optimistic;
    this.base = {...keepShownRows(base, before, this.predicted), optimistic: []};
    changes.addRows(this.predicted);
    if (pending.length > 0) {
      const replayed = new ChangeSet();
      this.visible = replayPredictions(this.base, pending, this.predictions, replayed.row);
      this.predicted = replayed.rowKeys();
      changes.addRows(this.predicted);
    } else {
      this.visible = this.base;
      this.predicted = NO_ROWS;
    }
    this.notifier.queue(changes.finish(++this.commits, cause, before, this.visible, {before: confirmedBefore, after: this.base}));
  }

  /** The timer's sweep: an error must not escape into the event loop. */
  private sweepQuietly(): void {
    try {
      this.gc();
    } catch (error) {
      reportError(error);
    }
  }

  /** Reads an endpoint or Query from a given state (the visible one, or a snapshot's), with what the read depended on. */
  private read(state: State, endpoint: EndpointInterface, args: readonly unknown[], key = this.keyOf(endpoint, args)): ReadOutcome {
    const query = endpoint instanceof Query ? endpoint : undefined;
    // The key is looked up even for a Query: `invalidate` and `setError` may have stored meta under it.
    const input = state.endpoints.get(key);
    // The meta of the same state as the data: a Snapshot kept across a change must not
    // mix its old data with the current invalidation, error and expiry.
    const meta = state.meta.get(key);
    const built =
      input !== undefined
        ? this.memo.denormalize(endpoint.schema, input, state.entities)
        : this.memo.query(endpoint.schema, args, state.entities);
    let data = built.data;
    if (query) data = query.compute(data as never, args as never[], key);
    let expiryStatus: ExpiryStatus;
    // An entity read by pk with no result of its own (cached by a list): its row's expiry counts.
    let expiresAt = meta?.expiresAt ?? (input === undefined && data !== undefined ? rowExpiry(state, endpoint.schema, args) : 0);
    if (built.invalid || meta?.invalidated) expiryStatus = 'invalid';
    else if (data === undefined) expiryStatus = query ? 'valid' : 'invalid';
    else if (query) {
      expiryStatus = 'valid';
      expiresAt = Infinity;
    } else expiryStatus = this.now() > expiresAt ? 'stale' : 'valid';
    const fetching = state === this.visible && !query && this.requests.has(key);
    let response: ResponseState = {data, expiryStatus, expiresAt};
    if (meta?.error !== undefined) {
      response = {...response, error: meta.error};
      if (this.now() >= (meta.errorExpiresAt ?? 0)) response = {...response, errorExpired: true};
    }
    if (fetching) response = {...response, fetching};
    return {response, reads: built.reads ?? NO_READS};
  }
}

/**
 * The confirmed state, with each row that a prediction showed and that the
 * confirmation wrote equal to it taken as the row shown: a server that agrees
 * with a prediction gives readers the identical object, so nothing renders again.
 */
function keepShownRows(base: State, shown: State, predicted: RowKeys): State {
  let entities: MapDraft<EntityTable> | undefined;
  for (const [table, pks] of predicted) {
    const rows = base.entities.get(table);
    const shownRows = shown.entities.get(table);
    if (!rows || !shownRows || rows === shownRows) continue;
    let kept: MapDraft<unknown> | undefined;
    for (const pk of pks) {
      const row = rows.get(pk);
      const shownRow = shownRows.get(pk);
      if (row === shownRow || row === undefined || shownRow === undefined || row === INVALID || shownRow === INVALID) continue;
      if (!jsonEqual(row, shownRow)) continue;
      (kept ??= draftOf(rows)).set(pk, shownRow);
    }
    if (kept) (entities ??= draftOf(base.entities)).set(table, kept.finish());
  }
  return entities ? {...base, entities: entities.finish()} : base;
}

/** The expiry of the row an Entity schema reads by pk from `args`, or 0 when unknown. */
function rowExpiry(state: State, schema: unknown, args: readonly unknown[]): number {
  const first = args[0];
  if (!isEntityClass(schema) || first === null || typeof first !== 'object') return 0;
  const pk = schema.pk(first);
  return pk === undefined ? 0 : (state.entitiesMeta.get(schema.key)?.get(pk)?.expiresAt ?? 0);
}

/** Resolves after `ms` on the Controller's timers; rejects (and clears the timer) when `signal` aborts first. */
function wait(timers: Timers, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      timers.clearTimeout(handle);
      reject(signal.reason);
    };
    const handle = timers.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, {once: true});
  });
}
