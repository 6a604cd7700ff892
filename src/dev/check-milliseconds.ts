import {shownValue} from './shown-value.js';

/**
 * Throws a TypeError unless `value` is left out or a number of milliseconds
 * (any number but NaN; with `positive`, above 0): a length given as text
 * (`'30s'`, `'30000'`) or NaN would otherwise keep data fresh forever, or
 * poll without end. `where` names the option, as in `Controller:
 * dataExpiryLength`.
 *
 * @example
 * ```ts
 * checkMilliseconds('30s', 'GET /prices: dataExpiryLength');
 * // TypeError: GET /prices: dataExpiryLength must be a number of milliseconds, got "30s"
 * ```
 */
export function checkMilliseconds(value: unknown, where: string, options: {positive?: boolean} = {}): void {
  if (value === undefined) return;
  const number = typeof value === 'number' && !Number.isNaN(value);
  if (number && !(options.positive && value <= 0)) return;
  const expected = options.positive ? 'a number of milliseconds above 0' : 'a number of milliseconds';
  throw new TypeError(`${where} must be ${expected}, got ${shownValue(value)}`);
}
