import {internalsOf, reportError, reportFailure, type Controller, type ControllerPlugin} from '../core/index.js';
import {holdWrites, type HeldWrite} from '../core/internal.js';
import {canFetch, type EndpointInterface, type FetchableEndpoint} from '../endpoint/index.js';
import {checkOptionsObject, DEV_MODE, devLog} from '../dev/index.js';
import {browserNetwork, type NetworkStatus} from './network-status.js';
import {isNoResponse} from './no-response.js';
import {indexedDBQueue, type QueueStorage, type StoredWrite} from './queue-storage.js';
import {errorOfOutcome, outcomeOfError, type WriteOutcome} from './write-outcome.js';

/**
 * Options of {@link OfflineWrites}.
 *
 * @example
 * ```ts
 * const options: OfflineWritesOptions = {endpoints: [TodoResource], database: 'todo-app-writes'};
 * ```
 */
export interface OfflineWritesOptions {
  /**
   * The endpoints whose queued writes are kept across reloads, or objects
   * holding them (a resource from `createResource`). A reloaded page finds
   * a stored write's endpoint again by its `name`, so names must differ.
   * A write of another endpoint still waits, but only while the page lives.
   */
  endpoints?: Iterable<object>;
  /** The IndexedDB database that keeps the queue across reloads; `false` keeps it in memory only. Default `lit-data-elements-writes`. */
  database?: string | false;
  /** Whether there is a connection, and when it comes back. Default: `navigator.onLine` and the `online` event. */
  network?: NetworkStatus;
  /** Where the queue is kept, in place of the IndexedDB database (tests, other hosts). */
  storage?: QueueStorage;
  /**
   * Told when a write that nobody waits for any more failed: one restored
   * after a reload and refused by the server. Default: `reportError`.
   */
  onError?: (error: unknown, write: {readonly endpoint: string; readonly args: readonly unknown[]}) => void;
}

/** A write waiting in this tab's queue. */
interface Queued {
  readonly id: string;
  readonly write: HeldWrite;
  /** Resolves once the write is stored (true) or known not to be (false): a claim needs it stored. */
  readonly saved: Promise<boolean>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** How long a tab's claim on a stored write stands: a tab closed while sending frees it then. */
const CLAIM_MS = 60_000;

/**
 * Writes that survive being offline, as a Controller plugin. While the
 * browser is offline, or when a write gets no response at all, the write is
 * queued instead of failed: its prediction stays visible and reads that
 * show it are `pendingOffline`. When the connection comes back (the
 * `online` event, or any request that succeeds) the queue is sent in the
 * order the writes were made, one at a time; each settles as any write
 * does (the server's answer replaces the prediction; a refusal rolls back
 * that write alone). The queue is kept in IndexedDB: after a reload the
 * predictions show again and the writes are sent once, by one tab, even
 * with several open (the others get its answer).
 *
 * Off by default: add it to a Controller's plugins. An endpoint or a call
 * with `queueOffline: false` (a payment) fails at once instead.
 *
 * @example
 * ```ts
 * import {OfflineWrites} from 'lit-data-elements/offline';
 * const controller = new Controller({plugins: [new OfflineWrites({endpoints: [TodoResource]})]});
 * await controller.fetch({queueOffline: false}, PaymentResource.create, {amount: 10});
 * ```
 */
export class OfflineWrites implements ControllerPlugin {
  constructor(private readonly options: OfflineWritesOptions = {}) {
    if (DEV_MODE) checkOptionsObject(options, 'OfflineWrites', '{endpoints: [TodoResource]}');
  }

  attach(controller: Controller): () => void {
    const {pipeline, store} = internalsOf(controller);
    if (pipeline.writeHold) {
      reportError(new Error('OfflineWrites: this Controller holds its writes already; the second part does nothing'), 'a Controller plugin could not start');
      return () => {};
    }
    const {options} = this;
    const network = options.network ?? browserNetwork();
    const database = options.database ?? 'lit-data-elements-writes';
    const storage = options.storage ?? (database === false ? undefined : indexedDBQueue(database));
    // Read when needed, not once: an element's page may list its endpoints after the part started.
    const endpoints = () => endpointsByName(options.endpoints ?? []);
    const tab = randomId();
    const queue: Queued[] = [];
    const report = (error: unknown, what: string) => reportFailure(`offline writes: ${what}`, error);
    let restoring: StoredWrite | undefined;
    let flushing = false;
    let again = false;
    // A send found no connection: the next request that succeeds means it is back.
    let waiting = false;
    let stopped = false;

    const channelName = `data-elements-writes:${database || 'memory'}`;
    const channel = storage && typeof BroadcastChannel === 'function' ? new BroadcastChannel(channelName) : undefined;
    // In Node an open channel would keep the process alive after the work is done.
    (channel as {unref?: () => void} | undefined)?.unref?.();
    /**
     * Tells the other tabs, and the other parts of this page, how a claimed write ended. A send
     * that was under way when this part stopped ends after its channel closed, while a part
     * that replaced it (a new Controller in the same page) may have found the write claimed:
     * that one is told on a channel opened for the purpose.
     */
    const announce = (message: WriteOutcome) => {
      if (!channel) return;
      if (!stopped) return channel.postMessage(message);
      const late = new BroadcastChannel(channelName);
      late.postMessage(message);
      late.close();
    };

    const settle = (item: Queued, outcome: {value: unknown} | {error: unknown}) => {
      const at = queue.indexOf(item);
      if (at >= 0) queue.splice(at, 1);
      if ('error' in outcome) item.reject(outcome.error);
      else item.resolve(outcome.value);
    };

    const enqueue = (write: HeldWrite, stored: StoredWrite | undefined): Promise<unknown> =>
      new Promise((resolve, reject) => {
        const id = stored?.id ?? randomId();
        const name = write.endpoint.name;
        const kept = !stored && storage && name !== undefined && endpoints().get(name) === write.endpoint;
        if (DEV_MODE && !stored && storage && !kept) {
          devLog('warn', `offline writes: ${name ?? 'a write'} waits for the connection, but only while this page lives: list its endpoint in OfflineWrites' \`endpoints\` to keep it across reloads.`);
        }
        const saved: Promise<boolean> = stored
          ? Promise.resolve(true)
          : kept
            ? storage.put({id, endpoint: name, args: write.args, order: write.order}).then(
                () => true,
                error => (report(error, `${name} could not be stored; it waits only while this page lives`), false),
              )
            : Promise.resolve(false);
        const item: Queued = {id, write, saved, resolve, reject};
        // By when the write was made, not when it was held: writes sent together fail in any order.
        const after = queue.findIndex(each => each.write.order > write.order);
        if (after < 0) queue.push(item);
        else queue.splice(after, 0, item);
        write.signal.addEventListener(
          'abort',
          () => {
            const at = queue.indexOf(item);
            if (at >= 0) queue.splice(at, 1);
            void saved.then(was => {
              if (was) storage?.delete(id).catch(error => report(error, 'an abandoned write stays stored'));
            });
          },
          {once: true},
        );
      });

    /** Sends the queue in order, one write at a time, until it is empty or a write cannot go yet. */
    const flush = async (): Promise<void> => {
      if (flushing) {
        again = true;
        return;
      }
      flushing = true;
      try {
        while (queue.length > 0 && !stopped) {
          const item = queue[0]!;
          // Stored writes are shared with the other tabs: claimed before sending, deleted after.
          const shared = storage && (await item.saved) ? storage : undefined;
          if (shared) {
            const claim = await shared.claim(item.id, tab, store.now() + CLAIM_MS, store.now());
            if (queue[0] !== item) {
              // Settled or dropped while claiming (another tab's answer, an abort, this part stopped):
              // a claim left standing would keep any other part from sending the write for a minute.
              if (claim === 'claimed') {
                await shared.release(item.id, tab);
                if (stopped) announce({id: item.id, released: true});
              }
              continue;
            }
            if (claim === 'taken') break; // another tab sends it: its answer comes over the channel
            if (claim === 'gone') {
              // Settled by a tab whose answer this one missed: show what the server has now.
              settle(item, {error: abortError(`${item.write.endpoint.name ?? 'the write'} was sent by another tab`)});
              void controller.refetchShown();
              continue;
            }
          }
          let outcome: {value: unknown} | {error: unknown};
          try {
            outcome = {value: await item.write.send()};
          } catch (error) {
            if (isNoResponse(error)) {
              waiting = true;
              await shared?.release(item.id, tab);
              // Only a stopped part hands the write over: two live tabs handing it to each other would send it in turn while offline.
              if (shared && stopped) announce({id: item.id, released: true});
              break;
            }
            outcome = {error};
          }
          waiting = false;
          await shared?.delete(item.id).catch(error => report(error, 'a sent write stays stored'));
          announce('error' in outcome ? outcomeOfError(item.id, outcome.error) : {id: item.id, value: outcome.value});
          settle(item, outcome);
        }
      } catch (error) {
        report(error, 'the queue could not be sent');
      } finally {
        flushing = false;
        // A send that finished after the part stopped used the storage again: let it go again.
        if (stopped) storage?.close?.();
        if (again && !stopped) {
          again = false;
          void flush();
        }
      }
    };

    pipeline.writeHold = holdWrites({
      hold(write, error) {
        if (restoring) return enqueue(write, restoring);
        if (!write.queueable) return undefined;
        // A write made while others wait goes behind them, so the server gets them in order.
        if (error === undefined ? queue.length === 0 && network.online() : !isNoResponse(error)) return undefined;
        if (error !== undefined) waiting = true;
        const held = enqueue(write, undefined);
        if (error === undefined && network.online()) void flush();
        return held;
      },
    });

    if (channel) {
      channel.onmessage = ({data}: MessageEvent<WriteOutcome>) => {
        const item = queue.find(each => each.id === data?.id);
        if (!item) return;
        // Released: not sent after all, so this part sends it now; else settled by the other.
        if (!('released' in data)) settle(item, 'error' in data ? {error: errorOfOutcome(data.error)} : {value: data.value});
        void flush();
      };
    }
    const stopOnline = network.onOnline(() => void flush());
    const unsubscribe = controller.subscribe(commit => {
      if (waiting && commit.cause === 'receive') void flush();
    });

    if (storage) {
      storage.all().then(
        stored => {
          if (stopped) return;
          const known = endpoints();
          for (const entry of stored) {
            if (queue.some(each => each.id === entry.id)) continue;
            const endpoint = known.get(entry.endpoint);
            if (!endpoint) {
              if (DEV_MODE) devLog('warn', `offline writes: a stored write of "${entry.endpoint}" stays stored: no endpoint of that name is listed in OfflineWrites' \`endpoints\`.`);
              continue;
            }
            restoring = entry;
            try {
              controller.fetch(endpoint, ...(entry.args as never[])).catch(error => {
                if (error instanceof Error && error.name === 'AbortError') return;
                if (options.onError) options.onError(error, {endpoint: entry.endpoint, args: entry.args});
                else report(error, `a stored write of ${entry.endpoint} was refused`);
              });
            } finally {
              restoring = undefined;
            }
          }
          if (network.online()) void flush();
        },
        error => report(error, 'the stored queue could not be read'),
      );
    }

    return () => {
      stopped = true;
      if (pipeline.writeHold) pipeline.writeHold = undefined;
      stopOnline();
      unsubscribe();
      channel?.close();
      storage?.close?.();
      // Their callers are told; the stored writes stay for the next page.
      for (const item of queue.splice(0)) item.reject(abortError('the Controller was disposed before the write could be sent'));
    };
  }
}

/** The endpoints of `items` (endpoints, or objects of them; one alone is a list of one) by name. */
function endpointsByName(items: Iterable<object> | object): Map<string, FetchableEndpoint> {
  const found = new Map<string, FetchableEndpoint>();
  const add = (endpoint: FetchableEndpoint) => {
    const {name} = endpoint;
    if (name === undefined || !endpoint.sideEffect) return;
    const known = found.get(name);
    if (!known) found.set(name, endpoint);
    else if (known !== endpoint) reportError(new TypeError(`OfflineWrites: two endpoints are named "${name}"; stored writes of that name go to the first`));
  };
  // `endpoints: TodoResource`, without the list, would otherwise lose the writes it should keep.
  for (const item of Symbol.iterator in items ? (items as Iterable<object>) : [items]) {
    if (isEndpoint(item)) add(item);
    else for (const value of Object.values(item)) if (isEndpoint(value)) add(value);
  }
  return found;
}

function isEndpoint(value: unknown): value is FetchableEndpoint {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as EndpointInterface).key === 'function' && canFetch(value as EndpointInterface);
}

/** The platform's abort error (as the core's aborts are), with what gave the write up. */
function abortError(message: string): Error {
  return new DOMException(message, 'AbortError');
}

function randomId(): string {
  const crypto = (globalThis as {crypto?: {randomUUID?: () => string}}).crypto;
  return crypto?.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
