import type {EndpointArgs, EndpointResult, FetchableEndpoint} from './endpoint-types.js';
import type {RetryOptions} from './retry-options.js';

/**
 * What `getOptimisticResponse` receives: a read-only view of the cache as it
 * will be when the prediction is applied (confirmed data plus the earlier
 * pending predictions), and the time the fetch was triggered.
 *
 * @example
 * ```ts
 * getOptimisticResponse(snap) {
 *   const {data} = snap.getResponse(getCount);
 *   if (!data) throw snap.abort;
 *   return {id: 'count', count: data.count + 1, updatedAt: snap.fetchedAt};
 * }
 * ```
 */
export interface SnapshotInterface {
  /** The cached value of an endpoint; `data` is undefined when nothing is cached. */
  getResponse<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): {data: EndpointResult<E> | undefined; expiryStatus: ExpiryStatus; expiresAt: number};
  /** Client time in ms at which the fetch was triggered (what a request may send as `updatedAt`). */
  readonly fetchedAt: number;
  /** Throw this to apply no prediction and let the fetch go ahead. */
  readonly abort: Error;
}

/**
 * `valid`: fresh; `stale`: past its expiry, shown while refetched; `invalid`: must be fetched before it is shown.
 *
 * @example
 * ```ts
 * const {data, expiryStatus} = controller.getResponse(ArticleResource.get, {id: 1});
 * if (expiryStatus !== 'valid') void controller.fetch(ArticleResource.get, {id: 1});
 * ```
 */
export type ExpiryStatus = 'valid' | 'stale' | 'invalid';

/**
 * The interface every fetchable (or readable) thing implements. `RestEndpoint`
 * is one; a `Query` is one without `fetch`. Anything with a `key` and a `fetch`
 * can be given to the Controller.
 *
 * @example
 * ```ts
 * const getTime: EndpointInterface = {
 *   key: () => 'time',
 *   fetch: async () => ({now: Date.now()}),
 * };
 * await controller.fetch(getTime);
 * ```
 */
export interface EndpointInterface {
  /** A string that identifies the result of `args`; equal args give equal keys. */
  key(...args: any[]): string;
  /** How the response is normalized; undefined stores it as it is. */
  readonly schema?: unknown;
  /** Performs the request and resolves with the processed response. Absent on a Query. */
  fetch?(...args: any[]): Promise<unknown>;
  /** True for mutations: they are never deduplicated and their result is not cached under a key to read. */
  readonly sideEffect?: boolean;
  /** For logs and error messages. */
  readonly name?: string;
  /** How long (ms) a result stays fresh; the Controller's default otherwise. */
  readonly dataExpiryLength?: number;
  /**
   * While a connected reader shows a result of this endpoint, the Controller
   * refetches it every `pollFrequency` ms (one timer per result; the
   * shortest frequency among its readers wins; paused while the page is hidden).
   */
  readonly pollFrequency?: number;
  /**
   * How failed requests of this endpoint are tried again, over the
   * Controller's `retry`; `false` never retries. A mutation is retried only
   * when its endpoint sets this.
   */
  readonly retry?: RetryOptions | false;
  /**
   * `false`: a write of this endpoint fails at once when there is no
   * connection, rather than wait for it (with the offline writes part,
   * `lit-data-elements/offline`, which holds writes by default).
   */
  readonly queueOffline?: false;
  /** How long (ms) a failure stands before a reader may try again; the Controller's default otherwise. */
  readonly errorExpiryLength?: number;
  /** A prediction of the response, applied at once and replaced by the real one. Must be pure. */
  getOptimisticResponse?(snap: SnapshotInterface, ...args: any[]): unknown;
  /**
   * Puts a call's arguments in their full form before anything else sees them
   * (RestEndpoint turns `(body)` into `({}, body)`), so keys, predictions and
   * list filters all read the same shape.
   */
  normalizeArgs?(args: readonly unknown[]): unknown[];
  /**
   * For an endpoint that loads a next page: the result its response is
   * stored into (the list it continues: that endpoint, those arguments),
   * instead of a result of its own. The request itself stays under `key`:
   * it is shared only with the same page, and its failure or abort is its
   * caller's alone, so the list keeps what it shows.
   */
  appendsTo?(...args: any[]): {readonly endpoint: EndpointInterface; readonly args: readonly unknown[]};
  /** Derives the value handed out from the denormalized data (Query). */
  readonly process?: (...args: any[]) => unknown;
}

/** Whether an endpoint can fetch (a Query cannot). */
export function canFetch(endpoint: EndpointInterface): endpoint is FetchableEndpoint {
  return typeof endpoint.fetch === 'function';
}
