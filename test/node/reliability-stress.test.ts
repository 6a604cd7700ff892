// Stress: 1,000 concurrent reads and optimistic mutations (GET list and
// items, PATCH/POST/DELETE with predictions, the `updatedAt` pattern) against a model server
// that answers in a random order and refuses ~10% of requests. No unhandled rejection; every
// fetch settles; the predictions applied are always exactly those of pending mutations; at the
// end the cache equals the server and no prediction is left. See helpers/stress-server.ts.
//
// STRESS_SEED picks the seed (default 8); `npm run fuzz` runs many seeds
// (reliability-stress.fuzz.test.ts).
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {runStress} from './helpers/stress-server.js';

const SEED = Number(process.env.STRESS_SEED ?? 8);

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
before(() => process.on('unhandledRejection', onUnhandled));
after(() => process.off('unhandledRejection', onUnhandled));

test(`stress: 1,000 mixed operations, random latency, 10% failures (seed ${SEED})`, async t => {
  const started = performance.now();
  const report = await runStress({seed: SEED, operations: 1000});
  // Rejections are reported a turn after they happen: give them that turn, then look.
  await new Promise(resolve => setImmediate(resolve));
  assert.deepEqual(unhandled, [], 'no unhandled rejection');
  assert.equal(report.operations, 1000);
  assert.ok(report.server.refused500 + report.server.networkFailures > 0.05 * report.requests, 'failures were injected');
  assert.ok(report.maxPending >= 50, `requests overlapped (up to ${report.maxPending} in flight)`);
  assert.ok(report.maxPredictions >= 5, `predictions stacked up (up to ${report.maxPredictions})`);
  t.diagnostic(`${JSON.stringify(report)} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
});

test('stress: three more seeds, 300 operations each, 25% failures, ~30 in flight', async t => {
  for (const seed of [1, 2, 3]) {
    const report = await runStress({seed, operations: 300, failureRate: 0.25, concurrency: 30});
    t.diagnostic(`seed ${seed}: ${JSON.stringify(report)}`);
  }
  await new Promise(resolve => setImmediate(resolve));
  assert.deepEqual(unhandled, [], 'no unhandled rejection');
});
