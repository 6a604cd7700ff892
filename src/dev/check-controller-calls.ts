import {shownValue} from './shown-value.js';

/**
 * Throws a TypeError unless `watch` was given its args as a list and a
 * listener function. Args given as the params object itself would be read as
 * no params: a list's filter dropped without a word, or an item's path
 * parameter said to be missing while it is there.
 *
 * @example
 * ```ts
 * checkWatchCall({id: '1'}, render);
 * // TypeError: Controller.watch: args is the list of arguments, such as [{id: '1'}], got {"id":"1"}
 * ```
 */
export function checkWatchCall(args: unknown, listener: unknown): void {
  if (!Array.isArray(args)) throw new TypeError(`Controller.watch: args is the list of arguments, such as [{id: '1'}], got ${shownValue(args)}`);
  if (typeof listener !== 'function') throw new TypeError(`Controller.watch: the listener must be a function, got ${shownValue(listener)}`);
}

/**
 * Throws a TypeError when `setError` was given no error: it would record a
 * failure with nothing in it, which reads as no failure at all.
 *
 * @example
 * ```ts
 * checkErrorGiven(undefined);
 * // TypeError: Controller.setError: the error is undefined: give what failed (an Error)
 * ```
 */
export function checkErrorGiven(error: unknown): void {
  if (error === undefined) throw new TypeError('Controller.setError: the error is undefined: give what failed (an Error)');
}
