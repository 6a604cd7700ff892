/**
 * A stable string for a list of arguments: object keys sorted, undefined
 * members dropped, so `{a: 1, b: 2}` and `{b: 2, a: 1}` give the same key, and
 * no arguments equals one empty object.
 */
export function argsKey(args: readonly unknown[]): string {
  const trimmed = args.length === 1 && isEmptyObject(args[0]) ? [] : args;
  return JSON.stringify(trimmed, (_key, value) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const sorted: Record<string, unknown> = {};
      for (const key of Object.keys(value).sort()) {
        if (value[key] !== undefined) Object.defineProperty(sorted, key, {value: value[key], enumerable: true});
      }
      return sorted;
    }
    return value;
  });
}

function isEmptyObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;
}
