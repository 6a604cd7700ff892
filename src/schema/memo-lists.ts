import {RecentMap} from './recent-map.js';
import {changedKeys} from './changed-keys.js';
import {INVALID} from './invalid.js';
import type {Deps} from './memo-deps.js';
import type {EntityLike, EntityTables} from './types.js';

/**
 * The last value built of a list that can grow (an adapter with `extend`),
 * and what it needs to tell, without reading every item again, that the
 * value still holds.
 */
export interface GrownList {
  readonly entity: EntityLike;
  readonly row: unknown;
  readonly value: object;
  /** The value's reads, as the memo's deps lists hold them: [table key, pk, table, row], flattened. */
  readonly deps: Deps;
  /** The tables in which `reads` gave the rows recorded in them. */
  readonly tables: EntityTables;
  /** The pks `reads` read, by table key; null for a table read whole. Made when first needed. */
  index: Map<string, Set<string> | null> | undefined;
}

/** How many lists are remembered (most recently built last). */
const MAX_LISTS = 2_000;

/**
 * The last built value of each growing list, by table key and pk, so that a
 * list a page was appended to is built from the previous value and the new
 * items alone: the cost of a page, not of the list.
 *
 * The previous value holds when no row it read changed between the tables it
 * was built in and the current ones. The tables are persistent maps, and the
 * keys written between two versions are found at the cost of the writes
 * (`changedKeys`), then looked up in an index of the pks read. Each entry
 * keeps the tables of its state alive until it is replaced: one per list.
 *
 * @example
 * ```ts
 * const lists = new GrowingLists();
 * const previous = lists.previous(collection, '{}', row, tables); // undefined until one was remembered
 * ```
 */
export class GrowingLists {
  private readonly entries = new RecentMap<string, GrownList>(MAX_LISTS);

  /** The previous value of the list `pk` of `entity` when nothing it read changed in `tables`; the row may differ. */
  previous(entity: EntityLike, pk: string, row: unknown, tables: EntityTables): GrownList | undefined {
    const entry = this.entries.get(`${entity.key}\u0000${pk}`);
    if (entry === undefined || entry.entity !== entity || entry.row === row) return undefined;
    return unchangedSince(entry, tables) ? entry : undefined;
  }

  /**
   * Remembers the value just built of the list `pk`. `from` is the entry it
   * was grown from: its index, kept up to date with the reads added, goes on.
   */
  remember(entity: EntityLike, pk: string, row: unknown, value: object | INVALID, deps: Deps, tables: EntityTables, from?: GrownList): void {
    const id = `${entity.key}\u0000${pk}`;
    this.entries.delete(id);
    if (value === INVALID) return;
    let index: GrownList['index'];
    if (from?.index !== undefined && from.deps.size <= deps.size) {
      // The grown value's reads are the previous ones, then the new items' ones.
      index = from.index;
      addReads(index, deps.reads, from.deps.size, deps.size);
    }
    this.entries.set(id, {entity, row, value, deps, tables, index});
  }
}

/** Whether every row `entry` read is the same in `tables` as in the tables it was built in. */
function unchangedSince(entry: GrownList, tables: EntityTables): boolean {
  const index = entry.index ?? (entry.index = addReads(new Map(), entry.deps.reads, 0, entry.deps.size));
  for (const [key, pks] of index) {
    const before = entry.tables.get(key);
    const after = tables.get(key);
    if (before === after) continue;
    if (pks === null) return false;
    // Past as many changes as reads, checking each read is no dearer than the diff.
    const changed = changedKeys(before, after, Math.max(pks.size, 32));
    if (changed === undefined) return false;
    for (const pk of changed) if (pks.has(pk)) return false;
  }
  return true;
}

/** Adds the reads in slots `from` to `to` to `index`. */
function addReads(index: Map<string, Set<string> | null>, reads: readonly unknown[], from: number, to: number): Map<string, Set<string> | null> {
  for (let i = from; i < to; i += 4) {
    const key = reads[i] as string;
    const pk = reads[i + 1] as string | undefined;
    let pks = index.get(key);
    if (pks === null) continue;
    if (pk === undefined) {
      index.set(key, null);
      continue;
    }
    if (pks === undefined) index.set(key, (pks = new Set()));
    pks.add(pk);
  }
  return index;
}
