import type {NextPageContext, RetryOptions, SnapshotInterface} from '../endpoint/index.js';
import type {Denormalize} from '../schema/index.js';
import type {HasPathParams, PathArgs} from './path-args.js';

/**
 * The type-level description of a RestEndpoint, inferred from its options:
 * the path template, the schema, the method, and the `body` and
 * `searchParams` type markers.
 *
 * @example
 * ```ts
 * type G = {path: '/articles/:id'; schema: typeof Article; method: 'PATCH'; body: Partial<Article>};
 * declare const patch: RestEndpoint<G>;
 * ```
 */
export interface RestGenerics {
  readonly path: string;
  readonly schema?: unknown;
  readonly method?: string;
  readonly body?: unknown;
  readonly searchParams?: unknown;
}

type IsAny<T> = 0 extends 1 & T ? true : false;

declare const loose: unique symbol;

/**
 * The generics of an endpoint known only as `RestEndpoint`: any params, any
 * body, any result. (A default of `any` would stop TypeScript from typing the
 * parameters of functions written inline in the options.)
 *
 * @example
 * ```ts
 * function logKey(endpoint: RestEndpoint<AnyRestGenerics>, params: object) {
 *   console.log(endpoint.key(params));
 * }
 * ```
 */
export interface AnyRestGenerics {
  readonly [loose]: true;
}

/**
 * True for `any` and for {@link AnyRestGenerics}: the other helpers then
 * answer `any` rather than guess.
 *
 * @example
 * ```ts
 * type T = IsLoose<AnyRestGenerics>; // true
 * ```
 */
export type IsLoose<O> = IsAny<O> extends true ? true : O extends AnyRestGenerics ? true : false;

/** Methods that send no body unless a `body` marker says otherwise. */
type NoBodyMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'DELETE';

/**
 * The part of an options object that the types read. Inference goes through
 * this mapped type, one property at a time, so that functions written inline
 * in the options (`process(value, params)`) still get their parameter types.
 *
 * @example
 * ```ts
 * type G = GenericsOf<{path: '/a/:id'; name: 'x'}>; // {readonly path: '/a/:id'}
 * ```
 */
export type GenericsOf<O> = {readonly [K in keyof O & keyof RestGenerics]: O[K]};

type PathOf<O> = O extends {readonly path: infer P extends string} ? P : string;

type MethodOf<O> = O extends {readonly method: infer M extends string} ? Uppercase<M> : 'GET';

/**
 * The params object of an endpoint: its path parameters, plus `searchParams`
 * when declared, or any other key (sent in the query string) when not.
 *
 * @example
 * ```ts
 * type P = RestParams<{path: '/users/:id'; searchParams: {fields?: string}}>;
 * // {id: string | number; fields?: string}
 * ```
 */
export type RestParams<O> =
  IsLoose<O> extends true
    ? any
    : O extends {readonly searchParams: infer S}
      ? IsAny<S> extends true
        ? PathArgs<PathOf<O>> & Record<string, unknown>
        : S extends undefined
          ? PathArgs<PathOf<O>>
          : // One object type, so that all-optional search params are checked as a weak type
            // (a function returning `{owner}` for `{userId?}` is an error, not an extra key).
            Simplify<PathArgs<PathOf<O>> & S>
      : PathArgs<PathOf<O>> & Record<string, unknown>;

type Simplify<T> = {[K in keyof T]: T[K]} & {};

/**
 * The body an endpoint sends: its `body` marker, or `any` for methods that
 * send one by default (POST, PUT, PATCH), or `undefined`.
 *
 * @example
 * ```ts
 * type B = RestBody<{path: '/todos'; method: 'POST'; body: {title: string}}>; // {title: string}
 * ```
 */
export type RestBody<O> =
  IsLoose<O> extends true ? any : O extends {readonly body: infer B} ? B : MethodOf<O> extends NoBodyMethod ? undefined : any;

type SendsBody<O> = IsAny<RestBody<O>> extends true ? true : [RestBody<O>] extends [undefined] ? false : true;

type ParamsArg<P> = {} extends P ? [params?: P] : [params: P];

/**
 * The argument list of `fetch` and `key`: `(params)` without a body,
 * `(params, body)` with one, and `(body)` alone when the path has no
 * parameters.
 *
 * @example
 * ```ts
 * type A = RestArgs<{path: '/todos'; method: 'POST'; body: {title: string}}>;
 * // [params: Record<string, unknown>, body: {title: string}] | [body: {title: string}]
 * ```
 */
export type RestArgs<O> =
  IsLoose<O> extends true
    ? any[]
    : SendsBody<O> extends true
      ? [params: RestParams<O>, body: RestBody<O>] | (HasPathParams<PathOf<O>> extends true ? never : [body: RestBody<O>])
      : ParamsArg<RestParams<O>>;

/**
 * The arguments in their full form, as `normalizeArgs` returns them and as
 * `process` and `getOptimisticResponse` receive them.
 *
 * @example
 * ```ts
 * type F = RestFullArgs<{path: '/articles/:id'; method: 'PATCH'}>; // [params: {id: string | number} & ..., body: any]
 * ```
 */
export type RestFullArgs<O> =
  IsLoose<O> extends true ? any[] : SendsBody<O> extends true ? [params: RestParams<O>, body: RestBody<O>] : [params: RestParams<O>];

type OptimisticArgs<O> =
  IsLoose<O> extends true ? any[] : SendsBody<O> extends true ? RestFullArgs<O> : [params: RestParams<O>, body?: any];

/**
 * What a fetch of the endpoint resolves with once the Controller has
 * normalized and denormalized it: the denormalized `schema` type, or `any`
 * when there is no schema.
 *
 * @example
 * ```ts
 * type R = RestResolve<{path: '/articles'; schema: schema.Collection<[typeof Article]>}>; // Article[]
 * ```
 */
export type RestResolve<O> =
  IsLoose<O> extends true ? any : O extends {readonly schema: infer S} ? (S extends undefined ? any : Denormalize<S>) : any;

/**
 * The options of `new RestEndpoint(options)` and of `extend(options)`. Each
 * function given here replaces the method of the same name, so an option and
 * a subclass override are interchangeable; any other key is kept as an own
 * property of the endpoint.
 *
 * @example
 * ```ts
 * const getUser = new RestEndpoint({
 *   urlPrefix: 'https://api.example.com',
 *   path: '/users/:id',
 *   schema: User,
 *   process: (value, params) => ({...value, id: params.id}),
 * });
 * ```
 */
export interface RestEndpointOptions<O = any> {
  /** Path template: `:name` parameters, `{/:name}` for an optional part (path-to-regexp 8 syntax). */
  readonly path?: string;
  /** Put before the path: an origin such as `https://api.example.com`, or `''` for same-origin. */
  readonly urlPrefix?: string;
  /** HTTP method; GET when absent. */
  readonly method?: string;
  /** Type marker for the body; `undefined` means the endpoint sends none (for POST without body). */
  readonly body?: unknown;
  /** Type marker for the query-string params. */
  readonly searchParams?: unknown;
  /** For logs and error messages; `METHOD path` when absent. */
  readonly name?: string;
  /** How the response is normalized. */
  readonly schema?: unknown;
  /** Overrides whether this is a mutation (true for every method but GET, HEAD and OPTIONS). */
  readonly sideEffect?: boolean;
  /** How long (ms) a result stays fresh. */
  readonly dataExpiryLength?: number;
  /** Refetch every this many ms while a connected reader shows the result; paused while the page is hidden. */
  readonly pollFrequency?: number;
  /** How failed requests are tried again (over the Controller's); `false` never retries; a mutation retries only with this. */
  readonly retry?: RetryOptions | false;
  /** `false`: a write fails at once when offline rather than wait (with the offline writes part). */
  readonly queueOffline?: false;
  /** How long (ms) a failure stands before a reader may try again. */
  readonly errorExpiryLength?: number;
  /** The param that picks a page (`cursor`, `page`): the pagination part's `fetchNextPage` varies it and adds each page to the list keyed without it. */
  readonly paginationField?: string;
  /** The params of the page after the one loaded with `params`, from the list's cached value; undefined at the end. */
  nextPage?(this: any, value: RestResolve<O>, params: RestParams<O>, context: NextPageContext): RestParams<O> | undefined;
  /**
   * The predicted response, applied at once and replaced by the real one. Must
   * be pure. On a list endpoint it serves `push`/`unshift`/`assign`, which
   * pass a body too.
   */
  getOptimisticResponse?(this: any, snap: SnapshotInterface, ...args: OptimisticArgs<O>): unknown;
  /** Builds the request init from the body. */
  getRequestInit?(this: any, body: RestBody<O>): RequestInit | Promise<RequestInit>;
  /** Adds to or changes the headers built by `getRequestInit`. */
  getHeaders?(this: any, headers: HeadersInit): HeadersInit;
  /** Transforms the parsed response before it is normalized. */
  process?(this: any, value: any, ...args: RestFullArgs<O>): any;
  /** Reads the body of a 2xx response. */
  parseResponse?(this: any, response: Response): Promise<unknown>;
  /** Performs the request; the global fetch by default. */
  fetchResponse?(this: any, input: string, init: RequestInit): Promise<Response>;
  /** Builds the URL from the params. */
  url?(this: any, params: RestParams<O>): string;
}
