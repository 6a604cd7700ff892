import type {Denormalize} from './denormalize-type.js';
import {ArraySchema} from './array-schema.js';
import {INVALID} from './invalid.js';
import type {DenormalizeDelegate, EntityTables, NormalizeDelegate} from './types.js';
import type {Entity} from './entity.js';

type EntityClass = typeof Entity & (abstract new (...args: any[]) => Entity);

/**
 * Every cached entity of one type, in the order they were first stored,
 * without INVALID ones. Used by `Query` to read without an endpoint; reading
 * gives undefined until at least one entity of the type was ever stored.
 *
 * @example
 * ```ts
 * const openTodos = new Query(new schema.All(Todo), todos => todos.filter(t => !t.done));
 * ```
 */
export class AllSchema<E extends EntityClass = EntityClass> {
  declare readonly __result?: InstanceType<E>[];
  private readonly list: ArraySchema<E>;
  constructor(readonly schema: E) {
    this.list = new ArraySchema(schema);
  }

  /** As a response schema it reads like `[Entity]`. */
  normalize(input: unknown, delegate: NormalizeDelegate, path: string): unknown {
    return this.list.normalize(input, delegate, path);
  }

  denormalize(_input: unknown, delegate: DenormalizeDelegate): unknown {
    const pks = delegate.tableKeys(this.schema.key);
    if (pks === undefined) return undefined;
    const table = this.schema.asTable();
    const out: unknown[] = [];
    for (const pk of pks) {
      const value = delegate.entity(table, pk);
      if (value !== INVALID && value !== undefined) out.push(value);
    }
    return out;
  }

  queryKey(_args: readonly unknown[], tables: EntityTables): unknown {
    return tables.has(this.schema.key) ? this.schema.key : undefined;
  }
}

export type {Denormalize};
