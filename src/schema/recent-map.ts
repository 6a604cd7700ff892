/**
 * A map that keeps the entries set or read most recently and forgets the
 * others: a bound for caches keyed by values that can come in any number
 * (pks read, arg sets). An entry is kept while fewer than `capacity` other
 * keys were set or read since it was; it holds at most twice `capacity`.
 * Entries are set in a young generation; when that is full it becomes the
 * old one and the previous old one is dropped whole; an entry read from the
 * old one moves back to the young one. Nothing is iterated, unlike a `Map`
 * that forgets its first entry: asking a `Map` for its first entry after many
 * deletes walks past them in Firefox, microseconds a call.
 *
 * @example
 * ```ts
 * const recent = new RecentMap<string, object>(2_000);
 * recent.set('1', {title: 'Hi'});
 * recent.get('1'); // {title: 'Hi'}
 * ```
 */
export class RecentMap<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }

  set(key: K, value: V): void {
    // A copy left in the old generation is shadowed by this one, and dropped with it.
    this.young.set(key, value);
    if (this.young.size < this.capacity) return;
    this.old = this.young;
    this.young = new Map();
  }

  delete(key: K): void {
    this.young.delete(key);
    this.old.delete(key);
  }
}
