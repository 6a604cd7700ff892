import type {ControllerOptions} from '../src/core/index.js';
import {DEV_MODE} from '../src/dev/index.js';
import type {RetryOptions} from '../src/endpoint/index.js';
import type {RefreshOptions} from '../src/refresh/index.js';
import {AttributeError, describeElement} from './attribute-error.js';

/**
 * The attributes of `<data-provider>` that set its own Controller's options
 * (read once, when the provider creates its Controller).
 *
 * @example
 * ```ts
 * PROVIDER_OPTION_ATTRIBUTES.includes('retry'); // true
 * ```
 */
export const PROVIDER_OPTION_ATTRIBUTES = ['retry', 'retry-delay', 'retry-max-delay', 'error-expiry', 'data-expiry', 'refetch-on-focus', 'refetch-on-reconnect'] as const;

type OptionAttribute = (typeof PROVIDER_OPTION_ATTRIBUTES)[number];

// What each value must be: said in every build.
const RETRIES = 'must be a whole number of retries or "false"';
const NUMBER_OF_MS = 'must be a number of ms, 0 or more';
const SWITCH = 'must be "true" or "false"';

/** Development mode: what each attribute does, and its default (used meanwhile). Read only under DEV_MODE, so production builds drop it. */
const EXPLAIN: Record<OptionAttribute, string> = {
  retry: 'retry="0" or retry="false" turns retries off, retry="5" allows five; meanwhile the default applies (3 retries from 1 s up to 30 s).',
  'retry-delay': 'It is the wait before the first retry (default 1000), doubled at each one.',
  'retry-max-delay': 'It caps the wait between retries (default 30000).',
  'error-expiry': 'It is how long a failed read stands before a reader tries it again (default 1000).',
  'data-expiry': 'It is how long fetched data stays fresh (default 60000).',
  'refetch-on-focus': 'refetch-on-focus="false" stops refetching stale data when the page gets focus again (default on).',
  'refetch-on-reconnect': 'refetch-on-reconnect="false" stops refetching stale data when the browser comes back online (default on).',
};

/**
 * What `<data-provider>`'s option attributes ask for: options of its
 * Controller, and of the refresh part (`Refresh`) it attaches.
 *
 * @example
 * ```ts
 * const {controller, refresh}: ProviderOptions = providerOptions(provider, report);
 * ```
 */
export interface ProviderOptions {
  readonly controller: ControllerOptions;
  readonly refresh: RefreshOptions;
}

/**
 * The options `<data-provider>`'s attributes ask for:
 *
 * | attribute | option |
 * |---|---|
 * | `retry` | `retry`: `"0"` or `"false"` turns retries off, a number sets `retries` |
 * | `retry-delay` | `retry.initialDelay` (ms) |
 * | `retry-max-delay` | `retry.maxDelay` (ms) |
 * | `error-expiry` | `errorExpiryLength` (ms) |
 * | `data-expiry` | `dataExpiryLength` (ms) |
 * | `refetch-on-focus` | the refresh part's `refetchOnFocus` (`"false"` turns it off) |
 * | `refetch-on-reconnect` | the refresh part's `refetchOnReconnect` (`"false"` turns it off) |
 *
 * An attribute left out (or empty, for `retry`) leaves the option at its
 * default. A malformed value is left out too (the default applies) and
 * given to `reject` as an {@link AttributeError} naming the element, the
 * attribute and the value.
 *
 * @example
 * ```ts
 * // <data-provider retry="0" error-expiry="5000" refetch-on-focus="false">
 * const options = providerOptions(provider, error => console.warn(error.message));
 * // {controller: {retry: false, errorExpiryLength: 5000}, refresh: {refetchOnFocus: false}}
 * ```
 */
export function providerOptions(element: Element, reject: (error: AttributeError) => void): ProviderOptions {
  const options: {-readonly [K in keyof ControllerOptions]: ControllerOptions[K]} = {};
  const refresh: RefreshOptions = {};
  // Lit SSR's DOM shim may lack attributes: the options are then the defaults.
  if (typeof element.getAttribute !== 'function') return {controller: options, refresh};
  // Reads attribute `name` with `parse`; a value it refuses is rejected, saying what it `must` be.
  const read = <T>(name: OptionAttribute, parse: (text: string) => T | undefined, must: string, apply: (value: T) => void): void => {
    const text = element.getAttribute(name);
    if (text === null) return;
    const value = parse(text.trim().toLowerCase());
    if (value !== undefined) {
      apply(value);
      return;
    }
    reject(new AttributeError(describeElement(element), name, `${must}, got "${text}"${DEV_MODE ? `. ${EXPLAIN[name]}` : ''}`));
  };
  const retry: RetryOptions = {};
  let retryOff = false;
  read('retry', retriesOf, RETRIES, value => {
    if (value === false) retryOff = true;
    else if (value !== true) retry.retries = value;
  });
  read('retry-delay', millisecondsOf, NUMBER_OF_MS, ms => (retry.initialDelay = ms));
  read('retry-max-delay', millisecondsOf, NUMBER_OF_MS, ms => (retry.maxDelay = ms));
  if (retryOff) options.retry = false;
  else if (Object.keys(retry).length > 0) options.retry = retry;
  read('error-expiry', millisecondsOf, NUMBER_OF_MS, ms => (options.errorExpiryLength = ms));
  read('data-expiry', millisecondsOf, NUMBER_OF_MS, ms => (options.dataExpiryLength = ms));
  read('refetch-on-focus', switchOf, SWITCH, on => (refresh.refetchOnFocus = on));
  read('refetch-on-reconnect', switchOf, SWITCH, on => (refresh.refetchOnReconnect = on));
  return {controller: options, refresh};
}

/** `false`/`0`: off; a whole number: that many retries; empty or `true`: the default (`true`). */
function retriesOf(text: string): number | boolean | undefined {
  if (text === '0') return false;
  // Other than a number, the words of a switch: `false`, `true` and empty.
  return /^\d+$/.test(text) ? Number(text) : switchOf(text);
}

/** A finite number of ms, 0 or more. */
function millisecondsOf(text: string): number | undefined {
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** `true` (or empty, as a boolean attribute) and `false`. */
function switchOf(text: string): boolean | undefined {
  if (text === '' || text === 'true') return true;
  if (text === 'false') return false;
  return undefined;
}
