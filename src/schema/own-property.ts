/**
 * Writes `value` as an own data property, even when `key` is `__proto__`.
 *
 * Plain assignment of `__proto__` would call the inherited setter and swap the
 * object's prototype; JSON.parse gives such keys as ordinary data, so we store
 * them as ordinary data too and never let a response choose a prototype.
 */
export function setOwn(target: object, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {value, enumerable: true, writable: true, configurable: true});
  } else {
    (target as Record<string, unknown>)[key] = value;
  }
}

/** True for `{...}` literals and null-prototype objects: what JSON.parse gives for objects. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Copies the own enumerable string keys of `source` onto `target` with {@link setOwn}; returns `target`. */
export function copyOwn<T extends object>(target: T, source: object): T {
  for (const key of Object.keys(source)) setOwn(target, key, (source as Record<string, unknown>)[key]);
  return target;
}
