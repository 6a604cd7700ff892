// The core layer's index: what the other layers and the parts use. The package's root entry
// (src/index.ts) exports only the public names; the internal entry (src/internal.ts) the rest.
export {Controller} from './controller.js';
export type {ControllerOptions, FetchOptions, GCReport} from './controller-options.js';
export type {ResponseState} from './response-state.js';
export type {ResultOrigin} from './result-origins.js';
export type {RequestInFlight} from './request-registry.js';
export {ChangeSet, type Commit, type CommitCause, type RowKeys} from './change-set.js';
export type {Watch, WatchListener, CommitListener} from './notifier.js';
export {GCPolicy, type GCPolicyOptions} from './gc-policy.js';
export {AbortOptimistic} from './abort-optimistic.js';
export {ResetError} from './reset-error.js';
export {Snapshot} from './snapshot.js';
export {emptyState, withEntry, type State, type ResultMeta, type LastPage, type PendingUpdate} from './state.js';
export {globalTimers, type Timers} from './timers.js';
export {pushFetchedAt} from './push-order.js';
export {Backoff, type BackoffOptions} from './backoff.js';
export {retryDelay, type RetryOptions} from './retry-policy.js';
export type {ControllerPlugin} from './controller-plugin.js';
export {reportError, reportFailure} from './report-error.js';
export {unfetchableError} from './unfetchable-error.js';
export {internalsOf, isController, type ControllerInternals} from './internals.js';
export {fullArgs, keyOf, type RetainHook} from './store.js';
export {
  visibleState,
  confirmedState,
  requestsInFlight,
  subscribeRequests,
  resultOrigin,
  listenerCount,
  retainedCount,
  requestCount,
  watchKeyed,
} from './inspect.js';
