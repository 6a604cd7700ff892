import {Backoff} from './backoff.js';
import type {ControllerOptions} from './controller-options.js';

/**
 * Refuses Controller options that would otherwise fail late or not at all: an
 * expiry that is not a number (a string, NaN) would keep data fresh forever;
 * retry delays would throw at the first retry, in place of the server's error.
 *
 * @example
 * ```ts
 * checkOptions({dataExpiryLength: NaN}); // TypeError: Controller: dataExpiryLength must be ...
 * ```
 */
export function checkOptions(options: ControllerOptions): void {
  for (const name of ['dataExpiryLength', 'errorExpiryLength'] as const) {
    const value: unknown = options[name];
    // Any number is a length: 0 or less is stale at once, Infinity never.
    if (value !== undefined && !(typeof value === 'number' && !Number.isNaN(value))) throw new TypeError(`Controller: ${name} must be a number of milliseconds, got ${shown(value)}`);
  }
  // Backoff refuses delays it cannot use, naming them.
  if (options.retry) new Backoff(options.retry);
}

/**
 * Throws a TypeError unless `endpoint` is one (it has a `key` method): a plain
 * object, a URL or nothing given to a Controller method would otherwise fail
 * deep inside, with a message that names none of them.
 *
 * @example
 * ```ts
 * checkEndpoint('/api/articles'); // TypeError: Controller: not an endpoint: "/api/articles"
 * ```
 */
export function checkEndpoint(endpoint: unknown): void {
  if (typeof (endpoint as {key?: unknown} | null | undefined)?.key !== 'function') throw new TypeError(`Controller: not an endpoint: ${shown(endpoint)}`);
}

/** A value as an error message shows it. */
function shown(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
