import {INVALID} from './invalid.js';
import type {NormalizedResponse} from './normalize.js';
import type {EntityMeta, EntityMetaTables, EntityTable, EntityTables} from './types.js';

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
 * given one is not changed. Only tables that really change are copied, and a
 * row whose incoming fields equal the stored ones keeps the stored object, so
 * the memo can tell "unchanged" by identity.
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
  const tables = new Map<string, Map<string, unknown>>();
  const metaTables = new Map<string, Map<string, EntityMeta>>();

  const writable = (key: string, pk: string): Map<string, unknown> => {
    written?.(key, pk);
    let table = tables.get(key);
    if (!table) tables.set(key, (table = new Map(store.entities.get(key) ?? [])));
    return table;
  };
  const writableMeta = (key: string, pk: string): Map<string, EntityMeta> => {
    written?.(key, pk);
    let table = metaTables.get(key);
    if (!table) metaTables.set(key, (table = new Map(store.entitiesMeta.get(key) ?? [])));
    return table;
  };
  const current = (key: string): EntityTable | undefined => tables.get(key) ?? store.entities.get(key);
  const currentMeta = (key: string, pk: string): EntityMeta =>
    (metaTables.get(key) ?? store.entitiesMeta.get(key))?.get(pk) ?? NO_META;

  for (const [key, {table, rows}] of response.entities) {
    for (const [pk, incoming] of rows) {
      const existing = current(key)?.get(pk);
      if (existing === undefined) {
        writable(key, pk).set(pk, incoming);
        writableMeta(key, pk).set(pk, meta);
        continue;
      }
      const existingMeta = currentMeta(key, pk);
      const replace =
        existing === INVALID
          ? meta.fetchedAt >= existingMeta.fetchedAt
          : table.shouldReplace(existingMeta, meta, existing, incoming);
      if (existing === INVALID) {
        if (!replace) continue;
        writable(key, pk).set(pk, incoming);
        writableMeta(key, pk).set(pk, meta);
        continue;
      }
      // FIX (tests): the contract (DESIGN §2, spec §2.2) says that when
      // useIncoming is false "the incoming data is disregarded". The losing
      // response used to fill the fields the stored row lacked, which let a late
      // older response (or one a custom useIncoming refused) still write data.
      if (!replace) continue;
      const next = table.mergeRows(existing, incoming);
      if (next !== existing) writable(key, pk).set(pk, next);
      writableMeta(key, pk).set(pk, meta);
    }
  }

  for (const op of response.collectionOps) {
    const {collection} = op;
    const table = current(collection.key);
    if (!table) continue;
    for (const [pk, row] of table) {
      if (row === INVALID || !collection.matches(pk, op.filter)) continue;
      const next = collection.applyOp(row, op.mode, op.refs);
      if (next !== row) writable(collection.key, pk).set(pk, next);
    }
  }

  for (const [key, pks] of response.invalidated) {
    for (const pk of pks) {
      if (current(key)?.get(pk) !== INVALID) writable(key, pk).set(pk, INVALID);
      writableMeta(key, pk).set(pk, meta);
    }
  }

  if (tables.size === 0 && metaTables.size === 0) return store;
  return {
    entities: tables.size ? overlay(store.entities, tables) : store.entities,
    entitiesMeta: metaTables.size ? overlay(store.entitiesMeta, metaTables) : store.entitiesMeta,
  };
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
  return {entities: new Map(), entitiesMeta: new Map()};
}

function overlay<V>(base: ReadonlyMap<string, V>, changes: Map<string, V>): ReadonlyMap<string, V> {
  const out = new Map(base);
  for (const [key, value] of changes) out.set(key, value);
  return out;
}
