import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {watchKeyed, type Controller, type ResponseState, type Watch} from '../core/index.js';
import {checkEndpoint, DEV_MODE, warnUndefinedArgs} from '../dev/index.js';
import type {EndpointInterface} from '../endpoint/index.js';
import {announceFailure} from './announce-failure.js';
import {ControllerResolver} from './controller-resolver.js';
import {MissingProviderError} from './missing-provider-error.js';
import {argsList} from './reader-args.js';
import {afterPageLoad} from './page-load.js';
import {isServerRendered} from './server-render.js';
import {boundaryCanTake, logUnhandledReaderError} from './unhandled-reader-error.js';

/**
 * `pending` while there is nothing to show yet, `complete` with a value, `error` when it failed.
 *
 * @example
 * ```ts
 * const status: ReadStatus = this.article.status;
 * if (status === 'error') console.warn(this.article.error);
 * ```
 */
export type ReadStatus = 'pending' | 'complete' | 'error';

/**
 * The args of a reactive controller: the params object, an array of
 * arguments, `null` for "not now", or a function returning one of those,
 * re-read on every host update (as with `@lit/task`).
 */
export type ArgsInput = unknown | (() => unknown);

/**
 * What to render in each status, as in `@lit/task`'s `render`.
 *
 * @example
 * ```ts
 * const views: StatusRenderer<Article, TemplateResult> = {
 *   pending: () => html`Loading…`,
 *   complete: article => html`<h1>${article.title}</h1>`,
 *   error: error => html`Failed: ${String(error)}`,
 * };
 * this.article.render(views);
 * ```
 */
export interface StatusRenderer<T, R> {
  /** Args are `null` ("not now"): nothing was asked for. As `@lit/task`'s `initial`. */
  initial?: () => R;
  pending?: () => R;
  complete?: (value: T) => R;
  error?: (error: unknown) => R;
}

/**
 * What useSuspense, useCache and useFetch share: finding the Controller,
 * re-reading the endpoint and args on each host update, following the read
 * with `controller.watch` while the host is connected (so the reader hears
 * only of the commits that concern it), and asking the host to render only
 * when what it shows changed.
 */
export abstract class EndpointReader<E extends EndpointInterface, T> implements ReactiveController {
  /** The current value (identical while the cache holds the same data). */
  value: T | undefined = undefined;
  status: ReadStatus = 'pending';
  error: unknown = undefined;
  /**
   * True while `value` is the value of the previous args, kept because
   * `keepPrevious` is set and the current args' data is still loading.
   */
  previous = false;
  /**
   * True while `value` shows a write that waits for the connection (with
   * the offline writes part): render it as not yet saved.
   */
  pendingOffline = false;
  /** Keep the previous args' value while new args load (see `ReaderOptions.keepPrevious`). */
  keepPrevious = false;
  /**
   * The endpoint (or Query) read. Set another one to read it instead: the
   * next host update switches, as it does when the args change. Undefined
   * reads nothing, as `null` args do.
   */
  endpoint: E | undefined;
  /**
   * Set by a host that shows this reader's errors itself and announces them
   * (the data elements do, with their error content and `data-error`): a
   * `<data-boundary>` then leaves the announcing to it, and development mode
   * does not log them as unhandled.
   */
  handlesErrors = false;

  protected readonly resolver: ControllerResolver;
  /** The current args in full form, or null for "not now". */
  protected args: readonly unknown[] | null = null;
  protected key: string | null | undefined = undefined;
  /** The watch of the read followed now, and the Controller it is with (the watch's endpoint and key are `keyedEndpoint` and `key`). */
  private watch?: Watch;
  private watchedWith?: Controller;
  /** Aborts the fetches started for the read followed now, when the reader stops following it. */
  private requests?: AbortController;
  /** The endpoint the current key belongs to. */
  private keyedEndpoint: E | undefined;
  private connected = false;
  /** The last error announced as unhandled, so each failure is announced once, not once per render. */
  private announcedError: unknown = undefined;
  /** The args have not been read yet: nothing is decided before the host's first update. */
  private unread = true;
  /** Rendered on the server: read once at connect, from the cache only (see `isServerRendered`). */
  protected readonly serverRendered: boolean;

  constructor(
    protected readonly host: ReactiveControllerHost,
    endpoint: E | undefined,
    private readonly argsInput: ArgsInput,
  ) {
    this.endpoint = endpoint;
    this.serverRendered = isServerRendered(host);
    // Owned: connected first in this reader's own hostConnected, so the Controller is known there.
    this.resolver = new ControllerResolver(host, () => this.onControllerChange(), true);
    host.addController(this);
  }

  /**
   * The Controller read from: the nearest `<data-provider>`'s (or the one
   * given through the data context); undefined while there is none.
   *
   * @example
   * ```ts
   * const tables = reader.controller?.state.entities.size ?? 0;
   * ```
   */
  get controller(): Controller | undefined {
    return this.resolver.controller;
  }

  hostConnected(): void {
    this.resolver.hostConnected();
    this.connected = true;
    // Before the host's first update the args are left to hostUpdate: properties set just
    // after the element is appended (`parent.append(el); el.itemId = 3`) must be read first.
    // A reconnect reads at once, to catch up with the cache. Lit SSR never updates the host:
    // it renders what the reader has after connecting, so the read happens now.
    if ((this.host as {hasUpdated?: boolean}).hasUpdated === false && !this.serverRendered) return;
    this.refresh(true);
  }

  hostUpdate(): void {
    this.refresh(this.unread);
  }

  hostDisconnected(): void {
    this.resolver.hostDisconnected();
    this.connected = false;
    this.stopFollowing();
  }

  /** Renders by status, as `Task.render` does. */
  render<R>(renderer: StatusRenderer<T, R>): R | undefined {
    switch (this.status) {
      case 'complete':
        // `null` args: nothing to wait for, so `initial` (not `complete(undefined)`), as `@lit/task` does.
        if (this.args === null) return renderer.initial?.();
        return renderer.complete?.(this.value as T);
      case 'error':
        return renderer.error?.(this.error);
      default:
        return renderer.pending?.();
    }
  }

  /** Decides value, status and error from the response; may start a fetch. */
  protected abstract evaluate(controller: Controller, response: ResponseState, args: readonly unknown[], key: string): void;

  /** Re-evaluates (from `response`, or the read followed now) and asks the host to render when anything it shows changed. */
  protected sync(response?: ResponseState): void {
    if (this.unread) return; // nothing to decide before the args are read (see hostConnected)
    const {value, status, error, previous, pendingOffline} = this;
    const controller = this.resolver.controller;
    if (!controller) {
      this.status = 'error';
      if (!(this.error instanceof MissingProviderError)) this.error = new MissingProviderError(this.host);
    } else if (this.args === null || this.key === null) {
      this.value = undefined;
      this.status = 'complete';
      this.error = undefined;
    } else if (this.key !== undefined) {
      const current = response ?? this.watch?.response ?? controller.getResponse(this.endpoint as EndpointInterface, ...this.args);
      this.evaluate(controller, current, this.args, this.key);
      this.pendingOffline = current.pendingOffline === true;
    }
    if (value !== this.value || status !== this.status || error !== this.error || previous !== this.previous || pendingOffline !== this.pendingOffline) {
      this.changed();
      this.host.requestUpdate();
      this.announceIfUnhandled();
    }
  }

  /**
   * The signal for fetches of the read followed now: it aborts when the
   * reader stops following that read (disconnect, other args or endpoint),
   * so a request nobody else waits for is abandoned.
   */
  protected requestSignal(): AbortSignal {
    return (this.requests ??= new AbortController()).signal;
  }

  /** Called after a change the host will render; for boundaries. */
  protected changed(): void {}

  /** Whether something shows this reader's errors: its host (`handlesErrors`) or, for useSuspense, a boundary. */
  protected errorTaken(): boolean {
    return this.handlesErrors;
  }

  /**
   * An error nothing shows reaches the page, once per failure and in every build:
   * `data-error` from the host and `reportError` (see `announceFailure`); development
   * mode explains it. No provider is a failure only once the page has loaded: a provider
   * defined by a script still loading answers before then.
   */
  private announceIfUnhandled(): void {
    const error = this.error;
    if (this.status !== 'error' || error === this.announcedError || this.errorTaken()) return;
    this.announcedError = error;
    if (error instanceof MissingProviderError) this.announceAfterLoad(error);
    else this.announce(error);
  }

  /** Announces a missing provider once the page has loaded, if it still is (a closure of its own: `announceIfUnhandled` runs on every change). */
  private announceAfterLoad(error: MissingProviderError): void {
    afterPageLoad(() => {
      if (this.connected && this.status === 'error' && this.error === error && !this.errorTaken()) this.announce(error);
    });
  }

  private announce(error: unknown): void {
    const taken = announceFailure(this.host, error);
    // The check sits here so that a production build, where DEV_MODE is false, drops the explanation.
    if (DEV_MODE && !taken) logUnhandledReaderError(this.host, this.endpoint, this.args, error, boundaryCanTake(this));
  }

  /** The provider's Controller changed: drop what was known about the previous one. */
  protected forget(): void {}

  /** Throws when this reader cannot read `endpoint` (a reader that fetches, given a Query): the read's error. */
  protected accept(_endpoint: E): void {}

  private onControllerChange(): void {
    this.forget();
    if (!this.connected || this.unread) return;
    this.follow();
    this.sync();
  }

  /** Re-reads the endpoint and args; follows and evaluates a new read when they changed (or when forced, at connect). */
  private refresh(force: boolean): void {
    this.unread = false;
    const endpoint = this.endpoint;
    let args: readonly unknown[] | null = null;
    let key: string | null = null;
    try {
      // The args function is the app's own code: what it throws is this read's error too.
      const raw = typeof this.argsInput === 'function' ? (this.argsInput as () => unknown)() : this.argsInput;
      if (DEV_MODE && raw === undefined && typeof this.argsInput === 'function') warnUndefinedArgs(this, endpoint?.name);
      args = endpoint === undefined ? null : argsList(raw);
      if (args !== null) {
        // Development mode names what is not an endpoint (a whole resource, say); production fails on it as it goes.
        if (DEV_MODE) checkEndpoint(endpoint, 'a reader');
        this.accept(endpoint!);
        args = endpoint!.normalizeArgs ? endpoint!.normalizeArgs(args) : args;
        key = endpoint!.key(...args);
      }
    } catch (error) {
      // Bad args (a missing path parameter), an endpoint this reader cannot read, an args
      // function that threw: show the error rather than throw into the render.
      this.args = args;
      this.key = undefined;
      this.keyedEndpoint = endpoint;
      this.stopFollowing();
      const changed = this.status !== 'error' || (this.error as Error)?.message !== (error as Error)?.message;
      this.status = 'error';
      if (changed) {
        this.error = error;
        this.changed();
        this.host.requestUpdate();
        this.announceIfUnhandled();
      }
      return;
    }
    if (!force && key === this.key && endpoint === this.keyedEndpoint) {
      // Only time moves a read without a commit (fresh data goes stale): read again; the watch tells us when it did.
      this.watch?.read();
      return;
    }
    // The watch is of the read named by `keyedEndpoint` and `key`: another one is another watch.
    if (key !== this.key || endpoint !== this.keyedEndpoint) this.stopFollowing();
    this.args = args;
    this.key = key;
    this.keyedEndpoint = endpoint;
    this.follow();
    this.sync();
  }

  /** Follows the current read (connected, with args) with the current Controller, and stops following the previous one. */
  private follow(): void {
    // A server render is never disconnected: a watch would outlive the page it rendered.
    const controller = this.connected && !this.serverRendered ? this.resolver.controller : undefined;
    const endpoint = this.keyedEndpoint;
    const key = controller && endpoint && this.args !== null && typeof this.key === 'string' ? this.key : undefined;
    // The watch follows `keyedEndpoint` and `key` (`refresh` stops it before either changes) with `watchedWith`.
    if (this.watch && this.watchedWith === controller && key !== undefined) return;
    this.stopFollowing();
    if (controller && endpoint && key !== undefined) {
      this.watchedWith = controller;
      this.watch = watchKeyed(controller, endpoint as EndpointInterface, this.args!, key, response => this.sync(response));
    }
  }

  private stopFollowing(): void {
    this.watch?.close();
    this.watch = undefined;
    this.watchedWith = undefined;
    this.requests?.abort();
    this.requests = undefined;
  }
}
