export {Controller, type ControllerOptions, type FetchOptions, type GCReport} from './controller.js';
export type {ResponseState} from './response-state.js';
export type {ResultOrigin} from './result-origins.js';
export type {RequestInFlight} from './request-registry.js';
export type {Commit, CommitCause, RowKeys} from './change-set.js';
export type {Watch, WatchListener, CommitListener} from './notifier.js';
export {GCPolicy, type GCPolicyOptions} from './gc-policy.js';
export {AbortOptimistic} from './abort-optimistic.js';
export {ResetError} from './reset-error.js';
export {Snapshot} from './snapshot.js';
export {
  HydrateError,
  SNAPSHOT_KIND,
  SNAPSHOT_VERSION,
  type DehydratedState,
  type DehydratedTable,
  type DehydratedRow,
  type DehydratedResult,
  type DehydratedTimes,
  type JsonValue,
} from './dehydrated-state.js';
export {dehydrateState} from './dehydrate.js';
export {hydrateState, type HydratedState} from './hydrate.js';
export {serializeForScript} from './script-json.js';
export {emptyState, type State, type ResultMeta, type LastPage, type PendingUpdate} from './state.js';
export {LiveScheduling, type LiveOptions, type LiveHooks} from './live-scheduling.js';
export {PollScheduler, type PollSchedulerOptions} from './poll-scheduler.js';
export {browserPageEvents, type PageEvents, type PageEvent} from './page-events.js';
export {refetchTriggers, type RefetchTriggerOptions} from './refetch-triggers.js';
export {globalTimers, type Timers} from './timers.js';
export {pushFetchedAt} from './push-order.js';
export {Backoff, type BackoffOptions} from './backoff.js';
export {retryDelay, type RetryOptions} from './retry-policy.js';
export type {ControllerPlugin} from './controller-plugin.js';
export {mergeState, type MergeContext} from './merge-state.js';
export {reportError} from './report-error.js';
