import type {ExpiryStatus} from '../endpoint/index.js';

/**
 * What `controller.getResponse` gives: the data, whether it may be shown as
 * it is, and the state of its request.
 *
 * @example
 * ```ts
 * const {data, expiryStatus, error, fetching} = controller.getResponse(ArticleResource.get, {id: '1'});
 * if (data !== undefined && expiryStatus !== 'invalid') show(data);
 * ```
 */
export interface ResponseState<T = any> {
  /** Undefined when nothing is cached. */
  readonly data: T | undefined;
  /** `valid`: fresh; `stale`: shown while refetched; `invalid`: fetch before showing. */
  readonly expiryStatus: ExpiryStatus;
  /** When the data goes stale (client ms); 0 when unknown. */
  readonly expiresAt: number;
  /** The error of the last fetch of this result, if it failed (after its retries). */
  readonly error?: unknown;
  /** True once the error is older than its `errorExpiryLength`: a reader may try again. */
  readonly errorExpired?: boolean;
  /** True while a GET for this result is in flight. */
  readonly fetching?: boolean;
  /**
   * True while the data shows a write that waits to be sent (the offline
   * writes part holds it until the connection is back).
   */
  readonly pendingOffline?: boolean;
}

/**
 * Whether two responses show the same thing: identical data, the same
 * expiry status, the identical error and the same request state. (A new
 * `expiresAt` alone changes nothing a reader shows.)
 */
export function sameResponse(a: ResponseState, b: ResponseState): boolean {
  return (
    a.data === b.data &&
    a.expiryStatus === b.expiryStatus &&
    a.error === b.error &&
    !a.fetching === !b.fetching &&
    !a.errorExpired === !b.errorExpired &&
    !a.pendingOffline === !b.pendingOffline
  );
}
