// An immutable map from strings that shares structure between versions, so a
// write costs O(log n) instead of a copy of the whole map. Written here rather
// than taken from a library because the cache needs four things together that
// no small maintained package offers: JS Map's iteration order (a replaced value
// keeps its place, a deleted and re-added key goes last), reads nearly as fast
// as a Map's (the memo reads a row for every dependency it checks), batch writes
// that change nodes in place while they are private to the batch, and a size
// that fits the bundle budget.
//
// The layout. The versions of one map share a "lineage": a plain Map that
// numbers each key the first time any of them writes it. It is only ever added
// to, so a number never changes meaning, and a read is one native Map lookup
// plus two to four array reads (no string is hashed in JavaScript). A version
// holds `trie`, a 32-way radix trie by key number giving each key's value and
// insertion number. Insertion order is "by key number" for as long as keys were
// numbered in the order this version inserted them (`prefix`: a map filled once
// stays so); past that, `order`, a second trie by insertion number, gives each
// later entry's key number. A write copies one path of each trie it changes.
// Deletions leave holes, and keys numbered by other versions or since deleted
// are waste; when waste outgrows the entries the version is rebuilt on a
// lineage of its own, a cost paid for by as many earlier writes.
//
// Maps of up to SMALL entries are a flat array of keys and values instead: the
// tables-of-tables hold a handful of keys and are read on every memo check,
// where scanning a few (interned) strings beats any lookup.

/** Maps of at most this many entries are a flat array. */
const SMALL = 8;
/** Waste (holes, keys numbered but not held) tolerated before a rebuild, besides "no more than the entries". */
const MIN_WASTE = 32;

/** The numbering shared by the versions of one map (and of a partner map). Only ever added to. */
interface Lineage {
  readonly ids: Map<string, number>;
  readonly keys: string[];
  // The last key a draft looked up and its number: a read then writes of one
  // key (to a table and to its meta) is the common pattern. A miss stays true
  // while no key was numbered since.
  lastKey: string | undefined;
  lastId: number | undefined;
  lastLength: number;
}

const newLineage = (): Lineage => ({ids: new Map(), keys: [], lastKey: undefined, lastId: undefined, lastLength: -1});

/**
 * A trie node: slot 0 holds the token of the draft that owns it (a draft
 * changes its own nodes in place), then 32 children. A leaf of `trie` holds
 * 32 (value, insertion number) pairs; an absent key has no insertion number.
 * A leaf of `order` holds 32 key numbers.
 */
type Node = unknown[];
/** A draft's token. */
type Edit = object;

/** What a version is made of; see the top of this file. */
interface Layout {
  /** A small map's keys and values, alternating, in order; undefined for tries. */
  readonly small: readonly unknown[] | undefined;
  readonly lineage: Lineage;
  readonly trie: Node | undefined;
  readonly trieShift: number;
  /** Entries inserted at positions below this are ordered by key number. */
  readonly prefix: number;
  /** Key numbers by insertion number, from `prefix` on. */
  readonly order: Node | undefined;
  readonly orderShift: number;
  /** The next insertion number. */
  readonly next: number;
  readonly size: number;
}

/** Copies the parts of a version (the one list of them). */
function copyLayout(to: {-readonly [K in keyof Layout]: Layout[K]}, from: Layout): void {
  to.small = from.small;
  to.lineage = from.lineage;
  to.trie = from.trie;
  to.trieShift = from.trieShift;
  to.prefix = from.prefix;
  to.order = from.order;
  to.orderShift = from.orderShift;
  to.next = from.next;
  to.size = from.size;
}

/** The position of `key` in a small map's array, or -1. */
function indexIn(small: readonly unknown[], key: string): number {
  for (let i = 0; i < small.length; i += 2) if (small[i] === key) return i;
  return -1;
}

/** The value of key number `id` in `layout`'s trie (undefined when not held). */
function valueOf(layout: Layout, id: number): unknown {
  return leafAt(layout.trie, layout.trieShift, id)?.[1 + ((id & 31) << 1)];
}

/** Whether `layout`'s trie holds key number `id`. */
function holds(layout: Layout, id: number): boolean {
  return leafAt(layout.trie, layout.trieShift, id)?.[2 + ((id & 31) << 1)] !== undefined;
}

/** A trie of `shift` levels above its leaves holds numbers below `1 << (shift + 5)`. */
const fits = (n: number, shift: number) => n >>> shift < 32;

/** The leaf of a trie of `shift` levels that holds number `n`, if there is one. */
function leafAt(root: Node | undefined, shift: number, n: number): Node | undefined {
  if (!fits(n, shift)) return undefined;
  let node = root;
  for (let s = shift; s > 0 && node !== undefined; s -= 5) node = node[1 + ((n >>> s) & 31)] as Node | undefined;
  return node;
}

// Node lengths, owner token included: made at full length, so filling one never reallocates it.
const BRANCH = 33;
const VALUE_LEAF = 65;
const ORDER_LEAF = 33;

/** `node` when `edit` owns it, else a copy (or a new node of `length` slots) that it owns. */
function own(node: Node | undefined, edit: Edit, length: number): Node {
  if (node === undefined) {
    const made: Node = new Array(length);
    made[0] = edit;
    return made;
  }
  if (node[0] === edit) return node;
  const copy = node.slice();
  copy[0] = edit;
  return copy;
}

/**
 * The leaf for `n` in a trie of `shift` levels whose root is `root`, with
 * every node on the way made or copied so that `edit` owns it. Returns the
 * (possibly new) root; the leaf is left in `path.leaf`.
 */
function ownPath(root: Node | undefined, shift: number, n: number, edit: Edit, leafLength: number, path: {leaf: Node}): Node {
  const top = own(root, edit, shift === 0 ? leafLength : BRANCH);
  let node = top;
  for (let s = shift; s > 0; s -= 5) {
    const i = 1 + ((n >>> s) & 31);
    const child = node[i] as Node | undefined;
    node = child !== undefined && child[0] === edit ? child : (node[i] = own(child, edit, s === 5 ? leafLength : BRANCH));
  }
  path.leaf = node;
  return top;
}

/** A trie one level taller holding `root` as its first child. */
function taller(root: Node | undefined, edit: Edit): Node | undefined {
  if (root === undefined) return undefined;
  const top = own(undefined, edit, BRANCH);
  top[1] = root;
  return top;
}

/** What a map iterator gives for each entry. */
const enum Pick {
  Key,
  Value,
  Pair,
}

/**
 * Walks a map's entries in insertion order: the flat array of a small map, or
 * the key numbers below `prefix`, then the `order` trie depth first.
 */
class OrderIterator<T> implements IterableIterator<T> {
  private readonly layout: Layout;
  private readonly pick: Pick;
  /** The next position in a small map's array, or the next key number below `prefix`. */
  private at = 0;
  private leaf: Node | undefined;
  /** The path through `order`: nodes and the next slot in each. */
  private readonly nodes: Node[] = [];
  private readonly positions: number[] = [];

  constructor(layout: Layout, pick: Pick) {
    this.layout = layout;
    this.pick = pick;
    if (layout.order !== undefined) {
      this.nodes.push(layout.order);
      this.positions.push(1);
    }
  }

  next(): IteratorResult<T> {
    const layout = this.layout;
    const small = layout.small;
    if (small !== undefined) {
      const at = this.at;
      if (at >= small.length) return {value: undefined, done: true};
      this.at = at + 2;
      return {value: this.make(small[at] as string, small[at + 1]), done: false};
    }
    while (this.at < layout.prefix) {
      const id = this.at++;
      if ((id & 31) === 0) this.leaf = leafAt(layout.trie, layout.trieShift, id);
      const slot = 1 + ((id & 31) << 1);
      const leaf = this.leaf;
      if (leaf !== undefined && leaf[slot + 1] === id) return {value: this.make(layout.lineage.keys[id], leaf[slot]), done: false};
    }
    const {nodes, positions} = this;
    const leafDepth = layout.orderShift / 5;
    for (let depth = nodes.length - 1; depth >= 0; depth = nodes.length - 1) {
      const node = nodes[depth];
      const i = positions[depth];
      if (i >= node.length) {
        nodes.pop();
        positions.pop();
        continue;
      }
      positions[depth] = i + 1;
      const slot = node[i];
      if (slot === undefined) continue;
      if (depth < leafDepth) {
        nodes.push(slot as Node);
        positions.push(1);
        continue;
      }
      const id = slot as number;
      const value = leafAt(layout.trie, layout.trieShift, id)![1 + ((id & 31) << 1)];
      return {value: this.make(layout.lineage.keys[id], value), done: false};
    }
    return {value: undefined, done: true};
  }

  [Symbol.iterator](): this {
    return this;
  }

  private make(key: string, value: unknown): T {
    return (this.pick === Pick.Key ? key : this.pick === Pick.Value ? value : [key, value]) as T;
  }
}

/**
 * An immutable `ReadonlyMap` from strings. `set` and `delete` return a new map
 * and leave this one as it is; the two share every node the write did not
 * touch, so a write costs O(log n) whatever the size. A write that changes
 * nothing (the same value, a missing key) returns this very map, so identity
 * tells "unchanged". Iteration follows insertion order as a JS `Map`'s does.
 * Many writes at once go through a {@link MapDraft}.
 *
 * The Controller keeps its tables in these; the state's types stay
 * `ReadonlyMap`, so readers never depend on this class.
 *
 * @example
 * ```ts
 * const a = PersistentMap.empty<number>().set('x', 1);
 * const b = a.set('y', 2);
 * [...a.keys()]; // ['x']
 * [...b.keys()]; // ['x', 'y']
 * a.set('x', 1) === a; // true
 * ```
 */
// The class below has the parts of a version as its own fields.
export interface PersistentMap<V> extends Layout {}
export class PersistentMap<V> implements ReadonlyMap<string, V> {
  /** @internal Use {@link PersistentMap.empty}, {@link PersistentMap.from} or a draft. */
  constructor(layout: Layout) {
    copyLayout(this, layout);
  }

  /** The empty map (one shared instance). */
  static empty<V>(): PersistentMap<V> {
    return EMPTY as PersistentMap<V>;
  }

  /**
   * A map with the entries of `source` (a `Map`, another `ReadonlyMap`, or
   * pairs) in its order. A `PersistentMap` is returned as it is.
   */
  static from<V>(source: Iterable<readonly [string, V]>): PersistentMap<V> {
    if (source instanceof PersistentMap) return source;
    const draft = new MapDraft(PersistentMap.empty<V>());
    for (const [key, value] of source) draft.set(key, value);
    return draft.finish();
  }

  get(key: string): V | undefined {
    const small = this.small;
    if (small !== undefined) {
      const at = indexIn(small, key);
      return at < 0 ? undefined : (small[at + 1] as V);
    }
    // The memo's hot path: the walk of `leafAt`, written out on this class's own fields.
    const id = this.lineage.ids.get(key);
    let shift = this.trieShift;
    if (id === undefined || id >>> shift >= 32) return undefined;
    let node = this.trie;
    for (; shift > 0 && node !== undefined; shift -= 5) node = node[1 + ((id >>> shift) & 31)] as Node | undefined;
    return node?.[1 + ((id & 31) << 1)] as V | undefined;
  }

  has(key: string): boolean {
    if (this.small !== undefined) return indexIn(this.small, key) >= 0;
    // Written out as `get` is: a row's presence is asked as often as its value.
    const id = this.lineage.ids.get(key);
    let shift = this.trieShift;
    if (id === undefined || id >>> shift >= 32) return false;
    let node = this.trie;
    for (; shift > 0 && node !== undefined; shift -= 5) node = node[1 + ((id >>> shift) & 31)] as Node | undefined;
    return node?.[2 + ((id & 31) << 1)] !== undefined;
  }

  /** A map with `key` set to `value`; this very map when it holds that value already. */
  set(key: string, value: V): PersistentMap<V> {
    return new MapDraft(this).set(key, value).finish();
  }

  /** A map without `key`; this very map when it has no such key. */
  delete(key: string): PersistentMap<V> {
    const draft = new MapDraft(this);
    draft.delete(key);
    return draft.finish();
  }

  /** A draft to write many entries at once; see {@link MapDraft}. */
  draft(): MapDraft<V> {
    return new MapDraft(this);
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this) callback.call(thisArg, value, key, this);
  }

  keys(): OrderIterator<string> {
    return new OrderIterator(this, Pick.Key);
  }

  values(): OrderIterator<V> {
    return new OrderIterator(this, Pick.Value);
  }

  entries(): OrderIterator<[string, V]> {
    return new OrderIterator(this, Pick.Pair);
  }

  [Symbol.iterator](): OrderIterator<[string, V]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'PersistentMap';
  }
}

const NO_LINEAGE: Lineage = newLineage();
/** Where `ownPath` leaves the leaf it reached (one object for every call: writes never nest). */
const PATH: {leaf: Node} = {leaf: []};
const EMPTY = new PersistentMap<unknown>({
  small: [],
  lineage: NO_LINEAGE,
  trie: undefined,
  trieShift: 0,
  prefix: 0,
  order: undefined,
  orderShift: 0,
  next: 0,
  size: 0,
});

/**
 * Many writes to a {@link PersistentMap} at once. The draft changes in place
 * the nodes it made itself, so a batch of n writes allocates about one node per
 * 32 writes rather than a path per write; the map it started from is never
 * changed. `finish()` gives the resulting map (the starting one when nothing
 * changed); the draft may go on being written after that, without touching
 * what it gave.
 *
 * @example
 * ```ts
 * const draft = table.draft();
 * for (const row of rows) draft.set(row.id, row);
 * const next = draft.finish();
 * ```
 */
// The class below has the parts of the version it writes as its own fields.
export interface MapDraft<V> extends Layout {
  small: unknown[] | undefined;
  lineage: Lineage;
  trie: Node | undefined;
  trieShift: number;
  prefix: number;
  order: Node | undefined;
  orderShift: number;
  next: number;
  size: number;
}
export class MapDraft<V> {
  private edit: Edit = {};
  private base: PersistentMap<V>;
  private changed = false;
  /** Whether `small` is the draft's own array. */
  private smallOwned = false;
  private readonly partner: MapDraft<unknown> | undefined;

  /**
   * `partner`: a draft of a map that holds mostly the same keys (a table's
   * meta beside the table). When this draft lays out its entries anew it
   * numbers keys as the partner does, so a key written to both is looked up once.
   */
  constructor(base: PersistentMap<V>, partner?: MapDraft<unknown>) {
    this.base = base;
    this.partner = partner;
    copyLayout(this, base);
  }

  get(key: string): V | undefined {
    const small = this.small;
    if (small !== undefined) {
      const at = indexIn(small, key);
      return at < 0 ? undefined : (small[at + 1] as V);
    }
    const id = this.idOf(key);
    return id === undefined ? undefined : (valueOf(this, id) as V | undefined);
  }

  has(key: string): boolean {
    if (this.small !== undefined) return indexIn(this.small, key) >= 0;
    const id = this.idOf(key);
    return id !== undefined && holds(this, id);
  }

  /** Sets `key` to `value` (a replaced value keeps its place in the order). */
  set(key: string, value: V): this {
    const small = this.small;
    if (small !== undefined) {
      const at = indexIn(small, key);
      if (at >= 0) {
        if (Object.is(small[at + 1], value)) return this;
        this.ownSmall()[at + 1] = value;
        this.changed = true;
        return this;
      }
      if (small.length < 2 * SMALL) {
        this.ownSmall().push(key, value);
        this.size++;
        this.changed = true;
      } else this.rebuild(key, value);
      return this;
    }
    const id = this.idOf(key);
    if (id === undefined) {
      const {lineage} = this;
      if (lineage.keys.length - this.size >= Math.max(MIN_WASTE, this.size)) this.rebuild(key, value);
      else this.insert(this.number(key), value);
      return this;
    }
    const leaf = leafAt(this.trie, this.trieShift, id);
    const slot = 1 + ((id & 31) << 1);
    const seq = leaf?.[slot + 1] as number | undefined;
    if (seq === undefined) this.insert(id, value);
    else if (!Object.is(leaf![slot], value)) {
      this.trie = ownPath(this.trie, this.trieShift, id, this.edit, VALUE_LEAF, PATH);
      PATH.leaf[slot] = value;
      this.changed = true;
    }
    return this;
  }

  /** Removes `key`; false when it was not there. */
  delete(key: string): boolean {
    const small = this.small;
    if (small !== undefined) {
      const at = indexIn(small, key);
      if (at < 0) return false;
      this.ownSmall().splice(at, 2);
      this.size--;
      this.changed = true;
      return true;
    }
    const id = this.idOf(key);
    if (id === undefined) return false;
    const slot = 1 + ((id & 31) << 1);
    const seq = leafAt(this.trie, this.trieShift, id)?.[slot + 1] as number | undefined;
    if (seq === undefined) return false;
    const {edit} = this;
    this.trie = ownPath(this.trie, this.trieShift, id, edit, VALUE_LEAF, PATH);
    PATH.leaf[slot] = undefined;
    PATH.leaf[slot + 1] = undefined;
    if (seq >= this.prefix) {
      this.order = ownPath(this.order, this.orderShift, seq, edit, ORDER_LEAF, PATH);
      PATH.leaf[1 + (seq & 31)] = undefined;
    }
    this.size--;
    this.changed = true;
    if (this.size <= SMALL || this.next - this.size >= Math.max(MIN_WASTE, this.size)) this.rebuild();
    return true;
  }

  /** The map as written so far: the starting map when nothing changed. */
  finish(): PersistentMap<V> {
    if (!this.changed) return this.base;
    const map = new PersistentMap<V>(this);
    // From here on the nodes belong to `map`: later writes copy them.
    this.edit = {};
    this.smallOwned = false;
    this.base = map;
    this.changed = false;
    return map;
  }

  private idOf(key: string): number | undefined {
    const lineage = this.lineage;
    if (key === lineage.lastKey && (lineage.lastId !== undefined || lineage.keys.length === lineage.lastLength)) return lineage.lastId;
    const id = lineage.ids.get(key);
    lineage.lastKey = key;
    lineage.lastId = id;
    lineage.lastLength = lineage.keys.length;
    return id;
  }

  /** Numbers a key the lineage has not seen. */
  private number(key: string): number {
    const lineage = this.lineage;
    const id = lineage.keys.length;
    lineage.ids.set(key, id);
    lineage.keys.push(key);
    lineage.lastKey = key;
    lineage.lastId = id;
    return id;
  }

  /** Adds the key numbered `id`, not held now, at the end of the order. */
  private insert(id: number, value: unknown): void {
    const {edit} = this;
    while (!fits(id, this.trieShift)) {
      this.trie = taller(this.trie, edit);
      this.trieShift += 5;
    }
    const seq = this.next++;
    const slot = 1 + ((id & 31) << 1);
    this.trie = ownPath(this.trie, this.trieShift, id, edit, VALUE_LEAF, PATH);
    PATH.leaf[slot] = value;
    PATH.leaf[slot + 1] = seq;
    if (id === seq && this.prefix === seq && this.order === undefined) this.prefix++;
    else {
      while (!fits(seq, this.orderShift)) {
        this.order = taller(this.order, edit);
        this.orderShift += 5;
      }
      this.order = ownPath(this.order, this.orderShift, seq, edit, ORDER_LEAF, PATH);
      PATH.leaf[1 + (seq & 31)] = id;
    }
    this.size++;
    this.changed = true;
  }

  private ownSmall(): unknown[] {
    if (!this.smallOwned) {
      this.small = this.small!.slice();
      this.smallOwned = true;
    }
    return this.small!;
  }

  /**
   * Writes the entries held now, then `key` with `value` when given, into a
   * fresh layout: a small array when they fit, else tries over a lineage of
   * their own (which drops the holes and the numbers of keys not held).
   */
  private rebuild(key?: string, value?: unknown): void {
    const entries: unknown[] = [];
    for (const [k, v] of new OrderIterator<[string, unknown]>(this, Pick.Pair)) entries.push(k, v);
    if (key !== undefined) entries.push(key, value);
    this.edit = {};
    this.changed = true;
    copyLayout(this, EMPTY);
    if (entries.length <= 2 * SMALL) {
      this.small = entries;
      this.smallOwned = true;
      this.size = entries.length / 2;
      return;
    }
    this.small = undefined;
    this.smallOwned = false;
    const count = entries.length / 2;
    const shared = this.partner?.small === undefined ? this.partner?.lineage : undefined;
    // The partner's numbering, unless it holds so many keys this map lacks that it would be rebuilt again at once.
    this.lineage = shared !== undefined && shared.keys.length < count + Math.max(MIN_WASTE, count) ? shared : newLineage();
    this.size = 0;
    for (let i = 0; i < entries.length; i += 2) {
      const key = entries[i] as string;
      this.insert(this.idOf(key) ?? this.number(key), entries[i + 1]);
    }
  }
}

/**
 * A draft over `map`: a {@link PersistentMap} as it is, any other map (or
 * none: an empty one) copied once into a persistent one first. For
 * `partner`, see the {@link MapDraft} constructor.
 *
 * @example
 * ```ts
 * const draft = draftOf(store.entities.get('Article'));
 * draft.set('1', row);
 * const table = draft.finish();
 * ```
 */
export function draftOf<V>(map: ReadonlyMap<string, V> | undefined, partner?: MapDraft<unknown>): MapDraft<V> {
  return new MapDraft(map === undefined ? PersistentMap.empty<V>() : PersistentMap.from(map), partner);
}
