// Plumbing of the refresh part, for tests and tools: the poll timers and the page-event
// triggers without a Controller. Not a package entry point; lit-data-elements/internal
// re-exports it, unstable.
export {PollScheduler, type PollSchedulerOptions} from './poll-scheduler.js';
export {refetchTriggers, type RefetchTriggerOptions} from './refetch-triggers.js';
