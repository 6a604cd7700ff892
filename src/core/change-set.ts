import {INVALID} from '../schema/index.js';
import type {State} from './state.js';

/**
 * Row keys by table key: `table → pks`.
 *
 * @example
 * ```ts
 * controller.subscribe(commit => {
 *   const rows: RowKeys = commit.rows;
 *   if (rows.get('Article')?.has('1')) console.log('article 1 changed');
 * });
 * ```
 */
export type RowKeys = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * What made a commit.
 *
 * @example
 * ```ts
 * controller.subscribe(commit => {
 *   if (commit.cause === 'reset') console.log('the cache was emptied');
 * });
 * ```
 */
export type CommitCause =
  /** A response was written (a fetch settled, or `setResponse`). */
  | 'receive'
  /** A fetch failed: its prediction is rolled back and its result records the error. */
  | 'error'
  /** A request was abandoned: a mutation's prediction is rolled back, nothing else changes. */
  | 'abort'
  /** A mutation's prediction was applied. */
  | 'optimistic'
  /** `invalidate()`. */
  | 'invalidate'
  /** `gc()` dropped unused data. */
  | 'gc'
  /** `resetEntireStore()`. */
  | 'reset'
  /** A Controller built from a snapshot, or a state applied from elsewhere (another tab). */
  | 'restore';

/**
 * One committed change of the visible state, as subscribers see it: what
 * changed, and the state after it. Readers are told from the same record, so
 * a reader hears of a commit only when something it read is in it.
 *
 * @example
 * ```ts
 * controller.subscribe(commit => {
 *   if (commit) console.log(commit.cause, [...commit.results], commit.rows.get('Article'));
 * });
 * ```
 */
export interface Commit {
  /** Increases by one with each commit of a Controller. */
  readonly id: number;
  readonly cause: CommitCause;
  /** Keys of the results whose data or meta (expiry, error, invalidation) changed. */
  readonly results: ReadonlySet<string>;
  /** Rows whose value or meta changed, by table. */
  readonly rows: RowKeys;
  /** Rows that appeared, went away, or became or stopped being INVALID, by table (each is in `rows` too). */
  readonly presence: RowKeys;
  /** Tables that gained or lost rows. */
  readonly tables: ReadonlySet<string>;
  /** Everything may have changed (a reset): every reader is told to read again. */
  readonly everything: boolean;
  /** The visible state after the commit. */
  readonly state: State;
  /**
   * The confirmed state after the commit: `state` without the pending
   * optimistic predictions (what `dehydrate()` snapshots and other tabs are sent).
   */
  readonly confirmed: State;
  /**
   * Rows whose confirmed value or meta changed, by table. The same as
   * `rows` while no prediction is pending; with predictions it may hold rows
   * a prediction still covers, and leave out rows only a prediction changed.
   */
  readonly confirmedRows: RowKeys;
}

/**
 * Collects, while a commit is built, the results and rows it may have
 * changed; {@link ChangeSet.finish} compares those with the state before to
 * keep only what really changed. Cost: what the commit wrote, never the size
 * of the store.
 *
 * @example
 * ```ts
 * const changes = new ChangeSet();
 * mergeResponse(store, normalized, meta, changes.row);
 * changes.result(key);
 * const commit = changes.finish(1, 'receive', before, after);
 * ```
 */
export class ChangeSet {
  private readonly results = new Set<string>();
  private readonly rows = new Map<string, Set<string>>();
  private everything = false;

  /** Notes a row that may have changed (a `RowSink`: pass it to `mergeResponse`). */
  readonly row = (table: string, pk: string): void => {
    let pks = this.rows.get(table);
    if (!pks) this.rows.set(table, (pks = new Set()));
    pks.add(pk);
  };

  /** The rows noted so far. */
  rowKeys(): RowKeys {
    return this.rows;
  }

  /** Notes a result whose data or meta may have changed. */
  result(key: string): void {
    this.results.add(key);
  }

  /** Notes every row of `rows`. */
  addRows(rows: RowKeys): void {
    for (const [table, pks] of rows) for (const pk of pks) this.row(table, pk);
  }

  /** Notes that anything may have changed. */
  all(): void {
    this.everything = true;
  }

  /**
   * Notes every row of the tables that are not the same object in `before`
   * and `after` (for commits that rewrite tables wholesale, such as a GC sweep).
   */
  diffTables(before: State, after: State): void {
    for (const [table, rows] of after.entities) {
      const old = before.entities.get(table);
      if (old === rows && before.entitiesMeta.get(table) === after.entitiesMeta.get(table)) continue;
      for (const pk of rows.keys()) this.row(table, pk);
      if (old) for (const pk of old.keys()) this.row(table, pk);
    }
    for (const [table, rows] of before.entities) if (!after.entities.has(table)) for (const pk of rows.keys()) this.row(table, pk);
  }

  /**
   * The commit: the noted results and rows that differ between the visible
   * states `before` and `after`. `confirmed` gives the confirmed states
   * before and after when predictions are pending (they differ from the
   * visible ones); without it the visible states are the confirmed ones.
   */
  finish(id: number, cause: CommitCause, before: State, after: State, confirmed?: {readonly before: State; readonly after: State}): Commit {
    const results = new Set<string>();
    for (const key of this.results) {
      if (before.endpoints.get(key) !== after.endpoints.get(key) || before.meta.get(key) !== after.meta.get(key)) results.add(key);
    }
    const presence = new Map<string, Set<string>>();
    const tables = new Set<string>();
    const rows = this.changedRows(before, after, {tables, presence});
    const separate = confirmed !== undefined && (confirmed.before !== before || confirmed.after !== after);
    const confirmedRows = separate ? this.changedRows(confirmed.before, confirmed.after) : rows;
    return {
      id,
      cause,
      results,
      rows,
      presence,
      tables,
      everything: this.everything,
      state: after,
      confirmed: confirmed?.after ?? after,
      confirmedRows,
    };
  }

  /**
   * The noted rows whose value or meta differ between two states. `found`
   * collects the tables that gained or lost rows, and the rows that appeared
   * or went away (see {@link Commit.presence}).
   */
  private changedRows(before: State, after: State, found?: {tables: Set<string>; presence: Map<string, Set<string>>}): RowKeys {
    const rows = new Map<string, Set<string>>();
    for (const [table, pks] of this.rows) {
      const oldRows = before.entities.get(table);
      const newRows = after.entities.get(table);
      const oldMeta = before.entitiesMeta.get(table);
      const newMeta = after.entitiesMeta.get(table);
      if (oldRows === newRows && oldMeta === newMeta) continue;
      let changed: Set<string> | undefined;
      let appeared: Set<string> | undefined;
      for (const pk of pks) {
        const was = oldRows?.get(pk);
        const is = newRows?.get(pk);
        if (was === is && oldMeta?.get(pk) === newMeta?.get(pk)) continue;
        (changed ??= new Set()).add(pk);
        if (!found) continue;
        if ((was === undefined) !== (is === undefined)) found.tables.add(table);
        if (isPresent(was) !== isPresent(is)) (appeared ??= new Set()).add(pk);
      }
      if (changed) rows.set(table, changed);
      if (appeared) found?.presence.set(table, appeared);
    }
    return rows;
  }
}

/** A row a reader can show: there, and not INVALID. */
function isPresent(row: unknown): boolean {
  return row !== undefined && row !== INVALID;
}
