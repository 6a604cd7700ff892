import {internalsOf, type Controller, type ControllerPlugin} from '../core/index.js';
import {browserPageEvents, type PageEvents} from './page-events.js';
import {PollScheduler} from './poll-scheduler.js';
import {refetchTriggers, type RefetchTriggerOptions} from './refetch-triggers.js';

/**
 * Options of {@link Refresh}.
 *
 * @example
 * ```ts
 * const options: RefreshOptions = {refetchOnFocus: false};
 * ```
 */
export interface RefreshOptions extends RefetchTriggerOptions {
  /**
   * The page's visibility, focus and online events. Default: `window` and
   * `document` where they exist; in Node nothing fires and the page is
   * never hidden.
   */
  page?: PageEvents;
}

/**
 * Keeps what readers show fresh, as a Controller plugin: it polls every
 * retained or watched read whose endpoint has a `pollFrequency` (one timer
 * per result, paused while the page is hidden), and refetches the stale
 * results readers show when the window gains focus and when the browser
 * comes back online (each can be turned off). `<data-provider>` turns it on
 * by default.
 *
 * @example
 * ```ts
 * import {Refresh} from 'lit-data-elements/refresh';
 * const controller = new Controller({plugins: [new Refresh({refetchOnFocus: false})]});
 * ```
 */
export class Refresh implements ControllerPlugin {
  constructor(private readonly options: RefreshOptions = {}) {}

  attach(controller: Controller): () => void {
    const {store, pipeline, timers} = internalsOf(controller);
    const page = this.options.page ?? browserPageEvents();
    const polls = new PollScheduler({
      page,
      now: store.now,
      timers,
      // A poll does not hold its request: it is its readers'. A failure lands on the result's `error`.
      poll: (endpoint, args) => void pipeline.request(endpoint, args, {holds: false}).catch(() => undefined),
    });
    const hook = polls.retain.bind(polls);
    store.retainHooks.push(hook);
    const stopTriggers = refetchTriggers(page, this.options, () => void controller.refetchShown({onlyStale: true}));
    return () => {
      store.retainHooks.splice(store.retainHooks.indexOf(hook), 1);
      polls.dispose();
      stopTriggers();
    };
  }
}
