import type {Controller, ResponseState} from '../core/index.js';
import type {EndpointInterface, FetchableEndpoint} from '../endpoint/index.js';
import {EndpointReader} from './endpoint-reader.js';

/**
 * An EndpointReader that fetches when the cache has nothing valid to show and
 * revalidates stale data in the background. Everything it shows comes from
 * the response the Controller gives (its data, error and whether a request is
 * in flight), so it evaluates once per commit that concerns it. Each fetch is
 * started once per state of the result, so a failure does not loop: it shows
 * `error` until `retry()`.
 */
export abstract class FetchingReader<E extends EndpointInterface, T> extends EndpointReader<E, T> {
  /** The promise of the last fetch this controller started. */
  promise: Promise<unknown> | undefined;
  /** The state of the result (key, expiry) for which this reader last started a fetch. */
  private lastAttempt: string | undefined;

  /** Fetches again, also after a failure. */
  retry(): void {
    this.lastAttempt = undefined;
    this.sync();
  }

  protected override forget(): void {
    this.lastAttempt = undefined;
  }

  protected evaluate(controller: Controller, response: ResponseState, args: readonly unknown[], key: string): void {
    const showable = response.data !== undefined && response.expiryStatus !== 'invalid';
    const attempt = `${key}\u0000${response.expiresAt}\u0000${response.expiryStatus}`;
    if (showable) {
      this.value = response.data as T;
      this.status = 'complete';
      this.error = undefined;
      if (response.expiryStatus === 'stale' && !response.fetching && this.lastAttempt !== attempt) this.start(controller, args, attempt);
      return;
    }
    if (response.fetching) {
      this.status = 'pending';
      this.error = undefined;
      return;
    }
    // This reader's own attempt failed: show it. An error left by someone else's attempt is tried again.
    if (this.lastAttempt === attempt && response.error !== undefined) {
      this.status = 'error';
      this.error = response.error;
      return;
    }
    this.value = response.data as T | undefined;
    this.status = 'pending';
    this.error = undefined;
    if (this.lastAttempt !== attempt) this.start(controller, args, attempt);
  }

  private start(controller: Controller, args: readonly unknown[], attempt: string): void {
    // The server prefetches what a page shows: its render cannot wait for a fetch started here.
    if (this.serverRendered) return;
    this.lastAttempt = attempt;
    const promise = controller.fetchWith(this.endpoint as FetchableEndpoint, args, {signal: this.requestSignal()});
    this.promise = promise;
    // The outcome reaches this reader through the Controller's commit; the rejection (an
    // AbortError once this reader stopped following the read) is for callers of `promise`.
    promise.catch(() => undefined);
  }
}
