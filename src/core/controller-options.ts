import type {ControllerPlugin} from './controller-plugin.js';
import type {GCPolicy} from './gc-policy.js';
import type {RetryOptions} from './retry-policy.js';
import type {Timers} from './timers.js';

/**
 * Options of {@link Controller}. Features beyond fetching, caching and
 * retrying are parts given in `plugins` (refresh, persistence, tab sync) or
 * functions over a Controller (pagination, snapshots).
 *
 * @example
 * ```ts
 * const controller = new Controller({dataExpiryLength: 30_000, retry: {retries: 2}, gcPolicy: new GCPolicy({intervalMs: 60_000})});
 * ```
 */
export interface ControllerOptions {
  /** How long (ms) fetched data stays fresh before it goes stale. Default 60 000. */
  dataExpiryLength?: number;
  /** The clock, in ms; tests give a fake one. Default `Date.now`. */
  now?: () => number;
  /** The timers retries wait on (and parts such as polling schedule on); tests give a fake clock's. Default: the global ones. */
  timers?: Timers;
  /**
   * Garbage collection, opt-in: when unused data may be dropped by `gc()`,
   * and whether a timer sweeps on its own (`intervalMs`). Without a policy
   * nothing is dropped (and a bundle that never imports `GCPolicy` does not
   * carry the sweep). `new GCPolicy()` drops unused data twice its expiry
   * length old, when `gc()` is called.
   */
  gcPolicy?: GCPolicy;
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
   * Parts attached when the Controller is built, in order, and detached by
   * `dispose()`: `new Refresh()` (polling, refetch on focus and reconnect),
   * `new TabSync()` (confirmed writes shared with the other tabs),
   * `new Persistence({name})` (the confirmed state saved to IndexedDB).
   */
  plugins?: readonly ControllerPlugin[];
}

/**
 * Options of one call of {@link Controller.fetch}, given before the endpoint.
 *
 * @example
 * ```ts
 * const abort = new AbortController();
 * const options: FetchOptions = {signal: abort.signal};
 * const articles = controller.fetch(options, ArticleResource.getList);
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
  /**
   * `false`: this write fails at once when there is no connection, rather
   * than wait for it (a payment, say). Only matters with the offline writes
   * part (`lit-data-elements/offline`), which holds writes by default.
   */
  queueOffline?: false;
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
