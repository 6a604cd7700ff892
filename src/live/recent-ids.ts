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
  /**
   * The same ids in a ring, oldest at `next` once full: which one to forget. (Asking a Set for
   * its first entry after many deletes is not cheap in every engine: Firefox walks past the
   * deleted ones each time, about 8 µs a message at a capacity of 1,000.)
   */
  private readonly ring: (string | undefined)[];
  private next = 0;

  constructor(private readonly capacity = 1_000) {
    this.ring = new Array<string | undefined>(capacity);
  }

  /** Records `id`; false when it was already among the recent ones. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    const oldest = this.ring[this.next];
    if (oldest !== undefined) this.ids.delete(oldest);
    this.ring[this.next] = id;
    this.next = (this.next + 1) % this.capacity;
    return true;
  }

  clear(): void {
    this.ids.clear();
    this.ring.fill(undefined);
    this.next = 0;
  }
}
