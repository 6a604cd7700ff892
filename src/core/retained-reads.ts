import type {EndpointInterface} from '../endpoint/index.js';

/** A read kept from garbage collection: what to follow through the cache. */
export interface HeldRead {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  readonly key: string;
}

/** One retained read, and how many holders it has. */
export interface RetainedRead extends HeldRead {
  count: number;
}

/**
 * Reads kept elsewhere that count as retained too: the reads readers watch
 * (the Controller's notifier), which need no record of their own here.
 */
export interface WatchedReads {
  /** Whether a read with this key is watched. */
  hasKey(key: string): boolean;
  /** Every watched read, each (endpoint, key) once. */
  reads(): IterableIterator<HeldRead>;
}

/**
 * Reference counts of the reads that readers hold (`controller.retain`),
 * seen together with the reads that are watched. Counted per endpoint and
 * key, not per key alone: a key names a read only within its endpoint, and
 * each endpoint must keep its own reads alive. Held by key first, so that
 * whether a key is held is one lookup.
 *
 * @example
 * ```ts
 * const reads = new RetainedReads();
 * const release = reads.retain(getArticle, [{id: '1'}], 'GET /articles/1');
 * reads.hasKey('GET /articles/1'); // true
 * release();
 * ```
 */
export class RetainedReads {
  // Entries are removed at zero so that a long session of mounts and unmounts stays bounded.
  private readonly byKey = new Map<string, Map<EndpointInterface, RetainedRead>>();

  /** `watched`: reads retained without a count here, for as long as they are watched. */
  constructor(private readonly watched?: WatchedReads) {}

  /** Adds one holder; returns the release function (calling it again does nothing). */
  retain(endpoint: EndpointInterface, args: readonly unknown[], key: string): () => void {
    let reads = this.byKey.get(key);
    if (!reads) this.byKey.set(key, (reads = new Map()));
    let read = reads.get(endpoint);
    if (!read) reads.set(endpoint, (read = {endpoint, args, key, count: 0}));
    read.count++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--read.count > 0) return;
      reads.delete(endpoint);
      if (reads.size === 0) this.byKey.delete(key);
    };
  }

  /** Whether any reader holds or watches a read with this key. */
  hasKey(key: string): boolean {
    return this.byKey.has(key) || this.watched?.hasKey(key) === true;
  }

  /** How many distinct reads are held or watched (for leak checks). */
  get size(): number {
    let size = 0;
    for (const _ of this.reads()) size++;
    return size;
  }

  /** Every held or watched read, each (endpoint, key) once. */
  *reads(): IterableIterator<HeldRead> {
    for (const reads of this.byKey.values()) yield* reads.values();
    if (this.watched) for (const read of this.watched.reads()) if (!this.byKey.get(read.key)?.has(read.endpoint)) yield read;
  }
}
