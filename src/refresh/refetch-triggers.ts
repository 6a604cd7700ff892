import type {PageEvents} from './page-events.js';

/** Which page events refetch the stale results that connected readers show. */
export interface RefetchTriggerOptions {
  /** Refetch when the window gains focus or the page becomes visible again. Default true. */
  refetchOnFocus?: boolean;
  /** Refetch when the browser comes back online. Default true. */
  refetchOnReconnect?: boolean;
}

/**
 * Listens for focus (and the page becoming visible) and for `online`, and
 * calls `refetch` on each, as each option allows. Returns the function that
 * stops listening. Where there is no `window`/`document`, nothing fires.
 *
 * @example
 * ```ts
 * const stop = refetchTriggers(browserPageEvents(), {refetchOnFocus: false}, () => controller.refetchShown({onlyStale: true}));
 * ```
 */
export function refetchTriggers(page: PageEvents, options: RefetchTriggerOptions, refetch: () => void): () => void {
  const stops: (() => void)[] = [];
  if (options.refetchOnFocus !== false) stops.push(page.on('focus', refetch), page.on('visible', refetch));
  if (options.refetchOnReconnect !== false) stops.push(page.on('online', refetch));
  return () => {
    for (const stop of stops) stop();
  };
}
