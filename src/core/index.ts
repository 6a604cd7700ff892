export {Controller, type ControllerOptions, type GCReport} from './controller.js';
export type {ResponseState} from './response-state.js';
export type {Commit, CommitCause, RowKeys} from './change-set.js';
export type {Watch, WatchListener, CommitListener} from './notifier.js';
export {GCPolicy, type GCPolicyOptions} from './gc-policy.js';
export {AbortOptimistic} from './abort-optimistic.js';
export {ResetError} from './reset-error.js';
export {Snapshot} from './snapshot.js';
export {emptyState, type State, type ResultMeta, type PendingUpdate} from './state.js';
