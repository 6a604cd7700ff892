import type {EndpointInterface} from '../endpoint/index.js';
import {ResetError} from './reset-error.js';

/**
 * A request in flight, as tools see it (`requestsInFlight(controller)`).
 *
 * @example
 * ```ts
 * const requests: readonly RequestInFlight[] = requestsInFlight(controller);
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
  /**
   * The request's signal, made when first asked for (by the endpoint through
   * `requestSignal()`, or by a retry wait): an endpoint that never reads it
   * does not pay for one.
   */
  signal(): AbortSignal;
  /** Aborts the signal, if one was made (nobody listens otherwise). */
  abort(reason: unknown): void;
  /** A caller without a signal waits for it: it is never abandoned. */
  pinned: boolean;
  /** Callers with a signal that did not abort yet. */
  waiting: number;
  /** Aborted by the Controller: whatever the request still does is dropped. */
  aborted: boolean;
  /** Settled, aborted or reset: a caller giving up now changes nothing. */
  settled: boolean;
  /** Abandons the request (set by the Controller, which knows what to roll back). */
  cancel?: () => void;
}

/**
 * The requests in flight: GETs by key (so concurrent reads share one
 * request), every request for the reset and for `gc()`, and the reset
 * generation that tells a late response of a previous session to go away.
 * Each request has an `AbortController`; whether anyone still waits for it
 * is counted on the flight (callers) and by the Controller (readers).
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
    let controller: AbortController | undefined;
    const flight: Flight = {
      promise,
      resolve,
      reject,
      ...request,
      generation: this.generation,
      signal: () => (controller ??= new AbortController()).signal,
      abort: reason => controller?.abort(reason),
      pinned: false,
      waiting: 0,
      aborted: false,
      settled: false,
    };
    this.running.add(flight);
    if (!request.mutation) this.byKey.set(request.key, flight);
    return flight;
  }

  /**
   * Removes a request that settled. False when a reset came in between (its
   * promise was already rejected) or when it was aborted: its response must
   * be dropped.
   */
  settle(flight: Flight): boolean {
    flight.settled = true;
    this.running.delete(flight);
    if (this.byKey.get(flight.key) === flight) this.byKey.delete(flight.key);
    return flight.generation === this.generation && !flight.aborted;
  }

  /**
   * Stops sharing the GET in flight for `key`: the next fetch is a new
   * request. (An invalidation asks for data newer than that request.)
   */
  forget(key: string): void {
    this.byKey.delete(key);
  }

  /** The requests in flight for `key`, shared or forgotten, to check whether anyone still waits for them. */
  forKey(key: string): Flight[] {
    const found: Flight[] = [];
    for (const flight of this.running) if (flight.key === key) found.push(flight);
    return found;
  }

  /** Rejects every request in flight with a {@link ResetError} and starts a new generation (their late responses are dropped). */
  reset(): void {
    this.generation++;
    const flights = [...this.running];
    this.running.clear();
    this.byKey.clear();
    for (const flight of flights) {
      flight.settled = true;
      flight.reject(new ResetError(flight.key));
    }
  }
}
