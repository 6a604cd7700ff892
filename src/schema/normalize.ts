import {joinPath} from './entity.js';
import {isPlainObject} from './own-property.js';
import {addToSetMap} from './set-map.js';
import {SchemaError} from './schema-error.js';
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
  const response = new Normalized(args, meta);
  response.result = response.visit(schema, data, '');
  return response;
}

const NO_INVALIDATED: ReadonlyMap<string, ReadonlySet<string>> = new Map();
const NO_OPS: readonly CollectionOp[] = [];

/**
 * A response being normalized: the delegate the schemas write to, and then
 * the response itself (one object per response, and no closure: a pushed
 * message of one row is normalized at every message). What a response
 * rarely has (invalidations, list additions) is made on first use.
 */
class Normalized implements NormalizeDelegate, NormalizedResponse {
  result: unknown;
  readonly entities = new Map<string, TableWrite>();
  invalidated: Map<string, Set<string>> | typeof NO_INVALIDATED = NO_INVALIDATED;
  collectionOps: CollectionOp[] | typeof NO_OPS = NO_OPS;

  constructor(
    readonly args: readonly unknown[],
    readonly meta: EntityMeta | undefined,
  ) {}

  visit(fieldSchema: unknown, value: unknown, path: string): unknown {
    const resolved = resolveSchema(fieldSchema);
    if (resolved === undefined || value === null || value === undefined) return value;
    if (resolved !== 'object') return resolved.normalize(value, this, path);
    if (!isPlainObject(value)) {
      throw new SchemaError({entity: 'object', path, value, reason: 'expected an object'});
    }
    return walkObject(fieldSchema as object, value, (member, item, key) => this.visit(member, item, joinPath(path, key)));
  }

  addRow(table: EntityLike, pk: string, row: unknown): void {
    let write = this.entities.get(table.key);
    if (!write) this.entities.set(table.key, (write = {table, rows: new Map()}));
    const earlier = write.rows.get(pk);
    // The same entity twice in one response: later fields win, earlier ones fill gaps.
    write.rows.set(pk, earlier === undefined ? row : table.mergeRows(earlier, row));
  }

  recorded(table: EntityLike, pk: string): unknown {
    const write = this.entities.get(table.key);
    // Only rows of the same adapter: another class sharing the table validated other fields.
    return write !== undefined && write.table === table ? write.rows.get(pk) : undefined;
  }

  invalidate(key: string, pk: string): void {
    addToSetMap(this.invalidated === NO_INVALIDATED ? (this.invalidated = new Map()) : (this.invalidated as Map<string, Set<string>>), key, pk);
  }

  addToCollections(op: CollectionOp): void {
    (this.collectionOps === NO_OPS ? (this.collectionOps = []) : (this.collectionOps as CollectionOp[])).push(op);
  }
}
