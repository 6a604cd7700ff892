import {parsePath, stringifyPath, type PathToken} from './path-syntax.js';

type Split<S extends string, Acc extends string[] = []> = S extends `${infer H}/${infer T}` ? Split<T, [...Acc, H]> : [...Acc, S];
type Join<T extends string[]> = T extends [infer H extends string, ...infer R extends string[]]
  ? R extends []
    ? H
    : `${H}/${Join<R>}`
  : '';
type DropLastParam<T extends string[]> = T extends [...infer Init extends string[], infer Last extends string]
  ? Last extends `${string}${':' | '*'}${string}`
    ? Init
    : DropLastParam<Init>
  : never;
type OrRoot<S extends string> = S extends '' ? '/' : S;

/**
 * The type of {@link shortenPath}: `'/users/:group/:id'` gives `'/users/:group'`,
 * `'/users/:id{/:slug}'` gives `'/users/:id'`, and `'/:id'` gives `'/'`.
 *
 * @example
 * ```ts
 * type List = ShortenPath<'/articles/:id'>; // '/articles'
 * ```
 */
export type ShortenPath<P extends string> = string extends P
  ? string
  : P extends `${infer Head}{/${infer Group}}`
    ? Group extends `${string}{${string}`
      ? string
      : Head
    : OrRoot<Join<DropLastParam<Split<P>>>>;

/**
 * Drops the last parameter of a path template, and the segment that holds it:
 * the path of the list an item belongs to. `/:a/:b` gives `/:a`, `/:a` gives
 * `/`, and a trailing optional group goes whole (`/users/:id{/:slug}` gives
 * `/users/:id`). A path without parameters has no list above it: Error.
 *
 * @example
 * ```ts
 * shortenPath('/groups/:group/users/:id'); // '/groups/:group/users'
 * ```
 */
export function shortenPath<P extends string>(path: P): ShortenPath<P> {
  const tokens = parsePath(path);
  let last = -1;
  for (let i = 0; i < tokens.length; i++) if (hasParam(tokens[i]!)) last = i;
  if (last === -1) throw new Error(`shortenPath: the path "${path}" has no parameter to remove`);
  let head = stringifyPath(tokens.slice(0, last));
  const dropped = tokens[last]!;
  // A param that shares its segment with text (`/users/u-:id`) takes the whole segment with it;
  // a group that opens with `/` is a segment of its own.
  const first = dropped.type === 'group' ? dropped.tokens[0] : undefined;
  const ownSegment = first?.type === 'text' && first.value.startsWith('/');
  if (!ownSegment) head = head.slice(0, head.lastIndexOf('/') + 1);
  head = head.replace(/\/+$/, '');
  return (head === '' ? '/' : head) as ShortenPath<P>;
}

function hasParam(token: PathToken): boolean {
  if (token.type === 'param' || token.type === 'wildcard') return true;
  return token.type === 'group' && token.tokens.some(hasParam);
}
