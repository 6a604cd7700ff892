import {joinPath} from './join-path.js';
import {isPlainObject} from './own-property.js';
import {schemaError} from './schema-error.js';
import {resolveSchema, walkObject} from './visit-schema.js';
import type {CollectionOp, EntityLike, EntityMeta, NormalizeDelegate} from './types.js';

/** The rows of one table that a response writes. */
export interface TableWrite {
  readonly table: EntityLike;
  readonly rows: Map<string, unknown>;
}

/**
 * What a response will write, computed before anything is written so that a
 * response is stored all or nothing.
 *
 * @example
 * ```ts
 * const response: NormalizedResponse = normalize([Article], [{id: '1', title: 'Hello'}], []);
 * response.result; // ['1']
 * ```
 */
export interface NormalizedResponse {
  /** The response with every entity replaced by its pk: what the endpoint result stores. */
  readonly result: unknown;
  /** Rows by table key. */
  readonly entities: ReadonlyMap<string, TableWrite>;
  /** pks to mark INVALID, by table key. */
  readonly invalidated: ReadonlyMap<string, ReadonlySet<string>>;
  /** List additions from `push` / `unshift` / `assign`. */
  readonly collectionOps: readonly CollectionOp[];
  /** Meta for every row written (when given). */
  readonly meta?: EntityMeta;
}

/**
 * Walks `data` with `schema` and returns the result and the writes it implies,
 * without touching any store. Throws a {@link SchemaError} naming the entity,
 * path and value when the data does not fit; then nothing is to be written.
 *
 * @example
 * ```ts
 * const {result, entities} = normalize([Article], [{id: '1', title: 'Hi', author: {id: '9'}}]);
 * // result: ['1']; entities: Article row 1 (author: '9') and User row 9
 * ```
 */
export function normalize(
  schema: unknown,
  data: unknown,
  args: readonly unknown[] = [],
  meta?: EntityMeta,
): NormalizedResponse {
  const entities = new Map<string, TableWrite>();
  const invalidated = new Map<string, Set<string>>();
  const collectionOps: CollectionOp[] = [];

  const delegate: NormalizeDelegate = {
    args,
    visit,
    addRow(table, pk, row) {
      let write = entities.get(table.key);
      if (!write) entities.set(table.key, (write = {table, rows: new Map()}));
      const earlier = write.rows.get(pk);
      // The same entity twice in one response: later fields win, earlier ones fill gaps.
      write.rows.set(pk, earlier === undefined ? row : table.mergeRows(earlier, row));
    },
    recorded(table, pk) {
      const write = entities.get(table.key);
      // Only rows of the same adapter: another class sharing the table validated other fields.
      return write !== undefined && write.table === table ? write.rows.get(pk) : undefined;
    },
    invalidate(key, pk) {
      let set = invalidated.get(key);
      if (!set) invalidated.set(key, (set = new Set()));
      set.add(pk);
    },
    addToCollections(op) {
      collectionOps.push(op);
    },
  };

  function visit(fieldSchema: unknown, value: unknown, path: string): unknown {
    const resolved = resolveSchema(fieldSchema);
    if (resolved === undefined || value === null || value === undefined) return value;
    if (resolved !== 'object') return resolved.normalize(value, delegate, path);
    if (!isPlainObject(value)) {
      throw schemaError('object', path, value, 'expected an object');
    }
    return walkObject(fieldSchema as object, value, (member, item, key) => visit(member, item, joinPath(path, key)));
  }

  const result = visit(schema, data, '');
  return {result, entities, invalidated, collectionOps, meta};
}
