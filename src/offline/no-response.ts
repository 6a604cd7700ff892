import {NetworkError} from '../endpoint/index.js';

/**
 * Whether a write failed without reaching the server: a `NetworkError` with
 * status 0 (what `RestEndpoint` gives when `fetch` got no response), or the
 * `TypeError` that `fetch` itself rejects with. An abort, an HTTP error or a
 * response that is not JSON came from a decision, not from being offline.
 *
 * @example
 * ```ts
 * isNoResponse(new TypeError('Failed to fetch')); // true
 * ```
 */
export function isNoResponse(error: unknown): boolean {
  if (error instanceof NetworkError) return error.status === 0;
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}
