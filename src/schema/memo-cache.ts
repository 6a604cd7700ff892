import {INVALID} from './invalid.js';
import {jsonEqual} from './json-equal.js';
import {isPlainObject, setOwn} from './own-property.js';
import {resolveSchema} from './visit-schema.js';
import type {DenormalizeDelegate, EntityLike, EntityTable, EntityTables} from './types.js';

/** A denormalized value, and whether a required entity in it is INVALID. */
export interface Denormalized<T = unknown> {
  /** The value; undefined when nothing is cached or when `invalid`. */
  readonly data: T | undefined;
  /** A required entity of the result is INVALID: the result must be fetched again. */
  readonly invalid: boolean;
}

/**
 * Flat list of what a built value read: [table key, pk, table, row] per read.
 * A value is still right while every read gives the same row; checking the
 * table first makes the common case (table untouched) one comparison.
 */
type Deps = unknown[];

interface EntityEntry {
  readonly value: object | INVALID;
  readonly deps: Deps;
}

interface ResultEntry extends Denormalized {
  /** [table key, table] pairs the result read, flattened. */
  readonly tables: unknown[];
}

interface Frame {
  readonly index: number;
  readonly row: object;
  readonly deps: Deps;
  /** Lowest frame index this frame's value points back to (a cycle), as in Tarjan's algorithm. */
  low: number;
  /** Members of a cycle rooted here, stored when the root completes: [id, row, value, whether its object under construction was handed out]. */
  readonly pending: [string, object, object | INVALID, boolean, RowMemo][];
  /** Deps lists of memoized values already copied into `deps` (see `entity`). */
  readonly merged: Set<Deps>;
}

/** Built values of one table adapter (one Entity class, or a Collection) by row. */
type RowMemo = WeakMap<object, EntityEntry>;

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
  private readonly entities = new WeakMap<object, RowMemo>();
  private readonly results = new WeakMap<
    object,
    {objects: WeakMap<object, ResultEntry>; primitives: Map<unknown, ResultEntry>; last?: {input: object; entry: ResultEntry}}
  >();

  /** Builds the value of `input` (a normalized result) under `schema` from `tables`. */
  denormalize<T = unknown>(schema: unknown, input: unknown, tables: EntityTables): Denormalized<T> {
    if (input === undefined) return EMPTY as Denormalized<T>;
    if (schema === null || schema === undefined || typeof schema !== 'object' && typeof schema !== 'function') {
      return {data: input as T, invalid: false};
    }
    let bySchema = this.results.get(schema);
    if (!bySchema) this.results.set(schema, (bySchema = {objects: new WeakMap(), primitives: new Map()}));
    const isObject = typeof input === 'object' && input !== null;
    let previous = isObject ? bySchema.objects.get(input) : bySchema.primitives.get(input);
    // FIX (tests): a refetch gives a new (equal) result object from normalize, so
    // the lookup by identity missed and the list came out as a new array even
    // though every item was identical. An object input equal to the last one
    // read with this schema now counts as the same input.
    if (!previous && isObject && bySchema.last && jsonEqual(bySchema.last.input, input)) {
      previous = bySchema.last.entry;
      if (tablesUnchanged(previous.tables, tables)) {
        bySchema.objects.set(input as object, previous);
        return previous as Denormalized<T>;
      }
    }
    if (previous && tablesUnchanged(previous.tables, tables)) return previous as Denormalized<T>;

    const walk = new Walk(this.entities, tables);
    let data = walk.unvisit(schema, input);
    const invalid = data === INVALID;
    if (invalid) data = undefined;
    else if (previous && !previous.invalid) data = share(previous.data, data);
    const entry: ResultEntry = {data, invalid, tables: walk.tableList()};
    if (isObject) {
      bySchema.objects.set(input as object, entry);
      bySchema.last = {input: input as object, entry};
    } else {
      // Bounded, most recent last: results read by pk would otherwise keep every
      // instance ever read alive, after garbage collection dropped their rows.
      const recent = bySchema.primitives;
      recent.delete(input);
      recent.set(input, entry);
      if (recent.size > MAX_REMEMBERED) recent.delete(recent.keys().next().value);
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
    const input = resolved.queryKey(args, tables);
    return input === undefined ? (EMPTY as Denormalized<T>) : this.denormalize<T>(schema, input, tables);
  }
}

/** One denormalize pass: the frames of entities under construction and the tables read. */
class Walk implements DenormalizeDelegate {
  private readonly frames: Frame[] = [];
  private readonly building = new Map<string, {index: number; value: object; shared: boolean}>();
  /**
   * FIX (tests): cycle members that are complete but not memoized yet (they
   * wait for the root of their cycle). Reached again from another field of the
   * same cycle (`person.pinned` and `person.posts[0]`), they used to be built a
   * second time: two instances of one entity in one graph.
   */
  private readonly waiting = new Map<string, {row: unknown; low: number; value: object | INVALID}>();
  private readonly touched = new Map<string, EntityTable | undefined>();
  /** Deps lists already compared in this walk (the tables do not change during one). */
  private readonly checked = new Map<Deps, boolean>();
  /** Deps lists whose tables are already recorded for a read outside any entity. */
  private readonly topMerged = new Set<Deps>();

  constructor(
    private readonly memos: WeakMap<object, RowMemo>,
    private readonly tables: EntityTables,
  ) {}

  tableList(): unknown[] {
    const out: unknown[] = [];
    for (const [key, table] of this.touched) out.push(key, table);
    return out;
  }

  unvisit(schema: unknown, input: unknown): unknown {
    const resolved = resolveSchema(schema);
    if (resolved === undefined || input === null || input === undefined) return input;
    if (resolved !== 'object') return resolved.denormalize(input, this);
    if (typeof input !== 'object') return input;
    const members = schema as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(input)) {
      const member = Object.prototype.hasOwnProperty.call(members, key) ? members[key] : undefined;
      const raw = (input as Record<string, unknown>)[key];
      const value = member === undefined ? raw : this.unvisit(member, raw);
      if (value === INVALID) return INVALID;
      setOwn(out, key, value);
    }
    return out;
  }

  tableKeys(key: string): Iterable<string> | undefined {
    const table = this.tables.get(key);
    this.touched.set(key, table);
    // A read of the whole table: any change to the table changes the value.
    const top = this.frames[this.frames.length - 1];
    if (top) top.deps.push(key, undefined, table, table);
    return table?.keys();
  }

  entity(entity: EntityLike, pk: string): unknown {
    const key = entity.key;
    const table = this.tables.get(key);
    const row = table?.get(pk);
    this.touched.set(key, table);
    const top = this.frames[this.frames.length - 1];
    if (top) top.deps.push(key, pk, table, row);
    if (row === undefined || row === INVALID) return row;

    const id = `${key}\u0000${pk}`;
    const inProgress = this.building.get(id);
    if (inProgress) {
      // A cycle: point at the object under construction and remember the loop.
      if (top && inProgress.index < top.low) top.low = inProgress.index;
      inProgress.shared = true;
      return inProgress.value;
    }
    const waiting = this.waiting.get(id);
    if (waiting && waiting.row === row) {
      // Joins that cycle: the frame above is stored with the cycle's root too.
      if (top && waiting.low < top.low) top.low = waiting.low;
      return waiting.value;
    }

    let memo = this.memos.get(entity);
    if (!memo) this.memos.set(entity, (memo = new WeakMap()));
    const cached = memo.get(row as object);
    if (cached && this.depsUnchanged(cached.deps)) {
      // FIX (tests): the members of a cycle share one deps list, as long as the
      // cycle. A list of N articles whose author lists them all copied and
      // checked that list N times: quadratic (3 s for 500 articles). Each list
      // is now checked once per walk and copied once per frame.
      if (top) {
        if (!top.merged.has(cached.deps)) {
          top.merged.add(cached.deps);
          for (let i = 0; i < cached.deps.length; i++) top.deps.push(cached.deps[i]);
        }
      } else if (!this.topMerged.has(cached.deps)) {
        this.topMerged.add(cached.deps);
        for (let i = 0; i < cached.deps.length; i += 4) this.touch(cached.deps[i] as string);
      }
      return cached.value;
    }

    let frame: Frame;
    let value: object | INVALID;
    let shared: boolean;
    for (;;) {
      const target = entity.createEmpty(row);
      frame = {index: this.frames.length, row: row as object, deps: [], low: this.frames.length, pending: [], merged: new Set()};
      const building = {index: frame.index, value: target, shared: false};
      this.frames.push(frame);
      this.building.set(id, building);
      try {
        value = entity.fill(target, row, this);
      } finally {
        this.frames.pop();
        this.building.delete(id);
      }
      shared = building.shared;
      if (frame.low < frame.index && this.frames.length > 0) break;
      // FIX (tests): the root of a cycle. A member whose half-built object was
      // handed out (`shared`) and then came out INVALID (a required entity is
      // INVALID) leaves its referrers pointing at a broken object that should
      // have made them INVALID or dropped out. INVALID is always right, so store
      // those members as INVALID and build the cycle again: each pass stores at
      // least one more INVALID member, so this ends.
      if (value === INVALID || !frame.pending.some(member => member[2] === INVALID && member[3])) break;
      for (const [memberId, memberRow, memberValue, , memberMemo] of frame.pending) {
        this.waiting.delete(memberId);
        if (memberValue === INVALID) memberMemo.set(memberRow, {value: INVALID, deps: frame.deps});
      }
    }

    const parent = this.frames[this.frames.length - 1];
    if (frame.low < frame.index && parent) {
      // Part of a cycle rooted further up: store it when the root is complete, with the root's deps.
      parent.pending.push(...frame.pending, [id, frame.row, value, shared, memo]);
      // `low` must name a frame still on the stack: renew it for every member
      // as the cycle's pending members move up (this frame's index is reused).
      this.waiting.set(id, {row, low: frame.low, value});
      for (const [memberId, memberRow, memberValue] of frame.pending) {
        this.waiting.set(memberId, {row: memberRow, low: frame.low, value: memberValue});
      }
      if (frame.low < parent.low) parent.low = frame.low;
    } else {
      memo.set(frame.row, {value, deps: frame.deps});
      // FIX (tests): an INVALID root whose half-built object was handed out:
      // members may point at it. They are only reachable through this INVALID
      // root, so they are dropped, not memoized: read alone they are rebuilt.
      const contained = value === INVALID && shared;
      for (const [memberId, memberRow, memberValue, , memberMemo] of frame.pending) {
        this.waiting.delete(memberId);
        if (contained && memberValue !== INVALID) continue;
        memberMemo.set(memberRow, {value: memberValue, deps: frame.deps});
      }
    }
    if (parent) for (let i = 0; i < frame.deps.length; i++) parent.deps.push(frame.deps[i]);
    else for (let i = 0; i < frame.deps.length; i += 4) this.touch(frame.deps[i] as string);
    return value;
  }

  /** Records a table the result depends on, as it is in this state. */
  private touch(key: string): void {
    if (!this.touched.has(key)) this.touched.set(key, this.tables.get(key));
  }

  private depsUnchanged(deps: Deps): boolean {
    let unchanged = this.checked.get(deps);
    if (unchanged === undefined) this.checked.set(deps, (unchanged = this.compareDeps(deps)));
    return unchanged;
  }

  private compareDeps(deps: Deps): boolean {
    for (let i = 0; i < deps.length; i += 4) {
      const table = this.tables.get(deps[i] as string);
      if (table === deps[i + 2]) continue;
      // A whole-table read (pk undefined) is only unchanged when the table is.
      if (deps[i + 1] === undefined || table?.get(deps[i + 1] as string) !== deps[i + 3]) return false;
    }
    return true;
  }
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
      if (!Object.prototype.hasOwnProperty.call(previous, key)) return next;
      const value = share(previous[key], next[key]);
      setOwn(next, key, value);
      if (value !== previous[key]) same = false;
    }
    return same ? previous : next;
  }
  return next;
}
