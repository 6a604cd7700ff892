import {Signal} from '@lit-labs/signals';
import {fullArgs, internalsOf, keyOf, reportError, watchKeyed, type Controller, type ResponseState, type Watch} from '../core/index.js';
import {DEV_MODE, warnUndefinedArgs} from '../dev/index.js';
import type {EndpointInterface} from '../endpoint/index.js';
import {argsList, type ArgsInput} from '../lit/internal.js';
import {linkSource, type HostEvents, type SignalSource, type SourceLink} from './signal-source.js';

/** One read of the cache, as a signal's computation sees it now. */
export type ReadNow =
  /** The args are `null`: nothing is asked for. */
  | {readonly kind: 'idle'}
  /** The source is an element with no Controller (no `<data-provider>` above it). */
  | {readonly kind: 'unresolved'}
  | {
      readonly kind: 'read';
      readonly controller: Controller;
      readonly args: readonly unknown[];
      readonly key: string;
      readonly response: ResponseState;
      /** Whether a watch follows the read (the signal is watched and its host connected). */
      readonly following: boolean;
    };

/** What a signal does when the page starts or stops showing it. */
export interface ShownHooks {
  /** The signal is watched, and its host (if any) connected; `read` is the read followed, if one is known. */
  shown?(read: ReadNow | undefined): void;
  /** No longer (nothing watches it, or its host disconnected). */
  hidden?(): void;
}

const IDLE: ReadNow = {kind: 'idle'};
const UNRESOLVED: ReadNow = {kind: 'unresolved'};
/** What bad args name (no key can be this string: keys of reads are never empty). */
const BAD_ARGS = '';

/**
 * The read behind a cache signal. The signal's computation calls
 * {@link now}, which depends on a version counter (a State) bumped by the
 * Controller's watch of the read: one commit tells only the reads whose data
 * it changed, through the watch index. The watch opens when the signal is
 * watched (the State's `watched` callback: a `watch()` directive, a
 * `SignalWatcher` render, an effect) and its host, if any, is connected; it
 * closes when nothing watches the signal or the host disconnects, so a
 * signal the page no longer shows holds nothing in the Controller.
 *
 * A read nothing watches is not followed: {@link refresh} (the signals'
 * `get()`) makes the next computation read the cache afresh. Args given as
 * a function are read in the computation (signals they read are
 * dependencies) and, for a host, again before each host update.
 */
export class CacheRead implements HostEvents {
  readonly link: SourceLink;
  private readonly version: Signal.State<number>;
  private count = 0;
  /** The version is watched: something shows the signal. */
  private watched = false;
  /** Watched, with the host connected. */
  private shown = false;
  private watch?: Watch;
  /** Aborts the fetches started for the read followed now, when it stops being followed. */
  private requests?: AbortController;
  /** The last read computed: the one a watch opened outside a computation follows. */
  private last?: ReadNow & {kind: 'read'};
  /** What the args named at the last computation: a key, null for none, BAD_ARGS; undefined before the first. */
  private named: string | null | undefined;
  /** The signal computed at least once. */
  private computed = false;

  constructor(
    source: SignalSource,
    readonly endpoint: EndpointInterface,
    private readonly argsInput: ArgsInput,
    private readonly hooks: ShownHooks = {},
  ) {
    this.version = new Signal.State(0, {
      [Signal.subtle.watched]: () => {
        this.watched = true;
        this.update();
      },
      [Signal.subtle.unwatched]: () => {
        this.watched = false;
        this.update();
      },
    });
    this.link = linkSource(source, this);
  }

  /** The full args of the last read computed (null when there is none). */
  get args(): readonly unknown[] | null {
    return this.last?.args ?? null;
  }

  /** Whether something shows the signal: it is watched, and its host (if any) connected. */
  get isShown(): boolean {
    return this.shown;
  }

  /**
   * The read now, in the signal's computation: the args (a function of
   * them is called here, so signals it reads are dependencies), the
   * Controller and the response. Throws what the endpoint's `key` or
   * `normalizeArgs` throws for bad args.
   */
  now(): ReadNow {
    this.computed = true;
    this.version.get();
    const controller = this.link.controller();
    const raw = typeof this.argsInput === 'function' ? (this.argsInput as () => unknown)() : this.argsInput;
    if (DEV_MODE && raw === undefined && typeof this.argsInput === 'function') warnUndefinedArgs(this, this.endpoint.name);
    const list = argsList(raw);
    let args: readonly unknown[] | undefined;
    let key: string | undefined;
    try {
      if (list !== null) args = fullArgs(this.endpoint, list);
      if (args !== undefined) key = keyOf(this.endpoint, args);
    } catch (error) {
      this.named = BAD_ARGS;
      this.forget();
      throw error;
    }
    this.named = key ?? null;
    if (args === undefined || key === undefined || controller === undefined) {
      this.forget();
      return list === null ? IDLE : UNRESOLVED;
    }
    if (this.watch && (this.last?.key !== key || this.last.controller !== controller)) this.unfollow();
    if (this.shown && !this.watch) this.open(controller, args, key);
    // The store's own read, with the key computed above (getResponse would compute it again).
    const response = this.watch?.response ?? readKeyed(controller, this.endpoint, args, key);
    this.last = {kind: 'read', controller, args, key, response, following: this.watch !== undefined};
    return this.last;
  }

  /**
   * Before a `get()`: a read nothing watches is not followed, so the next
   * computation must read the cache again rather than give a cached value
   * (never computed, the get computes anyway).
   */
  refresh(): void {
    if (!this.watched && this.computed) this.bump();
  }

  /** Makes the signal compute again (a retry, a change its watch told). */
  bump(): void {
    // Untracked: a bump inside another signal's computation is not a dependency of it.
    Signal.subtle.untrack(() => this.version.set(++this.count));
  }

  /** The AbortSignal of fetches for the read followed now: it aborts when the read stops being followed. */
  requestSignal(): AbortSignal {
    return (this.requests ??= new AbortController()).signal;
  }

  /** The host connected or disconnected. */
  connectionChanged(): void {
    this.update();
  }

  /**
   * Before a host update: args given as a function may read the host's
   * properties, which are not signals. Computed again (once) when they name
   * another read, as the reactive controllers re-read theirs on each update.
   */
  hostUpdating(): void {
    if (typeof this.argsInput !== 'function' || this.named === undefined) return;
    let named: string | null;
    try {
      const list = argsList(Signal.subtle.untrack(this.argsInput as () => unknown));
      named = list === null ? null : keyOf(this.endpoint, fullArgs(this.endpoint, list));
    } catch {
      named = BAD_ARGS;
    }
    if (named !== this.named) this.bump();
  }

  /** The host's provider gave another Controller: computed before, the signal computes again (never computed, nothing to tell). */
  controllerChanged(): void {
    if (this.computed) this.bump();
  }

  /** Opens or closes the watch when the signal starts or stops being shown. */
  private update(): void {
    const shown = this.watched && this.link.connected;
    if (shown === this.shown) return;
    this.shown = shown;
    try {
      if (shown) {
        this.follow();
        this.hooks.shown?.(this.last);
      } else {
        this.unfollow();
        this.hooks.hidden?.();
      }
    } catch (error) {
      // These run inside the signal graph's bookkeeping, which must not be left half done.
      reportError(error);
    }
  }

  /**
   * Opens the watch of the last read computed, outside a computation: the
   * signal was computed before it became watched (or while its host was
   * away), so when the watch's response differs, it computes again.
   */
  private follow(): void {
    const last = this.last;
    if (!last || this.watch) return;
    this.open(last.controller, last.args, last.key);
    const response = this.watch!.response;
    this.last = {...last, response, following: true};
    // Later, not now: inside the `watched` callback the signal is not yet linked to its
    // watchers, so a change now would tell no one.
    if (!sameShown(response, last.response)) queueMicrotask(() => this.bump());
  }

  private open(controller: Controller, args: readonly unknown[], key: string): void {
    this.watch = watchKeyed(controller, this.endpoint, args, key, () => this.bump());
  }

  private unfollow(): void {
    if (!this.watch) return;
    this.watch.close();
    this.watch = undefined;
    this.requests?.abort();
    this.requests = undefined;
  }

  /** No read now (null args, no Controller, bad args). */
  private forget(): void {
    this.unfollow();
    this.last = undefined;
  }
}

/** `controller.getResponse` for full args whose key is known. */
function readKeyed(controller: Controller, endpoint: EndpointInterface, args: readonly unknown[], key: string): ResponseState {
  const {store} = internalsOf(controller);
  return store.read(store.visible, endpoint, args, key).response;
}

/** Whether two responses show the same thing (a new `expiresAt` alone shows nothing new). */
function sameShown(a: ResponseState, b: ResponseState): boolean {
  return a.data === b.data && a.expiryStatus === b.expiryStatus && a.error === b.error && !a.fetching === !b.fetching && !a.errorExpired === !b.errorExpired;
}
