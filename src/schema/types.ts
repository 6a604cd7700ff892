import type {INVALID} from './invalid.js';

/** One row of normalized data: nested entities replaced by their primary keys. */
export type NormalizedRow = Record<string, unknown>;

/** A table of normalized rows (or INVALID markers) keyed by primary key. */
export type EntityTable = ReadonlyMap<string, unknown>;

/**
 * Every table of the cache, keyed by entity key. Tables are never mutated in
 * place: a write makes a new version of the one table it changes (a persistent
 * map that shares the rest), so a table that is the same object as before has
 * not changed. The memo relies on that.
 *
 * @example
 * ```ts
 * const tables: EntityTables = store.entities;
 * const article = tables.get('Article')?.get('1'); // the normalized row of article 1
 * ```
 */
export type EntityTables = ReadonlyMap<string, EntityTable>;

/**
 * When a row was written, and when it goes stale. All times are client ms.
 *
 * @example
 * ```ts
 * class Note extends Entity {
 *   static override useIncoming(existingMeta: EntityMeta, incomingMeta: EntityMeta) {
 *     return incomingMeta.fetchedAt >= existingMeta.fetchedAt;
 *   }
 * }
 * ```
 */
export interface EntityMeta {
  /** Client time at which the fetch that brought this row was triggered. */
  readonly fetchedAt: number;
  /** Client time at which the row was written. */
  readonly date: number;
  /** Client time after which the row is stale. */
  readonly expiresAt: number;
  /**
   * On a list row: next pages were appended to it since it was last
   * written whole. A list fetched elsewhere then adds to it, never shortens it.
   */
  readonly grown?: true;
}

/** Meta for every row, with the same shape as {@link EntityTables}. */
export type EntityMetaTables = ReadonlyMap<string, ReadonlyMap<string, EntityMeta>>;

/**
 * Something stored in its own table, keyed by a primary key: an Entity class,
 * or a Collection. The store merge and the memo only need this much.
 */
export interface EntityLike {
  /** The table name. */
  readonly key: string;
  /** Combines two rows of the same pk, `incoming` winning. May return `existing` when nothing changes. */
  mergeRows(existing: unknown, incoming: unknown): unknown;
  /** Whether `incoming` may replace `existing` (see `Entity.useIncoming`). */
  shouldReplace(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: unknown, incoming: unknown): boolean;
  /** An empty value to fill (an instance, an array), created before its fields so cycles can point at it. */
  createEmpty(row: unknown): object;
  /** Fills `target` from `row`; returns it, or INVALID when a required nested entity is invalid. */
  fill(target: object, row: unknown, delegate: DenormalizeDelegate): object | INVALID;
  /**
   * When `row` continues `previousRow` (its entries, then more: a list a page
   * was appended to), a copy of `previousValue` (built from `previousRow`)
   * and the rest of `row`, such that filling the copy with the rest gives the
   * value of `row` as long as nothing `previousValue` read changed; else
   * undefined. Lets the memo build only what was added.
   */
  extend?(previousRow: unknown, previousValue: object, row: unknown): {readonly target: object; readonly rest: unknown} | undefined;
}

/** A list addition requested by `Collection.push` / `unshift` / `assign`. */
export interface CollectionOp {
  /** The collection whose cached lists may take the items. */
  readonly collection: CollectionRows;
  readonly mode: 'push' | 'unshift' | 'assign';
  /** Params and body of the call: a cached list matches when each of its args equals the same key here. */
  readonly filter: readonly unknown[];
  /** The pks to add (`push`/`unshift`) or the id-to-pk map to merge (`assign`). */
  readonly refs: readonly string[] | Readonly<Record<string, string>>;
  /**
   * The one cached list to extend (by its pk), instead of every list the
   * filter fits: a next page joins the list it continues, and makes it
   * when it is not cached.
   */
  readonly list?: string;
}

/** What the store merge needs from a collection to apply a list addition. */
export interface CollectionRows {
  readonly key: string;
  /** Whether its rows are id maps (`Values`) rather than lists. */
  readonly isMap: boolean;
  matches(pk: string, filter: readonly unknown[]): boolean;
  applyOp(row: unknown, mode: CollectionOp['mode'], refs: CollectionOp['refs']): unknown;
}

/**
 * What `normalize` hands to each schema while it walks a response.
 *
 * @example
 * ```ts
 * normalize(input: unknown, delegate: NormalizeDelegate, path: string) {
 *   return Array.isArray(input) ? input.map((item, i) => delegate.visit(Article, item, `${path}[${i}]`)) : input;
 * }
 * ```
 */
export interface NormalizeDelegate {
  /** The endpoint's arguments (params, body). */
  readonly args: readonly unknown[];
  /** Normalizes `value` with `schema` (any schema, including shorthand arrays and objects). */
  visit(schema: unknown, value: unknown, path: string): unknown;
  /** Records a row; rows with the same pk in one response are merged. */
  addRow(entity: EntityLike, pk: string, row: unknown): void;
  /** The row recorded so far in this response for `pk` by the same `entity`, if any. */
  recorded?(entity: EntityLike, pk: string): unknown;
  /** Marks a row INVALID. */
  invalidate(key: string, pk: string): void;
  /** Requests a list addition. */
  addToCollections(op: CollectionOp): void;
}

/**
 * What `denormalize` hands to each schema while it rebuilds a value.
 *
 * @example
 * ```ts
 * denormalize(input: unknown, delegate: DenormalizeDelegate) {
 *   return Array.isArray(input) ? input.map(item => delegate.unvisit(Article, item)) : input;
 * }
 * ```
 */
export interface DenormalizeDelegate {
  /** Denormalizes `input` with `schema`; may return INVALID. */
  unvisit(schema: unknown, input: unknown): unknown;
  /** The built value of a row (memoized), undefined when absent, INVALID when invalidated. */
  entity(entity: EntityLike, pk: string): unknown;
  /** Every pk of a table (records the table as a dependency). */
  tableKeys(key: string): Iterable<string> | undefined;
  /** The stored row of a table as it is (recorded as a dependency), without building it: undefined, INVALID or the normalized row. */
  row(key: string, pk: string): unknown;
  /**
   * Whether a table holds a row that is not INVALID. The read depends on that
   * alone: a change to the row's fields does not change it (a list of pks).
   */
  present(key: string, pk: string): boolean;
}

/**
 * A schema object: what every `schema.*` class and Entity class provides.
 *
 * @example
 * ```ts
 * // A list of articles sent as an object keyed by position: {"0": {...}, "1": {...}}.
 * class IndexedArticles implements SchemaSimple {
 *   normalize(input: unknown, delegate: NormalizeDelegate, path: string) {
 *     return Object.values(input as object).map((item, i) => delegate.visit(Article, item, `${path}[${i}]`));
 *   }
 *   denormalize(input: unknown, delegate: DenormalizeDelegate) {
 *     return (input as unknown[]).map(pk => delegate.unvisit(Article, pk));
 *   }
 * }
 * ```
 */
export interface SchemaSimple {
  normalize(input: unknown, delegate: NormalizeDelegate, path: string): unknown;
  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown;
  /**
   * For reading the cache without an endpoint result (`Query`, `ctrl.get`):
   * the normalized input to denormalize, or undefined when nothing is cached.
   * A pure function of its arguments: the memo may call it twice for one read.
   */
  queryKey?(args: readonly unknown[], tables: EntityTables): unknown;
}

/**
 * A schema as users write it: a schema object, an Entity class, or a shorthand array or object of schemas.
 *
 * @example
 * ```ts
 * const page: Schema = {results: [Article], author: User};
 * const getPage = new RestEndpoint({path: '/articles', schema: page});
 * ```
 */
export type Schema = SchemaSimple | readonly [Schema] | {readonly [key: string]: Schema} | (abstract new (...args: any[]) => unknown);
