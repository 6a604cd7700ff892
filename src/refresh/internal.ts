// Plumbing of the refresh part, for tests and tools: the poll timers and the page-event
// triggers without a Controller, and the hooks on the on-demand load of the poll timers. Not a
// package entry point; lit-data-elements/internal re-exports it, unstable.
export {PollScheduler, type PollSchedulerOptions} from './poll-scheduler.js';
export {refetchTriggers, type RefetchTriggerOptions} from './refetch-triggers.js';
export {pollSchedulerLoaded, type RefreshInternalOptions} from './refresh.js';
export {controllerPolls} from './controller-polls.js';
