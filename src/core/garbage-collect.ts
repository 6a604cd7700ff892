import {INVALID, draftOf, resolveSchema, type EntityLike, type EntityMeta, type EntityTable, type EntityTables, type MapDraft} from '../schema/index.js';
import type {GCMeta, GCPolicy} from './gc-policy.js';
import {ReachableEntities} from './reachable-entities.js';
import type {RetainedReads} from './retained-reads.js';
import type {State} from './state.js';

/** What one sweep needs from the Controller. */
export interface SweepInput {
  /** The confirmed state: what is swept. */
  readonly base: State;
  /** The visible state (base plus pending predictions): rows predictions changed are kept. */
  readonly visible: State;
  readonly now: number;
  readonly policy: GCPolicy;
  readonly retained: RetainedReads;
  /** The schema each stored result was normalized with, by key. */
  readonly schemas: ReadonlyMap<string, unknown>;
  /** Table adapters by table key, to follow the references of a row found by scanning a table. */
  readonly adapters: Map<string, EntityLike>;
  /** Keys of GET requests in flight: their results are kept. */
  readonly inFlightKeys: ReadonlySet<string> | ReadonlyMap<string, unknown>;
  /** Trigger time of the oldest request in flight (Infinity when none). */
  readonly oldestInFlight: number;
}

/** What a sweep dropped, and the state without it. */
export interface SweepResult {
  readonly state: State;
  /** Keys of the endpoint results dropped. */
  readonly results: readonly string[];
  /** How many entity rows (INVALID markers and collection rows included) were dropped. */
  readonly entities: number;
  /**
   * True when some reference could not be followed (a result stored without
   * its schema, a table whose adapter was never seen, a schema that threw):
   * then no entity is dropped in this sweep, only results.
   */
  readonly entitiesKept: boolean;
}

/**
 * Mark and sweep over the confirmed state.
 *
 * 1. Results: one is dropped when no reader retains its key, no GET for it is
 *    in flight, and it is old by the policy (its meta's times).
 * 2. Entities are marked from roots: every result kept, every retained read
 *    (a Query reads through its schema's `queryKey`), every row that is still
 *    young by the policy, and every row a pending prediction changed. Marking
 *    follows references through the schemas, so what a kept row names stays.
 * 3. Unmarked rows are dropped, except an INVALID marker (a deletion) newer
 *    than a request still in flight: that late response would otherwise bring
 *    the deleted entity back. Empty tables are kept (schema.All reads an
 *    empty table as `[]`, a missing one as "never fetched").
 *
 * Pure: returns a new state and leaves the given ones alone; the tables it
 * changes are new versions of persistent maps, sharing what was not swept.
 *
 * @example
 * ```ts
 * const {state, results, entities} = sweep({base, visible, now, policy, retained, schemas, adapters, inFlightKeys, oldestInFlight});
 * ```
 */
export function sweep(input: SweepInput): SweepResult {
  const {base, visible, now, policy, retained} = input;
  const collectable = (meta: GCMeta | undefined) =>
    meta !== undefined && now >= policy.collectableAt(meta);

  // 1. results
  const dropped: string[] = [];
  for (const key of new Set([...base.endpoints.keys(), ...base.meta.keys()])) {
    if (retained.hasKey(key) || input.inFlightKeys.has(key)) continue;
    // A stored result without meta cannot be dated: it is kept.
    if (collectable(base.meta.get(key))) dropped.push(key);
  }
  const droppedSet = new Set(dropped);

  // 2. mark
  const walk = new ReachableEntities(base.entities, input.adapters);
  let unknown = false;
  const mark = (run: () => void) => {
    try {
      run();
    } catch {
      unknown = true; // a schema that cannot be walked: keep every entity rather than guess
    }
  };
  for (const [key, result] of base.endpoints) {
    if (droppedSet.has(key)) continue;
    if (!input.schemas.has(key)) unknown = true;
    else mark(() => walk.markResult(input.schemas.get(key), result));
  }
  for (const read of retained.reads()) {
    const schema = read.endpoint.schema;
    const stored = base.endpoints.get(read.key);
    mark(() => walk.markResult(schema, stored !== undefined ? stored : queryInput(schema, read.args, base.entities)));
  }
  const predicted: [EntityLike, string][] = [];
  for (const [tableKey, table] of visible.entities) {
    const before = base.entities.get(tableKey);
    if (table === before) continue;
    const adapter = input.adapters.get(tableKey);
    for (const [pk, row] of table) {
      if (before?.get(pk) === row) continue;
      if (adapter) predicted.push([adapter, pk]);
      else unknown = true;
    }
  }
  for (const [tableKey, table] of base.entities) {
    const metas = base.entitiesMeta.get(tableKey);
    const adapter = input.adapters.get(tableKey);
    for (const pk of table.keys()) {
      if (collectable(metas?.get(pk))) continue;
      if (adapter) mark(() => walk.markRow(adapter, pk));
      else unknown = true;
    }
  }
  // A predicted row's confirmed row stays too (it shows again if the request fails), with what it names.
  for (const [adapter, pk] of predicted) mark(() => walk.markRow(adapter, pk));
  if (predicted.length > 0) {
    walk.useTables(visible.entities);
    for (const [adapter, pk] of predicted) mark(() => walk.markRow(adapter, pk));
  }

  // 3. sweep
  let removed = 0;
  let entities: EntityTables = base.entities;
  let entitiesMeta = base.entitiesMeta;
  if (!unknown) {
    let nextTables: MapDraft<EntityTable> | undefined;
    let nextMeta: MapDraft<ReadonlyMap<string, EntityMeta>> | undefined;
    for (const [tableKey, table] of base.entities) {
      const metas = base.entitiesMeta.get(tableKey);
      let rows: MapDraft<unknown> | undefined;
      let rowMetas: MapDraft<EntityMeta> | undefined;
      for (const [pk, row] of table) {
        if (walk.isMarked(tableKey, pk)) continue;
        const meta = metas?.get(pk);
        if (row === INVALID && meta !== undefined && meta.fetchedAt > input.oldestInFlight) continue;
        rows ??= draftOf(table);
        rowMetas ??= draftOf(metas);
        rows.delete(pk);
        rowMetas.delete(pk);
        removed++;
      }
      if (rows) (nextTables ??= draftOf(base.entities)).set(tableKey, rows.finish());
      if (rowMetas) (nextMeta ??= draftOf(base.entitiesMeta)).set(tableKey, rowMetas.finish());
    }
    if (nextTables) entities = nextTables.finish();
    if (nextMeta) entitiesMeta = nextMeta.finish();
  }

  let {endpoints, meta} = base;
  if (dropped.length > 0) {
    const nextEndpoints = draftOf(endpoints);
    const nextMeta = draftOf(meta);
    for (const key of dropped) {
      nextEndpoints.delete(key);
      nextMeta.delete(key);
    }
    endpoints = nextEndpoints.finish();
    meta = nextMeta.finish();
  }
  return {state: {...base, entities, entitiesMeta, endpoints, meta}, results: dropped, entities: removed, entitiesKept: unknown};
}

/** The input a read without a stored result denormalizes (Query, `ctrl.get`), as `MemoCache.query` finds it. */
function queryInput(schema: unknown, args: readonly unknown[], tables: EntityTables): unknown {
  const resolved = resolveSchema(schema);
  if (resolved === undefined || resolved === 'object' || !resolved.queryKey) return undefined;
  return resolved.queryKey(args, tables);
}
