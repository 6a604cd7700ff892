/**
 * The timer functions the Controller schedules polls with. The global ones
 * by default; tests give a fake clock's.
 *
 * @example
 * ```ts
 * const timers: Timers = {setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: handle => clearTimeout(handle as number)};
 * ```
 */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The global timers; in Node they do not keep the process alive. */
export const globalTimers: Timers = {
  setTimeout(run, ms) {
    const handle = setTimeout(run, ms);
    (handle as {unref?: () => void}).unref?.();
    return handle;
  },
  clearTimeout: handle => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
