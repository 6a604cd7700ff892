// Plumbing of the snapshots part that other parts (tab sync, persistence) and the benchmarks
// use: reading and writing states without a Controller. Not a package entry point of its own;
// lit-data-elements/internal re-exports it, unstable.
export {SNAPSHOT_KIND, SNAPSHOT_VERSION} from './dehydrated-state.js';
export {dehydrateState, unsavedOnce} from './dehydrate.js';
export {hydrateState, type HydratedState} from './hydrate.js';
export {mergeState, type MergeContext} from './merge-state.js';
