/**
 * The `process` of a resource's delete: runs `inner` (the class's or the
 * resource's own process), then keeps its result only when it is an object
 * with at least one key, and one that `keeps` accepts (for a resource: one
 * that holds the entity's pk). Otherwise (a 204, `''`, `{}`,
 * `{"success": true}`) the params stand in, since they hold the pk that
 * `schema.Invalidate` needs to find the entity.
 *
 * @example
 * ```ts
 * const remove = new RestEndpoint({path: '/users/:id', method: 'DELETE', process: bodyOrParams()});
 * ```
 */
export function bodyOrParams(
  inner: (this: any, value: any, ...args: any[]) => any = value => value,
  keeps: (value: object) => boolean = () => true,
): (this: any, value: any, ...args: any[]) => any {
  return function process(this: unknown, value: unknown, ...args: unknown[]): unknown {
    const out: unknown = inner.call(this, value, ...args);
    return out !== null && typeof out === 'object' && !Array.isArray(out) && Object.keys(out).length > 0 && keeps(out) ? out : args[0];
  };
}
