import type {ReactiveControllerHost} from 'lit';
import {DEV_MODE, warnMissingEndpoint} from '../dev/index.js';
import type {Controller, ResponseState} from '../core/index.js';
import type {EndpointInterface} from '../endpoint/index.js';
import {EndpointReader} from './endpoint-reader.js';
import type {ReaderArgsParam} from './reader-args.js';
import type {FetchValue} from './value-types.js';

/**
 * Reads an endpoint or a `Query` from the cache and never fetches. The value
 * is undefined (status `pending`) until something is cached (`error` when the
 * fetch that should have brought it failed, or a Query's `process` threw); an aggregate of
 * `0` is a value. It follows every change to the cache, optimistic ones
 * included, and re-renders the host only when its value's reference changes.
 *
 * @example
 * ```ts
 * const openCount = new Query(new schema.All(Todo), todos => todos.filter(t => !t.completed).length);
 * class OpenCount extends LitElement {
 *   private count = useCache(this, openCount);
 *   render() { return html`${this.count.value ?? '–'} open`; }
 * }
 * ```
 */
export function useCache<E extends EndpointInterface>(host: ReactiveControllerHost, endpoint: E, ...args: ReaderArgsParam<E>): CacheController<E> {
  if (DEV_MODE) warnMissingEndpoint(endpoint, 'useCache', host);
  return new CacheController(host, endpoint, ...args);
}

/**
 * The reactive controller behind {@link useCache}.
 *
 * @example
 * ```ts
 * class OpenCount extends LitElement {
 *   private count: CacheController<typeof openCount> = useCache(this, openCount);
 * }
 * ```
 */
export class CacheController<E extends EndpointInterface> extends EndpointReader<E, FetchValue<E>> {
  constructor(host: ReactiveControllerHost, endpoint: E | undefined, ...args: ReaderArgsParam<E>) {
    super(host, endpoint, args[0]);
  }

  protected evaluate(_controller: Controller, response: ResponseState): void {
    this.value = response.expiryStatus === 'invalid' && response.data === undefined ? undefined : (response.data as FetchValue<E>);
    // Nothing to show and an error (a failed fetch, a Query whose process threw): show the error.
    this.status = this.value !== undefined ? 'complete' : response.error !== undefined ? 'error' : 'pending';
    this.error = this.status === 'error' ? response.error : undefined;
  }
}
