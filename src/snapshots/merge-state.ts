import {draftOf, INVALID, jsonEqual, type CollectionOp, type CollectionRows, type EntityLike, type EntityMeta, type MapDraft, type RowSink} from '../schema/index.js';
import type {ResultMeta, State} from '../core/index.js';

/** What merging a state needs besides the two states. */
export interface MergeContext {
  /** The table adapter (Entity class, Collection) this Controller met for a table key, if any: its `useIncoming` decides. */
  adapter(table: string): EntityLike | undefined;
  /** Told of every row written. */
  readonly row: RowSink;
  /** Told of every result whose data or meta was written. */
  result(key: string): void;
  /**
   * The trigger time of the pending prediction that shows this row, if one
   * does: a row written from elsewhere is dated no later than it, so the
   * prediction stays over it until its own request settles.
   */
  predictedAt?(table: string, pk: string): number | undefined;
}

/**
 * Writes the rows and results of `incoming` (another tab's confirmed
 * changes, or a saved state) into the confirmed state `base`, and returns
 * the new state; neither is changed. Each write keeps the order of fetches:
 *
 * - a row is written when the table's adapter accepts it (`useIncoming`,
 *   with the two rows' meta), or, for a table this Controller has not met,
 *   an INVALID marker, or an incoming INVALID marker, when it was fetched no
 *   earlier than the row held. A written row is merged as a response's is,
 *   and a row equal to the held one keeps the held object;
 * - a result is written when its fetch was triggered after the held one's;
 *   an invalidation comes along when it is newer than the data held. Older
 *   incoming data is disregarded;
 * - a row a pending prediction shows is dated under that prediction (as a
 *   server push is): the data may have left its server before the mutation
 *   reached it, so the prediction stays visible over it;
 * - a list next pages grew here (`grown` in its row's and its result's
 *   meta) keeps them: an incoming list (another tab's first page) adds to it
 *   as an overlapping page does, new items first, and its result (the last
 *   page's cursor) stays.
 *
 * Cost: the size of `incoming`, never of `base`.
 */
export function mergeState(base: State, incoming: State, context: MergeContext): State {
  const tables = draftOf(base.entities);
  const metaTables = draftOf(base.entitiesMeta, tables as MapDraft<unknown>);
  let rowsChanged = false;
  for (const [key, rows] of incoming.entities) {
    const incomingMetas = incoming.entitiesMeta.get(key);
    const adapter = context.adapter(key);
    let stored: MapDraft<unknown> | undefined;
    let storedMeta: MapDraft<EntityMeta> | undefined;
    const held = base.entities.get(key);
    const heldMeta = base.entitiesMeta.get(key);
    for (const [pk, row] of rows) {
      const meta = incomingMetas?.get(pk);
      if (meta === undefined) continue;
      const existing = held?.get(pk);
      const existingMeta = heldMeta?.get(pk);
      const value = mergedRow(adapter, existing, existingMeta, row, meta);
      if (value === undefined) continue;
      // A grown list keeps its meta: it says the list grew, and when this tab wrote it.
      const grown = existingMeta?.grown;
      if (value === existing && (grown || (existingMeta !== undefined && sameMeta(existingMeta, meta)))) continue;
      stored ??= draftOf(held);
      storedMeta ??= draftOf(heldMeta, stored);
      stored.set(pk, value);
      const under = context.predictedAt?.(key, pk);
      storedMeta.set(pk, grown ? existingMeta! : under !== undefined && under < meta.fetchedAt ? {...meta, fetchedAt: under} : meta);
      context.row(key, pk);
    }
    if (stored && storedMeta) {
      tables.set(key, stored.finish());
      metaTables.set(key, storedMeta.finish());
      rowsChanged = true;
    }
  }

  let endpoints: MapDraft<unknown> | undefined;
  let metas: MapDraft<ResultMeta> | undefined;
  for (const [key, meta] of incoming.meta) {
    const next = mergedResult(base, incoming, key, meta);
    if (!next) continue;
    endpoints ??= draftOf(base.endpoints);
    metas ??= draftOf(base.meta, endpoints);
    if (next.result !== undefined) endpoints.set(key, next.result);
    metas.set(key, next.meta);
    context.result(key);
  }

  if (!rowsChanged && !metas) return base;
  return {
    ...base,
    entities: rowsChanged ? tables.finish() : base.entities,
    entitiesMeta: rowsChanged ? metaTables.finish() : base.entitiesMeta,
    endpoints: endpoints ? endpoints.finish() : base.endpoints,
    meta: metas ? metas.finish() : base.meta,
  };
}

/** The row to store for an incoming row, or undefined when the held one stays. */
function mergedRow(adapter: EntityLike | undefined, existing: unknown, existingMeta: EntityMeta | undefined, incoming: unknown, meta: EntityMeta): unknown {
  if (existing === undefined) return incoming;
  const heldMeta = existingMeta ?? NO_META;
  if (existing === INVALID || incoming === INVALID || adapter === undefined) {
    if (meta.fetchedAt < heldMeta.fetchedAt) return undefined;
    if (existing === INVALID || incoming === INVALID) return incoming;
    return jsonEqual(existing, incoming) ? existing : incoming;
  }
  if (!adapter.shouldReplace(heldMeta, meta, existing, incoming)) return undefined;
  // Only a Collection's rows grow (it is their adapter); what is not listed yet goes first, as on a first page.
  return heldMeta.grown
    ? (adapter as unknown as CollectionRows).applyOp(existing, 'unshift', incoming as CollectionOp['refs'])
    : adapter.mergeRows(existing, incoming);
}

/** The result and meta to store for an incoming result, or undefined when the held ones stay. */
function mergedResult(base: State, incoming: State, key: string, meta: ResultMeta): {result: unknown; meta: ResultMeta} | undefined {
  const held = base.meta.get(key);
  const hasResult = incoming.endpoints.has(key);
  const result = incoming.endpoints.get(key);
  if (held === undefined) return {result: hasResult ? result : undefined, meta: withoutError(meta)};
  // A grown list's result (its last page's cursor) stays; only an invalidation applies to it.
  if (meta.fetchedAt > held.fetchedAt && hasResult && !held.grown) {
    const heldResult = base.endpoints.get(key);
    const kept = heldResult !== undefined && jsonEqual(heldResult, result) ? heldResult : result;
    // An invalidation made here after that fetch was triggered still stands, as it does for a response.
    const stillInvalid = held.invalidated && held.invalidatedAt !== undefined && meta.fetchedAt < held.invalidatedAt && !meta.invalidated;
    const next: ResultMeta = stillInvalid ? {...withoutError(meta), invalidated: true, invalidatedAt: held.invalidatedAt!} : withoutError(meta);
    return {result: kept, meta: next};
  }
  // Not newer data: only an invalidation made after the held data was fetched applies.
  const at = meta.invalidated ? (meta.invalidatedAt ?? meta.fetchedAt) : undefined;
  if (at === undefined || at <= held.fetchedAt) return undefined;
  if (held.invalidated && (held.invalidatedAt ?? -Infinity) >= at) return undefined;
  return {result: undefined, meta: {...held, invalidated: true, invalidatedAt: at}};
}

/** Errors stay in the tab whose fetch failed. */
function withoutError(meta: ResultMeta): ResultMeta {
  if (meta.error === undefined) return meta;
  const {error: _error, ...rest} = meta;
  return rest;
}

function sameMeta(a: EntityMeta, b: EntityMeta): boolean {
  return a === b || (a.fetchedAt === b.fetchedAt && a.date === b.date && a.expiresAt === b.expiresAt);
}

const NO_META: EntityMeta = {fetchedAt: -Infinity, date: -Infinity, expiresAt: -Infinity};
