export {Controller, type ControllerOptions, type ResponseState} from './controller.js';
export {AbortOptimistic} from './abort-optimistic.js';
export {ResetError} from './reset-error.js';
export {Snapshot} from './snapshot.js';
export {emptyState, type State, type ResultMeta, type PendingUpdate} from './state.js';
