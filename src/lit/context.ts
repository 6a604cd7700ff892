/**
 * A key of the context protocol that carries the type of the value provided
 * under it. The type is the one `@lit/context` declares, so a context made
 * here and one made with `@lit/context`'s `createContext` are the same to
 * either library: an app's `@consume({context: dataContext})` type-checks,
 * and its own providers and consumers meet ours at run time.
 *
 * @example
 * ```ts
 * const tokenContext: Context<symbol, string> = createContext<string>(Symbol('access-token'));
 * ```
 */
export type Context<KeyType, ValueType> = KeyType & {__context__: ValueType};

/**
 * Makes a context key; the key itself is what the protocol's events carry,
 * so a global symbol (`Symbol.for`) lets two copies of a library meet.
 *
 * @example
 * ```ts
 * export const themeContext = createContext<'light' | 'dark'>(Symbol.for('my-app/theme'));
 * ```
 */
export const createContext = <ValueType, KeyType = unknown>(key: KeyType): Context<KeyType, ValueType> =>
  key as Context<KeyType, ValueType>;
