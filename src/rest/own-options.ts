/**
 * Copies options onto an endpoint as own properties, and returns it.
 * `defineProperty` rather than assignment, so that an option named like a
 * prototype accessor (`name`, `sideEffect`) shadows it instead of calling its
 * setter, and a `__proto__` key can never change the endpoint's prototype.
 */
export function defineOptions<T extends object>(target: T, options: object): T {
  for (const key of Object.keys(options)) {
    Object.defineProperty(target, key, {
      value: (options as Record<string, unknown>)[key],
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return target;
}
