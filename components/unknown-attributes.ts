import type {ReactiveElement} from 'lit';
import {closestName, devLog} from '../src/dev/index.js';
import {describeElement} from './attribute-error.js';

/** Attributes every HTML element may carry: never reported. */
const GLOBAL_ATTRIBUTES = new Set(
  'id class style slot hidden title lang dir tabindex part exportparts role is inert nonce autofocus draggable contenteditable spellcheck translate accesskey popover enterkeyhint inputmode autocapitalize itemprop itemscope itemtype itemid itemref'.split(
    ' ',
  ),
);
/** Attributes the elements set on themselves for CSS. */
const STATE_ATTRIBUTES = ['loading', 'error'];

const reported = new WeakMap<Element, Set<string>>();

/**
 * Warns (console.warn) once per element and attribute about an attribute
 * the element does not know but that is close to one it knows, or that
 * names a property which has no attribute (set from JavaScript): such an
 * attribute is ignored, so the element quietly does something else than
 * the page meant (`fiter=` shows every row). The warning says "did you
 * mean" or what to do. Development mode only: production builds drop the
 * check with its list of names. Other unknown attributes are left alone:
 * pages add their own.
 *
 * @example
 * ```ts
 * element.addController({hostConnected: () => warnUnknownAttributes(element)});
 * ```
 */
export function warnUnknownAttributes(element: ReactiveElement): void {
  const type = element.constructor as typeof ReactiveElement;
  const known = new Set([...type.observedAttributes, ...STATE_ATTRIBUTES]);
  let seen = reported.get(element);
  for (const {name} of [...element.attributes]) {
    if (known.has(name) || GLOBAL_ATTRIBUTES.has(name) || /^(aria-|data-|on)/.test(name) || seen?.has(name)) continue;
    const property = [...type.elementProperties].find(([key, options]) => options.attribute === false && String(key).toLowerCase() === name)?.[0];
    const suggestion = property === undefined ? closestName(name, known) : undefined;
    if (property === undefined && suggestion === undefined) continue;
    if (!seen) reported.set(element, (seen = new Set()));
    seen.add(name);
    const advice =
      property !== undefined
        ? `"${String(property)}" is a property with no attribute: set element.${String(property)} from JavaScript.`
        : `did you mean "${suggestion}"?`;
    devLog('warn', `${describeElement(element)} has an attribute "${name}" it does not know: ${advice}`, element);
  }
}
