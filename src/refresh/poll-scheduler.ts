import type {EndpointInterface} from '../endpoint/index.js';
import type {PageEvents} from './page-events.js';
import type {Timers} from '../core/index.js';

/** What a {@link PollScheduler} needs from its owner. */
export interface PollSchedulerOptions {
  /** Refetches one result (the Controller's `fetch`); its failure is the caller's to record. */
  poll(endpoint: EndpointInterface, args: readonly unknown[]): void;
  /** The clock, in ms. */
  now(): number;
  timers: Timers;
  /** Polls pause while the page is hidden. */
  page: PageEvents;
}

/** One reader's hold on a polled result. */
interface Holder {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  readonly frequency: number;
}

/** The one timer of a result, however many readers hold it. */
interface Poll {
  readonly holders: Set<Holder>;
  /** When the next refetch is due (client ms). */
  dueAt: number;
  /** When it last polled, or when its first reader came. */
  lastAt: number;
  timer: unknown;
  scheduled: boolean;
}

/**
 * Refetches the results that readers show while their endpoint has a
 * `pollFrequency`: one timer per result key however many readers hold it,
 * at the shortest frequency among them, started by the first `retain` and
 * stopped by the last release. While the page is hidden no timer runs; when
 * it shows again, a poll that fell due meanwhile runs at once.
 *
 * @example
 * ```ts
 * const polls = new PollScheduler({poll: (e, args) => controller.fetch(e, ...args), now: Date.now, timers: globalTimers, page: browserPageEvents()});
 * const release = polls.retain(getPrices, [{}], getPrices.key({})); // getPrices.pollFrequency = 5000
 * release();
 * ```
 */
export class PollScheduler {
  private readonly polls = new Map<string, Poll>();
  private readonly stopListening: (() => void)[];
  private readonly warned = new WeakSet<EndpointInterface>();

  constructor(private readonly options: PollSchedulerOptions) {
    this.stopListening = [
      options.page.on('hidden', () => this.pauseAll()),
      options.page.on('visible', () => this.resumeAll()),
    ];
  }

  /** How many results are being polled (for leak checks). */
  get size(): number {
    return this.polls.size;
  }

  /**
   * Adds a reader of `key` when `endpoint.pollFrequency` is set; returns the
   * release function (calling it twice releases once). Without a frequency
   * nothing is scheduled, and there is nothing to release (undefined).
   * `since`: when the reader came (default now); its first poll is due one
   * frequency after it, so a reader that waited for this module to load
   * keeps its cadence.
   */
  retain(endpoint: EndpointInterface, args: readonly unknown[], key: string, since = this.options.now()): (() => void) | undefined {
    const frequency = this.frequencyOf(endpoint);
    if (frequency === undefined) return undefined;
    const holder: Holder = {endpoint, args, frequency};
    let poll = this.polls.get(key);
    const dueAt = since + frequency;
    if (!poll) {
      poll = {holders: new Set(), dueAt, lastAt: since, timer: undefined, scheduled: false};
      this.polls.set(key, poll);
    }
    poll.holders.add(holder);
    // A shorter interval takes over at once; a longer one waits for the next poll.
    if (dueAt < poll.dueAt || !poll.scheduled) {
      poll.dueAt = Math.min(poll.dueAt, dueAt);
      this.schedule(key, poll);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      poll.holders.delete(holder);
      if (poll.holders.size === 0) {
        this.cancel(poll);
        if (this.polls.get(key) === poll) this.polls.delete(key);
      } else if (holder.frequency === frequencyOf(poll)) {
        return; // another reader holds the same (shortest) frequency
      } else if (holder.frequency < frequencyOf(poll)) {
        // The shortest reader left: the others wait their own interval from the last poll.
        poll.dueAt = poll.lastAt + frequencyOf(poll);
        this.schedule(key, poll);
      }
    };
  }

  /** Stops every timer and listener; later retains still count but never poll. */
  dispose(): void {
    for (const stop of this.stopListening) stop();
    for (const poll of this.polls.values()) this.cancel(poll);
    this.polls.clear();
  }

  private frequencyOf(endpoint: EndpointInterface): number | undefined {
    const frequency = endpoint.pollFrequency;
    if (frequency === undefined || frequency === null) return undefined;
    if (typeof frequency === 'number' && frequency > 0 && frequency < Infinity) return frequency;
    // A bad value is a mistake to tell about, not a reason to throw into a reader's connect.
    if (!this.warned.has(endpoint)) {
      this.warned.add(endpoint);
      console.warn(`data-elements: ${endpoint.name ?? 'an endpoint'} has pollFrequency ${String(frequency)}; it must be a positive number of ms, so it is not polled`);
    }
    return undefined;
  }

  private schedule(key: string, poll: Poll): void {
    this.cancel(poll);
    if (this.options.page.hidden()) return; // resumed by the page's `visible`
    const delay = Math.max(0, poll.dueAt - this.options.now());
    poll.scheduled = true;
    poll.timer = this.options.timers.setTimeout(() => this.run(key, poll), delay);
  }

  private cancel(poll: Poll): void {
    if (!poll.scheduled) return;
    poll.scheduled = false;
    this.options.timers.clearTimeout(poll.timer);
  }

  private run(key: string, poll: Poll): void {
    poll.scheduled = false;
    if (this.polls.get(key) !== poll || poll.holders.size === 0) return;
    const shortest = shortestHolder(poll);
    poll.lastAt = this.options.now();
    poll.dueAt = poll.lastAt + shortest.frequency;
    this.schedule(key, poll);
    this.options.poll(shortest.endpoint, shortest.args);
  }

  private pauseAll(): void {
    for (const poll of this.polls.values()) this.cancel(poll);
  }

  private resumeAll(): void {
    for (const [key, poll] of this.polls) if (!poll.scheduled) this.schedule(key, poll);
  }
}

function shortestHolder(poll: Poll): Holder {
  let shortest: Holder | undefined;
  for (const holder of poll.holders) if (!shortest || holder.frequency < shortest.frequency) shortest = holder;
  return shortest!;
}

function frequencyOf(poll: Poll): number {
  return shortestHolder(poll).frequency;
}
