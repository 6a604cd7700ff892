import type {Denormalize, QueryableSchema, SchemaArgs} from '../schema/index.js';
import type {EndpointInterface} from './endpoint.js';
import type {Query} from './query.js';

type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * An endpoint that can fetch: what `ctrl.fetch`, `useSuspense` and
 * `useFetch` take. A `Query` has no `fetch`, so giving one to them is a
 * compile error (and a TypeError at run time for untyped callers).
 *
 * @example
 * ```ts
 * const getTime: FetchableEndpoint = {key: () => 'time', fetch: async () => ({now: Date.now()})};
 * ```
 */
export interface FetchableEndpoint extends EndpointInterface {
  fetch(...args: any[]): Promise<unknown>;
}

/**
 * The argument list of an endpoint or a Query: what its `fetch` takes (what
 * its `key` takes when `fetch` takes nothing, and for a Query), and so what
 * `ctrl.fetch(endpoint, ...args)` and every other Controller method take
 * after the endpoint. For a RestEndpoint that is `[params]`, or
 * `[params, body] | [body]` when it sends a body.
 *
 * @example
 * ```ts
 * type A = EndpointArgs<typeof UserResource.get>; // [params: {id: string | number} & Record<string, unknown>]
 * ```
 */
export type EndpointArgs<E> = IsAny<E> extends true
  ? any[]
  : // A fetch that takes arguments may take more than its key reads (a body the key leaves
    // out): its arguments win; a fetch that ignores them leaves the key's.
    E extends {fetch(...args: infer F): Promise<unknown>}
    ? F extends []
      ? KeyArgs<E>
      : F
    : KeyArgs<E>;

type KeyArgs<E> = E extends {key(...args: infer A): string} ? A : never;

/** What the endpoint's own `fetch` resolves with. */
type FetchedValue<E> = E extends {fetch(...args: any[]): Promise<infer R>} ? R : unknown;

/**
 * What a fetch or a read of an endpoint or Query gives: a Query's `process`
 * result; for an endpoint with a schema, the denormalized schema (Entity
 * instances, lists of them); else what the endpoint's `fetch` resolves with.
 *
 * @example
 * ```ts
 * type U = EndpointResult<typeof UserResource.get>; // User
 * type L = EndpointResult<typeof UserResource.getList>; // User[]
 * type C = EndpointResult<typeof openCount>; // number
 * ```
 */
export type EndpointResult<E> =
  IsAny<E> extends true
    ? any
    : E extends Query<any, any, infer R>
      ? R
      : E extends {readonly schema: infer S}
        ? IsAny<S> extends true
          ? any
          : [S] extends [undefined]
            ? FetchedValue<E>
            : unknown extends S
              ? FetchedValue<E>
              : Denormalize<S>
        : FetchedValue<E>;

/**
 * What `ctrl.get` reads: a Query, or a schema the cache can be read with
 * directly (see `QueryableSchema`).
 *
 * @example
 * ```ts
 * const reads: Readable[] = [openCount, new schema.All(Todo), User];
 * ```
 */
export type Readable = Query<any, any, any> | QueryableSchema;

/**
 * The arguments of a read by `ctrl.get`: a Query's args, or the schema's
 * (an Entity class takes the data of its primary key, `schema.All` none).
 *
 * @example
 * ```ts
 * type A = ReadArgs<typeof User>; // [data: EntityData<User>]
 * ```
 */
export type ReadArgs<R> = R extends Query<any, any, any> ? EndpointArgs<R> : SchemaArgs<R>;

/**
 * The value of a read by `ctrl.get` (undefined aside): a Query's result, or
 * the denormalized schema.
 *
 * @example
 * ```ts
 * type T = ReadResult<schema.All<typeof Todo>>; // Todo[]
 * ```
 */
export type ReadResult<R> = R extends Query<any, any, infer T> ? T : Denormalize<R>;

/**
 * `args` followed by one more value: the argument list of
 * `ctrl.setResponse(endpoint, ...args, response)` and
 * `ctrl.setError(endpoint, ...args, error)`. Optional args may be left out
 * (`setResponse(getTodos, todos)`).
 *
 * @example
 * ```ts
 * type A = ArgsThen<[params?: {userId?: string}], unknown>; // [unknown] | [{userId?: string}, unknown]
 * ```
 */
export type ArgsThen<A extends readonly unknown[], Last> = number extends A['length']
  ? [...A, Last]
  : A extends readonly []
    ? [Last]
    : A extends readonly [infer H, ...infer T]
      ? [H, ...ArgsThen<T, Last>]
      : A extends readonly [(infer H)?, ...infer T]
        ? [Last] | [Exclude<H, undefined>, ...ArgsThen<T, Last>]
        : [...A, Last];
