#!/usr/bin/env node
// `npm run fuzz`: every property test of the project at its long size. A property test is a
// Node test file that reads FUZZ_RUNS (test/node/fuzz-coverage.test.ts checks that every file
// using fast-check does); each runs with FUZZ_RUNS=100000 unless FUZZ_RUNS is set.
import {spawnSync} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';

/** The Node test files that read FUZZ_RUNS. */
export function propertyTestFiles(dir = 'test/node') {
  return readdirSync(dir)
    .filter(name => name.endsWith('.test.ts') && readFileSync(join(dir, name), 'utf8').includes('FUZZ_RUNS'))
    .map(name => join(dir, name))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = propertyTestFiles();
  console.log(`fuzz: ${files.length} property test files at FUZZ_RUNS=${process.env.FUZZ_RUNS ?? 100000}:\n  ${files.join('\n  ')}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...files], {
    stdio: 'inherit',
    env: {...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '100000'},
  });
  process.exit(result.status ?? 1);
}
