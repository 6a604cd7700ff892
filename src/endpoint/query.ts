import type {Denormalize} from '../schema/index.js';
import {argsKey} from './args-key.js';
import type {EndpointInterface} from './endpoint.js';

let queries = 0;

/**
 * A read of the cache that never fetches: `schema` picks what to read (usually
 * `schema.All(Entity)`), and `process` may sort, filter, aggregate or join it.
 * Give it to `ctrl.get`, `useCache` or `<data-query>`; fetching operations
 * refuse it with a TypeError.
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
export class Query<S = unknown, P extends any[] = any[], R = Denormalize<S>> implements EndpointInterface {
  readonly schema: S;
  readonly sideEffect = false;
  readonly name: string;
  /** Derives the result from the denormalized entries and the args. */
  readonly process: (entries: Denormalize<S>, ...args: P) => R;
  private readonly results = new Map<string, {input: unknown; result: R}>();
  /** Distinguishes Queries in keys: two Queries with equal args are still two reads. */
  private readonly id = ++queries;

  constructor(schema: S, process?: (entries: Denormalize<S>, ...args: P) => R, options: {name?: string} = {}) {
    this.schema = schema;
    this.process = process ?? ((entries: Denormalize<S>, ..._args: P) => entries as unknown as R);
    this.name = options.name ?? 'Query';
  }

  /** The memo key of `args`; equal args give equal keys. */
  key(...args: P): string {
    return `QUERY#${this.id} ${argsKey(args)}`;
  }

  /**
   * @internal Runs `process` over denormalized entries, once per distinct input
   * and args: the same input gives the identical result.
   */
  compute(input: Denormalize<S> | undefined, args: P): R | undefined {
    if (input === undefined) return undefined;
    const key = this.key(...args);
    const previous = this.results.get(key);
    if (previous && previous.input === input) return previous.result;
    const result = this.process(input, ...args);
    // Bounded: keep results for the most recent arg sets only.
    if (!previous && this.results.size >= 64) this.results.delete(this.results.keys().next().value as string);
    this.results.set(key, {input, result});
    return result;
  }
}
