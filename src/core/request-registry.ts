import {ResetError} from './reset-error.js';

/** A request the Controller started and has not settled yet. */
export interface Flight {
  readonly promise: Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  /** The endpoint key, for errors and `gc()`. */
  readonly key: string;
  /** Trigger time; `gc()` keeps deletions newer than the oldest request in flight. */
  readonly fetchedAt: number;
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
 * const flight = requests.start('GET /articles', now, {shared: true});
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

  /** Trigger time of the oldest request in flight; Infinity when none. */
  get oldestFetchedAt(): number {
    let oldest = Infinity;
    for (const flight of this.running) if (flight.fetchedAt < oldest) oldest = flight.fetchedAt;
    return oldest;
  }

  /** Registers a new request; `shared` ones (GETs) can be found by key until they settle or are forgotten. */
  start(key: string, fetchedAt: number, options: {shared: boolean}): Flight {
    let resolve!: (value: unknown) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const flight: Flight = {promise, resolve, reject, key, fetchedAt, generation: this.generation};
    this.running.add(flight);
    if (options.shared) this.byKey.set(key, flight);
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
