import {createContext} from './context.js';
import type {ReactiveControllerHost} from 'lit';
import {ContextLink} from './context-link.js';

/** What a suspending controller tells its boundary. */
export interface SuspenseSource {
  /** `pending` while waiting for a first value; `error` when the fetch failed. */
  readonly status: 'pending' | 'complete' | 'error';
  readonly error: unknown;
  /** True when the source's host announces its own errors (fires `data-error`): the boundary shows them but does not announce them again. */
  readonly handlesErrors?: boolean;
  /** Fetches again what failed. */
  retry(): void;
}

/**
 * Implemented by `<data-boundary>`: the suspending controllers below it report
 * their status, and the boundary shows its fallback, error or content.
 */
export interface BoundaryRegistry {
  /** A controller's status changed (or it connected). */
  report(source: SuspenseSource): void;
  /** A controller disconnected. */
  remove(source: SuspenseSource): void;
}

/**
 * The context through which the nearest `<data-boundary>` receives the status
 * of the suspending controllers below it. Global symbol, as for the data context.
 *
 * @example
 * ```ts
 * new ContextProvider(this, {context: boundaryContext, initialValue: registry});
 * ```
 */
export const boundaryContext = createContext<BoundaryRegistry>(Symbol.for('data-elements/boundary'));

/**
 * The nearest `<data-boundary>` of a host element, followed as the element
 * moves: a source (a reader, a signal) leaves the boundary it had and, when
 * `shown()` says it shows something, reports to the new one. Nothing
 * happens for a host that is not an element (a server render, a test host).
 *
 * @example
 * ```ts
 * const link = new BoundaryLink(host, reader, () => true);
 * link.registry?.report(reader);
 * ```
 */
export class BoundaryLink {
  /** The boundary now, if the host has one. */
  registry?: BoundaryRegistry;

  constructor(host: unknown, source: SuspenseSource, shown: () => boolean) {
    if (typeof HTMLElement === 'undefined' || !(host instanceof HTMLElement)) return;
    const element = host as ReactiveControllerHost & HTMLElement;
    const link = new ContextLink(element, boundaryContext, registry => {
      this.registry?.remove(source);
      this.registry = registry;
      if (shown()) registry.report(source);
    });
    element.addController(link);
  }
}
