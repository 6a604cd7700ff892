/**
 * Whether `value` looks like an endpoint (it has a `key` method): how the
 * development checks tell an endpoint from a resource, a params object or a
 * source given in its place.
 *
 * @example
 * ```ts
 * isEndpointLike(TodoResource.get); // true
 * isEndpointLike(TodoResource); // false
 * ```
 */
export function isEndpointLike(value: unknown): boolean {
  return typeof (value as {key?: unknown} | null | undefined)?.key === 'function';
}
