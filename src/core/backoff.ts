import type {BackoffOptions} from '../endpoint/index.js';

export type {BackoffOptions};

/**
 * Exponential backoff with jitter, for live feeds reconnecting and for
 * requests retried: the n-th retry waits about
 * `initialDelay * factor^n` ms (at most `maxDelay`), less a random share.
 * `reset()` after a success starts again from the first delay.
 *
 * @example
 * ```ts
 * const backoff = new Backoff({initialDelay: 100, jitter: 0});
 * backoff.next(); // 100
 * backoff.next(); // 200
 * backoff.reset();
 * ```
 */
export class Backoff {
  private attempt = 0;
  private readonly initialDelay: number;
  private readonly maxDelay: number;
  private readonly factor: number;
  private readonly jitter: number;
  private readonly random: () => number;

  constructor(options: BackoffOptions = {}) {
    this.initialDelay = positive('initialDelay', options.initialDelay, 500);
    this.maxDelay = Math.max(this.initialDelay, positive('maxDelay', options.maxDelay, 30_000));
    this.factor = Math.max(1, positive('factor', options.factor, 2));
    const jitter = options.jitter ?? 0.5;
    if (!(jitter >= 0 && jitter <= 1)) throw new RangeError(`backoff: jitter must be between 0 and 1, got ${String(jitter)}`);
    this.jitter = jitter;
    this.random = options.random ?? Math.random;
  }

  /** How many delays were handed out since the last reset. */
  get attempts(): number {
    return this.attempt;
  }

  /** The delay before the next attempt, in ms. */
  next(): number {
    const full = Math.min(this.maxDelay, this.initialDelay * this.factor ** this.attempt);
    this.attempt++;
    return full * (1 - this.jitter * this.random());
  }

  /** Starts again from the first delay (after a connection succeeded). */
  reset(): void {
    this.attempt = 0;
  }
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(typeof value === 'number' && value >= 0 && value < Infinity)) {
    throw new RangeError(`backoff: ${name} must be a finite number >= 0, got ${String(value)}`);
  }
  return value;
}
