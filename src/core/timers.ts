/**
 * The timer functions the Controller waits with (a retry's backoff) and
 * parts schedule on (polls, GC sweeps). The global ones by default; tests
 * give a fake clock's.
 *
 * @example
 * ```ts
 * const timers: Timers = {setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: handle => clearTimeout(handle as number)};
 * ```
 */
export interface Timers {
  /**
   * Runs `run` after `ms`. `keepAlive` says that someone awaits what the
   * timer leads to (a retry between a caller and its answer): in Node such
   * a timer keeps the process alive, where a poll's or a sweep's does not.
   */
  setTimeout(run: () => void, ms: number, options?: {keepAlive?: boolean}): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The global timers. In Node a timer does not keep the process alive
 * unless it is asked to (`keepAlive`): a script that awaits a fetch still
 * gets its answer after the retries, and one that only polls may exit.
 */
export const globalTimers: Timers = {
  setTimeout(run, ms, options) {
    const handle = setTimeout(run, ms);
    if (!options?.keepAlive) (handle as {unref?: () => void}).unref?.();
    return handle;
  },
  clearTimeout: handle => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
