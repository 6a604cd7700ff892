// What a Backoff and a request's retries are configured with. Types only; the Backoff and the
// retry loop live in the core, but endpoints (a layer below) declare their own `retry`.

/**
 * Options of {@link Backoff}.
 *
 * @example
 * ```ts
 * const backoff = new Backoff({initialDelay: 500, maxDelay: 30_000});
 * ```
 */
export interface BackoffOptions {
  /** The delay before the first retry, in ms. Default 500 for a Backoff, 1 000 for a request's retries. */
  initialDelay?: number;
  /** The longest delay, in ms. Default 30 000. */
  maxDelay?: number;
  /** Each failed attempt multiplies the delay by this. Default 2. */
  factor?: number;
  /**
   * The share of each delay that is random, from 0 (none) to 1 (anywhere
   * from 0 to the delay). Default 0.5, so clients that lost the same server
   * do not all come back at the same moment.
   */
  jitter?: number;
  /** A random number in [0, 1); tests give a fixed one. Default `Math.random`. */
  random?: () => number;
}

/**
 * How failed requests are tried again: how many times, the backoff between
 * tries (exponential with jitter, see `Backoff`), and which errors
 * count. Given to the Controller (`retry`, for every GET) and to an endpoint
 * (`retry`, over the Controller's; the only way a mutation is retried).
 * `false` in either place turns retries off.
 *
 * Defaults: 3 retries (at most 4 requests), 1 s before the first, doubling
 * up to 30 s, each delay less a random share of up to half. A `Retry-After`
 * header (seconds or a date) is honoured when it asks for longer; one
 * longer than `maxDelay` is not waited for (the error shows).
 *
 * @example
 * ```ts
 * const controller = new Controller({retry: {retries: 5, maxDelay: 10_000}});
 * const getQuote = new RestEndpoint({path: '/quote', retry: false});
 * const createOrder = new RestEndpoint({path: '/orders', method: 'POST', retry: {retries: 2}}); // idempotent on the server
 * ```
 */
export interface RetryOptions extends BackoffOptions {
  /** How many times a failed request is tried again. Default 3. */
  retries?: number;
  /**
   * Whether an error is worth another try. Default: a `NetworkError` with
   * no response (status 0), 408, 429 or a 5xx; never another 4xx, a body
   * that does not parse, a schema error or an abort.
   */
  shouldRetry?: (error: unknown) => boolean;
}
