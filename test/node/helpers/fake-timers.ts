// A fake clock with timers, for the Controller's `now` and `timers` options: time moves only
// when a test calls `advance`, which runs every timer that falls due, in order, at its time.
import {type PageEvent, type PageEvents} from '../../../src/refresh/index.js';
import type {Timers} from '../../../src/core/index.js';

interface FakeTimer {
  readonly id: number;
  readonly at: number;
  readonly run: () => void;
}

export interface FakeTimers extends Timers {
  readonly now: () => number;
  /** Moves the clock forward by `ms`, running each timer due on the way at its own time. */
  advance(ms: number): void;
  /** As `advance`, letting promise chains (a fetch's settling) run after each timer. */
  tick(ms: number): Promise<void>;
  /** How many timers are waiting. */
  readonly pending: number;
  /** When the next timer is due, or undefined. */
  readonly nextAt: number | undefined;
}

export function createFakeTimers(start = 1_000_000): FakeTimers {
  let time = start;
  let sequence = 0;
  const timers = new Map<number, FakeTimer>();
  const next = () => [...timers.values()].sort((a, b) => a.at - b.at || a.id - b.id)[0];
  return {
    now: () => time,
    setTimeout(run, ms) {
      const id = ++sequence;
      timers.set(id, {id, at: time + Math.max(0, ms), run});
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const end = time + ms;
      for (let timer = next(); timer && timer.at <= end; timer = next()) {
        timers.delete(timer.id);
        time = timer.at;
        timer.run();
      }
      time = end;
    },
    async tick(ms) {
      const end = time + ms;
      for (let timer = next(); timer && timer.at <= end; timer = next()) {
        timers.delete(timer.id);
        time = timer.at;
        timer.run();
        await new Promise(resolve => setImmediate(resolve));
      }
      time = end;
    },
    get pending() {
      return timers.size;
    },
    get nextAt() {
      return next()?.at;
    },
  };
}

/** A page whose visibility, focus and online events the test fires; counts its listeners. */
export interface FakePage extends PageEvents {
  /** Sets `hidden` and fires `hidden`/`visible`. */
  setHidden(hidden: boolean): void;
  fire(event: PageEvent): void;
  readonly listenerCount: number;
}

export function createFakePage(): FakePage {
  let hidden = false;
  const listeners = new Set<{event: PageEvent; listener: () => void}>();
  const fire = (event: PageEvent) => {
    for (const entry of [...listeners]) if (entry.event === event) entry.listener();
  };
  return {
    hidden: () => hidden,
    on(event, listener) {
      const entry = {event, listener};
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    setHidden(value) {
      hidden = value;
      fire(value ? 'hidden' : 'visible');
    },
    fire,
    get listenerCount() {
      return listeners.size;
    },
  };
}
