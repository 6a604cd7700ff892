import {eachRead, extendsReads, presenceKey} from '../schema/index.js';
import type {RowKeys} from './change-set.js';

/** What a dependency index holds: anything with a key and the reads it was indexed by. */
export interface Indexed {
  /** The result key it reads. */
  readonly key: string;
  /** The rows it read (`Denormalized.reads`: `[table, pk]` pairs; pk undefined for a whole table; `presenceKey(table)` for whether a row is there). */
  indexedReads: readonly unknown[];
}

/**
 * Which watchers depend on which result keys, rows and whole tables, so that
 * a commit finds the watchers it concerns in time proportional to what it
 * changed, not to the number of watchers.
 *
 * @example
 * ```ts
 * const index = new WatchIndex<Entry>();
 * index.add(entry); // by entry.key and entry.indexedReads
 * index.collect(commit.results, commit.rows, commit.presence, found);
 * ```
 */
export class WatchIndex<W extends Indexed> {
  // Most keys and rows have one watcher: it is held as it is, and a Set only from the second.
  private readonly byResult = new Map<string, Held<W>>();
  private readonly byRow = new Map<string, Map<string, Held<W>>>();
  private readonly byTable = new Map<string, Held<W>>();

  /** The watchers indexed under result `key`: one, a Set of several, or undefined. */
  withKey(key: string): Held<W> | undefined {
    return this.byResult.get(key);
  }

  /** Every watcher, each once. */
  *all(): IterableIterator<W> {
    for (const held of this.byResult.values()) {
      if (held instanceof Set) yield* held;
      else yield held;
    }
  }

  /** Indexes `watcher` by its key and its reads. */
  add(watcher: W): void {
    addTo(this.byResult, watcher.key, watcher);
    this.indexReads(watcher, watcher.indexedReads);
  }

  /** Removes `watcher` from the index. */
  remove(watcher: W): void {
    removeFrom(this.byResult, watcher.key, watcher);
    this.unindexReads(watcher, watcher.indexedReads);
  }

  /**
   * Re-indexes `watcher` after a read gave other reads. Reads that only add
   * to the indexed ones (a list a page was appended to) index what was added.
   */
  update(watcher: W, reads: readonly unknown[]): void {
    const indexed = watcher.indexedReads;
    if (reads === indexed) return;
    watcher.indexedReads = reads;
    if (extendsReads(indexed, reads)) this.indexReads(watcher, reads, indexed);
    else {
      this.unindexReads(watcher, indexed);
      this.indexReads(watcher, reads);
    }
  }

  /**
   * Adds to `found` every watcher of one of `results`, of one of `rows`, of a
   * whole table with a row in `rows`, or of whether one of `presence` is there.
   */
  collect(results: ReadonlySet<string>, rows: RowKeys, presence: RowKeys, found: Set<W>): void {
    for (const key of results) addHeld(this.byResult.get(key), found);
    for (const [table, pks] of rows) {
      addHeld(this.byTable.get(table), found);
      this.collectRows(this.byRow.get(table), pks, found);
    }
    for (const [table, pks] of presence) this.collectRows(this.byRow.get(presenceKey(table)), pks, found);
  }

  private collectRows(byPk: Map<string, Held<W>> | undefined, pks: ReadonlySet<string>, found: Set<W>): void {
    if (!byPk) return;
    // Iterate the smaller side: a commit of many rows into a table few read, or the reverse.
    if (pks.size <= byPk.size) {
      for (const pk of pks) addHeld(byPk.get(pk), found);
    } else {
      for (const [pk, watchers] of byPk) if (pks.has(pk)) addHeld(watchers, found);
    }
  }

  /** Indexes `watcher` by `reads` (with `since`, only by the reads `since` lacks). */
  private indexReads(watcher: W, reads: readonly unknown[], since?: readonly unknown[]): void {
    eachRead(
      reads,
      (table, pk) => {
        if (pk === undefined) addTo(this.byTable, table, watcher);
        else {
          let byPk = this.byRow.get(table);
          if (!byPk) this.byRow.set(table, (byPk = new Map()));
          addTo(byPk, pk, watcher);
        }
      },
      since,
    );
  }

  private unindexReads(watcher: W, reads: readonly unknown[]): void {
    eachRead(reads, (table, pk) => {
      if (pk === undefined) removeFrom(this.byTable, table, watcher);
      else {
        const byPk = this.byRow.get(table);
        if (!byPk) return;
        removeFrom(byPk, pk, watcher);
        if (byPk.size === 0) this.byRow.delete(table);
      }
    });
  }
}

/** The watchers of one key: the watcher itself while it is the only one, else a Set of them. */
export type Held<W> = W | Set<W>;

function addHeld<W>(held: Held<W> | undefined, found: Set<W>): void {
  if (held === undefined) return;
  if (held instanceof Set) for (const watcher of held) found.add(watcher);
  else found.add(held);
}

function addTo<W>(map: Map<string, Held<W>>, key: string, watcher: W): void {
  const held = map.get(key);
  if (held === undefined) map.set(key, watcher);
  else if (held instanceof Set) held.add(watcher);
  else if (held !== watcher) map.set(key, new Set([held, watcher]));
}

function removeFrom<W>(map: Map<string, Held<W>>, key: string, watcher: W): void {
  const held = map.get(key);
  if (held === undefined) return;
  if (!(held instanceof Set)) {
    if (held === watcher) map.delete(key);
    return;
  }
  held.delete(watcher);
  if (held.size === 0) map.delete(key);
}
