/**
 * The page signals the Controller reacts to.
 *
 * @example
 * ```ts
 * const events: PageEvent[] = ['visible', 'focus', 'online'];
 * ```
 */
export type PageEvent = 'visible' | 'hidden' | 'focus' | 'online';

/**
 * The page's visibility, focus and network events, as the Controller sees
 * them: polling pauses while the page is hidden, and stale results refetch
 * on focus and when the browser comes back online (the refresh part). Give
 * your own to `Refresh` in an environment without `window`/`document`, or
 * in tests.
 *
 * @example
 * ```ts
 * const target = new EventTarget();
 * const page: PageEvents = {
 *   hidden: () => false,
 *   on: (event, listener) => {
 *     target.addEventListener(event, listener);
 *     return () => target.removeEventListener(event, listener);
 *   },
 * };
 * const controller = new Controller({plugins: [new Refresh({page})]});
 * target.dispatchEvent(new Event('focus')); // stale shown results refetch
 * ```
 */
export interface PageEvents {
  /** Whether the page is hidden now (`document.hidden`). */
  hidden(): boolean;
  /** Calls `listener` on each `event`; returns the function that stops it. */
  on(event: PageEvent, listener: () => void): () => void;
}

interface BrowserGlobals {
  window?: EventTarget;
  document?: EventTarget & {hidden?: boolean};
}

/**
 * The page events of the browser: `visibilitychange` on `document`, `focus`
 * and `online` on `window`. Where neither exists (Node, a worker) the page is
 * never hidden and no event fires, so nothing is listened to.
 *
 * @example
 * ```ts
 * const stop = browserPageEvents().on('online', () => console.log('back online'));
 * ```
 */
export function browserPageEvents(scope: BrowserGlobals = globalThis as BrowserGlobals): PageEvents {
  const {window: win, document: doc} = scope;
  return {
    hidden: () => doc?.hidden === true,
    on(event, listener) {
      let target: EventTarget | undefined;
      let name: string;
      let handler: () => void = listener;
      if (event === 'visible' || event === 'hidden') {
        target = doc;
        name = 'visibilitychange';
        handler = () => {
          if ((doc?.hidden === true) === (event === 'hidden')) listener();
        };
      } else {
        target = win;
        name = event;
      }
      if (!target || typeof target.addEventListener !== 'function') return () => {};
      target.addEventListener(name, handler);
      return () => target.removeEventListener(name, handler);
    },
  };
}
