import {RecentMap} from './recent-map.js';
import {INVALID} from './invalid.js';
import {jsonEqual} from './json-equal.js';
import {Deps, SharedEntry} from './memo-deps.js';
import {GrowingLists, type GrownList} from './memo-lists.js';
import {READ_RUN} from './read-runs.js';
import {isPlainObject, setOwn} from './own-property.js';
import {resolveSchema, walkObject} from './visit-schema.js';
import type {DenormalizeDelegate, EntityLike, EntityTable, EntityTables} from './types.js';

/**
 * The key under which `Denormalized.reads` records a read of whether a row is
 * there (not of its fields): the table key with a suffix no entity key has.
 *
 * @example
 * ```ts
 * const reads = memo.denormalize(new PkListSchema([Todo]), ['1'], tables).reads; // [presenceKey('Todo'), '1']
 * ```
 */
export function presenceKey(table: string): string {
  return `${table}\u0000present`;
}

/**
 * A denormalized value, and whether a required entity in it is INVALID.
 *
 * @example
 * ```ts
 * const {data, invalid}: Denormalized<Article[]> = memo.denormalize([Article], response.result, store.entities);
 * ```
 */
export interface Denormalized<T = unknown> {
  /** The value; undefined when nothing is cached or when `invalid`. */
  readonly data: T | undefined;
  /** A required entity of the result is INVALID: the result must be fetched again. */
  readonly invalid: boolean;
  /**
   * What the read depended on, flattened as `[table key, pk]` pairs; a pk of
   * `undefined` is a read of the whole table (`schema.All`, or a table looked
   * up for a row that was not there), and a table key made by
   * {@link presenceKey} is a read of whether the row is there at all. What an
   * entity read outside any other read in turn (its author, its tags, a long
   * list's items) is one pair `[READ_RUN, run]` after the entity's own pair,
   * shared with the memo (`eachRead` visits them all). A change to
   * none of these rows leaves the read as it is: the Controller tells a
   * reader only when one changed.
   */
  readonly reads?: readonly unknown[];
}

/**
 * A built entity, and what it read: a {@link Deps} list that carries the
 * entry's fields (`entity`, `value`, `next`, and `list`, the reads the value
 * depends on). One row may have entries of several classes sharing its
 * table, chained by `next`.
 */
type EntityEntry = Deps;

interface ResultEntry extends Denormalized {
  /** [table key, table] pairs the result read, flattened. */
  readonly tables: unknown[];
  readonly reads: unknown[];
}

/** A member of a cycle waiting for its root: [id, row, value, whether its object under construction was handed out, table adapter]. */
type Pending = [string, object, object | INVALID, boolean, EntityLike];

interface Frame {
  readonly index: number;
  readonly key: string;
  readonly pk: string;
  readonly row: object;
  /** The object under construction, handed out to a cycle back to this frame. */
  readonly value: object;
  /** Whether `value` was handed out before it was complete. */
  shared: boolean;
  readonly deps: Deps;
  /** Lowest frame index this frame's value points back to (a cycle), as in Tarjan's algorithm. */
  low: number;
  /** Members of a cycle rooted here, stored when the root completes. */
  pending: Pending[] | undefined;
  /** Long deps lists of memoized values already copied into `deps` (see `entity`). */
  merged: Set<Deps> | undefined;
}

/** Past this many tables in one walk, `Walk.touched` is checked through a Set. */
const MANY_TABLES = 16;

/** Deps lists up to this many slots are copied into a frame without checking for a copy already made. */
const SHORT_DEPS = 32;

/** The entry of `entity` for `row`. */
function entryOf(rows: WeakMap<object, EntityEntry>, row: object, entity: EntityLike): EntityEntry | undefined {
  let entry = rows.get(row);
  while (entry !== undefined && entry.entity !== entity) entry = entry.next;
  return entry;
}

/**
 * Stores `value`, built from `row` with the reads `deps`, as the entry of
 * `entity` for `row` (in place of the one there). A list that is no entry yet
 * becomes the entry itself; one already an entry (a cycle's shared list)
 * gets an entry of its own pointing at it.
 */
function storeEntry(rows: WeakMap<object, EntityEntry>, row: object, entity: EntityLike, value: object | INVALID, deps: Deps): void {
  const entry = deps.entity === undefined ? deps : new SharedEntry(deps);
  entry.entity = entity;
  entry.value = value;
  entry.next = without(rows.get(row), entity);
  rows.set(row, entry);
}

/** The chain of entries from `entry` without the one of `entity`. */
function without(entry: EntityEntry | undefined, entity: EntityLike): EntityEntry | undefined {
  if (entry === undefined || entry.entity === entity) return entry?.next;
  entry.next = without(entry.next, entity);
  return entry;
}

/** How many results read by a primitive input (a pk, collection args) each schema remembers. */
const MAX_REMEMBERED = 2_000;

const EMPTY: Denormalized = Object.freeze({data: undefined, invalid: false});

/**
 * Denormalizes with memory, so that reading an unchanged cache gives the
 * identical object and a change renews only the objects that depend on it.
 *
 * Two levels: a whole result remembers the tables it read and is returned as
 * it is while none of them changed (a constant-time check, whatever the list
 * size); an entity remembers the rows it read and is rebuilt only when one of
 * them changed. Lists and objects that come out with the same members as
 * before are the previous objects. Tables must be immutable, as the
 * Controller's are.
 *
 * @example
 * ```ts
 * const memo = new MemoCache();
 * const a = memo.denormalize([Article], ['1', '2'], store.entities).data;
 * const b = memo.denormalize([Article], ['1', '2'], store.entities).data;
 * a === b; // true
 * ```
 */
export class MemoCache {
  // By class, then row: two classes sharing a table (an app's Todo and the one a
  // <data-resource entity="Todo"> declares) each get instances of their own class.
  // An entry names its class: two classes sharing a table each get their own.
  private readonly entities = new WeakMap<object, EntityEntry>();
  private readonly lists = new GrowingLists();
  /** A number per state (tables) walked, for the stamps on deps lists; weak, so no state is kept alive. */
  private readonly states = new WeakMap<EntityTables, number>();
  private counter = 0;
  private readonly results = new WeakMap<
    object,
    {objects: WeakMap<object, ResultEntry>; primitives: RecentMap<unknown, ResultEntry>; last?: {input: object; entry: ResultEntry}}
  >();

  /** Builds the value of `input` (a normalized result) under `schema` from `tables`. */
  denormalize<T = unknown>(schema: unknown, input: unknown, tables: EntityTables): Denormalized<T> {
    if (input === undefined) return EMPTY as Denormalized<T>;
    if (schema === null || schema === undefined || typeof schema !== 'object' && typeof schema !== 'function') {
      return {data: input as T, invalid: false};
    }
    let bySchema = this.results.get(schema);
    if (!bySchema) this.results.set(schema, (bySchema = {objects: new WeakMap(), primitives: new RecentMap(MAX_REMEMBERED)}));
    const isObject = typeof input === 'object' && input !== null;
    let previous = isObject ? bySchema.objects.get(input) : bySchema.primitives.get(input);
    // A refetch gives a new (equal) result object from normalize: an object input
    // equal to the last one read with this schema counts as the same input, so an
    // unchanged list stays the identical array.
    if (!previous && isObject && bySchema.last && jsonEqual(bySchema.last.input, input)) {
      previous = bySchema.last.entry;
      if (tablesUnchanged(previous.tables, tables)) {
        bySchema.objects.set(input as object, previous);
        return previous as Denormalized<T>;
      }
    }
    if (previous && tablesUnchanged(previous.tables, tables)) return previous as Denormalized<T>;

    let state = this.states.get(tables);
    if (state === undefined) this.states.set(tables, (state = ++this.counter));
    const walk = new Walk(this.entities, this.lists, tables, state, ++this.counter);
    let data = walk.unvisit(schema, input);
    const invalid = data === INVALID;
    if (invalid) data = undefined;
    else if (previous && !previous.invalid) data = share(previous.data, data);
    const entry: ResultEntry = {data, invalid, tables: walk.tableList(), reads: walk.reads};
    if (isObject) {
      bySchema.objects.set(input as object, entry);
      bySchema.last = {input: input as object, entry};
    } else {
      // Bounded, most recent last: results read by pk would otherwise keep every
      // instance ever read alive, after garbage collection dropped their rows.
      bySchema.primitives.set(input, entry);
    }
    return entry as Denormalized<T>;
  }

  /**
   * Reads without an endpoint result: asks the schema for its input from the
   * tables (`schema.All`, an Entity by pk, a Collection by args) and
   * denormalizes it. Undefined data when nothing is cached.
   */
  query<T = unknown>(schema: unknown, args: readonly unknown[], tables: EntityTables): Denormalized<T> {
    const resolved = resolveSchema(schema);
    if (resolved === undefined || resolved === 'object' || !resolved.queryKey) return EMPTY as Denormalized<T>;
    // Most reads find their input (a mount reads what a list cached): the tables the
    // schema looked in are only needed when it found nothing, so only then asked again.
    const input = resolved.queryKey(args, tables);
    if (input !== undefined) return this.denormalize<T>(schema, input, tables);
    // Nothing cached yet: the read depends on the tables the schema looked in.
    const consulted: string[] = [];
    resolved.queryKey(args, recordingTables(tables, consulted));
    const reads: unknown[] = [];
    for (const key of consulted) reads.push(key, undefined);
    return {data: undefined, invalid: false, reads};
  }
}

/** One denormalize pass: the frames of entities under construction and the tables read. */
class Walk implements DenormalizeDelegate {
  private readonly frames: Frame[] = [];
  /**
   * Cycle members that are complete but not memoized yet (they wait for the
   * root of their cycle). Reached again from another field of the same cycle
   * (`person.pinned` and `person.posts[0]`), they are handed out as they are,
   * so one entity is one instance in one graph. Keyed by `${key}\0${pk}`;
   * created with the first cycle.
   */
  private waiting: Map<string, {row: unknown; low: number; value: object | INVALID}> | undefined;
  /**
   * The tables the result depends on, as [table key, table] pairs in the order
   * first read: a walk reads few tables, so a list scanned for a key is cheaper
   * than a Map built and copied out for each read (a Set takes over when many).
   */
  private readonly touched: unknown[] = [];
  private touchedKeys: Set<unknown> | undefined;
  /** The result's reads, as `Denormalized.reads` gives them. */
  readonly reads: unknown[] = [];
  /** The table key `touch` recorded last (reads come in runs of one table). */
  private lastTouched: string | undefined;

  constructor(
    private readonly rows: WeakMap<object, EntityEntry>,
    private readonly lists: GrowingLists,
    private readonly tables: EntityTables,
    /** This state's number: deps lists stamped with it were compared in these tables. */
    private readonly state: number,
    /** This walk's number. */
    private readonly id: number,
  ) {}

  tableList(): unknown[] {
    return this.touched;
  }

  unvisit(schema: unknown, input: unknown): unknown {
    const resolved = resolveSchema(schema);
    if (resolved === undefined || input === null || input === undefined) return input;
    if (resolved !== 'object') return resolved.denormalize(input, this);
    if (typeof input !== 'object') return input;
    return walkObject(schema as object, input, (member, value) => this.unvisit(member, value), INVALID);
  }

  tableKeys(key: string): Iterable<string> | undefined {
    const table = this.tables.get(key);
    this.addTouched(key, table);
    // A read of the whole table: any change to the table changes the value.
    const top = this.frames[this.frames.length - 1];
    if (top) top.deps.reads.push(key, undefined, table, table);
    else this.reads.push(key, undefined);
    return table?.keys();
  }

  row(key: string, pk: string): unknown {
    return this.readRow(key, pk, key);
  }

  present(key: string, pk: string): boolean {
    const row = this.readRow(key, pk, presenceKey(key));
    return row !== undefined && row !== INVALID;
  }

  /**
   * A stored row, recorded as a read: in the entity being built (whose deps
   * compare rows), or else in the result's reads under `readKey`.
   */
  private readRow(key: string, pk: string, readKey: string): unknown {
    const table = this.tables.get(key);
    const row = table?.get(pk);
    const top = this.frames[this.frames.length - 1];
    if (top !== undefined) top.deps.reads.push(key, pk, table, row);
    else {
      this.touch(key);
      this.reads.push(readKey, pk);
    }
    return row;
  }

  entity(entity: EntityLike, pk: string): unknown {
    const key = entity.key;
    const table = this.tables.get(key);
    const row = table?.get(pk);
    const frames = this.frames;
    const depth = frames.length;
    const top = depth > 0 ? frames[depth - 1] : undefined;
    // Inside an entity the read goes to its deps, whose tables are recorded
    // when the outermost entity completes; outside, the table is recorded now.
    if (top !== undefined) top.deps.reads.push(key, pk, table, row);
    else {
      this.touch(key);
      this.reads.push(key, pk);
    }
    if (row === undefined || row === INVALID) return row;

    // A cycle: this row is under construction further up the (shallow) stack.
    // Point at the object under construction and remember the loop.
    for (let i = depth - 1; i >= 0; i--) {
      const frame = frames[i];
      if (frame.row === row && frame.key === key && frame.pk === pk) {
        if (frame.index < top!.low) top!.low = frame.index;
        frame.shared = true;
        return frame.value;
      }
    }
    const waiting = this.waiting?.get(`${key}\u0000${pk}`);
    if (waiting && waiting.row === row) {
      // Joins that cycle: the frame above is stored with the cycle's root too.
      if (top && waiting.low < top.low) top.low = waiting.low;
      return waiting.value;
    }

    const cached = entryOf(this.rows, row as object, entity);
    if (cached !== undefined && this.depsUnchanged(cached.list)) {
      const deps = cached.list;
      const reads = deps.reads;
      const size = deps.size;
      if (top !== undefined) {
        // The members of a cycle share one deps list, as long as the cycle (a list
        // of N articles whose author lists them all). Copying and checking it for
        // each member would be quadratic: each list is checked once per state and
        // a long one copied once per frame.
        if (size > SHORT_DEPS) {
          const merged = top.merged ?? (top.merged = new Set());
          if (merged.has(deps)) return cached.value;
          merged.add(deps);
        }
        for (let i = 0; i < size; i++) top.deps.reads.push(reads[i]);
      } else if (deps.touchedIn !== this.id) {
        deps.touchedIn = this.id;
        this.recordTop(deps);
      }
      return cached.value!;
    }

    // A list that only grew since its last value, none of whose reads changed: that value's
    // items and reads are taken as they are, and only the added entries are built.
    const previous = entity.extend !== undefined ? this.lists.previous(entity, pk, row, this.tables) : undefined;
    let grownFrom: GrownList | undefined;
    let frame: Frame;
    let value: object | INVALID;
    for (;;) {
      const grown = previous !== undefined ? entity.extend!(previous.row, previous.value, row) : undefined;
      grownFrom = grown !== undefined ? previous : undefined;
      frame = {
        index: depth,
        key,
        pk,
        row: row as object,
        value: grown !== undefined ? grown.target : entity.createEmpty(row),
        shared: false,
        deps: grown !== undefined ? Deps.continuing(previous!.deps) : new Deps(),
        low: depth,
        pending: undefined,
        merged: undefined,
      };
      frames.push(frame);
      try {
        value = entity.fill(frame.value, grown !== undefined ? grown.rest : row, this);
      } finally {
        frames.pop();
        frame.deps.finish(grown === undefined);
      }
      if (frame.low < frame.index && depth > 0) break;
      // The root of a cycle. A member whose half-built object was handed out
      // (`shared`) and then came out INVALID (a required entity is INVALID) would
      // leave its referrers pointing at a broken object that should have made
      // them INVALID or dropped out. INVALID is always right, so those members
      // are stored as INVALID and the cycle is built again: each pass stores at
      // least one more INVALID member, so this ends.
      const pending = frame.pending;
      if (value === INVALID || pending === undefined || !pending.some(member => member[2] === INVALID && member[3])) break;
      frame.deps.checked = this.state;
      for (const [memberId, memberRow, memberValue, , memberEntity] of pending) {
        this.waiting!.delete(memberId);
        if (memberValue === INVALID) storeEntry(this.rows, memberRow, memberEntity, INVALID, frame.deps);
      }
    }

    // Built from this state: its reads are unchanged in it.
    const deps = frame.deps;
    deps.checked = this.state;
    const parent = depth > 0 ? frames[depth - 1] : undefined;
    if (frame.low < frame.index && parent) {
      // Part of a cycle rooted further up: store it when the root is complete, with the root's deps.
      const pending = parent.pending ?? (parent.pending = []);
      const id = `${key}\u0000${pk}`;
      if (frame.pending) pending.push(...frame.pending);
      pending.push([id, frame.row, value, frame.shared, entity]);
      // `low` must name a frame still on the stack: renew it for every member
      // as the cycle's pending members move up (this frame's index is reused).
      const waitingMap = this.waiting ?? (this.waiting = new Map());
      waitingMap.set(id, {row, low: frame.low, value});
      if (frame.pending) {
        for (const [memberId, memberRow, memberValue] of frame.pending) {
          waitingMap.set(memberId, {row: memberRow, low: frame.low, value: memberValue});
        }
      }
      if (frame.low < parent.low) parent.low = frame.low;
    } else {
      storeEntry(this.rows, frame.row, entity, value, deps);
      if (entity.extend !== undefined) this.lists.remember(entity, pk, row, value, deps, this.tables, grownFrom);
      if (frame.pending) {
        // An INVALID root whose half-built object was handed out: members may point
        // at it. They are only reachable through this INVALID root, so they are
        // dropped, not memoized: read alone they are rebuilt.
        const contained = value === INVALID && frame.shared;
        for (const [memberId, memberRow, memberValue, , memberEntity] of frame.pending) {
          this.waiting!.delete(memberId);
          if (contained && memberValue !== INVALID) continue;
          storeEntry(this.rows, memberRow, memberEntity, memberValue, deps);
        }
      }
    }
    const reads = deps.reads;
    const size = deps.size;
    if (parent) for (let i = 0; i < size; i++) parent.deps.reads.push(reads[i]);
    else {
      deps.touchedIn = this.id;
      this.recordTop(deps);
    }
    return value;
  }

  /**
   * Records the reads of an entity read outside any other entity as the
   * result's own: one run that shares its deps list, rather than a copy of
   * its pairs (a list of articles would otherwise hold each article's author
   * and tags again). Reading a list a page was appended to then costs the
   * page, not a copy of the list's reads.
   */
  private recordTop(deps: Deps): void {
    const {reads, size} = deps;
    if (size === 0) return;
    if (size > SHORT_DEPS) for (const key of deps.tableKeys()) this.touch(key);
    else for (let i = 0; i < size; i += 4) this.touch(reads[i] as string);
    this.reads.push(READ_RUN, deps);
  }

  /** Records a table the result depends on, as it is in this state. */
  private touch(key: string): void {
    if (key === this.lastTouched) return;
    this.lastTouched = key;
    this.addTouched(key, undefined);
  }

  /** Adds a table to `touched` unless it is there (`table` when already looked up, else looked up now). */
  private addTouched(key: string, table: EntityTable | undefined): void {
    const touched = this.touched;
    if (this.touchedKeys !== undefined) {
      if (this.touchedKeys.has(key)) return;
      this.touchedKeys.add(key);
    } else {
      for (let i = 0; i < touched.length; i += 2) if (touched[i] === key) return;
      if (touched.length >= MANY_TABLES * 2) {
        this.touchedKeys = new Set();
        for (let i = 0; i < touched.length; i += 2) this.touchedKeys.add(touched[i]);
        this.touchedKeys.add(key);
      }
    }
    touched.push(key, table ?? this.tables.get(key));
  }

  private depsUnchanged(deps: Deps): boolean {
    const checked = deps.checked;
    if (checked === this.state) return true;
    if (checked === -this.state) return false;
    const reads = deps.reads;
    const size = deps.size;
    const tables = this.tables;
    let lastKey: unknown;
    let table: EntityTable | undefined;
    for (let i = 0; i < size; i += 4) {
      const key = reads[i];
      if (key !== lastKey) {
        lastKey = key;
        table = tables.get(key as string);
      }
      if (table === reads[i + 2]) continue;
      // A whole-table read (pk undefined) is only unchanged when the table is.
      if (reads[i + 1] === undefined || table?.get(reads[i + 1] as string) !== reads[i + 3]) {
        deps.checked = -this.state;
        return false;
      }
    }
    deps.checked = this.state;
    return true;
  }
}

/** `tables` for a schema's `queryKey`, noting each table key it looks up. */
function recordingTables(tables: EntityTables, consulted: string[]): EntityTables {
  return {
    get: (key: string) => (consulted.push(key), tables.get(key)),
    has: (key: string) => (consulted.push(key), tables.has(key)),
  } as Pick<EntityTables, 'get' | 'has'> as EntityTables;
}

function tablesUnchanged(list: unknown[], tables: EntityTables): boolean {
  for (let i = 0; i < list.length; i += 2) if (tables.get(list[i] as string) !== list[i + 1]) return false;
  return true;
}

/**
 * Structural sharing with the previous value: a list or plain object whose
 * members are all identical to the previous one's is the previous one.
 */
export function share(previous: unknown, next: unknown): unknown {
  if (previous === next) return previous;
  if (Array.isArray(previous) && Array.isArray(next)) {
    if (previous.length !== next.length) return next;
    let same = true;
    for (let i = 0; i < next.length; i++) {
      next[i] = share(previous[i], next[i]);
      if (next[i] !== previous[i]) same = false;
    }
    return same ? previous : next;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    const keys = Object.keys(next);
    if (keys.length !== Object.keys(previous).length) return next;
    let same = true;
    for (const key of keys) {
      if (!Object.hasOwn(previous, key)) return next;
      const value = share(previous[key], next[key]);
      setOwn(next, key, value);
      if (value !== previous[key]) same = false;
    }
    return same ? previous : next;
  }
  return next;
}
