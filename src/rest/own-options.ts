/**
 * Copies options onto an endpoint as own properties. `defineProperty` rather
 * than assignment, so that an option named like a prototype accessor (`name`,
 * `sideEffect`) shadows it instead of calling its setter, and a `__proto__`
 * key can never change the endpoint's prototype.
 */
export function defineOptions(target: object, options: object): void {
  for (const key of Object.keys(options)) {
    Object.defineProperty(target, key, {
      value: (options as Record<string, unknown>)[key],
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
}

/** The own enumerable properties of an endpoint: everything its options (and fields) set. */
export function ownOptions(source: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  defineOptions(out, source);
  return out;
}
