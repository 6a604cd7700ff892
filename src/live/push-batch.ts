import {fullArgs, internalsOf, pushFetchedAt, type Controller, type ControllerInternals} from '../core/index.js';
import type {EndpointInterface} from '../endpoint/index.js';
import {normalize} from '../schema/index.js';

type Store = ControllerInternals['store'];
/** A push read through its schema, as the store writes it. */
type Received = Parameters<Store['receiveMany']>[0][number];

/** A push waiting in the queue: its message as it came, and when. */
interface QueuedPush {
  readonly owner: PushOwner<unknown>;
  readonly message: unknown;
  /** When it came: the time it is written with, as an immediate write would have been. */
  readonly arrivedAt: number;
}

/**
 * What queued a push, and reads it when it is written: so that a message can
 * wait in the queue as it came (its text), and be parsed and read through its
 * schema only in the commit that writes it.
 *
 * @example
 * ```ts
 * const owner: PushOwner<string> = {
 *   read: text => ({endpoint: pushed, data: JSON.parse(text)}),
 *   settled: (text, written, error) => written || console.warn(text, error),
 * };
 * ```
 */
export interface PushOwner<M> {
  /** The endpoint and data of a queued message; throws when it cannot be read (it is then reported through `settled`). */
  read(message: M): {endpoint: EndpointInterface; data: unknown};
  /** Called once the message was written (`true`), or could not be read or written (`false` and the error). */
  settled(message: M, written: boolean, error?: unknown): void;
}

/** How long a commit waits for a frame that does not come (a page hidden meanwhile), in ms. */
const FRAME_WAIT = 1000;

/**
 * How long a frame's commit may spend reading pushes through their schemas, in ms: a burst
 * larger than that is written over several frames, so that no task grows with the burst.
 * The rows that a slice changes are rendered in the same frame, and cost more than the
 * reading in some engines (WebKitGTK): the budget is kept small so that the frame, not only
 * the commit, stays short.
 */
const SLICE_MS = 2;

/** Written pushes a queue that is not empty yet may keep before it lets them go. */
const COMPACT_AFTER = 1024;

/** Pushes read between two looks at the clock. */
const CLOCK_EVERY = 32;

/** Whether this page renders animation frames now (a hidden page does not). */
const framesRun = () => typeof requestAnimationFrame === 'function' && globalThis.document?.visibilityState === 'visible';

const clock: () => number = typeof performance === 'object' ? () => performance.now() : Date.now;

/**
 * The pushes of one store not written yet.
 *
 * A push is only queued when it comes, as its owner got it: reading it
 * (parsing its text, then through its schema) is left to the commit, so that
 * a task handing over thousands of messages (an event-stream chunk) costs
 * little more than their delivery. In a page
 * that renders frames, the next animation frame writes what is queued, as
 * one commit, just before it renders (a write in the task after the
 * messages' would render in that same frame, and make it as long as both);
 * a frame's commit takes what it can read in a few milliseconds and leaves
 * the rest, in order, to the next frames. So a burst, in one task or over
 * many (WebSocket messages are a task each), is written at most once a
 * frame, and no task grows with its size. Where no frames run (a hidden
 * page, a worker, a server) each task's pushes are written at its end, all
 * of them, so the cache never waits for a frame that may not come.
 */
class PushBatch {
  private queued: QueuedPush[] = [];
  /** The first push of `queued` not written yet (a frame's commit may take only some). */
  private head = 0;
  /** A task is set to write the queue. */
  private scheduled = false;
  /** Commits under way (a reader told of one may write, which writes the queue inside it). */
  private committing = 0;
  /** What to tell the pushes written, in order, once no commit is under way. */
  private reports: (() => void)[] = [];
  /** A frame is asked for: it writes the queue. */
  private frameAsked = false;

  constructor(private readonly store: Store) {}

  add(push: QueuedPush): void {
    this.queued.push(push);
    // Any other write made before then writes these first: writes stay in arrival order.
    this.store.pendingWrites = this.flush;
    if (this.scheduled || this.frameAsked || this.askFrame()) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      if (!this.frameAsked) this.write(false);
    }, 0);
  }

  /** Writes every waiting push now, before another write of the store. */
  private readonly flush = (): void => this.write(true);

  /** Has the next frame write the queue, when this page renders frames; false when it does not. */
  private askFrame(): boolean {
    if (this.frameAsked) return true;
    if (!framesRun()) return false;
    this.frameAsked = true;
    let timer: ReturnType<typeof setTimeout> | undefined = undefined;
    let done = false;
    const frame = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      this.frameAsked = false;
      this.write(false);
    };
    requestAnimationFrame(frame);
    timer = setTimeout(frame, FRAME_WAIT);
    return true;
  }

  /**
   * Reads the waiting pushes through their schemas and writes them, in arrival order, as one
   * commit, then says so to each. Unless `all`, a page that renders frames leaves what it could
   * not read within a slice of the frame to the next one.
   */
  private write(all: boolean): void {
    const {queued, store} = this;
    const from = this.head;
    if (from >= queued.length) return;
    const sliced = !all && framesRun();
    const deadline = sliced ? clock() + SLICE_MS : Infinity;
    const entries: Received[] = [];
    const unfit = new Map<QueuedPush, unknown>();
    let end = from;
    do {
      const push = queued[end++]!;
      try {
        const {endpoint, data} = push.owner.read(push.message);
        entries.push(this.received(endpoint, data, push.arrivedAt));
      } catch (error) {
        unfit.set(push, error); // a message that cannot be read is reported alone
      }
    } while (end < queued.length && ((end - from) % CLOCK_EVERY !== 0 || clock() < deadline));
    const pushes = queued.slice(from, end);
    if (end === queued.length) {
      this.queued = [];
      this.head = 0;
      if (store.pendingWrites === this.flush) store.pendingWrites = undefined;
    } else {
      // A stream that never lets the queue empty must not keep what it wrote.
      if (end > COMPACT_AFTER && end * 2 > queued.length) {
        this.queued = queued.slice(end);
        this.head = 0;
      } else this.head = end;
      this.askFrame();
    }
    this.commit(entries, pushes, unfit);
  }

  /**
   * One write of the store. The store first writes what waits (`pendingWrites`): not the pushes
   * left for the next frames before these, but before any other write (a reader told of this
   * commit may write at once), so every write still keeps the order it came in.
   */
  private receive(entries: Received[]): void {
    const {store} = this;
    if (this.head < this.queued.length) store.pendingWrites = () => void (store.pendingWrites = this.flush);
    store.receiveMany(entries);
  }

  /**
   * Writes the read pushes as one commit, then reports every push of the slice, in order. A
   * write made by a reader told of this commit writes the rest of the queue inside it: the
   * reports of that inner commit wait for this one's, so that pushes are reported in order.
   */
  private commit(entries: Received[], pushes: QueuedPush[], unfit: Map<QueuedPush, unknown>): void {
    const reports = this.reports;
    const inner = reports.length;
    this.committing++;
    try {
      if (entries.length > 0) this.receive(entries);
    } catch {
      // A push that cannot be written (its entity's `useIncoming` threw) fails alone: the others are written one by one.
      let next = 0;
      for (const push of pushes) {
        if (unfit.has(push)) continue;
        try {
          this.receive([entries[next++]!]);
        } catch (error) {
          unfit.set(push, error);
        }
      }
    } finally {
      this.committing--;
    }
    const later = reports.splice(inner);
    for (const push of pushes) {
      reports.push(unfit.has(push) ? () => push.owner.settled(push.message, false, unfit.get(push)) : () => push.owner.settled(push.message, true));
    }
    for (const report of later) reports.push(report);
    if (this.committing > 0) return;
    this.reports = [];
    for (const report of reports) report();
  }

  private received(endpoint: EndpointInterface, data: unknown, arrivedAt: number): Received {
    const args = fullArgs(endpoint, []);
    const normalized = normalize(endpoint.schema, data, args);
    const {visible, predicted} = this.store;
    // Under pending predictions, a push that touches a row they wrote is dated under them (see pushFetchedAt).
    const fetchedAt = visible.optimistic.length > 0 ? pushFetchedAt(visible, normalized, arrivedAt, predicted) : arrivedAt;
    return {endpoint, args, key: endpoint.key(...args), normalized, fetchedAt};
  }
}

const batches = new WeakMap<Store, PushBatch>();

/**
 * Writes data the server pushed as `controller.setPushed` does, but together
 * with the other pushes into the same Controller: one commit in the next
 * animation frame where frames run, else at the end of this task (or before
 * any other write, whichever comes first), so a burst tells each reader once;
 * a burst too large for a frame is written over the next frames, one commit
 * each. The message waits as it came: `owner.read` gives its endpoint and data
 * when it is written (a message that does not parse or fit its schema throws
 * there), and `owner.settled` is called after the write: `true`, or `false`
 * and the error when it could not be read or written (the other pushes are
 * written).
 *
 * @example
 * ```ts
 * const pushed = {key: () => 'live article', schema: Article, sideEffect: true};
 * const owner: PushOwner<string> = {
 *   read: text => ({endpoint: pushed, data: JSON.parse(text)}),
 *   settled: (text, written) => written && console.log('written', text),
 * };
 * queuePush(controller, owner, '{"id": "1", "views": 12}');
 * ```
 */
export function queuePush<M>(controller: Controller, owner: PushOwner<M>, message: M): void {
  const {store} = internalsOf(controller);
  let batch = batches.get(store);
  if (!batch) batches.set(store, (batch = new PushBatch(store)));
  batch.add({owner: owner as PushOwner<unknown>, message, arrivedAt: store.now()});
}
