import {DEV_MODE} from '../dev/index.js';
import type {EndpointInterface} from '../endpoint/index.js';

/**
 * The error of a fetch of what cannot be fetched (a Query, which only reads
 * the cache): what `controller.fetch` rejects with, and what a reader that
 * fetches (`useSuspense`, `useFetch`) shows when given one.
 *
 * @example
 * ```ts
 * if (!canFetch(endpoint)) return Promise.reject(unfetchableError(endpoint));
 * ```
 */
export function unfetchableError(endpoint: EndpointInterface): TypeError {
  return new TypeError(`${endpoint.name ?? 'This endpoint'} cannot be fetched: a Query only reads the cache${DEV_MODE ? '. Use controller.get() or useCache() instead.' : ''}`);
}
