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
 * each endpoint must keep its own reads alive.
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
  private readonly byEndpoint = new Map<EndpointInterface, Map<string, RetainedRead>>();
  private readonly keyCounts = new Map<string, number>();

  /** `watched`: reads retained without a count here, for as long as they are watched. */
  constructor(private readonly watched?: WatchedReads) {}

  /** Adds one holder; returns the release function (calling it again does nothing). */
  retain(endpoint: EndpointInterface, args: readonly unknown[], key: string): () => void {
    let reads = this.byEndpoint.get(endpoint);
    if (!reads) this.byEndpoint.set(endpoint, (reads = new Map()));
    let read = reads.get(key);
    if (!read) reads.set(key, (read = {endpoint, args, key, count: 0}));
    read.count++;
    this.keyCounts.set(key, (this.keyCounts.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(read, reads);
    };
  }

  /** Whether any reader holds or watches a read with this key. */
  hasKey(key: string): boolean {
    return this.keyCounts.has(key) || this.watched?.hasKey(key) === true;
  }

  /** How many distinct reads are held or watched (for leak checks). */
  get size(): number {
    let size = 0;
    for (const _ of this.reads()) size++;
    return size;
  }

  /** Every held or watched read, each (endpoint, key) once. */
  *reads(): IterableIterator<HeldRead> {
    for (const reads of this.byEndpoint.values()) yield* reads.values();
    if (this.watched) for (const read of this.watched.reads()) if (!this.byEndpoint.get(read.endpoint)?.has(read.key)) yield read;
  }

  private release(read: RetainedRead, reads: Map<string, RetainedRead>): void {
    // Entries are removed at zero so that a long session of mounts and unmounts stays bounded.
    if (--read.count === 0) {
      reads.delete(read.key);
      if (reads.size === 0) this.byEndpoint.delete(read.endpoint);
    }
    const left = (this.keyCounts.get(read.key) ?? 1) - 1;
    if (left === 0) this.keyCounts.delete(read.key);
    else this.keyCounts.set(read.key, left);
  }
}
