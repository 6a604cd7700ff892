/**
 * The path of a member below `path`, as error messages show it: `[i]` for a
 * list index, `.key` for an object key (the key alone at the root).
 *
 * A leaf module of its own: the entity, list, values and collection schemas
 * all name paths this way, and the list schema must not import the entity
 * module (the entity module reaches the list schema through the `[S]`
 * shorthand, so the import would close a cycle).
 *
 * @example
 * ```ts
 * joinPath('', 'author'); // 'author'
 * joinPath('author', 'tags'); // 'author.tags'
 * joinPath('author.tags', 2); // 'author.tags[2]'
 * ```
 */
export function joinPath(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}
