// How the refresh part gets its poll scheduler: loaded on demand, the first time a read of an
// endpoint with a `pollFrequency` is kept, so that apps which poll nothing never load it. The
// CDN file, one module by design, swaps this module for load-poll-scheduler-bundled.ts (see
// vite.config.ts).
import type * as ControllerPollsModule from './controller-polls.js';

/** Loads the module of the poll timers (`controllerPolls`, which brings `PollScheduler`). */
export const loadPollScheduler = (): Promise<typeof ControllerPollsModule> => import('./controller-polls.js');
