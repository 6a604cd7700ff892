// Records what the library hands to the platform's reportError during each test of a suite.

/**
 * Replaces `window.reportError` in each test with a recorder (so a reported error does not
 * reach window.onerror, where mocha would take it for an uncaught one); `reported()` gives
 * what this test reported.
 */
export function recordReports(): {reported(): unknown[]} {
  let recorded: unknown[] = [];
  let original: (error: unknown) => void;
  beforeEach(() => {
    recorded = [];
    original = window.reportError;
    window.reportError = (error: unknown) => void recorded.push(error);
  });
  afterEach(() => {
    window.reportError = original;
  });
  return {reported: () => recorded};
}
