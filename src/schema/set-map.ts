/**
 * Adds `item` to the Set that `map` holds under `key`, making the Set on
 * first use (rows by table, pks by table key: a shape the cache notes often).
 *
 * @example
 * ```ts
 * const rows = new Map<string, Set<string>>();
 * addToSetMap(rows, 'Article', '1');
 * rows.get('Article'); // Set {'1'}
 * ```
 */
export function addToSetMap<T>(map: Map<string, Set<T>>, key: string, item: T): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(item);
}
