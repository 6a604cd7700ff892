import {createStore, del, get, set, type UseStore} from 'idb-keyval';
import {StorageError} from './storage-error.js';

/**
 * Where {@link Persistence} keeps the saved state: three operations on one
 * key. The default is IndexedDB, through `idb-keyval`.
 *
 * @example
 * ```ts
 * const storage: PersistStorage = indexedDBStorage('my-app');
 * await storage.set('state', {version: 1});
 * ```
 */
export interface PersistStorage {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  /** Lets go of the database (the part was detached), so that it can be deleted or upgraded; a later call opens it again. */
  close?(): void;
}

/**
 * An IndexedDB database of that name holding one object store, through
 * `idb-keyval`. The database is opened at the first operation; where there
 * is no IndexedDB, every operation rejects with a {@link StorageError} of
 * kind `unavailable` (never throws).
 *
 * @example
 * ```ts
 * const persistence = new Persistence({storage: indexedDBStorage('my-app')});
 * ```
 */
export function indexedDBStorage(database: string): PersistStorage {
  let store: UseStore | undefined;
  const open = (): UseStore => (store ??= createStore(database, STORE));
  // idb-keyval reaches the global `indexedDB` synchronously: without one it throws, so every call is made a promise.
  const attempt = <T>(run: () => Promise<T>): Promise<T> => {
    if (typeof (globalThis as {indexedDB?: unknown}).indexedDB !== 'object' || (globalThis as {indexedDB?: unknown}).indexedDB === null) {
      return Promise.reject(new StorageError({kind: 'unavailable', database, message: 'there is no IndexedDB here (a private mode?); nothing is saved'}));
    }
    try {
      return run();
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return {
    get: key => attempt(() => get(key, open())),
    set: (key, value) => attempt(() => set(key, value, open())),
    del: key => attempt(() => del(key, open())),
    close: () => {
      const opened = store;
      store = undefined;
      // idb-keyval keeps its connection to itself: a transaction reaches it. Closing waits for
      // the transactions under way, so a save being written is not cut off.
      opened?.('readonly', objects => Promise.resolve(objects.transaction.db.close())).catch(() => undefined);
    },
  };
}

/** The object store inside the database. */
const STORE = 'state';
