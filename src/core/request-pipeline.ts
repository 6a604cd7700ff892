import {canFetch, withRequestSignal, type EndpointInterface, type FetchableEndpoint} from '../endpoint/index.js';
import {DEV_MODE} from '../dev/index.js';
import {abortError} from './abort-error.js';
import {Backoff} from './backoff.js';
import {ChangeSet} from './change-set.js';
import type {WriteSender} from './held-writes.js';
import {RequestListeners} from './request-listeners.js';
import {RequestRegistry, type Flight} from './request-registry.js';
import {retryDelay, retryOptions, type RetryOptions} from './retry-policy.js';
import {fullArgs, type Store} from './store.js';
import type {PendingUpdate} from './state.js';
import type {Timers} from './timers.js';
import {unfetchableError} from './unfetchable-error.js';

/**
 * How a caller waits for a request: `signal` lets it give up; a caller
 * that `holds` without a signal waits to the end, and one that does not (a
 * poll, a refetch of shown results) leaves the request to its readers.
 */
export interface RequestCall {
  readonly signal?: AbortSignal;
  readonly holds: boolean;
  /** `false`: this write fails rather than wait while offline (see `WriteHold`). */
  readonly queueOffline?: boolean;
}

/**
 * The life of every request: issue, share a GET in flight, predict a
 * mutation, try again after a backoff, abort when nobody waits any more,
 * and settle into the store. One per Controller.
 *
 * @example
 * ```ts
 * const pipeline = new RequestPipeline(store, registry, {timers: globalTimers, retry: undefined});
 * const article = await pipeline.request(ArticleResource.get, [{id: '1'}], {holds: true});
 * ```
 */
export class RequestPipeline {
  readonly listeners = new RequestListeners();
  /** Set by the offline writes part (see `holdWrites`); without it a write is sent at once and fails as it fails. */
  writeHold: WriteSender | undefined = undefined;

  constructor(
    private readonly store: Store,
    readonly registry: RequestRegistry,
    private readonly options: {readonly timers: Timers; readonly retry: RetryOptions | false | undefined},
  ) {}

  /** Starts or joins a request; rejects (never throws) on bad input. */
  request(endpoint: EndpointInterface, args: readonly unknown[], call: RequestCall): Promise<unknown> {
    const {store, registry} = this;
    let mutation: boolean;
    let full: readonly unknown[];
    let key: string;
    let fetchedAt: number;
    let update: PendingUpdate | undefined;
    try {
      // Refuses what is not an endpoint, naming it.
      full = fullArgs(endpoint, args);
      key = endpoint.key(...full);
      mutation = endpoint.sideEffect === true;
      if (!canFetch(endpoint)) throw unfetchableError(endpoint);
      if (call.signal?.aborted) throw abortError(call.signal, key);
      const shared = mutation ? undefined : registry.shared(key);
      if (shared) return this.join(shared, call);
      fetchedAt = store.triggerTime();
      // Only mutations predict: a GET may carry a getOptimisticResponse for its push/unshift/assign.
      if (mutation && endpoint.getOptimisticResponse) update = store.predict(endpoint, full, fetchedAt);
    } catch (error) {
      return Promise.reject(error);
    }

    const flight = registry.start({key, endpoint, args: full, fetchedAt, mutation, ...(update && {prediction: update.id})});
    this.listeners.changed();
    flight.cancel = () => this.cancel(flight, mutation, update);
    const promise = this.join(flight, call);
    if (!mutation) {
      store.notifier.queueRequest(key);
      store.notifier.flushSoon();
    }
    let sentAt = fetchedAt;
    const sent =
      mutation && this.writeHold
        ? this.writeHold.send({
            store,
            endpoint,
            args: full,
            flight,
            update,
            call,
            attempt: () => this.attempt(endpoint, full, flight, true),
            sentAt: at => (sentAt = at),
          })
        : this.attempt(endpoint, full, flight, mutation);
    sent.then(
      value => {
        if (!this.settle(flight, mutation)) return;
        let result: unknown;
        try {
          // Nothing to keep: its readers would find nothing cached and fetch again, without end.
          if (value === undefined && !mutation) throw undefinedResponse(endpoint.name ?? key);
          // A next page resolves with its list as the list's readers see it (the identical object).
          const reader = endpoint.appendsTo?.(...full).endpoint ?? endpoint;
          result = store.valueOf(reader, store.receive(endpoint, full, key, value, sentAt, update), value);
        } catch (error) {
          store.fail(key, error, update, sentAt, endpoint, full);
          flight.reject(error);
          return;
        }
        flight.resolve(result);
      },
      error => {
        if (!this.settle(flight, mutation)) return;
        store.fail(key, error, update, sentAt, endpoint, full);
        flight.reject(error);
      },
    );
    return promise;
  }

  /**
   * Aborts the requests for `key` (or only `flight`) that nobody waits for
   * any more: no caller without a signal, no caller whose signal is still
   * live, and, for a GET, no reader watching its result.
   */
  abandonIfUnwanted(key: string, flight?: Flight): void {
    if (this.registry.size === 0) return;
    const flights = flight ? [flight] : this.registry.forKey(key);
    for (const each of flights) {
      if (each.settled || each.pinned || each.waiting > 0) continue;
      if (!each.mutation && this.store.notifier.hasKey(each.key)) continue;
      each.cancel?.();
    }
  }

  /** Rejects every request in flight with a ResetError; their late responses are dropped. */
  reset(): void {
    if (this.registry.size > 0) this.listeners.changed();
    this.registry.reset();
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
      const options = retryOptions(this.options.retry, endpoint.retry, mutation);
      if (!options) throw error;
      const next = backoff ?? new Backoff(options);
      const delay = retryDelay(error, retries, options, () => next.next(), this.store.now());
      if (delay === undefined) throw error;
      return wait(this.options.timers, delay, flight.signal()).then(() => this.attempt(endpoint, args, flight, mutation, retries + 1, next));
    });
  }

  /**
   * A caller's promise of a request. Without a signal it is the request's
   * own promise (a caller that holds pins the request); with one, a promise
   * that rejects with an AbortError when the signal aborts before the
   * request settled, after which the request may be abandoned.
   */
  private join(flight: Flight, {signal, holds}: RequestCall): Promise<unknown> {
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
      const done = () => signal.removeEventListener('abort', onAbort);
      flight.promise.then(
        value => (done(), resolve(value)),
        error => (done(), reject(error)),
      );
    });
  }

  /**
   * Removes a settled request; for a GET, its readers hear that it is no
   * longer in flight (with the commit that follows). False when a reset
   * came in between: the response is dropped.
   */
  private settle(flight: Flight, mutation: boolean): boolean {
    if (!this.registry.settle(flight)) return false;
    this.listeners.changed();
    if (!mutation) this.store.notifier.queueRequest(flight.key);
    return true;
  }

  /**
   * Abandons a request: its signal aborts, whatever it still returns is
   * dropped, the cache and the result's error stay as they were, and a
   * mutation's prediction is rolled back.
   */
  private cancel(flight: Flight, mutation: boolean, update: PendingUpdate | undefined): void {
    const {store} = this;
    // Not settled yet (a settled request is never abandoned): removed as one that settles,
    // then marked aborted, so that what the request still returns is dropped.
    this.settle(flight, mutation);
    flight.aborted = true;
    const error = abortError(undefined, flight.key);
    flight.abort(error);
    if (update) store.commit(store.base, new ChangeSet(), 'abort', update);
    store.notifier.flush();
    // Its callers with a signal were told already; a poll or a refetch of shown results still waits on it.
    flight.promise.catch(() => undefined);
    flight.reject(error);
  }
}

/**
 * Resolves after `ms` on the Controller's timers; rejects (and clears the
 * timer) when `signal` aborts first. The timer is a caller's wait for its
 * answer, so in Node it keeps the process alive (`keepAlive`).
 */
function wait(timers: Timers, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      timers.clearTimeout(handle);
      reject(signal.reason);
    };
    const handle = timers.setTimeout(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      ms,
      {keepAlive: true},
    );
    signal.addEventListener('abort', onAbort, {once: true});
  });
}

/** The error of a read whose response is `undefined` (a `process` that returns nothing, most often). */
function undefinedResponse(name: string): TypeError {
  return new TypeError(`${name}: the response is undefined${DEV_MODE ? ': does its process (or fetch) return the value? Nothing would be cached, and its readers would fetch it again and again.' : ''}`);
}
