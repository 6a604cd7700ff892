import type {SchemaSimple} from './types.js';

/**
 * Whether a `static schema` member is a schema (walked by normalize) rather
 * than a plain constructor such as `Date` (applied to the wire value).
 * Entity classes, `schema.*` instances, arrays and object literals are schemas.
 */
export function isSchema(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  if (value === null) return false;
  if (typeof value === 'function') return typeof (value as unknown as SchemaSimple).normalize === 'function';
  return typeof value === 'object';
}
