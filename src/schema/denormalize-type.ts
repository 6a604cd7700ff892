/**
 * The type a schema denormalizes to: an Entity class gives its instances, a
 * `[S]` gives an array, an object of schemas gives an object, and every
 * `schema.*` class names its own result through a phantom `__result` member.
 *
 * @example
 * ```ts
 * type Articles = Denormalize<[typeof Article]>; // Article[]
 * type Page = Denormalize<{results: [typeof Article]}>; // {results: Article[]}
 * ```
 */
export type Denormalize<S> = S extends {readonly __result?: infer R}
  ? Exclude<R, undefined>
  : S extends abstract new (...args: any[]) => infer I
    ? I
    : S extends readonly [infer T]
      ? Denormalize<T>[]
      : S extends readonly unknown[]
        ? unknown[]
        : S extends object
          ? {[K in keyof S]: Denormalize<S[K]>}
          : S;
