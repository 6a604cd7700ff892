import type {ReactiveControllerHost} from 'lit';
import {DEV_MODE, warnMissingEndpoint} from '../dev/index.js';
import type {FetchableEndpoint} from '../endpoint/index.js';
import {FetchingReader} from './fetching-reader.js';
import type {ReaderArgsParam} from './reader-args.js';
import type {FetchValue} from './value-types.js';

/**
 * Fetches an endpoint when its cached data is missing, stale or invalid, and
 * exposes the request's `promise`, without holding a boundary in its
 * fallback: for prefetching, or for elements that render their own loading
 * state. `value` follows the cache as with `useCache`.
 *
 * @example
 * ```ts
 * class Prefetch extends LitElement {
 *   private next = useFetch(this, ArticleResource.get, () => ({id: this.nextId}));
 * }
 * ```
 */
export function useFetch<E extends FetchableEndpoint>(host: ReactiveControllerHost, endpoint: E, ...args: ReaderArgsParam<E>): FetchController<E> {
  if (DEV_MODE) warnMissingEndpoint(endpoint, 'useFetch', host);
  return new FetchController(host, endpoint, ...args);
}

/**
 * The reactive controller behind {@link useFetch}.
 *
 * @example
 * ```ts
 * class Prefetch extends LitElement {
 *   private next: FetchController<typeof ArticleResource.get> = useFetch(this, ArticleResource.get, {id: 2});
 *   async ready() {
 *     await this.next.promise;
 *   }
 * }
 * ```
 */
export class FetchController<E extends FetchableEndpoint> extends FetchingReader<E, FetchValue<E>> {
  constructor(host: ReactiveControllerHost, endpoint: E | undefined, ...args: ReaderArgsParam<E>) {
    super(host, endpoint, args[0]);
    this.keepPrevious = args[1]?.keepPrevious ?? false;
  }
}
