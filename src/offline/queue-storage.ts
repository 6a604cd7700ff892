import {createStore, del, promisifyRequest, set, values, type UseStore} from 'idb-keyval';

/**
 * A queued write as it is kept across reloads: the endpoint by its name,
 * its arguments, and which tab is sending it, if one is.
 *
 * @example
 * ```ts
 * const entry: StoredWrite = {id: 'a1', endpoint: 'PATCH /todos/:id', args: [{id: '1'}, {done: true}], order: 1732700000000};
 * ```
 */
export interface StoredWrite {
  readonly id: string;
  /** The endpoint's `name`, by which the page finds it again. */
  readonly endpoint: string;
  readonly args: readonly unknown[];
  /** When it was made (ms): writes are sent in this order. */
  readonly order: number;
  /** The tab sending it and until when its claim stands (a tab closed mid-send frees it then). */
  readonly claim?: {readonly tab: string; readonly until: number};
}

/**
 * What a tab's claim on a stored write found: it may send it, another tab is
 * sending it, or it was settled already.
 *
 * @example
 * ```ts
 * const outcome: ClaimOutcome = await storage.claim('a1', tabId, Date.now() + 60_000, Date.now());
 * ```
 */
export type ClaimOutcome = 'claimed' | 'taken' | 'gone';

/**
 * Where queued writes are kept across reloads, shared by the tabs of one
 * origin. `claim` is atomic across tabs (one IndexedDB transaction), so one
 * write is sent by one tab.
 *
 * @example
 * ```ts
 * const storage = indexedDBQueue('lit-data-elements-writes');
 * if ((await storage.claim('a1', tabId, Date.now() + 60_000)) === 'claimed') send();
 * ```
 */
export interface QueueStorage {
  all(): Promise<StoredWrite[]>;
  put(entry: StoredWrite): Promise<void>;
  claim(id: string, tab: string, until: number, now: number): Promise<ClaimOutcome>;
  /** Frees a claim (the write could not be sent yet). */
  release(id: string, tab: string): Promise<void>;
  delete(id: string): Promise<void>;
  /** Lets go of the database (the part was detached), so that it can be deleted or upgraded; a later call opens it again. */
  close?(): void;
}

/**
 * Queued writes in the browser's IndexedDB database `database`.
 *
 * @example
 * ```ts
 * const storage = indexedDBQueue('my-app-writes');
 * ```
 */
export function indexedDBQueue(database: string): QueueStorage {
  let store: UseStore | undefined;
  const open = (): UseStore => {
    const global = globalThis as {indexedDB?: unknown};
    if (typeof global.indexedDB !== 'object' || global.indexedDB === null) throw new Error(`there is no IndexedDB here: queued writes are not kept across reloads (database "${database}")`);
    return (store ??= createStore(database, 'writes'));
  };
  // A claim reads and writes in one transaction: two tabs claiming at once are serialized by IndexedDB.
  const change = <T>(id: string, edit: (entry: StoredWrite | undefined) => {next?: StoredWrite; result: T}): Promise<T> =>
    open()('readwrite', objects => {
      let result: T;
      const read = objects.get(id);
      read.onsuccess = () => {
        const edited = edit(read.result as StoredWrite | undefined);
        result = edited.result;
        if (edited.next) objects.put(edited.next, id);
      };
      return promisifyRequest(objects.transaction).then(() => result);
    });
  const run = <T>(task: () => Promise<T>): Promise<T> => {
    try {
      return task();
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return {
    all: () => run(() => values<StoredWrite>(open())).then(found => found.sort((a, b) => a.order - b.order)),
    put: entry => run(() => set(entry.id, entry, open())),
    delete: id => run(() => del(id, open())),
    claim: (id, tab, until, now) =>
      run(() =>
        change<ClaimOutcome>(id, entry => {
          if (!entry) return {result: 'gone'};
          if (entry.claim && entry.claim.tab !== tab && entry.claim.until > now) return {result: 'taken'};
          return {next: {...entry, claim: {tab, until}}, result: 'claimed'};
        }),
      ),
    release: (id, tab) =>
      run(() =>
        change(id, entry => {
          if (entry?.claim?.tab !== tab) return {result: undefined};
          const {claim: _freed, ...rest} = entry;
          return {next: rest, result: undefined};
        }),
      ),
    close: () => {
      const open = store;
      store = undefined;
      // idb-keyval keeps its connection to itself: a transaction reaches it. Closing waits for
      // the transactions under way, so a write being stored is not cut off.
      open?.('readonly', objects => Promise.resolve(objects.transaction.db.close())).catch(() => undefined);
    },
  };
}
