// Records one console method's calls during each test of a suite (development-mode messages).

/** Replaces `console[level]` in each test with a recorder; `calls()` gives the argument lists of this test. */
export function recordConsole(level: 'warn' | 'error'): {calls(): unknown[][]} {
  let recorded: unknown[][] = [];
  let original: (...args: unknown[]) => void;
  beforeEach(() => {
    recorded = [];
    original = console[level];
    console[level] = (...args: unknown[]) => void recorded.push(args);
  });
  afterEach(() => {
    console[level] = original;
  });
  return {calls: () => recorded};
}
