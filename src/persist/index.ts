export {Persistence, SAVED_STATE_KEY, type PersistenceOptions} from './persistence.js';
export {indexedDBStorage, type PersistStorage} from './persist-storage.js';
export {StorageError, type StorageErrorKind} from './storage-error.js';
export {keepSince, asStale, boundedJson} from './snapshot-bounds.js';
