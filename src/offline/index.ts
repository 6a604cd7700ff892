// The offline writes part: writes that wait for the connection, kept across reloads.
export {OfflineWrites, type OfflineWritesOptions} from './offline-writes.js';
export {browserNetwork, type NetworkStatus} from './network-status.js';
export {indexedDBQueue, type QueueStorage, type StoredWrite, type ClaimOutcome} from './queue-storage.js';
export {isNoResponse} from './no-response.js';
export type {WriteOutcome} from './write-outcome.js';
