import {INVALID, type EntityMeta} from '../schema/index.js';
import {
  SNAPSHOT_KIND,
  SNAPSHOT_VERSION,
  type DehydratedResult,
  type DehydratedRow,
  type DehydratedState,
  type DehydratedTable,
  type DehydratedTimes,
  type JsonValue,
} from './dehydrated-state.js';
import {toJsonValue} from './json-value.js';
import type {State} from '../core/index.js';

/**
 * The snapshot of a confirmed state (see {@link DehydratedState}). Rows and
 * results are copied into JSON values, so the snapshot shares nothing with
 * the cache. Results that only hold the error of a failed fetch are left
 * out, and the error of a result that has data too: errors are not data,
 * and the Controller that starts from the snapshot fetches again.
 *
 * A row or result with no JSON form (a `BigInt`, a function, a cycle) throws
 * a TypeError naming it; with `unsaved`, it is left out instead and its
 * error given to `unsaved`, so the rest can still be kept or sent.
 */
export function dehydrateState(state: State, now: number, unsaved?: (error: unknown) => void): DehydratedState {
  const json = (value: unknown, path: string): JsonValue | undefined | typeof UNSAVED => {
    if (!unsaved) return toJsonValue(value, path);
    try {
      return toJsonValue(value, path);
    } catch (error) {
      unsaved(error);
      return UNSAVED;
    }
  };
  const times = new TimesTable();
  const tables: DehydratedTable[] = [];
  for (const [key, table] of state.entities) {
    const metaTable = state.entitiesMeta.get(key);
    const rows: DehydratedRow[] = [];
    for (const [pk, row] of table) {
      const at = times.indexOf(metaTable?.get(pk));
      if (row === INVALID) {
        rows.push([pk, at]);
        continue;
      }
      const value = json(row, `${key}[${JSON.stringify(pk)}]`);
      if (value !== UNSAVED) rows.push([pk, at, value ?? null]);
    }
    tables.push({key, rows});
  }
  const results: DehydratedResult[] = [];
  for (const [key, meta] of state.meta) {
    const held = state.endpoints.has(key);
    if (!held && meta.error !== undefined) continue;
    let entry: {-readonly [K in keyof DehydratedResult]: DehydratedResult[K]} = {key, times: timesOf(meta)};
    if (held) {
      const result = json(state.endpoints.get(key), `result ${JSON.stringify(key)}`);
      if (result === UNSAVED) continue;
      if (result !== undefined) entry = {key, result, times: entry.times};
    }
    if (meta.page) {
      // Params with no JSON form cannot be saved: the next page after a restore then follows the list's first page.
      try {
        const {items, added} = meta.page;
        entry.page = {args: toJsonValue(meta.page.args, `the last page of ${JSON.stringify(key)}`) as JsonValue[], items, ...(added === undefined ? {} : {added})};
      } catch {
        // The rest of the snapshot is still good.
      }
    }
    if (meta.invalidated) {
      entry.invalidated = true;
      if (meta.invalidatedAt !== undefined) entry.invalidatedAt = meta.invalidatedAt;
    }
    results.push(entry);
  }
  return {kind: SNAPSHOT_KIND, version: SNAPSHOT_VERSION, dehydratedAt: now, times: times.list, tables, results};
}

/**
 * An `unsaved` callback for {@link dehydrateState} that gives `report` each
 * distinct value left out once (told apart by the error's message), however
 * many snapshots it is passed to: a save or a send repeated while the value is
 * in the cache reports it the first time only.
 */
export function unsavedOnce(report: (message: string, error: unknown) => void): (error: unknown) => void {
  const seen = new Set<string>();
  return error => {
    const message = error instanceof Error ? error.message : String(error);
    if (seen.has(message)) return;
    seen.add(message);
    report(message, error);
  };
}

/** What `json` gives for a value left out. */
const UNSAVED: unique symbol = Symbol('unsaved');

/** The meta of a write as snapshot times. */
function timesOf(meta: EntityMeta): DehydratedTimes {
  return [meta.fetchedAt, meta.date, Number.isFinite(meta.expiresAt) ? meta.expiresAt : null];
}

/**
 * Times entries shared by the rows that share a meta object: the rows of one
 * response are written with one meta, so a snapshot of 10,000 rows from a few
 * responses holds a few entries.
 */
class TimesTable {
  readonly list: DehydratedTimes[] = [];
  private readonly byMeta = new Map<EntityMeta | undefined, number>();

  indexOf(meta: EntityMeta | undefined): number {
    let index = this.byMeta.get(meta);
    if (index === undefined) {
      index = this.list.length;
      // A row always has meta; a table written by hand without it reads as long stale.
      this.list.push(meta ? timesOf(meta) : [0, 0, 0]);
      this.byMeta.set(meta, index);
    }
    return index;
  }
}
