import type {FetchableEndpoint} from '../endpoint/index.js';
import type {RequestCall} from './request-pipeline.js';
import type {Flight} from './request-registry.js';
import type {PendingUpdate} from './state.js';
import type {Store} from './store.js';

/**
 * A write the pipeline offers to hold back: before it is sent, and when its
 * send failed. `send()` sends it (dated anew), `signal` aborts when the
 * write is abandoned.
 */
export interface HeldWrite {
  readonly endpoint: FetchableEndpoint;
  readonly args: readonly unknown[];
  /** Whether the write may wait: neither its endpoint nor its call said `queueOffline: false`. */
  readonly queueable: boolean;
  /** When it was made (its first trigger time): writes held back are sent in this order. */
  readonly order: number;
  readonly signal: AbortSignal;
  send(): Promise<unknown>;
}

/**
 * Holds writes back while they cannot be sent, as a part (offline writes)
 * sets it: given a write about to be sent (`error` undefined) or one whose
 * send failed, it returns the promise of the write's outcome (its response,
 * or the error it fails with), or undefined to go on as if it were not
 * there. While that promise is pending the write's prediction is shown as
 * `pendingOffline`.
 *
 * @example
 * ```ts
 * internalsOf(controller).pipeline.writeHold = holdWrites({
 *   hold: (write, error) => (navigator.onLine ? undefined : new Promise(resolve => addEventListener('online', () => resolve(write.send()), {once: true}))),
 * });
 * ```
 */
export interface WriteHold {
  hold(write: HeldWrite, error?: unknown): Promise<unknown> | undefined;
}

/** A write as the pipeline hands it to {@link WriteSender.send}. */
export interface PendingWrite {
  readonly store: Store;
  readonly endpoint: FetchableEndpoint;
  readonly args: readonly unknown[];
  readonly flight: Flight;
  readonly update: PendingUpdate | undefined;
  readonly call: RequestCall;
  /** Sends it once more, with its retries. */
  attempt(): Promise<unknown>;
  /** Dates the response of a send made later. */
  sentAt(at: number): void;
}

/** How the pipeline sends a write while a part holds writes (see {@link holdWrites}). */
export interface WriteSender {
  send(write: PendingWrite): Promise<unknown>;
}

/**
 * Sends writes through a {@link WriteHold}: held before it is sent or after
 * a send that failed, its prediction marked held meanwhile; sent again
 * (dated anew) when the hold says so. Set by the part that holds writes,
 * so that apps without it do not load this.
 *
 * @example
 * ```ts
 * internalsOf(controller).pipeline.writeHold = holdWrites({hold: write => (navigator.onLine ? undefined : later(write))});
 * ```
 */
export function holdWrites(writeHold: WriteHold): WriteSender {
  return {
    send({store, endpoint, args, flight, update, call, attempt, sentAt}) {
      const hold = (error?: unknown): Promise<unknown> | undefined => {
        const held = flight.settled ? undefined : writeHold.hold(write, error);
        if (held && update) store.hold(update, true);
        return held;
      };
      const write: HeldWrite = {
        endpoint,
        args,
        queueable: call.queueOffline !== false && endpoint.queueOffline !== false,
        order: flight.fetchedAt,
        signal: flight.signal(),
        send: () => {
          if (update) store.hold(update, false);
          sentAt(update?.fetchedAt ?? store.triggerTime());
          // Shown as held again until the hold decides: it may keep the write for later, or fail it (which rolls it back).
          return attempt().catch(error => {
            if (update && !flight.settled) store.hold(update, true);
            throw error;
          });
        },
      };
      return hold() ?? attempt().catch(error => hold(error) ?? Promise.reject(error));
    },
  };
}
