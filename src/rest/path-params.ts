import {parsePath, type PathToken} from './path-syntax.js';

/**
 * The parameter names of a path template, in order (optional ones
 * included): `/users/:userId/todos{/:id}` gives `['userId', 'id']`.
 * Throws on a malformed template, as `createResource` would. (Unlike
 * `pathTemplate(path).names`, the order is the order in the path.)
 *
 * @example
 * ```ts
 * pathParams('/todos/:id'); // ['id']
 * ```
 */
export function pathParams(path: string): string[] {
  const names: string[] = [];
  collect(parsePath(path), names);
  return names;
}

function collect(tokens: readonly PathToken[], names: string[]): void {
  for (const token of tokens) {
    if (token.type === 'group') collect(token.tokens, names);
    else if (token.type === 'param' || token.type === 'wildcard') names.push(token.name);
  }
}

/**
 * The entries of `params` whose key is one of `names`.
 *
 * @example
 * ```ts
 * pick({id: 1, completed: true}, ['id']); // {id: 1}
 * ```
 */
export function pick(params: Readonly<Record<string, unknown>>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) if (Object.hasOwn(params, name)) out[name] = params[name];
  return out;
}
