import type {Denormalize} from './denormalize-type.js';
import {joinPath} from './join-path.js';
import {INVALID} from './invalid.js';
import {schemaError} from './schema-error.js';
import type {DenormalizeDelegate, NormalizeDelegate, Schema, SchemaSimple} from './types.js';

/**
 * A list of one schema; `[Article]` is shorthand for `new schema.Array(Article)`.
 * Invalid or missing entities drop out of the list when it is read.
 *
 * @example
 * ```ts
 * const getTags = new RestEndpoint({path: '/tags', schema: new schema.Array(Tag)});
 * ```
 */
export class ArraySchema<S extends Schema = Schema> {
  declare readonly __result?: Denormalize<S>[];
  constructor(readonly schema: S) {}

  normalize(input: unknown, delegate: NormalizeDelegate, path: string): unknown {
    if (!Array.isArray(input)) {
      throw schemaError(schemaName(this.schema), path, input, 'expected a list');
    }
    // Built by `map` when no item is left out: an array of its exact size (one that grows by
    // `push` keeps room for 17 items), and a stored list is held as long as the cache is.
    let gaps = false;
    for (let i = 0; i < input.length && !gaps; i++) gaps = input[i] === null || input[i] === undefined;
    if (!gaps) return input.map((item, i) => delegate.visit(this.schema, item, joinPath(path, i)));
    const out: unknown[] = [];
    for (let i = 0; i < input.length; i++) {
      const item = input[i];
      if (item === null || item === undefined) continue;
      out.push(delegate.visit(this.schema, item, joinPath(path, i)));
    }
    return out.slice();
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return denormalizeList(this.schema, input, delegate);
  }
}

/** Rebuilds a list, leaving out entries that are missing or INVALID. */
export function denormalizeList(schema: unknown, input: unknown, delegate: DenormalizeDelegate): unknown {
  if (!Array.isArray(input)) return input;
  // A schema object or class (an Entity) is called directly: `unvisit` would resolve it for every item.
  const direct = typeof (schema as SchemaSimple | undefined)?.denormalize === 'function' ? (schema as SchemaSimple) : undefined;
  let dropped = false;
  // `map`: an array of its exact size, as long as the value is held (see `normalize`).
  const out = input.map(item => {
    const value = direct === undefined ? delegate.unvisit(schema, item) : item === null || item === undefined ? item : direct.denormalize(item, delegate);
    if (value === INVALID || value === undefined) dropped = true;
    return value;
  });
  return dropped ? out.filter(value => value !== INVALID && value !== undefined) : out;
}

/** A readable name for a schema in error messages. */
export function schemaName(schema: unknown): string {
  if (typeof schema === 'function') return (schema as {key?: string}).key ?? schema.name;
  if (Array.isArray(schema)) return `[${schemaName(schema[0])}]`;
  if (schema && typeof schema === 'object' && 'schema' in schema) {
    return `${schema.constructor.name}(${schemaName((schema as {schema: unknown}).schema)})`;
  }
  return 'object';
}
