/**
 * The query string for the params that are not path parameters, keys sorted
 * so that equal params give equal URLs (and so equal cache keys) whatever
 * order they were written in. A list repeats its key (`ids=1&ids=3`, the form
 * most servers read as a list); `undefined` values are left out.
 *
 * @example
 * ```ts
 * queryString({b: 2, ids: [1, 3], a: undefined}, new Set()); // 'b=2&ids=1&ids=3'
 * ```
 */
export function queryString(params: Readonly<Record<string, unknown>>, pathNames: ReadonlySet<string>): string {
  let keys: string[] | undefined;
  for (const key of Object.keys(params)) if (!pathNames.has(key)) (keys ??= []).push(key);
  // Most keys are built for params that are all path parameters: no URLSearchParams for them.
  if (keys === undefined) return '';
  keys.sort();
  const search = new URLSearchParams();
  for (const key of keys) {
    const value = params[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  return search.toString();
}
