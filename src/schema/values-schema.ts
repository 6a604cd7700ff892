import type {Denormalize} from './denormalize-type.js';
import {joinPath} from './join-path.js';
import {INVALID} from './invalid.js';
import {isPlainObject, setOwn} from './own-property.js';
import {schemaName} from './array-schema.js';
import {schemaError} from './schema-error.js';
import type {DenormalizeDelegate, NormalizeDelegate, Schema} from './types.js';

/**
 * A map keyed by id whose values share one schema, such as `{ "1": {...}, "7": {...} }`.
 * Invalid entries drop out when read.
 *
 * @example
 * ```ts
 * const getPrices = new RestEndpoint({path: '/prices', schema: new schema.Values(Price)});
 * ```
 */
export class ValuesSchema<S extends Schema = Schema> {
  declare readonly __result?: Record<string, Denormalize<S>>;
  constructor(readonly schema: S) {}

  normalize(input: unknown, delegate: NormalizeDelegate, path: string): unknown {
    if (!isPlainObject(input)) {
      throw schemaError(schemaName(this.schema), path, input, 'expected an object keyed by id');
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(input)) {
      const item = input[key];
      if (item === null || item === undefined) continue;
      setOwn(out, key, delegate.visit(this.schema, item, joinPath(path, key)));
    }
    return out;
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return denormalizeValues(this.schema, input, delegate);
  }
}

/** Rebuilds an id map, leaving out missing or INVALID entries. */
export function denormalizeValues(schema: unknown, input: unknown, delegate: DenormalizeDelegate): unknown {
  if (input === null || typeof input !== 'object') return input;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    const value = delegate.unvisit(schema, (input as Record<string, unknown>)[key]);
    if (value !== INVALID && value !== undefined) setOwn(out, key, value);
  }
  return out;
}
