import {internalsOf, reportFailure, type Controller, type ControllerPlugin, type RetainHook} from '../core/index.js';
import {loadPollScheduler} from './load-poll-scheduler.js';
import {browserPageEvents, type PageEvents} from './page-events.js';
import type {controllerPolls} from './controller-polls.js';
import type {PollScheduler} from './poll-scheduler.js';
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
 * Options of {@link Refresh} that tests and tools give (through
 * `lit-data-elements/internal`); not part of the package's API.
 *
 * @example
 * ```ts
 * const options: RefreshInternalOptions = {loadPollScheduler: () => import('lit-data-elements/internal')};
 * const refresh = new Refresh(options);
 * ```
 */
export interface RefreshInternalOptions extends RefreshOptions {
  /** Loads the module of the poll timers. Default: `import()` of its chunk. */
  loadPollScheduler?: typeof loadPollScheduler;
}

/**
 * The poll timers of each Refresh: loaded by the first read of an endpoint
 * with a `pollFrequency`, once, for every Controller it is attached to. The
 * function that starts a Controller's, or undefined when the load failed
 * (reported once).
 */
const schedulers = new WeakMap<Refresh, Promise<typeof controllerPolls | undefined>>();

/**
 * Settles once the poll scheduler that `refresh` loads has arrived and the
 * reads that waited for it poll (or its failure was reported); at once when
 * it loads none. For tests, through `lit-data-elements/internal`.
 *
 * @example
 * ```ts
 * controller.retain(getPrices); // getPrices.pollFrequency = 5000
 * await pollSchedulerLoaded(refresh); // the poll timer is set
 * ```
 */
export function pollSchedulerLoaded(refresh: Refresh): Promise<unknown> {
  return schedulers.get(refresh) ?? Promise.resolve();
}

/**
 * Keeps what readers show fresh, as a Controller plugin: it polls every
 * retained or watched read whose endpoint has a `pollFrequency` (one timer
 * per result, paused while the page is hidden), and refetches the stale
 * results readers show when the window gains focus and when the browser
 * comes back online (each can be turned off). `<data-provider>` turns it on
 * by default. The poll timers load on demand, the first time a read of an
 * endpoint with a `pollFrequency` is kept: an app that polls nothing never
 * loads them, and the first poll is set once they arrive, due one
 * `pollFrequency` after the read came.
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
    const internals = internalsOf(controller);
    const {store} = internals;
    const page = this.options.page ?? browserPageEvents();
    let polls: PollScheduler | undefined;
    let detached = false;
    const hook: RetainHook = (endpoint, args, key) => {
      // Every watch of a mount passes here, and most endpoints poll nothing: this test is all they cost.
      if (endpoint.pollFrequency === undefined) return undefined;
      if (polls) return polls.retain(endpoint, args, key);
      // Until the timers arrive: a stop cancels this read's poll before it starts, and after, releases it.
      const since = store.now();
      let stopped = false;
      let release: (() => void) | undefined;
      void this.scheduler().then(start => {
        if (stopped || detached || !start) return;
        polls ??= start(internals, page);
        release = polls.retain(endpoint, args, key, since);
      });
      return () => {
        stopped = true;
        release?.();
      };
    };
    store.retainHooks.push(hook);
    const stopTriggers = refetchTriggers(page, this.options, () => void controller.refetchShown({onlyStale: true}));
    return () => {
      detached = true;
      store.retainHooks.splice(store.retainHooks.indexOf(hook), 1);
      polls?.dispose();
      stopTriggers();
    };
  }

  /** What starts a Controller's poll timers, loaded once; undefined when the load failed, which is reported (nothing polls then). */
  private scheduler(): Promise<typeof controllerPolls | undefined> {
    let loaded = schedulers.get(this);
    if (!loaded) {
      const load = (this.options as RefreshInternalOptions).loadPollScheduler ?? loadPollScheduler;
      loaded = load().then(
        module => module.controllerPolls,
        error => void reportFailure('the refresh part could not load its poll timers', error),
      );
      schedulers.set(this, loaded);
    }
    return loaded;
  }
}
