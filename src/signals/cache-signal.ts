import {Signal} from '@lit-labs/signals';
import type {EndpointInterface} from '../endpoint/index.js';
import type {ReaderArgsParam} from '../lit/index.js';
import type {FetchValue} from '../lit/internal.js';
import {CacheRead} from './cache-read.js';
import type {SignalSource} from './signal-source.js';

/**
 * A read of the cache as a signal: its value is what `useCache` shows, the
 * cached value of an endpoint or a `Query` (undefined while nothing is
 * cached), and it never fetches. Bind it with Lit's `watch()` (or a
 * `computed()` of one of its fields) to update one binding without
 * rendering the host, or read it in a `SignalWatcher` element's `render()`.
 *
 * It is told through the Controller's watch index, so a commit changes only
 * the signals whose data it changed; the watch is open while the signal is
 * watched and its host (if the source is an element) connected, and closes
 * when nothing watches it. `args` may be a function: it is called in the
 * signal's computation, so signals it reads are dependencies. Bad args (a
 * missing path parameter) make `get()` throw the endpoint's error.
 *
 * @example
 * ```ts
 * import {computed, watch} from '@lit-labs/signals';
 * class ArticleRow extends LitElement {
 *   @property({type: Number}) articleId = 0;
 *   private article = cacheSignal(this, ArticleResource.get, () => ({id: this.articleId}));
 *   // Not `title`: an element already has that property (the title attribute).
 *   private heading = computed(() => this.article.get()?.title ?? '');
 *   render() { return html`<h3>${watch(this.heading)}</h3>`; } // renders once; the text follows the cache
 * }
 * ```
 */
export function cacheSignal<E extends EndpointInterface>(source: SignalSource, endpoint: E, ...args: ReaderArgsParam<E>): CacheSignal<FetchValue<E>> {
  return new CacheSignal(source, endpoint, args[0]);
}

/**
 * The signal {@link cacheSignal} gives: a `Signal.Computed` of the cached
 * value (the identical object while the cache holds the same data).
 *
 * @example
 * ```ts
 * const openCount: CacheSignal<number> = cacheSignal(controller, new Query(new schema.All(Todo), todos => todos.filter(t => !t.completed).length));
 * effect(() => console.log(openCount.get(), 'open'));
 * ```
 */
export class CacheSignal<T> extends Signal.Computed<T | undefined> {
  private readonly read: CacheRead;

  constructor(source: SignalSource, endpoint: EndpointInterface, argsInput: unknown) {
    const read = new CacheRead(source, endpoint, argsInput);
    super(() => {
      const now = read.now();
      return now.kind === 'read' ? (now.response.data as T | undefined) : undefined;
    });
    this.read = read;
  }

  /** The value now; read where nothing watches the signal, it reads the cache afresh. */
  override get(): T | undefined {
    this.read.refresh();
    return super.get();
  }
}
