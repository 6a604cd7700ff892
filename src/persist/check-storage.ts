import {shownValue} from '../dev/index.js';

const METHODS = ['get', 'set', 'del'] as const;

/**
 * Development mode: throws a TypeError naming what a `storage` given to
 * Persistence lacks (a Map, or an object with other method names), which would
 * otherwise fail at the first save or restore, reported with the engine's
 * "is not a function".
 *
 * @example
 * ```ts
 * checkStorage(new Map(), 'my-app');
 * // TypeError: Persistence "my-app": storage needs get, set and del methods (as indexedDBStorage gives); it has no del
 * ```
 */
export function checkStorage(storage: unknown, name: string): void {
  const missing = METHODS.filter(method => typeof (storage as Record<string, unknown> | null)?.[method] !== 'function');
  if (missing.length === 0) return;
  // An object's methods have no JSON form: only what is no object is shown.
  const shown = typeof storage === 'object' && storage !== null ? '' : ` (got ${shownValue(storage)})`;
  throw new TypeError(`Persistence "${name}": storage needs get, set and del methods (as indexedDBStorage gives); it has no ${missing.join(', ')}${shown}`);
}
