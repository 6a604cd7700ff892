import {ArraySchema} from './array-schema.js';
import {CollectionSchema} from './collection-schema.js';
import {resolveSchema} from './visit-schema.js';
import type {DenormalizeDelegate, EntityTables, NormalizeDelegate} from './types.js';

/**
 * The primary keys of a list of entities, instead of the entities: what a
 * list that renders one child element per entity (each reading its own
 * entity) needs. It reads the stored list and whether each entity is there
 * (not missing, not INVALID), never the entities' fields, so its value is
 * the identical array until an entity joins, leaves or moves. Normalizes as
 * the list schema it wraps (`[Entity]` or a `schema.Collection([Entity])`
 * of an array).
 *
 * @example
 * ```ts
 * const ids = new PkListSchema(ArticleResource.getList.schema);
 * ```
 */
export class PkListSchema {
  private readonly list: ArraySchema | CollectionSchema;
  /** The table of the list's entities. */
  private readonly itemKey: string;

  constructor(readonly schema: unknown) {
    const resolved = resolveSchema(schema);
    if (!(resolved instanceof ArraySchema || (resolved instanceof CollectionSchema && !resolved.isMap))) {
      throw new TypeError('pksOf needs an endpoint whose schema is a list of entities ([Entity] or schema.Collection([Entity]))');
    }
    const item: unknown = resolveSchema(resolved instanceof CollectionSchema ? resolved.itemSchema : resolved.schema);
    const itemKey = typeof item === 'function' || (typeof item === 'object' && item !== null) ? (item as {key?: unknown}).key : undefined;
    if (typeof itemKey !== 'string') throw new TypeError('pksOf needs a list of entities: the list items have no table');
    this.list = resolved;
    this.itemKey = itemKey;
  }

  normalize(input: unknown, delegate: NormalizeDelegate, path: string): unknown {
    return this.list.normalize(input, delegate, path);
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    const list = this.list;
    const pks = list instanceof CollectionSchema ? (typeof input === 'string' ? delegate.row(list.key, input) : undefined) : input;
    if (!Array.isArray(pks)) return undefined;
    const itemKey = this.itemKey;
    const out: string[] = [];
    for (const pk of pks) if (delegate.present(itemKey, String(pk))) out.push(String(pk));
    return out;
  }

  queryKey(args: readonly unknown[], tables: EntityTables): unknown {
    return this.list instanceof CollectionSchema ? this.list.queryKey(args, tables) : undefined;
  }
}
