import {ArraySchema} from './array-schema.js';
import type {SchemaSimple} from './types.js';

const ARRAYS = new WeakMap<readonly unknown[], ArraySchema>();

/**
 * Resolves the shorthand forms: `[S]` becomes one shared `schema.Array(S)`;
 * schema objects and Entity classes are returned as they are; a plain object
 * literal is an object schema (undefined here, handled by the caller); other
 * values mean "no schema".
 */
export function resolveSchema(schema: unknown): SchemaSimple | 'object' | undefined {
  if (schema === null || schema === undefined) return undefined;
  if (Array.isArray(schema)) {
    let list = ARRAYS.get(schema);
    if (!list) ARRAYS.set(schema, (list = new ArraySchema(schema[0])));
    return list;
  }
  if (typeof (schema as SchemaSimple).normalize === 'function') return schema as SchemaSimple;
  if (typeof schema === 'object') return 'object';
  return undefined;
}
