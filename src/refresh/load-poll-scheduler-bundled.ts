// The CDN file's stand-in for load-poll-scheduler.ts: the file is one module, so the poll
// scheduler is in it from the start rather than in a chunk of its own.
import * as ControllerPollsModule from './controller-polls.js';

/** The module of the poll timers (`controllerPolls`, which brings `PollScheduler`), already loaded. */
export const loadPollScheduler = (): Promise<typeof ControllerPollsModule> => Promise.resolve(ControllerPollsModule);
