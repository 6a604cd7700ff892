import type {ReactiveControllerHost} from 'lit';
import {DEV_MODE, warnMissingEndpoint} from '../dev/index.js';
import type {FetchableEndpoint} from '../endpoint/index.js';
import {BoundaryLink, type SuspenseSource} from './boundary-context.js';
import {FetchingReader} from './fetching-reader.js';
import type {ReaderArgsParam} from './reader-args.js';
import {noteBoundaryReaders} from './unhandled-reader-error.js';
import type {FetchValue} from './value-types.js';

/**
 * Reads an endpoint's data from the cache and fetches it when it is missing,
 * stale or invalid. Stale but valid data stays visible while it revalidates;
 * an invalid required entity sends it back to `pending`. The nearest
 * `<data-boundary>` shows its fallback while this waits for a first value,
 * and its error slot when the fetch fails.
 *
 * @example
 * ```ts
 * class ArticleView extends LitElement {
 *   static properties = {articleId: {}};
 *   declare articleId: string;
 *   private article = useSuspense(this, ArticleResource.get, () => ({id: this.articleId}));
 *   constructor() {
 *     super();
 *     this.articleId = '1';
 *   }
 *   render() {
 *     return this.article.render({
 *       pending: () => html`Loading…`,
 *       complete: article => html`<h1>${article.title}</h1>`,
 *       error: e => html`Failed: ${String(e)}`,
 *     });
 *   }
 * }
 * ```
 */
export function useSuspense<E extends FetchableEndpoint>(host: ReactiveControllerHost, endpoint: E, ...args: ReaderArgsParam<E>): SuspenseController<E> {
  if (DEV_MODE) warnMissingEndpoint(endpoint, 'useSuspense', host);
  return new SuspenseController(host, endpoint, ...args);
}

/**
 * The reactive controller behind {@link useSuspense}.
 *
 * @example
 * ```ts
 * class ArticleView extends LitElement {
 *   private article: SuspenseController<typeof ArticleResource.get> = useSuspense(this, ArticleResource.get, {id: 1});
 * }
 * ```
 */
export class SuspenseController<E extends FetchableEndpoint> extends FetchingReader<E, FetchValue<E>> implements SuspenseSource {
  // Optional: the base class may connect the host inside its constructor, before this is set.
  private readonly boundaryLink?: BoundaryLink;

  constructor(host: ReactiveControllerHost, endpoint: E | undefined, ...args: ReaderArgsParam<E>) {
    super(host, endpoint, args[0]);
    this.keepPrevious = args[1]?.keepPrevious ?? false;
    this.boundaryLink = new BoundaryLink(host, this, () => true);
  }

  override hostConnected(): void {
    super.hostConnected();
    this.boundaryLink?.registry?.report(this);
  }

  override hostDisconnected(): void {
    super.hostDisconnected();
    this.boundaryLink?.registry?.remove(this);
  }

  protected override changed(): void {
    this.boundaryLink?.registry?.report(this);
  }

  protected override errorTaken(): boolean {
    return this.boundaryLink?.registry !== undefined || super.errorTaken();
  }
}

// Development mode tells of this reader's unhandled errors that a <data-boundary> would take them.
if (DEV_MODE) noteBoundaryReaders(SuspenseController);
