/**
 * The last `capacity` message ids a feed applied, so that a message the
 * server sends again after a resume is not applied twice.
 *
 * @example
 * ```ts
 * const seen = new RecentIds(3);
 * seen.add('1'); // true: new
 * seen.add('1'); // false: seen
 * ```
 */
export class RecentIds {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity = 1_000) {}

  /** Records `id`; false when it was already among the recent ones. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    // A Set iterates in insertion order: the first one is the oldest.
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value as string);
    return true;
  }

  clear(): void {
    this.ids.clear();
  }
}
