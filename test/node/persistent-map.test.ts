// PersistentMap, the immutable map behind the Controller's tables: unit tests of what the
// cache relies on (Map's iteration order, identity when nothing changed, old versions left
// alone), and a model-based property test against a plain Map.
//
// The property test runs random programs over a tree of versions: each step takes any
// version made so far (so versions branch, as the optimistic layer's visible state branches
// from the confirmed one) and applies one set, one delete, or a batch of both through a
// draft. After every step the new version must hold what a Map given the same writes holds,
// in the same order; every earlier version must still hold what it held; and a step whose
// writes each found their value already there must give back the very same object.
//
// FUZZ_RUNS (default 500) sets the number of runs, FUZZ_SEED replays one.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {PersistentMap, draftOf} from '../../src/schema/index.js';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const pairs = <V>(map: ReadonlyMap<string, V>) => [...map];

/** A map of `n` keys '0'..'n-1', each mapped to its number. */
function counted(n: number): PersistentMap<number> {
  const draft = PersistentMap.empty<number>().draft();
  for (let i = 0; i < n; i++) draft.set(String(i), i);
  return draft.finish();
}

describe('PersistentMap', () => {
  test('reads what was written: get, has, size, keys, values, entries, forEach', () => {
    const map = PersistentMap.empty<number>().set('a', 1).set('b', 2);
    assert.equal(map.get('a'), 1);
    assert.equal(map.get('c'), undefined);
    assert.equal(map.has('b'), true);
    assert.equal(map.has('c'), false);
    assert.equal(map.size, 2);
    assert.deepEqual([...map.keys()], ['a', 'b']);
    assert.deepEqual([...map.values()], [1, 2]);
    assert.deepEqual([...map.entries()], [['a', 1], ['b', 2]]);
    assert.deepEqual([...map], [['a', 1], ['b', 2]]);
    const seen: unknown[] = [];
    map.forEach(function (this: unknown, value, key, self) {
      seen.push([key, value, self === map, this]);
    }, 'this');
    assert.deepEqual(seen, [['a', 1, true, 'this'], ['b', 2, true, 'this']]);
  });

  for (const size of [3, 40, 2_000]) {
    test(`keeps Map's order with ${size} keys: a replaced value keeps its place, a deleted and re-added key goes last`, () => {
      const model = new Map<string, number>();
      for (let i = 0; i < size; i++) model.set(String(i), i);
      let map = counted(size);
      map = map.set('1', -1).delete('0').set('0', 0);
      model.set('1', -1);
      model.delete('0');
      model.set('0', 0);
      assert.deepEqual(pairs(map), pairs(model));
    });
  }

  test('orders integer-like keys by insertion, as a Map does (not as an object does)', () => {
    const map = PersistentMap.empty<string>().set('5', 'five').set('0', 'zero').set('10', 'ten');
    assert.deepEqual([...map.keys()], ['5', '0', '10']);
  });

  test('a write gives a new map and leaves the old one as it was', () => {
    const before = counted(100);
    const after = before.set('7', 70).delete('8').set('new', 1);
    assert.equal(before.get('7'), 7);
    assert.equal(before.has('8'), true);
    assert.equal(before.has('new'), false);
    assert.equal(before.size, 100);
    assert.deepEqual(pairs(before), pairs(counted(100)));
    assert.equal(after.get('7'), 70);
    assert.equal(after.has('8'), false);
    assert.equal(after.get('new'), 1);
    assert.equal(after.size, 100);
  });

  test('a write that changes nothing gives back the same map', () => {
    for (const map of [counted(3), counted(300)]) {
      assert.equal(map.set('1', 1), map, 'the same value again');
      assert.equal(map.delete('missing'), map, 'a missing key');
      const draft = map.draft();
      draft.set('2', 2);
      draft.delete('nope');
      assert.equal(draft.finish(), map, 'a draft of no change');
    }
    assert.equal(PersistentMap.empty().delete('x'), PersistentMap.empty());
  });

  test('keeps undefined, NaN and -0 values as a Map does', () => {
    const map = PersistentMap.empty<unknown>().set('u', undefined).set('n', NaN).set('z', -0);
    assert.equal(map.has('u'), true);
    assert.equal(map.get('u'), undefined);
    assert.equal(map.size, 3);
    assert.equal(map.set('n', NaN), map, 'NaN is the same value');
    assert.ok(Object.is(map.get('z'), -0));
    assert.ok(Object.is(map.set('z', 0).get('z'), 0), '+0 replaces -0');
  });

  test('holds keys that are names on Object.prototype as plain data', () => {
    let map = PersistentMap.empty<number>();
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) map = map.set(key, key.length);
    assert.equal(map.get('__proto__'), 9);
    assert.equal(map.get('constructor'), 11);
    assert.equal(({} as {polluted?: unknown}).polluted, undefined);
    assert.equal(Object.getPrototypeOf(map), PersistentMap.prototype);
  });

  test('a draft writes in batch and may go on after finish without changing what it gave', () => {
    const base = counted(50);
    const draft = base.draft();
    for (let i = 50; i < 120; i++) draft.set(String(i), i);
    draft.delete('3');
    assert.equal(draft.size, 119);
    assert.equal(draft.get('60'), 60);
    assert.equal(draft.has('3'), false);
    const first = draft.finish();
    const firstPairs = pairs(first);
    draft.set('0', -1);
    draft.delete('100');
    const second = draft.finish();
    assert.deepEqual(pairs(first), firstPairs);
    assert.equal(second.get('0'), -1);
    assert.equal(second.has('100'), false);
    assert.equal(first.get('0'), 0);
    assert.equal(base.size, 50);
  });

  test('versions that branch from one map each keep their own order', () => {
    const base = counted(20);
    const left = base.set('x', 1).set('y', 2);
    const right = base.set('y', 3).set('x', 4);
    assert.deepEqual([...left.keys()].slice(-2), ['x', 'y']);
    assert.deepEqual([...right.keys()].slice(-2), ['y', 'x']);
    assert.equal(base.has('x'), false);
  });

  test('shrinks and grows through every layout without losing order', () => {
    let map = counted(1_000);
    const model = new Map(map);
    for (let i = 0; i < 995; i++) {
      map = map.delete(String(i));
      model.delete(String(i));
    }
    assert.deepEqual(pairs(map), pairs(model));
    for (let i = 0; i < 500; i++) {
      map = map.set(`k${i}`, i);
      model.set(`k${i}`, i);
    }
    assert.deepEqual(pairs(map), pairs(model));
    assert.equal(map.size, model.size);
  });

  test('from() copies a Map in order and returns a PersistentMap as it is; draftOf() starts empty for none', () => {
    const source = new Map([['b', 1], ['a', 2]]);
    const map = PersistentMap.from(source);
    assert.deepEqual(pairs(map), [['b', 1], ['a', 2]]);
    assert.equal(PersistentMap.from(map), map);
    assert.equal(draftOf<number>(undefined).finish(), PersistentMap.empty());
    assert.equal(draftOf(map).finish(), map);
  });
});

// --- the model-based property ---------------------------------------------------------------

type Write = {kind: 'set'; key: string; value: number} | {kind: 'delete'; key: string};
type Step = {from: number; writes: Write[]; batch: boolean};

/** Few enough keys that writes hit the same keys often; enough to leave the small layout. */
const keyArb = fc.oneof(fc.integer({min: 0, max: 60}).map(String), fc.constantFrom('__proto__', 'constructor', ''));
const writeArb: fc.Arbitrary<Write> = fc.oneof(
  fc.record({kind: fc.constant('set' as const), key: keyArb, value: fc.integer({min: 0, max: 3})}),
  fc.record({kind: fc.constant('delete' as const), key: keyArb}),
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({from: fc.nat(), writes: fc.array(writeArb, {minLength: 1, maxLength: 1}), batch: fc.constant(false)}),
  fc.record({from: fc.nat(), writes: fc.array(writeArb, {maxLength: 80}), batch: fc.constant(true)}),
);

test('PersistentMap behaves as a Map over random branching programs, and old versions never change', () => {
  fc.assert(
    fc.property(fc.array(stepArb, {maxLength: 60}), steps => {
      const versions: PersistentMap<number>[] = [PersistentMap.empty()];
      const models: [string, number][][] = [[]];
      for (const step of steps) {
        const at = step.from % versions.length;
        const base = versions[at];
        const model = new Map(models[at]);
        let next = base;
        // Every write finds what it asks for already there (same value, key absent).
        const noop = step.writes.every(w => {
          const same = w.kind === 'set' ? model.has(w.key) && model.get(w.key) === w.value : !model.has(w.key);
          if (w.kind === 'set') model.set(w.key, w.value);
          else model.delete(w.key);
          return same;
        });
        model.clear();
        for (const [k, v] of models[at]) model.set(k, v);
        if (step.batch) {
          const draft = base.draft();
          for (const w of step.writes) {
            if (w.kind === 'set') draft.set(w.key, w.value);
            else assert.equal(draft.delete(w.key), model.has(w.key), `delete(${w.key}) tells whether it was there`);
            if (w.kind === 'set') model.set(w.key, w.value);
            else model.delete(w.key);
            assert.equal(draft.size, model.size);
          }
          next = draft.finish();
        } else {
          for (const w of step.writes) {
            next = w.kind === 'set' ? next.set(w.key, w.value) : next.delete(w.key);
            if (w.kind === 'set') model.set(w.key, w.value);
            else model.delete(w.key);
          }
        }
        const expected = [...model];
        assert.deepEqual(pairs(next), expected, 'content and order');
        assert.equal(next.size, model.size);
        for (let k = 0; k <= 60; k++) {
          const key = String(k);
          assert.equal(next.get(key), model.get(key), `get(${key})`);
          assert.equal(next.has(key), model.has(key), `has(${key})`);
        }
        if (noop) assert.equal(next, base, 'writes that change nothing keep the same map');
        versions.push(next);
        models.push(expected);
      }
      versions.forEach((version, i) => assert.deepEqual(pairs(version), models[i], `version ${i} is as it was`));
    }),
    {numRuns: NUM_RUNS, seed: SEED},
  );
});
