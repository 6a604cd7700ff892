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
  return mergeResponses(store, [{response, meta}], written);
}

/** One response to merge, with the meta its rows are written with. */
export interface MergeInput {
  readonly response: NormalizedResponse;
  readonly meta: EntityMeta;
}

/**
 * Writes several normalized responses into a store, in order, as
 * {@link mergeResponse} one after the other would, and returns the new store:
 * each table is drafted once for all of them, so n pushes of one row cost n
 * row writes rather than n new versions of the table.
 *
 * @example
 * ```ts
 * const store = mergeResponses(emptyStore(), [{response: normalize(Article, a), meta}, {response: normalize(Article, b), meta}]);
 * ```
 */
export function mergeResponses(store: EntityStore, inputs: readonly MergeInput[], written?: RowSink): EntityStore {
  const tables = new Map<string, MapDraft<unknown>>();
  const metaTables = new Map<string, MapDraft<EntityMeta>>();

  const writable = (key: string): MapDraft<unknown> => {
    let table = tables.get(key);
    if (!table) tables.set(key, (table = draftOf(store.entities.get(key))));
    return table;
  };
  const writableMeta = (key: string): MapDraft<EntityMeta> => {
    let table = metaTables.get(key);
    // Numbered as its table is: a row and its meta are then found by one lookup.
    if (!table) metaTables.set(key, (table = draftOf(store.entitiesMeta.get(key), writable(key))));
    return table;
  };

  for (const {response, meta} of inputs) {
    for (const [key, {table, rows}] of response.entities) {
      // Drafts copy nothing until written: one per table, whether or not a row changes.
      const stored = writable(key);
      const storedMeta = writableMeta(key);
      // forEach, not `for...of` over entries: no [pk, row] pair made and taken apart per row
      // (what a first load's thousand rows pay before the engine optimizes the loop).
      rows.forEach((incoming, pk) => {
        const existing = stored.get(pk);
        written?.(key, pk);
        if (existing !== undefined) {
          const existingMeta = storedMeta.get(pk) ?? NO_META;
          // When useIncoming refuses, the incoming data is disregarded entirely (DESIGN §2):
          // it does not even fill the fields the stored row lacks.
          if (existing === INVALID ? meta.fetchedAt < existingMeta.fetchedAt : !table.shouldReplace(existingMeta, meta, existing, incoming)) return;
        }
        stored.set(pk, existing === undefined || existing === INVALID ? incoming : table.mergeRows(existing, incoming));
        storedMeta.set(pk, meta);
      });
    }

    for (const op of response.collectionOps) {
      const {collection} = op;
      if (op.list !== undefined) {
        extendList(op, op.list, writable(collection.key), writableMeta(collection.key), meta, written);
        continue;
      }
      // Iterate the table as written so far; the writes below go to the draft.
      const table = tables.get(collection.key)?.finish() ?? store.entities.get(collection.key);
      if (!table) continue;
      for (const [pk, row] of table) {
        if (row === INVALID || !collection.matches(pk, op.filter)) continue;
        const next = collection.applyOp(row, op.mode, op.refs);
        if (next === row) continue;
        written?.(collection.key, pk);
        writable(collection.key).set(pk, next);
      }
    }

    for (const [key, pks] of response.invalidated) {
      const stored = writable(key);
      const storedMeta = writableMeta(key);
      for (const pk of pks) {
        written?.(key, pk);
        stored.set(pk, INVALID);
        storedMeta.set(pk, meta);
      }
    }
  }

  const entities = withTables(store.entities, tables);
  const entitiesMeta = withTables(store.entitiesMeta, metaTables);
  if (entities === store.entities && entitiesMeta === store.entitiesMeta) return store;
  return {entities, entitiesMeta};
}

/** Adds a page to the one list it continues (made from the page when absent or INVALID); its meta says when it last grew, and that it did. */
function extendList(op: CollectionOp, pk: string, table: MapDraft<unknown>, metaTable: MapDraft<EntityMeta>, meta: EntityMeta, written?: RowSink): void {
  const {collection} = op;
  const row = table.get(pk);
  const next = row === undefined || row === INVALID ? collection.applyOp(collection.isMap ? {} : [], op.mode, op.refs) : collection.applyOp(row, op.mode, op.refs);
  if (next === row) return;
  written?.(collection.key, pk);
  table.set(pk, next);
  metaTable.set(pk, {...meta, grown: true});
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

/** `base` with each drafted table in it: `base` itself when no table changed. */
function withTables<V>(
  base: ReadonlyMap<string, ReadonlyMap<string, V>>,
  drafts: ReadonlyMap<string, MapDraft<V>>,
): ReadonlyMap<string, ReadonlyMap<string, V>> {
  if (drafts.size === 0) return base;
  const out = draftOf(base);
  for (const [key, draft] of drafts) {
    const table = draft.finish();
    // A draft of a table that did not exist and got no row adds no table (schema.All tells "never fetched").
    if (table.size > 0 || base.has(key)) out.set(key, table);
  }
  return out.finish();
}
