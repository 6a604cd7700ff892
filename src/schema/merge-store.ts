import {INVALID} from './invalid.js';
import type {NormalizedResponse} from './normalize.js';
import {draftOf, PersistentMap, type MapDraft} from './persistent-map.js';
import type {CollectionOp, EntityMeta, EntityMetaTables, EntityTable, EntityTables} from './types.js';

/**
 * Told of every row a merge writes (its value, its meta or both), by table
 * key and pk; the Controller collects these to tell only the readers of
 * those rows. A row may be reported more than once.
 */
export type RowSink = (table: string, pk: string) => void;

/**
 * The normalized part of the cache: rows and their meta.
 *
 * @example
 * ```ts
 * const now = Date.now();
 * const store: EntityStore = mergeResponse(emptyStore(), normalize([Article], data, []), {fetchedAt: now, date: now, expiresAt: now + 60_000});
 * store.entities.get('Article')?.size; // how many articles are stored
 * ```
 */
export interface EntityStore {
  readonly entities: EntityTables;
  readonly entitiesMeta: EntityMetaTables;
}

const NO_META: EntityMeta = {fetchedAt: -Infinity, date: -Infinity, expiresAt: -Infinity};

/**
 * Writes a normalized response into a store and returns the new store; the
 * given one is not changed. Tables are persistent maps: a write costs what it
 * changed, not a copy of the table. A table that does not change stays the
 * same object, and a row whose incoming fields equal the stored ones keeps the
 * stored object, so the memo can tell "unchanged" by identity.
 *
 * Every write goes through the entity's `useIncoming`; INVALID rows are
 * replaced only by data from a fetch triggered no earlier than the invalidation.
 *
 * @example
 * ```ts
 * const store = mergeResponse(emptyStore(), normalize([Article], data), {fetchedAt: now, date: now, expiresAt: now + 60_000});
 * ```
 */
export function mergeResponse(store: EntityStore, response: NormalizedResponse, meta: EntityMeta, written?: RowSink): EntityStore {
  const out = new StoreDraft(store);

  for (const [key, {table, rows}] of response.entities) {
    // Drafts copy nothing until written: one per table, whether or not a row changes.
    const stored = out.draft(key);
    const storedMeta = out.draft(key, stored);
    for (const [pk, incoming] of rows) {
      const existing = stored.get(pk);
      written?.(key, pk);
      if (existing === undefined) {
        stored.set(pk, incoming);
        storedMeta.set(pk, meta);
        continue;
      }
      const existingMeta = storedMeta.get(pk) ?? NO_META;
      const replace =
        existing === INVALID
          ? meta.fetchedAt >= existingMeta.fetchedAt
          : table.shouldReplace(existingMeta, meta, existing, incoming);
      if (existing === INVALID) {
        if (!replace) continue;
        stored.set(pk, incoming);
        storedMeta.set(pk, meta);
        continue;
      }
      // When useIncoming refuses, the incoming data is disregarded entirely (DESIGN §2):
      // it does not even fill the fields the stored row lacks.
      if (!replace) continue;
      stored.set(pk, table.mergeRows(existing, incoming));
      storedMeta.set(pk, meta);
    }
    out.put(key, stored, storedMeta);
  }

  for (const op of response.collectionOps) {
    const {collection} = op;
    const key = collection.key;
    const stored = out.draft(key);
    if (op.list !== undefined) {
      const storedMeta = out.draft(key, stored);
      extendList(op, op.list, stored, storedMeta, meta, written);
      out.put(key, stored, storedMeta);
      continue;
    }
    // Iterate the table as written so far (what the draft starts from); the writes go to the draft.
    for (const [pk, row] of stored.finish()) {
      if (row === INVALID || !collection.matches(pk, op.filter)) continue;
      const next = collection.applyOp(row, op.mode, op.refs);
      if (next === row) continue;
      written?.(key, pk);
      stored.set(pk, next);
    }
    out.put(key, stored);
  }

  for (const [key, pks] of response.invalidated) {
    const stored = out.draft(key);
    const storedMeta = out.draft(key, stored);
    for (const pk of pks) {
      written?.(key, pk);
      stored.set(pk, INVALID);
      storedMeta.set(pk, meta);
    }
    out.put(key, stored, storedMeta);
  }

  return out.finish();
}

/**
 * A store being written: the tables-of-tables are drafted only once a table
 * in them changed. Each step drafts the tables it writes, from the store as
 * written so far, and puts them back (no map of drafts, no closure: a pushed
 * message writes one row of one table).
 */
class StoreDraft {
  private entities: MapDraft<EntityTable> | undefined;
  private metas: MapDraft<ReadonlyMap<string, EntityMeta>> | undefined;

  constructor(private readonly store: EntityStore) {}

  /**
   * A draft of the table `key` as written so far; given the table's draft
   * `rows`, of its meta instead, numbered as `rows` is (a row and its meta
   * are then found by one lookup).
   */
  draft(key: string, rows?: MapDraft<unknown>): MapDraft<any> {
    return draftOf((rows ? (this.metas ?? this.store.entitiesMeta) : (this.entities ?? this.store.entities)).get(key), rows);
  }

  /** Puts back what was drafted of table `key`. */
  put(key: string, rows: MapDraft<unknown>, meta?: MapDraft<EntityMeta>): void {
    this.entities = withTable(this.store.entities, this.entities, key, rows);
    if (meta) this.metas = withTable(this.store.entitiesMeta, this.metas, key, meta);
  }

  /** The store written: the given one when no table changed. */
  finish(): EntityStore {
    const {store, entities, metas} = this;
    return entities || metas ? {entities: entities?.finish() ?? store.entities, entitiesMeta: metas?.finish() ?? store.entitiesMeta} : store;
  }
}

/**
 * `tables` (a draft of `base`, made now when needed) with the table `key` as
 * `draft` wrote it. A draft of a table that did not exist and got no row adds
 * no table (schema.All tells "never fetched").
 */
function withTable<V>(
  base: ReadonlyMap<string, ReadonlyMap<string, V>>,
  tables: MapDraft<ReadonlyMap<string, V>> | undefined,
  key: string,
  draft: MapDraft<V>,
): MapDraft<ReadonlyMap<string, V>> | undefined {
  const table = draft.finish();
  if ((tables ?? base).get(key) === table || (table.size === 0 && !(tables ?? base).has(key))) return tables;
  return (tables ?? draftOf(base)).set(key, table);
}

/** Adds a page to the one list it continues (made from the page when absent or INVALID); its meta says when it last grew. */
function extendList(op: CollectionOp, pk: string, table: MapDraft<unknown>, metaTable: MapDraft<EntityMeta>, meta: EntityMeta, written?: RowSink): void {
  const {collection} = op;
  const row = table.get(pk);
  const next = row === undefined || row === INVALID ? collection.applyOp(collection.isMap ? {} : [], op.mode, op.refs) : collection.applyOp(row, op.mode, op.refs);
  if (next === row) return;
  written?.(collection.key, pk);
  table.set(pk, next);
  metaTable.set(pk, meta);
}

/**
 * An empty store.
 *
 * @example
 * ```ts
 * const store = mergeResponse(emptyStore(), normalize(Article, data, []), meta);
 * ```
 */
export function emptyStore(): EntityStore {
  return {entities: PersistentMap.empty(), entitiesMeta: PersistentMap.empty()};
}
