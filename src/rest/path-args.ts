/**
 * Type-level reading of a path-to-regexp template: which parameters it has,
 * and which of them sit inside an optional `{...}` group.
 *
 * Names are read as ASCII identifiers; quoted names (`:"a b"`) and non-ASCII
 * names are left out of the types (they still work at run time).
 */

type Chars<S extends string, Acc extends string = never> = S extends `${infer C}${infer R}` ? Chars<R, Acc | C> : Acc;
type IdChar = Chars<'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$'>;

/** Splits `S` into its leading identifier and the rest. */
type TakeName<S extends string, Acc extends string = ''> = S extends `${infer C}${infer R}`
  ? C extends IdChar
    ? TakeName<R, `${Acc}${C}`>
    : [Acc, S]
  : [Acc, ''];

/** What a scan collects: names of plain parameters and of wildcards, required or optional. */
interface Found {
  req: string;
  opt: string;
  reqWild: string;
  optWild: string;
}

type AddName<F extends Found, N extends string, Optional extends boolean, Wild extends boolean> = N extends ''
  ? F
  : Wild extends true
    ? Optional extends true
      ? {req: F['req']; opt: F['opt']; reqWild: F['reqWild']; optWild: F['optWild'] | N}
      : {req: F['req']; opt: F['opt']; reqWild: F['reqWild'] | N; optWild: F['optWild']}
    : Optional extends true
      ? {req: F['req']; opt: F['opt'] | N; reqWild: F['reqWild']; optWild: F['optWild']}
      : {req: F['req'] | N; opt: F['opt']; reqWild: F['reqWild']; optWild: F['optWild']};

type Pop<D extends 0[]> = D extends [0, ...infer R extends 0[]] ? R : [];

/**
 * Walks the template one character at a time (tail-recursive, so paths of a
 * few hundred characters are fine), tracking the `{` depth so that nested
 * optional groups are handled.
 */
type Scan<S extends string, D extends 0[] = [], F extends Found = {req: never; opt: never; reqWild: never; optWild: never}> =
  S extends `${infer C}${infer R}`
    ? C extends '\\'
      ? R extends `${string}${infer After}`
        ? Scan<After, D, F>
        : F
      : C extends ':' | '*'
        ? TakeName<R> extends [infer N extends string, infer Rest extends string]
          ? Scan<Rest, D, AddName<F, N, D extends [] ? false : true, C extends '*' ? true : false>>
          : F
        : C extends '{'
          ? Scan<R, [0, ...D], F>
          : C extends '}'
            ? Scan<R, Pop<D>, F>
            : Scan<R, D, F>
    : F;

/**
 * A value that can fill a path parameter (numbers are written in decimal).
 *
 * @example
 * ```ts
 * const id: PathValue = 42;
 * ```
 */
export type PathValue = string | number;

type Simplify<T> = {[K in keyof T]: T[K]} & {};

/**
 * The params object a path template needs: `:name` is required, a name inside
 * `{...}` is optional, and a `*name` wildcard takes a value or a list of
 * segments. A template that is only known as `string` accepts any object.
 *
 * @example
 * ```ts
 * type P = PathArgs<'/users/:group/:id{/:slug}'>;
 * // {group: string | number; id: string | number; slug?: string | number}
 * ```
 */
export type PathArgs<P extends string> = string extends P
  ? Record<string, unknown>
  : Scan<P> extends infer F extends Found
    ? Simplify<
        {[K in F['req']]: PathValue} & {[K in F['opt']]?: PathValue} & {
          [K in F['reqWild']]: PathValue | readonly PathValue[];
        } & {[K in F['optWild']]?: PathValue | readonly PathValue[]}
      >
    : never;

/**
 * Whether a template has any parameter at all (the `(body)` call shape is
 * only accepted when it has none).
 *
 * @example
 * ```ts
 * type A = HasPathParams<'/articles'>; // false
 * type B = HasPathParams<'/articles/:id'>; // true
 * ```
 */
export type HasPathParams<P extends string> = string extends P
  ? boolean
  : Scan<P> extends infer F extends Found
    ? [F['req'] | F['opt'] | F['reqWild'] | F['optWild']] extends [never]
      ? false
      : true
    : never;
