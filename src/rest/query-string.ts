import {DEV_MODE} from '../dev/index.js';

/**
 * The query string for the params that are not path parameters, keys sorted
 * so that equal params give equal URLs (and so equal cache keys) whatever
 * order they were written in. A list repeats its key (`ids=1&ids=3`, the form
 * most servers read as a list); `undefined` values are left out. An object
 * value is refused with a TypeError naming the endpoint and the param.
 *
 * @example
 * ```ts
 * queryString({b: 2, ids: [1, 3], a: undefined}, new Set()); // 'b=2&ids=1&ids=3'
 * ```
 */
export function queryString(params: Readonly<Record<string, unknown>>, pathNames: ReadonlySet<string>, endpointName: string): string {
  let keys: string[] | undefined;
  for (const key of Object.keys(params)) if (!pathNames.has(key)) (keys ??= []).push(key);
  // Most keys are built for params that are all path parameters: no URLSearchParams for them.
  if (keys === undefined) return '';
  keys.sort();
  const search = new URLSearchParams();
  for (const key of keys) {
    const value = params[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined) search.append(key, queryValue(item, key, endpointName));
    } else {
      search.append(key, queryValue(value, key, endpointName));
    }
  }
  return search.toString();
}

/**
 * A param's value as the query string writes it. An object (a Date
 * included) has no one text form: `String()` would send `[object Object]`,
 * and two different filters would share one URL, and so one cache entry.
 */
function queryValue(value: unknown, key: string, endpointName: string): string {
  if (value === null || typeof value !== 'object') return String(value);
  throw new TypeError(
    `${endpointName}: query param "${key}" is an object, not text or a number${DEV_MODE ? `${value instanceof Date ? ' (for a Date, give date.toISOString())' : ''}: it has no one form in a URL, and two values would share one URL and one cache entry` : ''}`,
  );
}
