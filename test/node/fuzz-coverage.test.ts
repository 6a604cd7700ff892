// `npm run fuzz` runs every property test at its long size: it picks the Node test files
// that read FUZZ_RUNS (scripts/fuzz.mjs), so every file using fast-check must read it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
// @ts-expect-error: a plain .mjs script without type declarations
import {propertyTestFiles} from '../../scripts/fuzz.mjs';

test('every Node test file that uses fast-check is run by npm run fuzz', () => {
  const dir = 'test/node';
  const usingFastCheck = readdirSync(dir)
    .filter(name => name.endsWith('.test.ts') && /from 'fast-check'/.test(readFileSync(join(dir, name), 'utf8')))
    .map(name => join(dir, name))
    .sort();
  assert.ok(usingFastCheck.length >= 5, `expected the property tests, found ${usingFastCheck.join(', ')}`);
  const fuzzed: string[] = propertyTestFiles(dir);
  assert.deepEqual(usingFastCheck.filter(file => !fuzzed.includes(file)), [], 'these property tests ignore FUZZ_RUNS');
  assert.ok(fuzzed.includes(join(dir, 'optimistic-model.test.ts')));
  assert.ok(fuzzed.includes(join(dir, 'change-propagation.fuzz.test.ts')));
});
