/** Past this length a value's JSON is cut short. */
const LONGEST = 60;

/**
 * A value as the development checks' messages show it: text quoted (so that
 * `"30s"` reads as text, and an empty string shows), a plain object or a list
 * as its JSON (cut short), an instance by its class, a function by its name,
 * anything else as `String()` gives it. `String()` alone would show every
 * object as `[object Object]` and a function as its whole source.
 *
 * @example
 * ```ts
 * shownValue('30s'); // '"30s"'
 * shownValue({path: '/todos'}); // '{"path":"/todos"}'
 * shownValue(new Map()); // 'a Map'
 * shownValue(NaN); // 'NaN'
 * ```
 */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return value.name ? `the function ${value.name}` : 'a function';
  if (typeof value !== 'object' || value === null) return String(value);
  const prototype = Object.getPrototypeOf(value) as object | null;
  const name = (prototype as {constructor?: {name?: unknown}} | null)?.constructor?.name;
  if (prototype !== null && prototype !== Object.prototype && prototype !== Array.prototype && typeof name === 'string' && name) return `a ${name}`;
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    // A cycle or a BigInt: the class is all that can be said.
  }
  if (json === undefined) return Array.isArray(value) ? 'a list' : 'an object';
  return json.length > LONGEST ? `${json.slice(0, LONGEST - 1)}…` : json;
}
