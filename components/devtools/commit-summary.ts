import type {Commit} from '../../src/core/index.js';

/** One line per kind of change of a commit: results, rows by table, tables that gained or lost rows. */
export function commitChanges(commit: Commit): string[] {
  if (commit.everything) return ['everything (the cache was emptied or replaced)'];
  const lines: string[] = [];
  if (commit.results.size > 0) lines.push(`results: ${[...commit.results].join(', ')}`);
  for (const [table, pks] of commit.rows) lines.push(`${table} rows: ${[...pks].join(', ')}`);
  if (commit.tables.size > 0) lines.push(`tables gained or lost rows: ${[...commit.tables].join(', ')}`);
  if (lines.length === 0) lines.push('nothing visible (pending predictions only)');
  return lines;
}

/** `2 results, 3 rows`: the size of a commit, for its one-line summary. */
export function commitSize(commit: Commit): string {
  if (commit.everything) return 'everything';
  let rows = 0;
  for (const pks of commit.rows.values()) rows += pks.size;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(commit.results.size, 'result')}, ${plural(rows, 'row')}`;
}
