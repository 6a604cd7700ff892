import type {Controller, ResponseState} from '../core/index.js';
import type {EndpointInterface, FetchableEndpoint} from '../endpoint/index.js';
import {EndpointReader} from './endpoint-reader.js';

/**
 * An EndpointReader that fetches when the cache has nothing valid to show and
 * revalidates stale data in the background. Everything it shows comes from
 * the response the Controller gives (its data, error and whether a request is
 * in flight), so it evaluates once per commit that concerns it. Each fetch is
 * started once per state of the result, so a failure does not loop: it shows
 * `error` (after the Controller's retries) until `retry()`, or until the
 * error expired (`errorExpiryLength`) and the reader updates again.
 */
export abstract class FetchingReader<E extends EndpointInterface, T> extends EndpointReader<E, T> {
  /** The promise of the last fetch this controller started. */
  promise: Promise<unknown> | undefined;
  /** The state of the result (key, expiry) for which this reader last started a fetch. */
  private lastAttempt: string | undefined;
  /** The error the result held when this reader last started a fetch: a new failure allows a new attempt, once it expired. */
  private lastError: unknown;

  /** Fetches again, also after a failure, without waiting for the error to expire. */
  retry(): void {
    this.lastAttempt = undefined;
    this.forceRetry = true;
    this.sync();
  }

  private forceRetry = false;

  protected override forget(): void {
    this.lastAttempt = undefined;
  }

  /** The last value shown complete, and the key it belongs to (for keepPrevious). */
  private shown: {key: string; value: T} | undefined;

  protected evaluate(controller: Controller, response: ResponseState, args: readonly unknown[], key: string): void {
    this.previous = false;
    const showable = response.data !== undefined && response.expiryStatus !== 'invalid';
    const attempt = `${key}\u0000${response.expiresAt}\u0000${response.expiryStatus}`;
    // A failure stands until its errorExpiryLength passed (or retry() was called): no new request before.
    const errorStands = response.error !== undefined && !response.errorExpired && !this.forceRetry;
    const tried = this.lastAttempt === attempt && this.lastError === response.error;
    this.forceRetry = false;
    if (showable) {
      this.value = response.data as T;
      this.status = 'complete';
      this.error = undefined;
      this.shown = {key, value: this.value};
      if (response.expiryStatus === 'stale' && !response.fetching && !errorStands && !tried) this.start(controller, args, attempt, response.error);
      return;
    }
    if (response.fetching) {
      this.waitFor(key);
      return;
    }
    if (errorStands || (tried && response.error !== undefined)) {
      this.status = 'error';
      this.error = response.error;
      return;
    }
    this.value = response.data as T | undefined;
    this.waitFor(key);
    if (!tried) this.start(controller, args, attempt, response.error);
  }

  /** Pending for `key`; with keepPrevious, the value shown for other args stays, complete and marked previous. */
  private waitFor(key: string): void {
    this.error = undefined;
    if (this.keepPrevious && this.shown && this.shown.key !== key) {
      this.value = this.shown.value;
      this.status = 'complete';
      this.previous = true;
      return;
    }
    this.status = 'pending';
  }

  private start(controller: Controller, args: readonly unknown[], attempt: string, error: unknown): void {
    // The server prefetches what a page shows: its render cannot wait for a fetch started here.
    if (this.serverRendered) return;
    this.lastAttempt = attempt;
    this.lastError = error;
    const promise = controller.fetch({signal: this.requestSignal()}, this.endpoint as FetchableEndpoint, ...(args as never[]));
    this.promise = promise;
    // The outcome reaches this reader through the Controller's commit; the rejection (an
    // AbortError once this reader stopped following the read) is for callers of `promise`.
    promise.catch(() => undefined);
  }
}
