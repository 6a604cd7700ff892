import {DEV_MODE} from '../dev/index.js';
import type {FetchableEndpoint} from '../endpoint/index.js';
import type {ReadStatus} from '../lit/index.js';
import {
  afterPageLoad,
  announceFailure,
  BoundaryLink,
  FetchPolicy,
  logUnhandledReaderError,
  MissingProviderError,
  type ArgsInput,
  type ShownRead,
  type SuspenseSource,
} from '../lit/internal.js';
import {CacheRead, type ReadNow} from './cache-read.js';
import type {SignalSource} from './signal-source.js';

/**
 * The value of a `suspenseSignal`: `initial` while its args are `null`
 * (nothing asked for), `pending` while there is nothing to show yet,
 * `complete` with the value, `error` when the fetch failed. `previous` is
 * true while the value is the previous args' one, kept by `keepPrevious`.
 *
 * @example
 * ```ts
 * const {status, value, error}: SuspenseState<Article> = article.get();
 * if (status === 'error') console.warn(error);
 * ```
 */
export interface SuspenseState<T> {
  readonly status: 'initial' | ReadStatus;
  readonly value: T | undefined;
  readonly error: unknown;
  readonly previous: boolean;
}

/** Whether two states show the same thing: the signal's equality, so an unchanged state tells no one. */
export function sameState<T>(a: SuspenseState<T>, b: SuspenseState<T>): boolean {
  return a.status === b.status && a.value === b.value && a.error === b.error && a.previous === b.previous;
}

/**
 * What a `suspenseSignal` computes: the `useSuspense` decision (see
 * `FetchPolicy`) over the signal's read. It fetches only while the signal
 * is shown (watched, its host connected): a computation before that decides
 * what to show, and the fetch starts when the page shows it. It is the
 * `<data-boundary>` source of its host element, and announces a failure
 * nothing shows, as `useSuspense` does.
 */
export class SuspenseRead<T> implements SuspenseSource {
  readonly read: CacheRead;
  /** Set when the page shows this signal's errors itself: no boundary or `data-error` announces them. */
  handlesErrors = false;
  /** The promise of the last fetch this signal started. */
  promise: Promise<unknown> | undefined;
  private readonly policy = new FetchPolicy<T>();
  private current: SuspenseState<T> = {status: 'pending', value: undefined, error: undefined, previous: false};
  // Optional: the read's callbacks may run before this is set, inside the constructor.
  private readonly boundaryLink?: BoundaryLink;
  /** The last error announced, so that each failure is announced once. */
  private announced: unknown;

  constructor(
    source: SignalSource,
    endpoint: FetchableEndpoint,
    argsInput: ArgsInput,
    private readonly keepPrevious: boolean,
  ) {
    this.read = new CacheRead(source, endpoint, argsInput, {shown: read => this.shown(read), hidden: () => this.boundaryLink?.registry?.remove(this)});
    this.boundaryLink = new BoundaryLink(this.read.link.host, this, () => this.read.isShown);
  }

  /** The status a boundary sees (`initial` shows the content, as `complete` does). */
  get status(): ReadStatus {
    return this.current.status === 'initial' ? 'complete' : this.current.status;
  }

  get error(): unknown {
    return this.current.error;
  }

  retry(): void {
    this.policy.retry();
    this.read.bump();
  }

  /** The signal's computation. */
  state(): SuspenseState<T> {
    const shown: ShownRead<T> = {...this.current, status: this.status};
    let now: ReadNow | undefined;
    try {
      now = this.read.now();
    } catch (error) {
      // Bad args (a missing path parameter): shown as the error, as useSuspense does.
      shown.status = 'error';
      shown.error = error;
    }
    if (now?.kind === 'unresolved') {
      shown.status = 'error';
      if (!(shown.error instanceof MissingProviderError)) shown.error = new MissingProviderError(this.read.link.host);
    } else if (now?.kind === 'read' && this.policy.decide(now.response, now.key, this.keepPrevious, now.following, shown)) {
      this.fetch(now);
    }
    const next: SuspenseState<T> =
      now?.kind === 'idle'
        ? {status: 'initial', value: undefined, error: undefined, previous: false}
        : {status: shown.status, value: shown.value, error: shown.error, previous: shown.previous};
    const changed = !sameState(next, this.current);
    this.current = next;
    if (changed && this.read.isShown) {
      this.boundaryLink?.registry?.report(this);
      this.announceIfUnhandled();
    }
    return next;
  }

  /** The page shows the signal now: fetch what it needs (a computation before this did not), and tell the boundary. */
  private shown(read: ReadNow | undefined): void {
    if (read?.kind === 'read' && this.policy.decide(read.response, read.key, this.keepPrevious, true, {...this.current, status: this.status})) {
      this.fetch(read);
    }
    this.boundaryLink?.registry?.report(this);
    this.announceIfUnhandled();
  }

  private fetch(read: ReadNow & {kind: 'read'}): void {
    const promise = read.controller.fetch({signal: this.read.requestSignal()}, this.read.endpoint as FetchableEndpoint, ...(read.args as never[]));
    this.promise = promise;
    // The outcome reaches the signal through the Controller's commit; the rejection (an
    // AbortError once the read is no longer followed) is for callers of `promise`.
    promise.catch(() => undefined);
  }

  private errorTaken(): boolean {
    return this.handlesErrors || this.boundaryLink?.registry !== undefined;
  }

  /** A failure nothing shows reaches the page once: `data-error` from the host and `reportError`. */
  private announceIfUnhandled(): void {
    const {status, error} = this.current;
    if (status !== 'error' || error === this.announced || this.errorTaken()) return;
    this.announced = error;
    // No provider is a failure only once the page has loaded: a provider defined by a script still loading answers before.
    if (!(error instanceof MissingProviderError)) this.announce(error);
    else afterPageLoad(() => this.read.isShown && this.current.error === error && !this.errorTaken() && this.announce(error));
  }

  private announce(error: unknown): void {
    const host = this.read.link.host;
    const taken = announceFailure(host, error);
    if (DEV_MODE && !taken) logUnhandledReaderError(host, this.read.endpoint, this.read.args, error, true);
  }
}
