/**
 * What a built value read: [table key, pk, table, row] per read, flattened.
 * A value is still right while every read gives the same row; checking the
 * table first makes the common case (table untouched) one comparison. The
 * members of a cycle share one list. The stamps make each list compared once
 * per state and recorded once per walk, without a Map or Set.
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
  /** The distinct table keys of `reads` up to slot `scanned` (see `tableKeys`); made when first asked (most lists never are). */
  private keys: string[] | undefined;
  private scanned: number;
  /**
   * `reads` may go on past `size` with the reads of a list grown from this
   * one: a grown list takes this array over and adds its new items' reads,
   * instead of copying a long array for each page. Slots before `size` never
   * change once the list is finished.
   */
  constructor(
    readonly reads: unknown[] = [],
    from?: Deps,
  ) {
    // The first slots are `from`'s: the tables found in them stay found.
    this.keys = from?.keys?.slice();
    this.scanned = from ? from.scanned : 0;
  }
  /** How many slots of `reads` are this list's. */
  get size(): number {
    return this.end < 0 ? this.reads.length : this.end;
  }
  /** Ends the list: reads added to the array from now on are another list's. */
  finish(): void {
    this.end = this.reads.length;
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
    const keys = (this.keys ??= []);
    for (let i = this.scanned; i < size; i += 4) {
      const key = reads[i] as string;
      if (key !== keys[keys.length - 1] && !keys.includes(key)) keys.push(key);
    }
    this.scanned = size;
    return keys;
  }
  /** The number of the last state (see `MemoCache.stateOf`) in which the reads were found unchanged. */
  validIn = 0;
  /** The number of the last state in which one read was found changed. */
  changedIn = 0;
  /** The last walk that recorded these reads' tables for a read outside any entity. */
  touchedIn = 0;
}
