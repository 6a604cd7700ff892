import type {ControllerInternals} from '../core/index.js';
import type {PageEvents} from './page-events.js';
import {PollScheduler} from './poll-scheduler.js';

/**
 * The poll timers of one Controller, as the refresh part starts them: a
 * poll refetches through the Controller's requests without holding them.
 * Loaded on demand with the timers (load-poll-scheduler.ts).
 *
 * @example
 * ```ts
 * const polls = controllerPolls(internalsOf(controller), browserPageEvents());
 * const release = polls.retain(getPrices, [{}], getPrices.key({}));
 * ```
 */
export function controllerPolls({store, pipeline, timers}: ControllerInternals, page: PageEvents): PollScheduler {
  return new PollScheduler({
    page,
    now: store.now,
    timers,
    // A poll does not hold its request: it is its readers'. A failure lands on the result's `error`.
    poll: (endpoint, args) => void pipeline.request(endpoint, args, {holds: false}).catch(() => undefined),
  });
}
