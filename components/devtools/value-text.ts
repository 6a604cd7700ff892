const INVALID = Symbol.for('data-elements/invalid');
const PREVIEW_LENGTH = 80;

/**
 * A one-line preview of any value, for a row's summary line: JSON-like,
 * cut to a length, never throwing (cycles, symbols, bigints and getters that
 * throw are shown, not followed). The result is text: it is bound as text,
 * never parsed as HTML.
 */
export function previewText(value: unknown, length = PREVIEW_LENGTH): string {
  const text = preview(value, new Set(), 2);
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** The text of a leaf value in a tree (a primitive, a Date, the INVALID marker). */
export function leafText(value: unknown): string {
  if (value === INVALID) return 'INVALID (deleted or invalidated)';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.description === undefined ? 'Symbol()' : `Symbol(${value.description})`;
  if (typeof value === 'function') return `function ${value.name || '(anonymous)'}`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
  return String(value);
}

/** Whether a value is shown as a branch (its own keys below it) rather than a leaf. */
export function isBranch(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

/**
 * The own enumerable entries of an object or array (a Map's entries, a Set's
 * values), read without letting a throwing getter escape.
 */
export function entriesOf(value: object): [string, unknown][] {
  if (value instanceof Map) return [...value].map(([k, v]) => [leafKey(k), v]);
  if (value instanceof Set) return [...value].map((v, i) => [String(i), v]);
  return Object.keys(value).map(key => [key, read(value, key)]);
}

/** What an error says, as one line: `NetworkError: 500 Internal Server Error`. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (isBranch(error)) return previewText(error);
  return leafText(error);
}

/** A search haystack for a value: its JSON-like text, in lower case. */
export function searchText(value: unknown): string {
  return preview(value, new Set(), 8).toLowerCase();
}

function preview(value: unknown, seen: Set<object>, depth: number): string {
  if (!isBranch(value)) return leafText(value);
  if (seen.has(value)) return '(cycle)';
  if (depth === 0) return Array.isArray(value) ? `[…${value.length}]` : '{…}';
  seen.add(value);
  const entries = entriesOf(value);
  const inner = Array.isArray(value)
    ? entries.map(([, v]) => preview(v, seen, depth - 1)).join(', ')
    : entries.map(([k, v]) => `${k}: ${preview(v, seen, depth - 1)}`).join(', ');
  seen.delete(value);
  return Array.isArray(value) ? `[${inner}]` : `{${inner}}`;
}

function read(value: object, key: string): unknown {
  try {
    return (value as Record<string, unknown>)[key];
  } catch (error) {
    return `(getter threw: ${errorText(error)})`;
  }
}

function leafKey(key: unknown): string {
  return typeof key === 'string' ? key : leafText(key);
}
