import type {EndpointArgs} from '../endpoint/index.js';

/** One argument list given as its only element: the params object alone. */
type SingleArg<A> = A extends readonly [infer X] ? X : A extends readonly [(infer X)?] ? X : never;

/**
 * The forms a reader's args may take for an argument list `A`: the list
 * itself, its only element alone (the params object), or `null` for "not
 * now". An endpoint whose args are not known (`any[]`) takes anything.
 */
type ArgsValue<A extends readonly unknown[]> = number extends A['length'] ? unknown : null | A | SingleArg<A>;

/**
 * The `args` of `useSuspense`, `useCache` and `useFetch` for endpoint `E`:
 * its params object, its whole argument list as an array, `null` for "not
 * now", or a function returning one of those, re-read on every host update.
 * Each is checked against the endpoint's own params, so a function returning
 * `{userId}` for an endpoint whose path takes `:id` is a compile error.
 *
 * @example
 * ```ts
 * const byId: ReaderArgs<typeof UserResource.get> = () => (this.userId ? {id: this.userId} : null);
 * ```
 */
export type ReaderArgs<E> = ArgsValue<EndpointArgs<E>> | (() => ArgsValue<EndpointArgs<E>>);

/**
 * The rest of a reader's parameters after the endpoint: `[args?, options?]`
 * when the endpoint can be called with no args, else `[args, options?]`
 * (leaving the args out of a read whose path needs params is a compile
 * error); see {@link ReaderOptions}.
 *
 * @example
 * ```ts
 * function useArticle<E extends FetchableEndpoint>(host: ReactiveControllerHost, endpoint: E, ...args: ReaderArgsParam<E>) {
 *   return useSuspense(host, endpoint, ...args);
 * }
 * ```
 */
export type ReaderArgsParam<E> = [] extends EndpointArgs<E>
  ? [args?: ReaderArgs<E>, options?: ReaderOptions]
  : [args: ReaderArgs<E>, options?: ReaderOptions];

/**
 * Options of a reader (after its args).
 *
 * @example
 * ```ts
 * private results = useSuspense(this, SearchResource.getList, () => ({q: this.query}), {keepPrevious: true});
 * ```
 */
export interface ReaderOptions {
  /**
   * When the args change and the new result is not cached yet, keep showing
   * the value of the previous args (status `complete`, `previous` true)
   * until the new one arrives, instead of going back to `pending`; a
   * boundary then keeps its content. As TanStack Query's
   * `placeholderData: keepPreviousData`. For `useSuspense` and `useFetch`
   * (`useCache` never waits for a request). Default false.
   */
  keepPrevious?: boolean;
}

/**
 * A reader's args value as an argument list: an array as it is, `undefined`
 * as no args, `null` ("not now") as null, anything else (the params object)
 * as its only element.
 */
export function argsList(raw: unknown): readonly unknown[] | null {
  return raw === null ? null : Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
}
