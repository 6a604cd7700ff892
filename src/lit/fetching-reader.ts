import {unfetchableError, type Controller, type ResponseState} from '../core/index.js';
import {canFetch, type EndpointInterface, type FetchableEndpoint} from '../endpoint/index.js';
import {EndpointReader} from './endpoint-reader.js';
import {FetchPolicy} from './fetch-policy.js';

/**
 * An EndpointReader that fetches when the cache has nothing valid to show and
 * revalidates stale data in the background (see {@link FetchPolicy}).
 * Everything it shows comes from the response the Controller gives (its data,
 * error and whether a request is in flight), so it evaluates once per commit
 * that concerns it.
 */
export abstract class FetchingReader<E extends EndpointInterface, T> extends EndpointReader<E, T> {
  /** The promise of the last fetch this controller started. */
  promise: Promise<unknown> | undefined;
  private readonly policy = new FetchPolicy<T>();

  /** Fetches again, also after a failure, without waiting for the error to expire. */
  retry(): void {
    this.policy.retry();
    this.sync();
  }

  protected override forget(): void {
    // A reader made on a host that is already connected (in connectedCallback, in render) is
    // connected from the base constructor, and may be told of its Controller before this class's
    // fields exist: there is nothing to forget yet.
    this.policy?.forget();
  }

  protected override accept(endpoint: E): void {
    // A Query only reads the cache: the fetch would be refused, and nothing would ever arrive.
    if (!canFetch(endpoint)) throw unfetchableError(endpoint);
  }

  protected evaluate(controller: Controller, response: ResponseState, args: readonly unknown[], key: string): void {
    // The server prefetches what a page shows: its render cannot wait for a fetch started here.
    if (this.policy.decide(response, key, this.keepPrevious, !this.serverRendered, this)) this.start(controller, args);
  }

  private start(controller: Controller, args: readonly unknown[]): void {
    const promise = controller.fetch({signal: this.requestSignal()}, this.endpoint as FetchableEndpoint, ...(args as never[]));
    this.promise = promise;
    // The outcome reaches this reader through the Controller's commit; the rejection (an
    // AbortError once this reader stopped following the read) is for callers of `promise`.
    promise.catch(() => undefined);
  }
}
