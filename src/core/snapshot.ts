import type {EndpointArgs, EndpointInterface, EndpointResult, ExpiryStatus, SnapshotInterface} from '../endpoint/index.js';
import {AbortOptimistic} from './abort-optimistic.js';
import type {State} from './state.js';

/** How a Snapshot reads: the Controller's read, against a given state. */
export type StateReader = (
  state: State,
  endpoint: EndpointInterface,
  args: readonly unknown[],
) => {data: any; expiryStatus: ExpiryStatus; expiresAt: number};

/**
 * A read-only view of the cache at one moment, as handed to
 * `getOptimisticResponse` and returned by `controller.snapshot()`.
 *
 * @example
 * ```ts
 * const snap = controller.snapshot();
 * const {data} = snap.getResponse(getTodos);
 * ```
 */
export class Snapshot implements SnapshotInterface {
  /** Client time in ms at which the fetch was triggered (or the snapshot taken). */
  readonly fetchedAt: number;
  private aborted: AbortOptimistic | undefined;

  constructor(
    private readonly state: State,
    private readonly read: StateReader,
    fetchedAt: number,
  ) {
    this.fetchedAt = fetchedAt;
  }

  /** Throw this from `getOptimisticResponse` to skip the prediction. */
  get abort(): AbortOptimistic {
    // Made on first use: an Error records a stack, and every replayed prediction gets a Snapshot.
    return (this.aborted ??= new AbortOptimistic());
  }

  /** The cached value of an endpoint: `data` is falsy when nothing is cached. */
  getResponse<E extends EndpointInterface>(
    endpoint: E,
    ...args: EndpointArgs<E>
  ): {data: EndpointResult<E> | undefined; expiryStatus: ExpiryStatus; expiresAt: number} {
    return this.read(this.state, endpoint, args);
  }
}
