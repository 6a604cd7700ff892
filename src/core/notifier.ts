import type {EndpointInterface} from '../endpoint/index.js';
import type {Commit} from './change-set.js';
import {reportError} from './report-error.js';
import {sameResponse, type ResponseState} from './response-state.js';
import type {WatchedReads} from './retained-reads.js';
import {WatchIndex, type Indexed} from './watch-index.js';

/**
 * A reader's listener: called with the new response when what it shows changed.
 *
 * @example
 * ```ts
 * const show: WatchListener<Article> = response => render(response.data);
 * const watch = controller.watch(ArticleResource.get, [{id: '1'}], show);
 * ```
 */
export type WatchListener<T = any> = (response: ResponseState<T>) => void;

/**
 * A subscriber of every commit.
 *
 * @example
 * ```ts
 * const log: CommitListener = commit => console.log(commit.cause, [...commit.results]);
 * const stop = controller.subscribe(log);
 * ```
 */
export type CommitListener = (commit: Commit) => void;

/** A read and what it depended on. */
export interface ReadOutcome {
  readonly response: ResponseState;
  /** `Denormalized.reads` of the read. */
  readonly reads: readonly unknown[];
}

/**
 * A reader's registration with {@link Controller.watch}: the response now,
 * and how to stop.
 *
 * @example
 * ```ts
 * const watch = controller.watch(ArticleResource.get, [{id: '1'}], response => show(response.data));
 * show(watch.response.data);
 * watch.close();
 * ```
 */
export interface Watch<T = any> {
  /** The response as of the last commit that concerned the read. */
  readonly response: ResponseState<T>;
  /**
   * Reads again now and returns the response. Only time changes a response
   * without a commit (fresh data goes stale): when it did, every listener of
   * the read is told, this one included.
   */
  read(): ResponseState<T>;
  /** Stops the listener (and releases the read from garbage collection). Calling it again does nothing. */
  close(): void;
}

const NO_READS: readonly unknown[] = [];

/** All the readers of one (endpoint, key): one read per commit that concerns them, however many they are. */
class WatchEntry implements Indexed {
  /**
   * The readers: the one handle while there is one (most reads; a mount makes
   * thousands), an array from the second; undefined once all have closed.
   */
  watches: WatchHandle | WatchHandle[] | undefined = undefined;

  constructor(
    readonly endpoint: EndpointInterface,
    readonly args: readonly unknown[],
    readonly key: string,
    public response: ResponseState,
    public indexedReads: readonly unknown[],
    /** Stops polling the read (undefined when its endpoint is not polled). */
    readonly stopPolling: (() => void) | undefined,
  ) {}

  /** How many readers it has. */
  get count(): number {
    const watches = this.watches;
    return watches === undefined ? 0 : Array.isArray(watches) ? watches.length : 1;
  }

  add(handle: WatchHandle): void {
    const watches = this.watches;
    if (watches === undefined) this.watches = handle;
    else if (Array.isArray(watches)) watches.push(handle);
    else this.watches = [watches, handle];
  }

  /** Removes `handle`; true when no reader is left. */
  drop(handle: WatchHandle): boolean {
    const watches = this.watches;
    if (Array.isArray(watches)) {
      watches.splice(watches.indexOf(handle), 1);
      if (watches.length > 0) return false;
    }
    this.watches = undefined;
    return true;
  }
}

/**
 * One reader's watch: an object with its methods on the prototype rather
 * than closures, so that a watch costs one allocation.
 */
class WatchHandle implements Watch {
  open = true;

  constructor(
    private readonly notifier: Notifier,
    readonly entry: WatchEntry,
    readonly listener: WatchListener,
  ) {}

  get response(): ResponseState {
    return this.entry.response;
  }

  read(): ResponseState {
    if (this.open) this.notifier.evaluate(this.entry);
    return this.entry.response;
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    this.notifier.unwatch(this);
  }
}

/** What the notifier needs from the Controller. */
export interface NotifierHost {
  /** Reads a result (by its key) in the visible state, with what it depended on. */
  read(endpoint: EndpointInterface, args: readonly unknown[], key: string): ReadOutcome;
  /** Polls a read while it is watched, when its endpoint has a pollFrequency; returns how to stop (undefined when not polled). */
  poll(endpoint: EndpointInterface, args: readonly unknown[], key: string): (() => void) | undefined;
  /** The last reader of `key` stopped watching (a request for it may have nobody left to wait for it). */
  unwatched(key: string): void;
}

/**
 * Tells, after each commit, the subscribers of every commit and the readers
 * whose data the commit concerns, each once, and only when what the reader
 * shows changed.
 *
 * Readers of the same endpoint and key share one read. A commit finds its
 * readers through an index of what each last read depended on (result keys,
 * rows, whole tables), so its cost follows what it changed, not how many
 * readers there are. Commits are queued and told in order; a commit made
 * while listeners run is told after them, never inside. The watched reads
 * are the ones garbage collection keeps for readers (`WatchedReads`).
 *
 * @example
 * ```ts
 * const notifier = new Notifier(host);
 * notifier.queue(commit);
 * notifier.flush();
 * ```
 */
export class Notifier implements WatchedReads {
  private readonly listeners = new Set<CommitListener>();
  /** The watched reads, found by key through the index's own record of each read's key. */
  private readonly index = new WatchIndex<WatchEntry>();
  private queued: Commit[] = [];
  /** Results whose request state alone changed (a GET started): only their readers are told. */
  private requests = new Set<string>();
  private scheduled = false;
  private flushing = false;
  /** The id of the last commit queued. */
  private lastQueued = 0;

  constructor(private readonly host: NotifierHost) {}

  /** How many commit subscribers there are. */
  get subscriberCount(): number {
    return this.listeners.size;
  }

  /** How many reader listeners there are, over every watched read. */
  get watcherCount(): number {
    let count = 0;
    for (const entry of this.reads()) count += entry.count;
    return count;
  }

  subscribe(listener: CommitListener): () => void {
    // A subscriber hears the commits made after it subscribed, not those queued before.
    const since = this.lastQueued;
    // A wrapper per call: subscribing the same function twice gives two subscriptions.
    const entry: CommitListener = commit => {
      if (commit.id > since) listener(commit);
    };
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  watch(endpoint: EndpointInterface, args: readonly unknown[], key: string, listener: WatchListener): Watch {
    let entry = this.entryOf(endpoint, key);
    // Only time moves a response without a commit (fresh to stale): the others hear it too.
    if (entry) this.evaluate(entry, NO_READS);
    else {
      const outcome = this.readSafely(endpoint, args, key, NO_READS);
      entry = new WatchEntry(endpoint, args, key, outcome.response, outcome.reads, this.host.poll(endpoint, args, key));
      this.index.add(entry);
    }
    const handle = new WatchHandle(this, entry, listener);
    entry.add(handle);
    return handle;
  }

  /** Stops `handle` (a watch's `close()`); the last reader of a read releases it. */
  unwatch(handle: WatchHandle): void {
    const {entry} = handle;
    if (!entry.drop(handle)) return;
    this.index.remove(entry);
    entry.stopPolling?.();
    if (!this.hasKey(entry.key)) this.host.unwatched(entry.key);
  }

  /** Whether any reader watches a result with this key. */
  hasKey(key: string): boolean {
    return this.index.withKey(key) !== undefined;
  }

  /** Every watched read, each (endpoint, key) once. */
  reads(): IterableIterator<WatchEntry> {
    return this.index.all();
  }

  /** Queues a commit to be told. */
  queue(commit: Commit): void {
    this.lastQueued = commit.id;
    this.queued.push(commit);
  }

  /** Queues a change of a result's request state (a GET started) for its readers only. */
  queueRequest(key: string): void {
    this.requests.add(key);
  }

  /** Tells what is queued in a microtask (for changes made inside `fetch()`, which must return first). */
  flushSoon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  /** Tells everything queued now, in order; what listeners commit meanwhile is told after them. */
  flush(): void {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.queued.length > 0 || this.requests.size > 0) {
        const commits = this.queued;
        const requests = this.requests;
        this.queued = [];
        this.requests = new Set();
        const found = new Set<WatchEntry>();
        let everything = false;
        for (const commit of commits) {
          if (commit.everything) everything = true;
          else this.index.collect(commit.results, commit.rows, commit.presence, found);
        }
        if (everything) for (const entry of this.reads()) found.add(entry);
        else if (requests.size > 0) this.index.collect(requests, EMPTY_ROWS, EMPTY_ROWS, found);
        for (const entry of found) this.evaluate(entry);
        for (const commit of commits) {
          for (const listener of [...this.listeners]) {
            try {
              listener(commit);
            } catch (error) {
              reportError(error);
            }
          }
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /**
   * Reads `entry` again (after a commit, a watch's `read()`, a new reader),
   * telling its readers when the response changed. A read that throws
   * leaves it indexed by `failedReads`.
   */
  evaluate(entry: WatchEntry, failedReads = entry.indexedReads): void {
    if (entry.watches === undefined) return;
    const outcome = this.readSafely(entry.endpoint, entry.args, entry.key, failedReads);
    this.index.update(entry, outcome.reads);
    if (!sameResponse(entry.response, outcome.response)) this.tell(entry, outcome.response);
  }

  /**
   * A read that throws (a Query's own `process`) gives its readers the error
   * as the response's, instead of throwing into the commit that asked.
   */
  private readSafely(endpoint: EndpointInterface, args: readonly unknown[], key: string, reads: readonly unknown[]): ReadOutcome {
    try {
      return this.host.read(endpoint, args, key);
    } catch (error) {
      return {response: {data: undefined, expiryStatus: 'invalid', expiresAt: 0, error}, reads};
    }
  }

  /** The watched read of `endpoint` under `key`, if any. */
  private entryOf(endpoint: EndpointInterface, key: string): WatchEntry | undefined {
    const held = this.index.withKey(key);
    if (held === undefined) return undefined;
    if (!(held instanceof Set)) return held.endpoint === endpoint ? held : undefined;
    for (const entry of held) if (entry.endpoint === endpoint) return entry;
    return undefined;
  }

  private tell(entry: WatchEntry, response: ResponseState): void {
    entry.response = response;
    const watches = entry.watches;
    if (watches === undefined) return;
    if (!Array.isArray(watches)) {
      told(watches, response);
      return;
    }
    for (const handle of watches.slice()) told(handle, response);
  }
}

/** Calls a reader's listener, unless an earlier listener closed it; what it throws is reported, not thrown into the commit. */
function told(handle: WatchHandle, response: ResponseState): void {
  if (!handle.open) return;
  try {
    handle.listener(response);
  } catch (error) {
    reportError(error);
  }
}

const EMPTY_ROWS: ReadonlyMap<string, ReadonlySet<string>> = new Map();
