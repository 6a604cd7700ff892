import type {Denormalize} from './denormalize-type.js';
import {ArraySchema, denormalizeList, schemaName} from './array-schema.js';
import {ValuesSchema, denormalizeValues} from './values-schema.js';
import {jsonEqual} from './json-equal.js';
import {copyOwn, isPlainObject, setOwn} from './own-property.js';
import {schemaError} from './schema-error.js';
import type {
  DenormalizeDelegate,
  EntityMeta,
  EntityTables,
  NormalizeDelegate,
  Schema,
} from './types.js';

/** The pks of a list row as a set, for the one row that last grew (see `applyOp`). */
const listed = new WeakMap<readonly unknown[], Set<unknown>>();

type Inner = ArraySchema<any> | ValuesSchema<any> | readonly [Schema];
/** How a created item joins the cached lists. */
type AppendMode = 'push' | 'unshift' | 'assign';
type ItemOf<I> = I extends ArraySchema<infer S> ? S : I extends ValuesSchema<infer S> ? S : I extends readonly [infer S] ? S : never;

/**
 * Options of {@link CollectionSchema}.
 *
 * @example
 * ```ts
 * const byOwner = new schema.Collection([Todo], {
 *   key: 'TodosByOwner',
 *   argsKey: ({ownerId}: {ownerId?: string} = {}) => ({ownerId}),
 * });
 * ```
 */
export interface CollectionOptions {
  /** Table name; defaults to `Collection(<item key>)`. Give two unrelated collections of one entity distinct keys. */
  key?: string;
  /**
   * The arguments that identify one list (its filter). Defaults to the first
   * argument when it is an object (the params), else no arguments.
   */
  argsKey?: (...args: any[]) => Record<string, unknown> | undefined;
}

/**
 * A list (or id map) stored in the cache under the arguments that fetched it,
 * so that a new item can be added to every cached list whose filter it fits
 * with `push`, `unshift` or `assign`. Lists with another filter stay untouched.
 *
 * @example
 * ```ts
 * const todos = new schema.Collection([Todo]);
 * const getTodos = new RestEndpoint({path: '/todos', searchParams: {} as {userId?: string}, schema: todos});
 * const addTodo = new RestEndpoint({path: '/todos', method: 'POST', schema: todos.push});
 * ```
 */
export class CollectionSchema<I extends Inner = Inner> {
  declare readonly __result?: I extends ValuesSchema<any> ? Record<string, Denormalize<ItemOf<I>>> : Denormalize<ItemOf<I>>[];
  readonly key: string;
  /** The list or map schema inside. */
  readonly schema: ArraySchema<any> | ValuesSchema<any>;
  private readonly argsKey: (...args: any[]) => Record<string, unknown> | undefined;
  private readonly parsedPks = new Map<string, Record<string, string>>();
  private readonly appenders: {[M in AppendMode]?: CollectionAppender<ItemOf<I>, M>} = {};

  constructor(inner: I, options: CollectionOptions = {}) {
    this.schema = Array.isArray(inner) ? new ArraySchema(inner[0]) : (inner as ArraySchema<any> | ValuesSchema<any>);
    this.key = options.key ?? `Collection(${schemaName(this.schema.schema)})`;
    this.argsKey = options.argsKey ?? defaultArgsKey;
  }

  /** The item schema: what `push`/`unshift` take and `assign` takes a map of. */
  get itemSchema(): Schema {
    return this.schema.schema;
  }

  /** Whether this collection holds an id map (`Values`) rather than a list. */
  get isMap(): boolean {
    return this.schema instanceof ValuesSchema;
  }

  /** The row key of the list fetched with `args`: its filter as sorted JSON with string values. */
  pk(args: readonly unknown[]): string {
    const filter = this.argsKey(...args) ?? {};
    const sorted: Record<string, string> = {};
    for (const key of Object.keys(filter).sort()) {
      const value = filter[key];
      if (value !== undefined) setOwn(sorted, key, String(value));
    }
    return JSON.stringify(sorted);
  }

  /** Appends items at the end of every matching cached list. */
  get push(): CollectionAppender<ItemOf<I>, 'push'> {
    return this.appender('push');
  }
  /** Inserts items at the start of every matching cached list. */
  get unshift(): CollectionAppender<ItemOf<I>, 'unshift'> {
    return this.appender('unshift');
  }
  /** Merges an id map into every matching cached map (`Values` collections). */
  get assign(): CollectionAppender<ItemOf<I>, 'assign'> {
    return this.appender('assign');
  }

  private appender<M extends AppendMode>(mode: M): CollectionAppender<ItemOf<I>, M> {
    return ((this.appenders as Record<M, CollectionAppender<ItemOf<I>, M>>)[mode] ??= new CollectionAppender(this, mode));
  }

  /** Whether the cached list `pk` fits a call's params and body (compared as strings). */
  matches(pk: string, filter: readonly unknown[]): boolean {
    let parsed = this.parsedPks.get(pk);
    if (!parsed) this.parsedPks.set(pk, (parsed = JSON.parse(pk) as Record<string, string>));
    for (const key of Object.keys(parsed)) {
      let found = false;
      for (const arg of filter) {
        if (arg !== null && typeof arg === 'object' && Object.hasOwn(arg, key)) {
          const value = (arg as Record<string, unknown>)[key];
          if (value !== undefined && String(value) === parsed[key]) found = true;
        }
      }
      if (!found) return false;
    }
    return true;
  }

  normalize(input: unknown, delegate: NormalizeDelegate, path: string): unknown {
    const row = this.schema.normalize(input, delegate, path);
    const pk = this.pk(delegate.args);
    delegate.addRow(this, pk, row);
    return pk;
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    if (typeof input !== 'string') return input;
    return delegate.entity(this, input);
  }

  queryKey(args: readonly unknown[], tables: EntityTables): unknown {
    const pk = this.pk(args);
    return tables.get(this.key)?.has(pk) ? pk : undefined;
  }

  // --- the table adapter: a fetched list replaces the cached one ---
  mergeRows(existing: unknown, incoming: unknown): unknown {
    return jsonEqual(existing, incoming) ? existing : incoming;
  }
  shouldReplace(existingMeta: EntityMeta, incomingMeta: EntityMeta): boolean {
    return incomingMeta.fetchedAt >= existingMeta.fetchedAt;
  }
  createEmpty(row: unknown): object {
    return Array.isArray(row) ? [] : {};
  }
  fill(target: object, row: unknown, delegate: DenormalizeDelegate): object {
    const built = this.isMap
      ? denormalizeValues(this.itemSchema, row, delegate)
      : denormalizeList(this.itemSchema, row, delegate);
    if (Array.isArray(target)) target.push(...(built as unknown[]));
    else Object.assign(target, built);
    return target;
  }
  extend(previousRow: unknown, previousValue: object, row: unknown): {target: object; rest: unknown} | undefined {
    if (!Array.isArray(previousRow) || !Array.isArray(row) || !Array.isArray(previousValue) || row.length <= previousRow.length) return undefined;
    // Comparing the pks (the very strings, for a list a page was appended to) is cheap next to reading each item.
    for (let i = 0; i < previousRow.length; i++) if (row[i] !== previousRow[i]) return undefined;
    const rest = row.slice(previousRow.length);
    // One copy sized for the page too: made with the old length only, it would be copied
    // again, larger, as the page's items are pushed. Cutting the length back keeps the room.
    const target = previousValue.concat(rest);
    target.length = previousValue.length;
    return {target, rest};
  }

  /**
   * Applies one addition to a cached row: an id map takes the entries of an
   * id map, a list the items of a list (at its end for `push`, else first).
   * Returns the new row, or the same one when nothing changes.
   */
  applyOp(row: unknown, mode: 'push' | 'unshift' | 'assign', refs: readonly string[] | Readonly<Record<string, string>>): unknown {
    if (!Array.isArray(row)) {
      if (!isPlainObject(row) || Array.isArray(refs)) return row;
      const map = refs as Record<string, string>;
      if (Object.keys(map).every(k => row[k] === map[k])) return row;
      return copyOwn(copyOwn({}, row), map);
    }
    if (!Array.isArray(refs)) return row;
    // An item already listed keeps its place (an overlapping page, a create the list has seen).
    const seen = listed.get(row) ?? new Set<unknown>(row);
    const added: string[] = [];
    for (const ref of refs as string[]) {
      if (seen.has(ref)) continue;
      seen.add(ref);
      added.push(ref);
    }
    if (added.length === 0) return row;
    const next = mode === 'push' ? row.concat(added) : added.concat(row);
    // The set now lists `next`: it moves to it, so the next page checks its items against it
    // instead of a set built of the whole list. `row` builds its own again if it ever grows.
    listed.delete(row);
    listed.set(next, seen);
    return next;
  }
}

/**
 * Normalizes items for a list addition: an id map of them (`asMap`), a list
 * (null items skipped, as `schema.Array` does), or one item; returns their
 * refs, an id-to-pk map or a pk list.
 */
export function itemRefs(
  collection: CollectionSchema<any>,
  asMap: boolean,
  input: unknown,
  delegate: NormalizeDelegate,
  path: string,
): string[] | Record<string, string> {
  const item = collection.itemSchema;
  if (asMap) {
    if (!isPlainObject(input)) {
      throw schemaError(collection.key, path, input, 'assign expects an object keyed by id');
    }
    // The list and id-map schemas leave null entries out: they name no entity (they would be the pk "null").
    const map = new ValuesSchema(item).normalize(input, delegate, path) as Record<string, unknown>;
    for (const key of Object.keys(map)) setOwn(map, key, String(map[key]));
    return map as Record<string, string>;
  }
  if (!Array.isArray(input)) return [String(delegate.visit(item, input, path))];
  return (new ArraySchema(item).normalize(input, delegate, path) as unknown[]).map(String);
}

/** The first argument when it is a params object. */
function defaultArgsKey(first?: unknown): Record<string, unknown> | undefined {
  return first !== null && typeof first === 'object' && !Array.isArray(first) ? (first as Record<string, unknown>) : undefined;
}

/**
 * The schema of a creating call (`collection.push` and friends): the response
 * is normalized as the item (or a list / id map of items) and then added to
 * every cached list of the collection whose filter it fits.
 *
 * @example
 * ```ts
 * const todos = new schema.Collection([Todo]);
 * // todos.push is a CollectionAppender: the created Todo joins every cached list it fits.
 * const addTodo = new RestEndpoint({path: '/todos', method: 'POST', schema: todos.push});
 * ```
 */
export class CollectionAppender<S extends Schema = Schema, M extends AppendMode = AppendMode> {
  /** One item for `push`/`unshift`; an id map of items for `assign`. */
  declare readonly __result?: M extends 'assign' ? Record<string, Denormalize<S>> : Denormalize<S>;
  constructor(
    readonly collection: CollectionSchema<any>,
    readonly mode: M,
  ) {}

  normalize(input: unknown, delegate: NormalizeDelegate, path: string): unknown {
    const refs = itemRefs(this.collection, this.mode === 'assign', input, delegate, path);
    delegate.addToCollections({collection: this.collection, mode: this.mode, filter: delegate.args, refs});
    // One item in, one ref out: the result has the shape of what was sent.
    return Array.isArray(refs) && !Array.isArray(input) ? refs[0] : refs;
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    const item = this.collection.itemSchema;
    if (Array.isArray(input)) return denormalizeList(item, input, delegate);
    if (isPlainObject(input)) return denormalizeValues(item, input, delegate);
    return delegate.unvisit(item, input);
  }
}
