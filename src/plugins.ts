// `import {...} from 'lit-data-elements/plugins'`: the Controller plugins that keep state
// beyond one page, persistence in IndexedDB and sync across tabs. They sit above the core
// and have an entry of their own, so that an app that does not use them never carries them
// (and `<data-provider persist sync-tabs>` loads them only when asked).
export {Persistence, indexedDBStorage, StorageError, type PersistenceOptions, type PersistStorage, type StorageErrorKind} from './persist/index.js';
export {TabSync, type TabSyncOptions, type BroadcastChannelLike, type BroadcastChannelConstructor} from './sync/index.js';
