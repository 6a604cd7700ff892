import type {ReactiveElement} from 'lit';
import {devLog} from '../src/dev/index.js';
import {describeElement} from './attribute-error.js';

/**
 * Attributes that turn a feature on by being present, whatever their value,
 * beyond the Boolean properties: the value names the database or channel.
 */
const PRESENT_MEANS_ON = new Set(['persist', 'sync-tabs', 'queue-offline']);

const reported = new WeakMap<Element, Set<string>>();

/**
 * Warns (console.warn) once per element and attribute about an attribute
 * written `="false"` that turns its feature on: a boolean attribute of HTML
 * is on whenever it is present (`count="false"` counts, as
 * `hidden="false"` hides), and `persist="false"` persists, to a database
 * named "false". The warning says to remove the attribute instead.
 * Development mode only.
 *
 * @example
 * ```ts
 * element.addController({hostConnected: () => warnFalseAttributes(element)});
 * ```
 */
export function warnFalseAttributes(element: ReactiveElement): void {
  const type = element.constructor as typeof ReactiveElement;
  const booleans = new Set<string>(PRESENT_MEANS_ON);
  for (const [key, options] of type.elementProperties) {
    if (options.type === Boolean && options.attribute !== false) booleans.add(typeof options.attribute === 'string' ? options.attribute : String(key).toLowerCase());
  }
  let seen = reported.get(element);
  for (const {name, value} of [...element.attributes]) {
    if (!booleans.has(name) || value.trim().toLowerCase() !== 'false' || seen?.has(name)) continue;
    if (!seen) reported.set(element, (seen = new Set()));
    seen.add(name);
    const means = PRESENT_MEANS_ON.has(name) ? `turns ${name} on, with the name "${value}"` : `turns ${name} on`;
    devLog(
      'warn',
      `${describeElement(element)} has ${name}="${value}", which ${means}: such an attribute is on whenever it is present. Remove it to turn it off.`,
      element,
    );
  }
}
