export {Controller, type ControllerOptions, type GCReport, type ResponseState} from './controller.js';
export {GCPolicy, type GCPolicyOptions} from './gc-policy.js';
export {AbortOptimistic} from './abort-optimistic.js';
export {ResetError} from './reset-error.js';
export {Snapshot} from './snapshot.js';
export {emptyState, type State, type ResultMeta, type PendingUpdate} from './state.js';
