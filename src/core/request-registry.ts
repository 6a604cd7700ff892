import type {EndpointInterface} from '../endpoint/index.js';
import {ResetError} from './reset-error.js';

/**
 * A request in flight, as tools see it (`controller.requestsInFlight()`).
 *
 * @example
 * ```ts
 * const requests: readonly RequestInFlight[] = controller.requestsInFlight();
 * for (const request of requests) console.log(request.key, request.mutation ? 'mutation' : 'read', request.prediction);
 * ```
 */
export interface RequestInFlight {
  /** The endpoint key of the request. */
  readonly key: string;
  readonly endpoint: EndpointInterface;
  /** The arguments in their full form (as `normalizeArgs` gives them). */
  readonly args: readonly unknown[];
  /** Trigger time (client ms). */
  readonly fetchedAt: number;
  /** A mutation (`sideEffect`): never shared with another call. */
  readonly mutation: boolean;
  /** The id of the pending optimistic prediction this request settles, when it made one. */
  readonly prediction?: number;
}

/** A request the Controller started and has not settled yet. */
export interface Flight extends RequestInFlight {
  readonly promise: Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  /** The reset generation it was started in: a response of an older one is dropped. */
  readonly generation: number;
}

/**
 * The requests in flight: GETs by key (so concurrent reads share one
 * request), every request for the reset and for `gc()`, and the reset
 * generation that tells a late response of a previous session to go away.
 *
 * @example
 * ```ts
 * const requests = new RequestRegistry();
 * const flight = requests.start({key: 'GET /articles', endpoint, args: [], fetchedAt: now, mutation: false});
 * requests.shared('GET /articles'); // flight
 * requests.settle(flight); // true while no reset came in between
 * ```
 */
export class RequestRegistry {
  private readonly byKey = new Map<string, Flight>();
  private readonly running = new Set<Flight>();
  private generation = 0;

  /** The GET in flight for `key`, to share. */
  shared(key: string): Flight | undefined {
    return this.byKey.get(key);
  }

  /** Whether a GET for `key` is in flight. */
  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** The keys of the GETs in flight. */
  keys(): IterableIterator<string> {
    return this.byKey.keys();
  }

  /** How many requests are in flight. */
  get size(): number {
    return this.running.size;
  }

  /** Every request in flight, in the order they started. */
  flights(): IterableIterator<Flight> {
    return this.running.values();
  }

  /** Trigger time of the oldest request in flight; Infinity when none. */
  get oldestFetchedAt(): number {
    let oldest = Infinity;
    for (const flight of this.running) if (flight.fetchedAt < oldest) oldest = flight.fetchedAt;
    return oldest;
  }

  /** Registers a new request; GETs (not mutations) can be found by key until they settle or are forgotten. */
  start(request: RequestInFlight): Flight {
    let resolve!: (value: unknown) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const flight: Flight = {...request, promise, resolve, reject, generation: this.generation};
    this.running.add(flight);
    if (!request.mutation) this.byKey.set(request.key, flight);
    return flight;
  }

  /**
   * Removes a request that settled. False when a reset came in between: its
   * promise was already rejected and its response must be dropped.
   */
  settle(flight: Flight): boolean {
    this.running.delete(flight);
    if (this.byKey.get(flight.key) === flight) this.byKey.delete(flight.key);
    return flight.generation === this.generation;
  }

  /**
   * Stops sharing the GET in flight for `key`: the next fetch is a new
   * request. (An invalidation asks for data newer than that request.)
   */
  forget(key: string): void {
    this.byKey.delete(key);
  }

  /** Rejects every request in flight with a {@link ResetError} and starts a new generation. */
  reset(): void {
    this.generation++;
    const flights = [...this.running];
    this.running.clear();
    this.byKey.clear();
    for (const flight of flights) flight.reject(new ResetError(flight.key));
  }
}
