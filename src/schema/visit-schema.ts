import {ArraySchema} from './array-schema.js';
import {setOwn} from './own-property.js';
import type {SchemaSimple} from './types.js';

const ARRAYS = new WeakMap<readonly unknown[], ArraySchema>();

/**
 * Resolves the shorthand forms: `[S]` becomes one shared `schema.Array(S)`;
 * schema objects and Entity classes are returned as they are; a plain object
 * literal is an object schema (`'object'`, walked by the caller with
 * {@link walkObject}); anything else means "no schema".
 *
 * Only objects and functions can be schemas. A primitive member of an object
 * schema (`{results: [Article], next: ''}`) is a placeholder, not a schema,
 * although a string has a `normalize` method of its own.
 *
 * @example
 * ```ts
 * resolveSchema([Article]); // the shared schema.Array(Article)
 * resolveSchema({results: [Article]}); // 'object'
 * resolveSchema(''); // undefined
 * ```
 */
export function resolveSchema(schema: unknown): SchemaSimple | 'object' | undefined {
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) return undefined;
  if (Array.isArray(schema)) {
    let list = ARRAYS.get(schema);
    if (!list) ARRAYS.set(schema, (list = new ArraySchema(schema[0])));
    return list;
  }
  if (typeof (schema as SchemaSimple).normalize === 'function') return schema as SchemaSimple;
  if (typeof schema === 'object') return 'object';
  return undefined;
}

/**
 * Walks one object of data through an object schema: each own key of `input`
 * whose member in `members` is a schema goes through `visit`; every other
 * key is copied as it came. The result is a new object with own data
 * properties only (a `__proto__` key stays data). When `visit` returns
 * `stop`, the walk ends and returns `stop`.
 *
 * Normalize, denormalize and the garbage collector's reachability walk all
 * read object schemas this one way.
 *
 * @example
 * ```ts
 * const out = walkObject({author: User}, {author: {id: '9'}, title: 'x'}, (schema, value) => visit(schema, value));
 * ```
 */
export function walkObject<S = never>(
  members: object,
  input: object,
  visit: (member: unknown, value: unknown, key: string) => unknown,
  stop?: S,
): Record<string, unknown> | S {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    const raw = (input as Record<string, unknown>)[key];
    const member = Object.hasOwn(members, key) ? (members as Record<string, unknown>)[key] : undefined;
    const value = resolveSchema(member) === undefined ? raw : visit(member, raw, key);
    if (stop !== undefined && value === stop) return stop;
    setOwn(out, key, value);
  }
  return out;
}
