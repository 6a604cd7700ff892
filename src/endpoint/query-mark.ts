import type {Query} from './query.js';

/**
 * The mark every {@link Query} carries: the Controller tells a Query from a
 * fetching endpoint by it, without importing the class (an app that declares
 * no Query carries none of its code), and two copies of the package agree.
 */
export const QUERY_MARK = Symbol.for('data-elements/query');

/**
 * Whether `value` is a {@link Query}.
 *
 * @example
 * ```ts
 * if (isQuery(endpoint)) console.log('reads the cache only');
 * ```
 */
export function isQuery(value: unknown): value is Query {
  return typeof value === 'object' && value !== null && (value as {[QUERY_MARK]?: unknown})[QUERY_MARK] === true;
}
