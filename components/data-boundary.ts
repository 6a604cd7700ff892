import {css, html, LitElement} from 'lit';
import {boundaryContext, ContextProvider, ensureContextRoot, type BoundaryRegistry, type SuspenseSource} from '../src/lit/internal.js';
import {defineElement} from './define-element.js';
import {errorMessage} from './error-message.js';

type Mode = 'content' | 'fallback' | 'error';

/**
 * The Suspense and error boundary of web components. While any suspending
 * controller below it (`useSuspense`, `<data-resource>`) waits for a first
 * load, it shows its `fallback` slot; when one fails, its `error` slot, where
 * any element with a `data-retry` attribute refetches what failed; otherwise
 * its content. The nearest boundary catches.
 *
 * @example
 * ```html
 * <data-boundary>
 *   <p slot="fallback">Loading…</p>
 *   <div slot="error">Could not load. <button data-retry>Try again</button></div>
 *   <article-list></article-list>
 * </data-boundary>
 * ```
 *
 * @slot - The content, shown when everything below has loaded.
 * @slot fallback - Shown while a first load is pending (default: "Loading…").
 * @slot error - Shown when a load failed (default: the message and a Retry button).
 * @csspart fallback - The wrapper of the fallback slot.
 * @csspart error - The wrapper of the error slot.
 * @csspart content - The wrapper of the content.
 * @csspart retry - The default Retry button.
 * @attr loading - Reflected while the fallback shows.
 * @attr error - Reflected while the error slot shows.
 * @fires data-error - Once per failure below it whose element does not announce it itself (a Lit reader's; `<data-resource>` fires its own); `detail`: `error`, `message`.
 */
export class DataBoundary extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
    [hidden] {
      display: none !important;
    }
  `;

  private mode: Mode = 'content';
  private readonly sources = new Set<SuspenseSource>();
  /** The error each source last announced with `data-error` (a retry that fails again gives a new one). */
  private readonly announced = new Map<SuspenseSource, unknown>();
  private readonly announcedErrors = new WeakSet<object>();

  constructor() {
    super();
    ensureContextRoot();
    const registry: BoundaryRegistry = {
      report: source => {
        this.sources.add(source);
        this.recompute();
      },
      remove: source => {
        this.sources.delete(source);
        this.announced.delete(source);
        this.recompute();
      },
    };
    new ContextProvider(this, {context: boundaryContext, initialValue: registry});
    this.addEventListener('click', event => {
      const target = event.composedPath()[0];
      if (target instanceof Element && target.closest('[data-retry]') && this.mode === 'error') this.retry();
    });
  }

  /** The first error shown, if any. */
  get error(): unknown {
    for (const source of this.sources) if (source.status === 'error') return source.error;
    return undefined;
  }

  /** Refetches everything below that failed. */
  retry(): void {
    for (const source of [...this.sources]) if (source.status === 'error') source.retry();
  }

  private recompute(): void {
    let mode: Mode = 'content';
    for (const source of this.sources) {
      if (source.status === 'error') {
        mode = 'error';
        break;
      }
      if (source.status === 'pending') mode = 'fallback';
    }
    // In the error mode the message may have changed too.
    if (mode !== this.mode || mode === 'error') this.requestUpdate();
    if (mode !== this.mode) {
      this.mode = mode;
      this.toggleAttribute('loading', mode === 'fallback');
      this.toggleAttribute('error', mode === 'error');
    }
    this.announceNewErrors();
  }

  /**
   * Fires `data-error` once per failure: for each error below not announced yet, unless its
   * source's host announces its own (`<data-resource>` does), so a page hears each once.
   */
  private announceNewErrors(): void {
    for (const source of this.sources) {
      const error = source.error;
      if (source.status !== 'error' || source.handlesErrors || this.announced.get(source) === error) continue;
      this.announced.set(source, error);
      // Two readers of one result may come to show the same failure: it is still one.
      if (typeof error === 'object' && error !== null) {
        if (this.announcedErrors.has(error)) continue;
        this.announcedErrors.add(error);
      }
      const detail = {error, message: errorMessage(error)};
      this.dispatchEvent(new CustomEvent('data-error', {detail, bubbles: true, composed: true}));
    }
  }

  protected override render() {
    return html`
      <div part="fallback" ?hidden=${this.mode !== 'fallback'}><slot name="fallback">Loading…</slot></div>
      <div part="error" ?hidden=${this.mode !== 'error'} role="alert">
        <slot name="error">
          <p>${errorMessage(this.error)}</p>
          <button part="retry" type="button" @click=${() => this.retry()}>Retry</button>
        </slot>
      </div>
      <div part="content" ?hidden=${this.mode !== 'content'}><slot></slot></div>
    `;
  }
}

defineElement('data-boundary', DataBoundary);

declare global {
  interface HTMLElementTagNameMap {
    'data-boundary': DataBoundary;
  }
}
