import {shownValue} from './shown-value.js';

/**
 * Throws a TypeError unless `options` is left out or an object: a part given
 * its name alone (`new Persistence('my-app')`) would take its defaults and
 * say nothing. `who` names the part, `example` shows the options it takes.
 *
 * @example
 * ```ts
 * checkOptionsObject('my-app', 'Persistence', "{name: 'my-app'}");
 * // TypeError: Persistence: its options are an object such as {name: 'my-app'}, got "my-app"
 * ```
 */
export function checkOptionsObject(options: unknown, who: string, example: string): void {
  if (options === undefined || (typeof options === 'object' && options !== null)) return;
  throw new TypeError(`${who}: its options are an object such as ${example}, got ${shownValue(options)}`);
}
