import type {Controller} from '../core/index.js';
import type {EndpointInterface, FetchableEndpoint} from '../endpoint/index.js';
import {EndpointReader} from './endpoint-reader.js';

/**
 * An EndpointReader that fetches when the cache has nothing valid to show and
 * revalidates stale data in the background. Each fetch is started once per
 * state of the cache, so a failure does not loop: it shows `error` until
 * `retry()`.
 */
export abstract class FetchingReader<E extends EndpointInterface, T> extends EndpointReader<E, T> {
  /** The promise of the last fetch this controller started. */
  promise: Promise<unknown> | undefined;
  /** The fetch this reader waits for (its key), compared by identity when it settles. */
  private flight: {readonly key: string} | undefined;
  private failure: {key: string; error: unknown} | undefined;
  private lastAttempt: string | undefined;

  /** Fetches again, also after a failure. */
  retry(): void {
    this.failure = undefined;
    this.lastAttempt = undefined;
    const controller = this.resolver.controller;
    if (controller && this.args && typeof this.key === 'string') this.start(controller, this.args, this.key);
    this.sync();
  }

  protected override forget(): void {
    this.flight = undefined;
    this.failure = undefined;
    this.lastAttempt = undefined;
  }

  protected evaluate(controller: Controller, args: readonly unknown[], key: string): void {
    const response = controller.getResponse(this.endpoint as EndpointInterface, ...args);
    const showable = response.data !== undefined && response.expiryStatus !== 'invalid';
    const attempt = `${key}\u0000${response.expiresAt}\u0000${response.expiryStatus}`;
    if (showable) {
      this.value = response.data as T;
      this.status = 'complete';
      this.error = undefined;
      // FIX (issue 5 tests): a failure only stands while nothing can be shown. A failed
      // background revalidation (stale data stays shown) was remembered, so a later
      // `invalidate()` showed that old error instead of fetching again.
      this.failure = undefined;
      if (response.expiryStatus === 'stale' && this.flight?.key !== key && this.lastAttempt !== attempt) {
        this.lastAttempt = attempt;
        this.start(controller, args, key);
      }
      return;
    }
    if (this.flight?.key === key) {
      this.status = 'pending';
      return;
    }
    if (this.failure?.key === key) {
      this.status = 'error';
      this.error = this.failure.error;
      return;
    }
    if (this.lastAttempt !== attempt) {
      this.lastAttempt = attempt;
      this.value = response.data as T | undefined;
      this.status = 'pending';
      this.error = undefined;
      this.start(controller, args, key);
    }
  }

  private start(controller: Controller, args: readonly unknown[], key: string): void {
    // FIX (issue 5 tests): each fetch is its own token. Matching by key let a fetch from a
    // previous Controller (the provider's `controller` changed) settle the new one's flight,
    // or record its failure as the new one's.
    const flight = {key};
    this.flight = flight;
    this.failure = undefined;
    const promise = controller.fetch(this.endpoint as FetchableEndpoint, ...args);
    this.promise = promise;
    promise.then(
      () => {
        if (this.flight === flight) this.flight = undefined;
        this.sync();
      },
      error => {
        if (this.flight === flight) {
          this.flight = undefined;
          if (this.key === key) this.failure = {key, error};
        }
        this.sync();
      },
    );
  }
}
