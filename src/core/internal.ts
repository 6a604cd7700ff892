// Plumbing of the core for the parts that load on demand: kept out of core/index.ts so that an
// app's first load, which reaches the core through its index, does not carry it. Not a package
// entry point; lit-data-elements/internal re-exports it, unstable.
export {holdWrites, type HeldWrite, type PendingWrite, type WriteHold, type WriteSender} from './held-writes.js';
