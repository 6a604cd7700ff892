import {noChange, nothing} from 'lit';

/**
 * What a text binding of a guarded template renders: plain data as text.
 * Strings, numbers and booleans pass as they are (lit writes them as text,
 * never as HTML); lists are rendered item by item; an object that poses as a
 * lit template result or directive (as a JSON response could, with a
 * `_$litType$` key) is shown as text instead of being interpreted; any other
 * object is converted with `String`, and one that refuses (a JSON object
 * whose `toString` is not a function) shows as `[object Object]`.
 *
 * Real template results and directive results made by code in the model (or
 * DOM nodes) are kept, so a model may still hand a template a rendered part.
 *
 * @example
 * ```ts
 * toText('<img onerror=alert(1)>'); // the same string, rendered as text
 * toText({_$litType$: 1, strings: ['<b>x</b>'], values: []}); // '[object Object]'
 * ```
 */
export function toText(value: unknown): unknown {
  if (value === null || value === undefined || value === nothing || value === noChange) return value;
  const type = typeof value;
  if (type !== 'object' && type !== 'function') return type === 'symbol' ? String(value) : value;
  if (type === 'function') return safeString(value);
  if (typeof Node !== 'undefined' && value instanceof Node) return value;
  if (isGenuineResult(value as object)) return value;
  if (Array.isArray(value)) return value.map(toText);
  if (Symbol.iterator in (value as object)) return Array.from(value as Iterable<unknown>, toText);
  return safeString(value);
}

function isGenuineResult(value: object): boolean {
  const record = value as Record<string, unknown>;
  if ('_$litDirective$' in record) return typeof record['_$litDirective$'] === 'function';
  if (!('_$litType$' in record)) return false;
  const type = record['_$litType$'];
  if (type !== null && typeof type === 'object') {
    // A compiled template (what stampino makes): its element must be a real template.
    return typeof HTMLTemplateElement !== 'undefined' && (type as {el?: unknown}).el instanceof HTMLTemplateElement;
  }
  // An html`` or svg`` result: its strings must be a real template strings array (JSON has no `raw`).
  const strings = record['strings'];
  return Array.isArray(strings) && Object.hasOwn(strings, 'raw');
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
