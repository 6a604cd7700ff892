import {NetworkError, type RetryOptions} from '../endpoint/index.js';

export type {RetryOptions};


/** The defaults, where they differ from the Backoff's. */
const DEFAULTS = {retries: 3, initialDelay: 1_000, maxDelay: 30_000} as const;

/**
 * The options a request retries with: the endpoint's over the Controller's;
 * undefined when it does not retry (either says `false`, or it is a mutation
 * whose endpoint does not ask for retries).
 *
 * @example
 * ```ts
 * retryOptions({retries: 2}, undefined, false); // {retries: 2, initialDelay: 1000, maxDelay: 30000}
 * ```
 */
export function retryOptions(
  controller: RetryOptions | false | undefined,
  endpoint: RetryOptions | false | undefined,
  mutation: boolean,
): RetryOptions | undefined {
  if (endpoint === false || controller === false) return undefined;
  if (mutation && endpoint === undefined) return undefined;
  const options = {...DEFAULTS, ...controller, ...endpoint};
  return options.retries > 0 ? options : undefined;
}

/** Whether an error is worth another try by default: no response, 408, 429 or a 5xx. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof NetworkError)) return false;
  const {status} = error;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/**
 * The delay (ms) before retry number `retries + 1`, or undefined when the
 * error is not retried: not transient, no retries left, or a `Retry-After`
 * longer than `maxDelay`. `backoff` gives the next backoff delay.
 *
 * @example
 * ```ts
 * const delay = retryDelay(error, 0, {retries: 3, maxDelay: 30_000}, () => backoff.next(), Date.now());
 * ```
 */
export function retryDelay(error: unknown, retries: number, options: RetryOptions, backoff: () => number, now: number): number | undefined {
  if (retries >= (options.retries ?? DEFAULTS.retries)) return undefined;
  if (!(options.shouldRetry ?? isTransient)(error)) return undefined;
  const delay = backoff();
  const asked = retryAfter(error, now);
  if (asked === undefined) return delay;
  if (asked > (options.maxDelay ?? DEFAULTS.maxDelay)) return undefined;
  return Math.max(delay, asked);
}

/** The wait a `Retry-After` header of the error's response asks for, in ms (seconds, or an HTTP date). */
function retryAfter(error: unknown, now: number): number | undefined {
  const header = error instanceof NetworkError ? error.response?.headers.get('retry-after') : undefined;
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1_000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
