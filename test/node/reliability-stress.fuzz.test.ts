// The stress test of reliability-stress.test.ts over many seeds: `npm run fuzz` (FUZZ_RUNS=100000)
// runs 100 seeds of 1,000 operations; `npm test` runs 3 seeds of 200. FUZZ_SEED runs one seed.
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {runStress} from './helpers/stress-server.js';

const RUNS = process.env.FUZZ_RUNS === undefined ? undefined : Number(process.env.FUZZ_RUNS);
const SEEDS = process.env.FUZZ_SEED !== undefined ? [Number(process.env.FUZZ_SEED)] : Array.from({length: RUNS === undefined ? 3 : Math.max(1, Math.ceil(RUNS / 1000))}, (_, i) => 100 + i);
const OPERATIONS = RUNS === undefined ? 200 : 1000;

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
before(() => process.on('unhandledRejection', onUnhandled));
after(() => process.off('unhandledRejection', onUnhandled));

test(`stress fuzz: ${SEEDS.length} seeds × ${OPERATIONS} operations, 10% failures`, async t => {
  const started = performance.now();
  let requests = 0;
  for (const seed of SEEDS) {
    // Alternate crowded and sparse traffic: predictions stack up in one, interleave in the other.
    const report = await runStress({seed, operations: OPERATIONS, concurrency: seed % 2 ? 200 : 20});
    requests += report.requests;
  }
  await new Promise(resolve => setImmediate(resolve));
  assert.deepEqual(unhandled, [], 'no unhandled rejection');
  t.diagnostic(`${SEEDS.length} seeds, ${requests} requests in ${((performance.now() - started) / 1000).toFixed(2)} s`);
});
