import type {ResponseState} from '../core/index.js';
import type {ReadStatus} from './endpoint-reader.js';

/**
 * What a fetching reader shows: its value, status and error, and whether
 * the value is the previous args' one (kept by `keepPrevious`).
 */
export interface ShownRead<T> {
  value: T | undefined;
  status: ReadStatus;
  error: unknown;
  previous: boolean;
}

/**
 * When a fetching reader (`useSuspense`, `useFetch`, `suspenseSignal`)
 * fetches, and what it shows meanwhile. It fetches when the cache has
 * nothing valid to show and revalidates stale data in the background; each
 * fetch is started once per state of the result, so a failure does not loop:
 * it shows `error` (after the Controller's retries) until `retry()`, or until
 * the error expired (`errorExpiryLength`) and the reader reads again.
 *
 * @example
 * ```ts
 * const policy = new FetchPolicy<Article>();
 * if (policy.decide(response, key, false, true, shown)) controller.fetch(endpoint, ...args);
 * ```
 */
export class FetchPolicy<T> {
  /**
   * The state of the result for which the last fetch was started: its key (undefined when
   * none counts any more), expiry time and expiry status. Kept as fields, not one string: a
   * decision is made at every commit that concerns the reader, and for every row of a list.
   */
  private attemptKey: string | undefined;
  private attemptExpiresAt = 0;
  private attemptStatus: ResponseState['expiryStatus'] | undefined;
  /** The error the result held when the last fetch was started: a new failure allows a new attempt, once it expired. */
  private lastError: unknown;
  private forceRetry = false;
  /** The key of the last value shown complete (undefined before one was), and that value (for keepPrevious). */
  private shownKey: string | undefined;
  private shownValue: T | undefined;

  /** The next decision fetches again, also after a failure, without waiting for the error to expire. */
  retry(): void {
    this.attemptKey = undefined;
    this.forceRetry = true;
  }

  /** Forgets the attempts made (the reader now reads from another Controller). */
  forget(): void {
    this.attemptKey = undefined;
  }

  /**
   * Sets what `into` shows for `response`, the result of the read `key`, and
   * returns whether to start a fetch now; the attempt is then recorded, so the
   * same state of the result is not fetched twice. With `mayFetch` false (a
   * server render, a read nothing follows) it decides what to show only.
   */
  decide(response: ResponseState, key: string, keepPrevious: boolean, mayFetch: boolean, into: ShownRead<T>): boolean {
    into.previous = false;
    const showable = response.data !== undefined && response.expiryStatus !== 'invalid';
    // A failure stands until its errorExpiryLength passed (or retry() was called): no new request before.
    const errorStands = response.error !== undefined && !response.errorExpired && !this.forceRetry;
    const tried =
      this.attemptKey === key && this.attemptExpiresAt === response.expiresAt && this.attemptStatus === response.expiryStatus && this.lastError === response.error;
    this.forceRetry = false;
    if (showable) {
      into.value = response.data as T;
      into.status = 'complete';
      into.error = undefined;
      this.shownKey = key;
      this.shownValue = into.value;
      return response.expiryStatus === 'stale' && !response.fetching && !errorStands && !tried && this.attempt(mayFetch, key, response);
    }
    if (response.fetching) {
      this.waitFor(key, keepPrevious, into);
      return false;
    }
    if (errorStands || (tried && response.error !== undefined)) {
      into.status = 'error';
      into.error = response.error;
      return false;
    }
    into.value = response.data as T | undefined;
    this.waitFor(key, keepPrevious, into);
    return !tried && this.attempt(mayFetch, key, response);
  }

  private attempt(mayFetch: boolean, key: string, response: ResponseState): boolean {
    if (!mayFetch) return false;
    this.attemptKey = key;
    this.attemptExpiresAt = response.expiresAt;
    this.attemptStatus = response.expiryStatus;
    this.lastError = response.error;
    return true;
  }

  /** Pending for `key`; with keepPrevious, the value shown for other args stays, complete and marked previous. */
  private waitFor(key: string, keepPrevious: boolean, into: ShownRead<T>): void {
    into.error = undefined;
    if (keepPrevious && this.shownKey !== undefined && this.shownKey !== key) {
      into.value = this.shownValue;
      into.status = 'complete';
      into.previous = true;
      return;
    }
    into.status = 'pending';
  }
}
