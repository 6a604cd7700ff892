/**
 * A value as the development checks' messages show it: text quoted (so that
 * `"30000"` reads as text, and an empty string shows), anything else as
 * `String()` gives it.
 *
 * @example
 * ```ts
 * shownValue('30s'); // '"30s"'
 * shownValue(NaN); // 'NaN'
 * ```
 */
export function shownValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
