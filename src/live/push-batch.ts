import {fullArgs, internalsOf, pushFetchedAt, type Controller, type ControllerInternals} from '../core/index.js';
import type {EndpointInterface} from '../endpoint/index.js';
import {normalize, type NormalizedResponse} from '../schema/index.js';

type Store = ControllerInternals['store'];

/** Called once a queued push was written (`true`), or could not be (`false` and the error). */
export type PushSettled = (written: boolean, error?: unknown) => void;

interface QueuedPush {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  readonly normalized: NormalizedResponse;
  /** When it came: the time it is written with, as an immediate write would have been. */
  readonly arrivedAt: number;
  readonly settled: PushSettled;
}

/** How long a commit waits for a frame that does not come (a page hidden meanwhile), in ms. */
const FRAME_WAIT = 1000;

/**
 * The pushes of one store not written yet.
 *
 * They are written at the end of their task, as one commit: every message a
 * browser hands over in one task (an event-stream chunk holds many) is in
 * it. A burst that comes over many tasks (WebSocket messages are a task
 * each) is written at most once a frame: after a commit, further pushes wait
 * for the next animation frame, which renders them once. Where no frames run
 * (a hidden page, a worker, a server) each task's pushes are written at its
 * end, so the cache never waits for a frame that may not come, and an
 * isolated message is written at once rather than up to a frame later.
 */
class PushBatch {
  private queued: QueuedPush[] = [];
  /** A task is set to write the queue. */
  private scheduled = false;
  /** A commit was made since the last frame: the next frame writes the queue. */
  private throttled = false;

  constructor(private readonly store: Store) {}

  add(push: QueuedPush): void {
    this.queued.push(push);
    // Any other write made before then writes these first: writes stay in arrival order.
    this.store.pendingWrites = this.write;
    if (this.scheduled || this.throttled) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      if (!this.throttled) this.write();
    }, 0);
  }

  /** Holds further writes until the next frame, when this page renders frames. */
  private throttle(): void {
    if (this.throttled || typeof requestAnimationFrame !== 'function' || globalThis.document?.visibilityState !== 'visible') return;
    this.throttled = true;
    let timer: ReturnType<typeof setTimeout> | undefined = undefined;
    let done = false;
    const frame = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      this.throttled = false;
      this.write();
    };
    requestAnimationFrame(frame);
    timer = setTimeout(frame, FRAME_WAIT);
  }

  /** Writes what is queued, in arrival order, as one commit, then says so to each push. */
  readonly write = (): void => {
    const queued = this.queued;
    if (queued.length === 0) return;
    this.queued = [];
    const {store} = this;
    if (store.pendingWrites === this.write) store.pendingWrites = undefined;
    this.throttle();
    try {
      store.receiveMany(queued.map(push => this.received(push)));
    } catch {
      // A push that cannot be written (its entity's `useIncoming` threw) fails alone: the others are written one by one.
      for (const push of queued) {
        try {
          store.receiveMany([this.received(push)]);
        } catch (error) {
          push.settled(false, error);
          continue;
        }
        push.settled(true);
      }
      return;
    }
    for (const push of queued) push.settled(true);
  };

  private received({endpoint, args, normalized, arrivedAt}: QueuedPush) {
    const {visible, predicted} = this.store;
    // Under pending predictions, a push that touches a row they wrote is dated under them (see pushFetchedAt).
    const fetchedAt = visible.optimistic.length > 0 ? pushFetchedAt(visible, normalized, arrivedAt, predicted) : arrivedAt;
    return {endpoint, args, key: endpoint.key(...args), normalized, fetchedAt};
  }
}

const batches = new WeakMap<Store, PushBatch>();

/**
 * Writes data the server pushed as `controller.setPushed` does, but together
 * with every other push into the same Controller in this task: one commit at
 * the start of the next task (or of the next frame, during a burst; or before
 * any other write, whichever comes first), so a burst tells each reader once. The data is checked
 * against its schema at once: a message that does not fit throws here and
 * is not queued. `settled` is called after the write: `true`, or `false` and
 * the error when the write itself failed.
 *
 * @example
 * ```ts
 * const pushed = {key: () => 'live article', schema: Article, sideEffect: true};
 * queuePush(controller, pushed, {id: '1', views: 12}, written => written && console.log('written'));
 * ```
 */
export function queuePush(controller: Controller, endpoint: EndpointInterface, data: unknown, settled: PushSettled): void {
  const {store} = internalsOf(controller);
  const args = fullArgs(endpoint, []);
  const normalized = normalize(endpoint.schema, data, args);
  let batch = batches.get(store);
  if (!batch) batches.set(store, (batch = new PushBatch(store)));
  batch.add({endpoint, args, normalized, arrivedAt: store.now(), settled});
}
