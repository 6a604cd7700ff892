/**
 * The candidate closest to `name` by edit distance (insertions, deletions,
 * substitutions and swaps of two neighbours), when it is close enough to be a
 * likely typo: one edit for names of up to four characters, two for longer
 * ones. Undefined when nothing is that close. Used for "did you mean" hints,
 * and in production to tell a likely typo from an attribute of the page's own.
 *
 * @example
 * ```ts
 * closestName('fiter', ['filter', 'sort']); // 'filter'
 * closestName('analytics-id', ['filter', 'sort']); // undefined
 * ```
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) return undefined;
    const limit = candidate.length <= 4 ? 1 : 2;
    const distance = editDistance(name, candidate);
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: Levenshtein plus the swap of two adjacent characters. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(d);
    }
  }
  return rows[a.length]![b.length]!;
}
