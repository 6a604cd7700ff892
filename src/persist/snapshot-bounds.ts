import type {DehydratedResult, DehydratedRow, DehydratedState, DehydratedTable, DehydratedTimes} from '../snapshots/index.js';

/**
 * The snapshot without the rows and results written before `cutoff`
 * (client ms). Rows and the result of one response are written at one
 * time, so a response is kept or left out whole. A part of the snapshot
 * that is not what `dehydrate()` writes is passed through untouched, for
 * `merge()` to refuse with a clear error.
 *
 * @example
 * ```ts
 * const recent = keepSince(dehydrate(controller), Date.now() - 24 * 3_600_000);
 * ```
 */
export function keepSince(snapshot: DehydratedState, cutoff: number): DehydratedState {
  const {times} = snapshot;
  if (!Array.isArray(times) || !Array.isArray(snapshot.tables) || !Array.isArray(snapshot.results)) return snapshot;
  const recent = (at: unknown) => {
    const entry = typeof at === 'number' ? times[at] : undefined;
    return !Array.isArray(entry) || !(typeof entry[1] === 'number' && entry[1] < cutoff);
  };
  const tables: DehydratedTable[] = [];
  for (const table of snapshot.tables) {
    if (!table || !Array.isArray(table.rows)) {
      tables.push(table);
      continue;
    }
    const rows = table.rows.filter((row: DehydratedRow) => !Array.isArray(row) || recent(row[1]));
    if (rows.length > 0) tables.push(rows.length === table.rows.length ? table : {...table, rows});
  }
  const results = snapshot.results.filter((result: DehydratedResult) => !Array.isArray(result?.times) || !(typeof result.times[1] === 'number' && result.times[1] < cutoff));
  return {...snapshot, tables, results};
}

/**
 * The snapshot with all its data stale: shown at once, and refetched by the
 * readers that show it.
 *
 * @example
 * ```ts
 * merge(controller, asStale(saved));
 * ```
 */
export function asStale(snapshot: DehydratedState): DehydratedState {
  if (!Array.isArray(snapshot.times) || !Array.isArray(snapshot.results)) return snapshot;
  const stale = (times: DehydratedTimes): DehydratedTimes => (Array.isArray(times) && times.length === 3 ? [times[0], times[1], 0] : times);
  return {
    ...snapshot,
    times: snapshot.times.map(stale),
    results: snapshot.results.map(result => (Array.isArray(result?.times) ? {...result, times: stale(result.times)} : result)),
  };
}

/**
 * The snapshot as JSON text of at most `maxSize` characters: when the whole
 * is larger, the oldest writes are left out until the rest fits. Undefined
 * when not even the newest write fits.
 *
 * @example
 * ```ts
 * const json = boundedJson(dehydrate(controller), 4 * 1024 * 1024);
 * ```
 */
export function boundedJson(snapshot: DehydratedState, maxSize: number): string | undefined {
  const json = JSON.stringify(snapshot);
  if (json.length <= maxSize) return json;
  // Each write's share of the text, by the time it was written.
  const sizes = new Map<number, number>();
  const add = (date: number, size: number) => sizes.set(date, (sizes.get(date) ?? 0) + size);
  for (const table of snapshot.tables) {
    for (const row of table.rows) add(snapshot.times[row[1]]![1], JSON.stringify(row).length + 1);
  }
  for (const result of snapshot.results) add(result.times[1], JSON.stringify(result).length + 1);
  const fixed = JSON.stringify({...snapshot, tables: snapshot.tables.map(table => ({...table, rows: []})), results: []}).length;
  let budget = maxSize - fixed;
  let cutoff = Infinity;
  for (const date of [...sizes.keys()].sort((a, b) => b - a)) {
    budget -= sizes.get(date)!;
    if (budget < 0) break;
    cutoff = date;
  }
  if (cutoff === Infinity) return undefined;
  const kept = JSON.stringify(keepSince(snapshot, cutoff));
  return kept.length <= maxSize ? kept : undefined;
}
