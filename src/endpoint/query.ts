import {checkSchema, DEV_MODE} from '../dev/index.js';
import {isPlainObject, RecentMap, type Denormalize, type QueryableSchema, type SchemaArgs} from '../schema/index.js';
import {argsKey} from './args-key.js';
import type {EndpointInterface} from './endpoint.js';
import {QUERY_MARK} from './query-mark.js';

let queries = 0;

/**
 * A read of the cache that never fetches: `schema` picks what to read (usually
 * `schema.All(Entity)`), and `process` may sort, filter, aggregate or join it.
 * Give it to `ctrl.get`, `useCache` or `<data-query>`; fetching operations
 * refuse it with a TypeError.
 *
 * Types: the args are those of `process` after the entries (a parameter with
 * a default makes them optional), or without `process` the schema's own
 * (`{id}` for an Entity class, none for `schema.All`); the result is what
 * `process` returns, or the denormalized schema.
 *
 * Results are memoized: an unchanged cache and equal args give the identical
 * result; `process` runs again only when its input changed. When nothing is
 * cached yet the result is undefined, while an aggregate such as a count of 0
 * is returned as 0.
 *
 * @example
 * ```ts
 * const openCount = new Query(new schema.All(Todo), (todos, {userId}: {userId?: string} = {}) =>
 *   todos.filter(t => !t.completed && (userId === undefined || t.userId === userId)).length,
 * );
 * controller.get(openCount, {userId: '1'}); // a number, or undefined before any Todo is cached
 * ```
 */
export class Query<S extends QueryableSchema = QueryableSchema, P extends any[] = SchemaArgs<S>, R = Denormalize<S>>
  implements EndpointInterface
{
  readonly schema: S;
  readonly sideEffect = false;
  /** Marks a Query (see `isQuery`). */
  readonly [QUERY_MARK] = true;
  readonly name: string;
  /** Derives the result from the denormalized entries and the args. */
  readonly process: (entries: Denormalize<S>, ...args: P) => R;
  private readonly results = new RecentMap<string, {input: unknown; result: R}>(64);
  /**
   * The last args whose key was built, copied shallowly, with that key: a
   * render passes equal args in a new object each time, and building a key
   * (a sorted JSON text) costs more than the rest of a warm read.
   */
  private lastArgs?: {readonly args: readonly unknown[]; readonly key: string};
  /** Distinguishes Queries in keys: two Queries with equal args are still two reads. */
  private readonly id = ++queries;

  constructor(schema: S, process?: (entries: Denormalize<S>, ...args: P) => R, options: {name?: string} = {}) {
    if (DEV_MODE) checkQuery(schema, process, options.name);
    this.schema = schema;
    this.process = process ?? ((entries: Denormalize<S>, ..._args: P) => entries as unknown as R);
    this.name = options.name ?? 'Query';
  }

  /** The memo key of `args`; equal args give equal keys. */
  key(...args: P): string {
    return `QUERY#${this.id} ${argsKey(args)}`;
  }

  /**
   * @internal The same string as `key(...args)`, without building it again
   * when `args` are shallowly equal to the last args: each one identical, or
   * a plain object whose own keys hold the same primitive values as before.
   * Other objects (lists, instances, nested objects) always build the key.
   */
  keyOf(args: readonly unknown[]): string {
    const last = this.lastArgs;
    if (last !== undefined && sameArgs(last.args, args)) return last.key;
    const key = this.key(...(args as P));
    const copies = copyArgs(args);
    this.lastArgs = copies === undefined ? undefined : {args: copies, key};
    return key;
  }

  /**
   * @internal Runs `process` over denormalized entries, once per distinct input
   * and args: the same input gives the identical result.
   */
  compute(input: Denormalize<S> | undefined, args: P, key?: string): R | undefined {
    if (input === undefined) return undefined;
    if (key === undefined) key = this.keyOf(args);
    const previous = this.results.get(key);
    if (previous && previous.input === input) return previous.result;
    const result = this.process(input, ...args);
    // Bounded: keep results for the most recent arg sets only.
    this.results.set(key, {input, result});
    return result;
  }
}

/** Refuses (development mode) a Query's schema that is not one, or a `process` that is not a function. */
function checkQuery(schema: unknown, process: unknown, name = 'Query'): void {
  checkSchema(schema, `${name}: schema`);
  if (process !== undefined && typeof process !== 'function') throw new TypeError(`${name}: process must be a function of the entries and the args, got ${typeof process}.`);
}

/** A copy of `args` to compare later, or undefined when one of them is not simple enough to compare shallowly. */
function copyArgs(args: readonly unknown[]): unknown[] | undefined {
  const out: unknown[] = [];
  for (const arg of args) {
    if (arg === null || typeof arg !== 'object') {
      out.push(arg);
      continue;
    }
    if (!isPlainObject(arg)) return undefined;
    // The copy, not the object: a caller may change its args object in place.
    const copy: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(arg)) {
      const value = arg[key];
      if (value !== null && typeof value === 'object') return undefined;
      copy[key] = value;
    }
    out.push(new PlainArgs(copy));
  }
  return out;
}

/** Marks a copied plain-object arg (so that a primitive arg never compares as one). */
class PlainArgs {
  readonly size: number;
  constructor(readonly fields: Record<string, unknown>) {
    this.size = Object.keys(fields).length;
  }
}

/** Whether `args` give the same key as the args `copies` was made from (see `copyArgs`). */
function sameArgs(copies: readonly unknown[], args: readonly unknown[]): boolean {
  if (copies.length !== args.length) return false;
  for (let i = 0; i < copies.length; i++) {
    const copy = copies[i];
    const arg = args[i];
    if (!(copy instanceof PlainArgs)) {
      // A primitive (or a function, which the key leaves out): identical gives the same key.
      if (!Object.is(copy, arg)) return false;
      continue;
    }
    if (arg === null || typeof arg !== 'object' || !isPlainObject(arg)) return false;
    const keys = Object.keys(arg);
    if (keys.length !== copy.size) return false;
    for (const key of keys) {
      // Own keys only: `key in fields` would not see an inherited name (fields has no prototype).
      if (!(key in copy.fields) || !Object.is(copy.fields[key], arg[key])) return false;
    }
  }
  return true;
}
