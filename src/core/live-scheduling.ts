import type {EndpointInterface} from '../endpoint/index.js';
import {browserPageEvents, type PageEvents} from './page-events.js';
import {PollScheduler} from './poll-scheduler.js';
import {refetchTriggers, type RefetchTriggerOptions} from './refetch-triggers.js';
import {globalTimers, type Timers} from './timers.js';

/**
 * The Controller options about live data: polling and refetch on focus and reconnect.
 *
 * @example
 * ```ts
 * const controller = new Controller({refetchOnFocus: false, refetchOnReconnect: true});
 * ```
 */
export interface LiveOptions extends RefetchTriggerOptions {
  /**
   * The page's visibility, focus and online events. Default: `window` and
   * `document` where they exist; in Node nothing fires and the page is
   * never hidden.
   */
  page?: PageEvents;
  /** The timers polls run on; tests give a fake clock's. Default: the global ones. */
  timers?: Timers;
}

/** What {@link LiveScheduling} calls back into. */
export interface LiveHooks {
  now(): number;
  /** Refetches one result (a poll). */
  fetch(endpoint: EndpointInterface, args: readonly unknown[]): Promise<unknown>;
  /** Refetches the stale results connected readers show (focus, online). */
  refetchStale(): void;
}

/**
 * The Controller's live behaviours in one place, so the Controller only
 * forwards `retain` and `dispose`: polling of retained reads whose endpoint
 * has a `pollFrequency` (see {@link PollScheduler}), and refetching of stale
 * shown results on focus and on reconnect (see {@link refetchTriggers}).
 *
 * @example
 * ```ts
 * const live = new LiveScheduling({refetchOnFocus: false}, {now: Date.now, fetch: (e, a) => controller.fetch(e, ...a), refetchStale: () => controller.refetchShown({onlyStale: true})});
 * const release = live.retain(getPrices, [{}], getPrices.key({}));
 * ```
 */
export class LiveScheduling {
  private readonly polls: PollScheduler;
  private readonly stopTriggers: () => void;

  constructor(options: LiveOptions, hooks: LiveHooks) {
    const page = options.page ?? browserPageEvents();
    this.polls = new PollScheduler({
      page,
      now: hooks.now,
      timers: options.timers ?? globalTimers,
      // A failed poll lands on the result's `error` like any fetch's; nothing to throw into the timer.
      poll: (endpoint, args) => void hooks.fetch(endpoint, args).catch(() => undefined),
    });
    this.stopTriggers = refetchTriggers(page, options, hooks.refetchStale);
  }

  /** How many results are being polled (for leak checks). */
  get pollCount(): number {
    return this.polls.size;
  }

  /** Starts polling `key` when the endpoint has a `pollFrequency`; returns the release function, or undefined when it is not polled. */
  retain(endpoint: EndpointInterface, args: readonly unknown[], key: string): (() => void) | undefined {
    return this.polls.retain(endpoint, args, key);
  }

  /** Stops every poll timer and page listener. */
  dispose(): void {
    this.polls.dispose();
    this.stopTriggers();
  }
}
