import type {ReactiveController, ReactiveControllerHost} from 'lit';
import type {Controller} from '../core/index.js';
import type {EndpointInterface} from '../endpoint/index.js';
import {ControllerResolver} from './controller-resolver.js';
import {MissingProviderError} from './missing-provider-error.js';

/** `pending` while there is nothing to show yet, `complete` with a value, `error` when it failed. */
export type ReadStatus = 'pending' | 'complete' | 'error';

/**
 * The args of a reactive controller: the params object, an array of
 * arguments, `null` for "not now", or a function returning one of those,
 * re-read on every host update (as with `@lit/task`).
 */
export type ArgsInput = unknown | (() => unknown);

/** What to render in each status, as in `@lit/task`'s `render`. */
export interface StatusRenderer<T, R> {
  /** Args are `null` ("not now"): nothing was asked for. As `@lit/task`'s `initial`. */
  initial?: () => R;
  pending?: () => R;
  complete?: (value: T) => R;
  error?: (error: unknown) => R;
}

/**
 * What useSuspense, useCache and useFetch share: finding the Controller,
 * re-reading args on each host update, following the cache while the host is
 * connected, and asking the host to render only when what it shows changed.
 */
export abstract class EndpointReader<E extends EndpointInterface, T> implements ReactiveController {
  /** The current value (identical while the cache holds the same data). */
  value: T | undefined = undefined;
  status: ReadStatus = 'pending';
  error: unknown = undefined;

  protected readonly resolver: ControllerResolver;
  /** The current args in full form, or null for "not now". */
  protected args: readonly unknown[] | null = null;
  protected key: string | null | undefined = undefined;
  private unsubscribe?: () => void;
  private connected = false;
  /** The args have not been read yet: nothing is decided before the host's first update. */
  private unread = true;
  /** The read this reader keeps from the Controller's garbage collection while connected. */
  private held?: {controller: Controller; key: string; release: () => void};

  constructor(
    protected readonly host: ReactiveControllerHost,
    readonly endpoint: E,
    private readonly argsInput: ArgsInput,
  ) {
    // The resolver registers its own context consumer first, so the Controller is known by hostConnected.
    this.resolver = new ControllerResolver(host, () => this.onControllerChange());
    host.addController(this);
  }

  hostConnected(): void {
    this.connected = true;
    this.listen();
    // FIX (issue 5 tests): before the host's first update, leave the args to hostUpdate.
    // Reading them here fetched the args of the defaults whenever properties are set just
    // after the element is appended (`parent.append(el); el.itemId = 3` requested item 1,
    // then item 3). A reconnect reads them at once, to catch up with the cache.
    if ((this.host as {hasUpdated?: boolean}).hasUpdated === false) return;
    this.refresh(true);
  }

  hostUpdate(): void {
    this.refresh(this.unread);
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.hold();
  }

  /** Renders by status, as `Task.render` does. */
  render<R>(renderer: StatusRenderer<T, R>): R | undefined {
    switch (this.status) {
      case 'complete':
        // FIX (issue 5 tests): `null` args leave status `complete` (nothing to wait for, so a
        // boundary is not held in its fallback) with no value; calling `complete(undefined)`
        // crashed renderers typed for T. Render `initial` then, as `@lit/task` does.
        if (this.args === null) return renderer.initial?.();
        return renderer.complete?.(this.value as T);
      case 'error':
        return renderer.error?.(this.error);
      default:
        return renderer.pending?.();
    }
  }

  /** Decides value, status and error from the cache; may start a fetch. */
  protected abstract evaluate(controller: Controller, args: readonly unknown[], key: string): void;

  /** Re-evaluates and asks the host to render when anything it shows changed. */
  protected sync(): void {
    if (this.unread) return; // nothing to decide before the args are read (see hostConnected)
    const before = [this.value, this.status, this.error];
    const controller = this.resolver.controller;
    if (!controller) {
      this.status = 'error';
      this.error = new MissingProviderError(this.host);
    } else if (this.args === null || this.key === null) {
      this.value = undefined;
      this.status = 'complete';
      this.error = undefined;
    } else if (this.key !== undefined) {
      this.evaluate(controller, this.args, this.key);
    }
    if (before[0] !== this.value || before[1] !== this.status || before[2] !== this.error) {
      this.changed();
      this.host.requestUpdate();
    }
  }

  /** Called after a change the host will render; for boundaries. */
  protected changed(): void {}

  /** The provider's Controller changed: drop what was known about the previous one. */
  protected forget(): void {}

  private listen(): void {
    const controller = this.resolver.controller;
    if (controller && !this.unsubscribe) this.unsubscribe = controller.subscribe(() => this.sync());
  }

  private onControllerChange(): void {
    // FIX (issue 5 tests): a fetching reader remembered its attempts against the previous
    // Controller and so never fetched into the new one (stuck in pending); forget them.
    this.forget();
    if (!this.connected) return;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.listen();
    this.hold();
    this.sync();
  }

  /** Re-reads the args; re-evaluates when they changed (or when forced, at connect). */
  /** Retains the current read (connected, with args) and releases the previous one. */
  private hold(): void {
    const controller = this.connected ? this.resolver.controller : undefined;
    const key = controller && this.args !== null && typeof this.key === 'string' ? this.key : undefined;
    if (this.held?.controller === controller && this.held?.key === key) return;
    this.held?.release();
    this.held =
      controller && key !== undefined ? {controller, key, release: controller.retain(this.endpoint as EndpointInterface, ...this.args!)} : undefined;
  }

  private refresh(force: boolean): void {
    this.unread = false;
    const raw = typeof this.argsInput === 'function' ? (this.argsInput as () => unknown)() : this.argsInput;
    let args: readonly unknown[] | null = raw === null ? null : Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
    let key: string | null = null;
    if (args !== null) {
      try {
        args = this.endpoint.normalizeArgs ? this.endpoint.normalizeArgs(args) : args;
        key = this.endpoint.key(...args);
      } catch (error) {
        // Bad args (a missing path parameter): show the error rather than throw into the render.
        this.args = args;
        this.key = undefined;
        const changed = this.status !== 'error' || this.error === undefined;
        this.status = 'error';
        if (changed || (this.error as Error)?.message !== (error as Error)?.message) {
          this.error = error;
          this.changed();
          this.host.requestUpdate();
        }
        return;
      }
    }
    if (!force && key === this.key) return;
    this.args = args;
    this.key = key;
    this.hold();
    this.sync();
  }
}
