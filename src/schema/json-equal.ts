import {isPlainObject} from './own-property.js';

/**
 * Deep equality for the JSON-like values kept in normalized entities.
 *
 * Used when a response is merged into the store: a field whose incoming value
 * equals the stored one keeps the stored value, so a refetch that changes
 * nothing leaves every stored object (and so every denormalized object)
 * referentially identical.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // A Date or another class instance (a Decimal in an optimistic response) has
  // no own enumerable keys worth comparing: Dates compare by time, and other
  // instances are equal only when of the same class.
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && Object.is(a.getTime(), b.getTime());
  }
  // Different prototypes are one kind still when both are plain (`{}` and a null-prototype object).
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) && !(isPlainObject(a) && isPlainObject(b))) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}
