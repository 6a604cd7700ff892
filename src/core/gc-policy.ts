import {sweep, type SweepInput, type SweepResult} from './garbage-collect.js';

/**
 * Options of {@link GCPolicy}.
 *
 * @example
 * ```ts
 * const policy = new GCPolicy({maxAge: 5 * 60_000, intervalMs: 60_000});
 * ```
 */
export interface GCPolicyOptions {
  /**
   * Unused data is dropped once it was written this many ms ago. When given,
   * it replaces `expiryMultiplier`. `0` drops unused data at the next sweep.
   */
  maxAge?: number;
  /**
   * Unused data is dropped once this many of its freshness periods
   * (`expiresAt - fetchedAt`) have passed since its fetch, and never before it
   * goes stale. Default 2, as in Reactive Data Client.
   */
  expiryMultiplier?: number;
  /**
   * When given, the Controller sweeps every `intervalMs` ms until
   * `controller.dispose()`. Without it only `controller.gc()` sweeps.
   */
  intervalMs?: number;
}

/** The times the policy reads: a result's or an entity's meta (client ms). */
export interface GCMeta {
  readonly fetchedAt: number;
  readonly date: number;
  readonly expiresAt: number;
}

/**
 * When the Controller may forget data that nothing reads, and how: garbage
 * collection is opt-in, by giving a policy to the Controller (without one,
 * `controller.gc()` drops nothing, and the sweeping code is not in a bundle
 * that never imports GCPolicy). A sweep
 * (`controller.gc()`, or the timer when `intervalMs` is given) drops every
 * endpoint result that no reader retains (`controller.retain`) and that is
 * old by this policy, then every entity that no kept result, retained read,
 * recent entity or pending prediction refers to and that is old too. Data
 * in use is never dropped, whatever its age.
 *
 * @example
 * ```ts
 * // sweep every minute; drop what nobody read for 5 minutes
 * const controller = new Controller({gcPolicy: new GCPolicy({maxAge: 5 * 60_000, intervalMs: 60_000})});
 * // in tests: no timer, sweep by hand on a fake clock
 * const manual = new Controller({now: clock.now, gcPolicy: new GCPolicy({maxAge: 1000})});
 * clock.advance(1001);
 * manual.gc();
 * ```
 */
export class GCPolicy {
  readonly maxAge: number | undefined;
  readonly expiryMultiplier: number;
  readonly intervalMs: number | undefined;

  constructor(options: GCPolicyOptions = {}) {
    this.maxAge = check('maxAge', options.maxAge, 0);
    this.expiryMultiplier = check('expiryMultiplier', options.expiryMultiplier, 1) ?? 2;
    // A zero interval would spin; refuse it rather than pick a minimum silently.
    this.intervalMs = check('intervalMs', options.intervalMs, Number.MIN_VALUE);
  }

  /** The client time from which unused data with `meta` may be dropped. */
  collectableAt(meta: GCMeta): number {
    if (this.maxAge !== undefined) return meta.date + this.maxAge;
    const lifetime = meta.expiresAt - meta.fetchedAt;
    return Math.max(meta.fetchedAt + lifetime * this.expiryMultiplier, meta.expiresAt);
  }

  /** Sweeps the confirmed state by this policy (see {@link sweep}). */
  sweep(input: Omit<SweepInput, 'policy'>): SweepResult {
    return sweep({...input, policy: this});
  }

  /**
   * Starts the sweep timer when `intervalMs` is set; returns the function
   * that stops it. In Node the timer does not keep the process alive.
   */
  schedule(sweep: () => void): () => void {
    if (this.intervalMs === undefined) return () => {};
    const timer = setInterval(sweep, this.intervalMs);
    (timer as {unref?: () => void}).unref?.();
    return () => clearInterval(timer);
  }
}

function check(name: string, value: number | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !(value >= min) || value === Infinity) {
    throw new RangeError(`GCPolicy: ${name} must be a finite number >= ${min === Number.MIN_VALUE ? '0 (exclusive)' : min}, got ${String(value)}`);
  }
  return value;
}
