// @ts-check
// web-test-runner reporter that only writes counts to a JSON file, so scripts/test.mjs can
// add the browser tests to the run's one-line summary without parsing the default
// reporter's terminal output (which is colored, redrawn and not meant for machines).
// Output: {"Chrome": {"passed": 3, "failed": 0, "skipped": 0}, "Firefox": {...}, ...}
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** @param {{file?: string}} [options] */
export function countReporter({ file = process.env.WTR_COUNT_FILE ?? '.tmp/wtr-counts.json' } = {}) {
  /** @type {import('@web/test-runner').Reporter} */
  const reporter = {
    // stop() runs once at the end, also when tests failed; the sessions are final there.
    stop({ sessions }) {
      /** @type {Record<string, {passed: number, failed: number, skipped: number}>} */
      const counts = {};
      for (const session of sessions) {
        const c = (counts[session.browser.name] ??= { passed: 0, failed: 0, skipped: 0 });
        let failedInside = 0;
        /** @param {import('@web/test-runner').TestSuiteResult | undefined} suite */
        const walk = suite => {
          if (!suite) return;
          for (const t of suite.tests) {
            if (t.skipped) c.skipped++;
            else if (t.passed) c.passed++;
            else (c.failed++, failedInside++);
          }
          suite.suites.forEach(walk);
        };
        walk(session.testResults);
        // A file that failed without a failing test (did not load, threw at top level,
        // browser crashed, timed out) must still count: one failure for that file.
        if (session.passed === false && failedInside === 0) c.failed++;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(counts, null, 2) + '\n');
    },
  };
  return reporter;
}
