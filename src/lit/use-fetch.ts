import type {ReactiveControllerHost} from 'lit';
import type {EndpointInterface} from '../endpoint/index.js';
import type {ArgsInput} from './endpoint-reader.js';
import {FetchingReader} from './fetching-reader.js';
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
export function useFetch<E extends EndpointInterface>(host: ReactiveControllerHost, endpoint: E, args?: ArgsInput): FetchController<E> {
  return new FetchController(host, endpoint, args);
}

/** The reactive controller behind {@link useFetch}. */
export class FetchController<E extends EndpointInterface> extends FetchingReader<E, FetchValue<E>> {}
