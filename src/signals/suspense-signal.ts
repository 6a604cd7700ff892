import {Signal} from '@lit-labs/signals';
import type {FetchableEndpoint} from '../endpoint/index.js';
import type {ReaderArgsParam, ReaderOptions, StatusRenderer} from '../lit/index.js';
import type {FetchValue} from '../lit/internal.js';
import type {SignalSource} from './signal-source.js';
import {sameState, SuspenseRead, type SuspenseState} from './suspense-read.js';

/**
 * A read of the cache that fetches, as a signal: `useSuspense` as a signal.
 * Its value is a {@link SuspenseState} (status, value, error, previous). It
 * fetches when the cache has nothing valid to show and revalidates stale data
 * in the background, while the signal is watched and its host (if the source
 * is an element) connected. Below a `<data-boundary>`, the boundary shows
 * its fallback while the signal waits for a first value and its error slot
 * when the fetch fails; without one, a failure nothing shows fires
 * `data-error` from the host and goes to `reportError` (set `handlesErrors`
 * when the page shows it). Options: `keepPrevious`, as for `useSuspense`.
 *
 * @example
 * ```ts
 * import {computed, SignalWatcher, watch} from '@lit-labs/signals';
 * class ArticleView extends SignalWatcher(LitElement) {
 *   private article = suspenseSignal(this, ArticleResource.get, {id: 1});
 *   private views = computed(() => this.article.get().value?.views ?? 0);
 *   render() {
 *     return this.article.render({
 *       pending: () => html`Loading…`,
 *       complete: article => html`<h1>${article.title}</h1> ${watch(this.views)} views`,
 *       error: e => html`Failed: ${String(e)}`,
 *     });
 *   }
 * }
 * ```
 */
export function suspenseSignal<E extends FetchableEndpoint>(source: SignalSource, endpoint: E, ...args: ReaderArgsParam<E>): SuspenseSignal<FetchValue<E>> {
  return new SuspenseSignal(source, endpoint, args[0], args[1]);
}

/**
 * The signal {@link suspenseSignal} gives: a `Signal.Computed` of a
 * {@link SuspenseState}, which tells its watchers only when the status,
 * value, error or `previous` changed.
 *
 * @example
 * ```ts
 * const article: SuspenseSignal<Article> = suspenseSignal(this, ArticleResource.get, {id: 1});
 * const title = computed(() => article.get().value?.title ?? '');
 * ```
 */
export class SuspenseSignal<T> extends Signal.Computed<SuspenseState<T>> {
  private readonly read: SuspenseRead<T>;

  constructor(source: SignalSource, endpoint: FetchableEndpoint, argsInput: unknown, options: ReaderOptions = {}) {
    const read = new SuspenseRead<T>(source, endpoint, argsInput, options.keepPrevious ?? false);
    super(() => read.state(), {equals: sameState});
    this.read = read;
  }

  /** The state now; read where nothing watches the signal, it reads the cache afresh (and does not fetch). */
  override get(): SuspenseState<T> {
    this.read.read.refresh();
    return super.get();
  }

  /**
   * Set when the page shows this signal's errors itself (its `render({error})`):
   * then neither a `<data-boundary>` nor `data-error` announces them.
   */
  get handlesErrors(): boolean {
    return this.read.handlesErrors;
  }
  set handlesErrors(value: boolean) {
    this.read.handlesErrors = value;
  }

  /** The promise of the last fetch this signal started. */
  get promise(): Promise<unknown> | undefined {
    return this.read.promise;
  }

  /** Fetches again, also after a failure, without waiting for the error to expire. */
  retry(): void {
    this.read.retry();
  }

  /** Renders by status, as `Task.render` and `useSuspense`'s `render` do; reads the signal (a dependency where read). */
  render<R>(renderer: StatusRenderer<T, R>): R | undefined {
    const state = this.get();
    switch (state.status) {
      case 'initial':
        return renderer.initial?.();
      case 'complete':
        return renderer.complete?.(state.value as T);
      case 'error':
        return renderer.error?.(state.error);
      default:
        return renderer.pending?.();
    }
  }
}
