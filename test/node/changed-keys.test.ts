// changedKeys: the keys written between two versions of a PersistentMap, found by walking only
// the trie nodes they do not share. Checked against the plain answer (every key of both
// compared) over random histories of writes, and for the cases it declines to answer.
//
// FUZZ_RUNS (default 500) sets the number of runs, FUZZ_SEED replays one.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {PersistentMap} from '../../src/schema/index.js';
import {changedKeys} from '../../src/schema/changed-keys.js';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Every key whose value differs between the two maps, sorted. */
function plainDiff(a: ReadonlyMap<string, unknown>, b: ReadonlyMap<string, unknown>): string[] {
  const out = new Set<string>();
  for (const [key, value] of b) if (!a.has(key) || !Object.is(a.get(key), value)) out.add(key);
  for (const key of a.keys()) if (!b.has(key)) out.add(key);
  return [...out].sort();
}

function counted(n: number): PersistentMap<number> {
  const draft = PersistentMap.empty<number>().draft();
  for (let i = 0; i < n; i++) draft.set(String(i), i);
  return draft.finish();
}

describe('changedKeys', () => {
  test('gives the keys set, changed and deleted since a version, in a big map', () => {
    const before = counted(5_000);
    const draft = before.draft();
    draft.set('17', -1);
    draft.set('4999', -2);
    draft.set('new', 0);
    draft.delete('2500');
    draft.set('30', 30); // the same value: not a change
    const after = draft.finish();
    assert.deepEqual(changedKeys(before, after, 100)?.sort(), ['17', '2500', '4999', 'new']);
    assert.deepEqual(changedKeys(after, before, 100)?.sort(), ['17', '2500', '4999', 'new']);
    assert.deepEqual(changedKeys(after, after, 0), []);
  });

  test('a key holding undefined differs from no key', () => {
    const before = counted(100);
    const after = before.set('x', undefined as unknown as number);
    assert.deepEqual(changedKeys(before, after, 10), ['x']);
  });

  test('answers across a trie that grew taller', () => {
    const before = counted(40);
    const grown = before.draft();
    for (let i = 40; i < 3_000; i++) grown.set(String(i), i);
    grown.set('3', -3);
    const taller = grown.finish();
    const changed = changedKeys(before, taller, 5_000);
    assert.equal(changed?.length, 2_961);
    assert.deepEqual(changedKeys(taller, before, 5_000)?.sort(), changed?.sort());
  });

  test('declines past the limit, for maps that are not PersistentMaps, and across a rebuild', () => {
    const before = counted(1_000);
    const draft = before.draft();
    for (let i = 0; i < 50; i++) draft.set(String(i), -i - 1);
    assert.equal(changedKeys(before, draft.finish(), 10), undefined);
    assert.equal(changedKeys(new Map([['a', 1]]), new Map([['a', 2]]), 10), undefined);
    assert.equal(changedKeys(undefined, before, 10), undefined);
    // Deleting most keys lays the map out anew on a numbering of its own.
    const shrunk = before.draft();
    for (let i = 0; i < 990; i++) shrunk.delete(String(i));
    assert.equal(changedKeys(before, shrunk.finish(), 10_000), undefined);
  });

  test('two small maps compare key by key', () => {
    const a = PersistentMap.from([['a', 1], ['b', 2]]);
    const b = a.set('b', 3).set('c', 4).delete('a');
    assert.deepEqual(changedKeys(a, b, 10)?.sort(), ['a', 'b', 'c']);
  });

  test('random histories: every answer is the plain diff', () => {
    const write = fc.oneof(
      fc.record({op: fc.constant('set' as const), key: fc.integer({min: 0, max: 300}), value: fc.integer({min: 0, max: 3})}),
      fc.record({op: fc.constant('delete' as const), key: fc.integer({min: 0, max: 300})}),
    );
    let answered = 0;
    fc.assert(
      fc.property(fc.integer({min: 0, max: 400}), fc.array(fc.array(write, {maxLength: 40}), {minLength: 1, maxLength: 8}), (start, steps) => {
        const versions: PersistentMap<number>[] = [counted(start)];
        for (const step of steps) {
          const draft = versions[versions.length - 1]!.draft();
          for (const w of step) {
            if (w.op === 'set') draft.set(String(w.key), w.value);
            else draft.delete(String(w.key));
          }
          versions.push(draft.finish());
        }
        for (let i = 0; i < versions.length; i++) {
          for (let j = i; j < versions.length; j++) {
            const expected = plainDiff(versions[i]!, versions[j]!);
            const got = changedKeys(versions[i]!, versions[j]!, 1_000);
            // Undefined is allowed (a rebuild in between); an answer must be exact.
            if (got === undefined) continue;
            answered++;
            assert.deepEqual([...new Set(got)].sort(), expected);
            assert.equal(got.length, expected.length, 'no key twice');
            if (versions[i] === versions[j]) assert.deepEqual(got, []);
          }
        }
      }),
      {numRuns: NUM_RUNS, seed: SEED},
    );
    assert.ok(answered > NUM_RUNS, `most pairs of versions are answered (${answered})`);
  });
});
