/**
 * The table key of a pair in `Denormalized.reads` that holds a run of reads
 * rather than one: its second member is a {@link ReadRun}. What an entity
 * read outside any other read in turn (a long list's items, an article's
 * author and tags) is recorded as one such pair, shared with the entity's memo
 * entry, instead of as a copy of those reads.
 *
 * @example
 * ```ts
 * const reads = memo.denormalize(new schema.Collection([Todo]), '{}', tables).reads; // [READ_RUN, run]
 * ```
 */
export const READ_RUN = '\u0000run';

/**
 * Reads shared by several read lists: [table key, pk, table, row] per read,
 * flattened, in the first `size` slots of `reads`. Those slots never change;
 * the array may go on with the reads of a list grown from this one.
 *
 * @example
 * ```ts
 * eachRead([READ_RUN, {reads: ['Todo', '1', table, row], size: 4}], (key, pk) => {}); // ('Todo', '1')
 * ```
 */
export interface ReadRun {
  readonly reads: readonly unknown[];
  readonly size: number;
}

/**
 * Calls `visit` with the table key and pk of each read in `reads` (pairs, a
 * run expanded; a pk of undefined is a read of the whole table). With
 * `since`, a read list that `reads` extends (see {@link extendsReads}), only
 * the reads `since` lacks are visited: the cost of what was added.
 *
 * @example
 * ```ts
 * eachRead(['Todo', '1', 'Todo', undefined], (key, pk) => console.log(key, pk));
 * ```
 */
export function eachRead(reads: readonly unknown[], visit: (key: string, pk: string | undefined) => void, since?: readonly unknown[]): void {
  for (let i = 0; i < reads.length; i += 2) {
    const key = reads[i] as string;
    if (key !== READ_RUN) {
      if (since === undefined) visit(key, reads[i + 1] as string | undefined);
      continue;
    }
    const run = reads[i + 1] as ReadRun;
    const slots = run.reads;
    for (let j = since === undefined ? 0 : (since[i + 1] as ReadRun).size; j < run.size; j += 4) visit(slots[j] as string, slots[j + 1] as string | undefined);
  }
}

/**
 * Whether `next` reads what `previous` read and maybe more, as a list a page
 * was appended to does: the same pairs, each run the same run, one grown
 * from it in place (the same array, at least as long), or a run of another
 * array reading the same pairs (an entity built again). Telling costs the
 * pairs, and the reads only of runs that are not the same.
 *
 * @example
 * ```ts
 * extendsReads(['Todo', '1'], ['Todo', '1']); // true
 * ```
 */
export function extendsReads(previous: readonly unknown[], next: readonly unknown[]): boolean {
  return (
    previous.length === next.length &&
    previous.every((read, i) => read === next[i] || (i % 2 > 0 && next[i - 1] === READ_RUN && runExtends(read as ReadRun, next[i] as ReadRun)))
  );
}

/**
 * Whether run `b` reads what run `a` read: `a` grown in place (the same
 * array, at least as long), or another array reading the same pairs (an
 * entity built again because its author's row changed reads what it read).
 */
function runExtends(a: ReadRun, b: ReadRun): boolean {
  const {reads, size} = a;
  if (reads === b.reads) return size <= b.size;
  if (size !== b.size) return false;
  for (let i = 0; i < size; i++) if (i % 4 < 2 && reads[i] !== b.reads[i]) return false;
  return true;
}
