import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {DEV_MODE, shownValue} from '../dev/index.js';

/**
 * `[handler, loading, error]` of {@link useLoading}, also readable by name.
 *
 * @example
 * ```ts
 * const {handler, loading, error}: LoadingState<[], void> = this.save;
 * ```
 */
export interface LoadingState<A extends unknown[], R> extends Iterable<unknown> {
  /** Runs the function; resolves with its result, or undefined when it failed (see `error`). */
  readonly handler: (...args: A) => Promise<R | undefined>;
  /** True while a call is running. */
  readonly loading: boolean;
  /** The error of the last call, cleared when a new call starts. */
  readonly error: unknown;
  [Symbol.iterator](): Iterator<unknown>;
}

/**
 * Wraps an async function for an event handler: `loading` is true while it
 * runs and `error` holds what it threw, and the host re-renders as they
 * change. A rejected function never becomes an unhandled rejection.
 *
 * @example
 * ```ts
 * class DeleteButton extends LitElement {
 *   private ctrl = useController(this);
 *   private del = useLoading(this, () => this.ctrl.fetch(TodoResource.delete, {id: this.todoId}));
 *   render() {
 *     const [remove, loading, error] = this.del;
 *     return html`<button ?disabled=${loading} @click=${remove}>Delete</button>${error ? html`<p>${String(error)}</p>` : ''}`;
 *   }
 * }
 * ```
 */
export function useLoading<A extends unknown[], R>(host: ReactiveControllerHost, asyncFn: (...args: A) => Promise<R> | R): LoadingController<A, R> {
  return new LoadingController(host, asyncFn);
}

/**
 * The reactive controller behind {@link useLoading}.
 *
 * @example
 * ```ts
 * class SaveButton extends LitElement {
 *   private save: LoadingController<[], Article> = useLoading(this, () => this.ctrl.fetch(ArticleResource.update, {id: 1}, {title: 'x'}));
 * }
 * ```
 */
export class LoadingController<A extends unknown[], R> implements LoadingState<A, R>, ReactiveController {
  loading = false;
  error: unknown = undefined;
  private running = 0;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly asyncFn: (...args: A) => Promise<R> | R,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  readonly handler = async (...args: A): Promise<R | undefined> => {
    this.running++;
    this.set(true, undefined);
    let failure: unknown = undefined;
    try {
      // A promise given in place of the function (useLoading(this, save())) would fail with the engine's message.
      if (DEV_MODE && typeof this.asyncFn !== 'function') {
        const given = typeof (this.asyncFn as {then?: unknown} | null)?.then === 'function' ? 'a promise' : shownValue(this.asyncFn);
        throw new TypeError(`useLoading: give it the function to run (an async function), not its result: got ${given}`);
      }
      return await this.asyncFn(...args);
    } catch (error) {
      failure = error;
      return undefined;
    } finally {
      this.running--;
      this.set(this.running > 0, failure);
    }
  };

  *[Symbol.iterator](): Iterator<unknown> {
    yield this.handler;
    yield this.loading;
    yield this.error;
  }

  private set(loading: boolean, error: unknown): void {
    if (loading === this.loading && error === this.error) return;
    this.loading = loading;
    this.error = error;
    this.host.requestUpdate();
  }
}
