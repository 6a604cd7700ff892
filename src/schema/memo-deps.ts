import type {INVALID} from './invalid.js';
import type {EntityLike} from './types.js';

/**
 * What a built value read: [table key, pk, table, row] per read, flattened.
 * A value is still right while every read gives the same row; checking the
 * table first makes the common case (table untouched) one comparison. The
 * members of a cycle share one list. The stamps make each list compared once
 * per state and recorded once per walk, without a Map or Set.
 *
 * The memo keeps one of these per entity it built, and it is that entity's
 * memo entry too, so every field counts: the rarely needed parts (the table
 * keys of a long list) sit beside it, made when first asked for.
 *
 * @example
 * ```ts
 * const deps = new Deps();
 * deps.reads.push('Article', '1', table, table.get('1'));
 * deps.finish(); // deps.size === 4
 * ```
 */
export class Deps {
  /** Where this list's reads end in `reads`; -1 while its value is being built (reads are added then). */
  private end = -1;
  /**
   * `reads` may go on past `size` with the reads of a list grown from this
   * one: a grown list takes this array over and adds its new items' reads,
   * instead of copying a long array for each page. Slots before `size` never
   * change once the list is finished.
   */
  constructor(
    public reads: unknown[] = [],
    from?: Deps,
  ) {
    // The first slots are `from`'s: the tables found in them stay found.
    const known = from && TABLE_KEYS.get(from);
    if (known) TABLE_KEYS.set(this, {names: known.names.slice(), scanned: known.scanned});
  }
  /** How many slots of `reads` are this list's. */
  get size(): number {
    return this.end < 0 ? this.reads.length : this.end;
  }
  /**
   * Ends the list: reads added to the array from now on are another list's.
   * With `trim`, an array that is this list's alone is copied to one just as
   * long (an array grown by pushes holds up to half as many slots again, unused).
   */
  finish(trim = false): void {
    let reads = this.reads;
    if (trim && reads.length > 0) this.reads = reads = reads.slice();
    this.end = reads.length;
  }
  /** A list to be built that starts with `deps`' reads: its very array when nothing follows them yet. */
  static continuing(deps: Deps): Deps {
    const {reads, size} = deps;
    return new Deps(reads.length === size ? reads : reads.slice(0, size), deps);
  }
  /**
   * The table keys the reads name, each once, in the order first read. A list
   * grown from another one looks only at the slots added since: the cost of a
   * page, not of the list.
   */
  tableKeys(): readonly string[] {
    const {reads, size} = this;
    let keys = TABLE_KEYS.get(this);
    if (keys === undefined) TABLE_KEYS.set(this, (keys = {names: [], scanned: 0}));
    const names = keys.names;
    for (let i = keys.scanned; i < size; i += 4) {
      const key = reads[i] as string;
      if (key !== names[names.length - 1] && !names.includes(key)) names.push(key);
    }
    keys.scanned = size;
    return names;
  }
  /**
   * The number of the last state (see `MemoCache.stateOf`) in which the reads
   * were compared: positive when they were found unchanged, negated when one
   * was found changed.
   */
  checked = 0;
  /** The last walk that recorded these reads' tables for a read outside any entity. */
  touchedIn = 0;

  // A list is also the memo's entry for the entity built with it (one object
  // rather than two per entity): the fields below are the entry's.
  /** The adapter of the entity built with these reads; undefined while the list is no entry. */
  entity: EntityLike | undefined = undefined;
  /** The entity built. */
  value: object | INVALID | undefined = undefined;
  /** The entry of another class sharing the same row (see `MemoCache`). */
  next: Deps | undefined = undefined;
  /** The reads the entry's value depends on: this list itself (but see {@link SharedEntry}). */
  get list(): Deps {
    return this;
  }
}

/**
 * The entry of a member of a cycle: its own value, and the reads it shares
 * with the cycle's other members (one list, checked once per state however
 * many members there are). A class of its own, so that a list needs no
 * field for what only these entries have.
 */
export class SharedEntry extends Deps {
  constructor(private readonly shared: Deps) {
    super();
    this.finish();
  }
  override get list(): Deps {
    return this.shared;
  }
}

/**
 * The distinct table keys of a list's reads up to slot `scanned` (see
 * `tableKeys`): asked only of long lists, so kept beside them rather than in
 * a field every list would carry.
 */
const TABLE_KEYS = new WeakMap<Deps, {readonly names: string[]; scanned: number}>();
