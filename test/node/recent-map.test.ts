// The bounded map the memo caches and Query results are kept in: an entry stays while fewer
// than `capacity` other keys were set or read since it was, and the map never holds more than
// twice `capacity`.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {RecentMap} from '../../src/schema/recent-map.js';

test('agrees with a list of the most recently used keys over random sets, reads and deletes', () => {
  let state = 11;
  const random = (n: number) => ((state = (state * 1103515245 + 12345) % 2 ** 31), state % n);
  for (const capacity of [1, 2, 3, 8, 50]) {
    const map = new RecentMap<string, number>(capacity);
    /** Keys by last use, most recent last; values set. */
    const used: string[] = [];
    const values = new Map<string, number>();
    const touch = (key: string) => {
      const at = used.indexOf(key);
      if (at >= 0) used.splice(at, 1);
      used.push(key);
    };
    for (let step = 0; step < 5_000; step++) {
      const key = String(random(capacity * 4));
      const op = random(10);
      const name = `capacity ${capacity}, step ${step}, key ${key}`;
      if (op < 4) {
        map.set(key, step);
        values.set(key, step);
        touch(key);
      } else if (op < 9) {
        const got = map.get(key);
        // Kept for sure: among the last `capacity` keys used. Never a value other than the last one set, nor a deleted one.
        const age = used.length - 1 - used.lastIndexOf(key);
        if (values.has(key) && used.includes(key) && age < capacity) assert.equal(got, values.get(key), `${name}: kept`);
        else if (!values.has(key)) assert.equal(got, undefined, `${name}: deleted or never set`);
        else if (got !== undefined) assert.equal(got, values.get(key), `${name}: a kept value is the one set last`);
        if (got !== undefined) touch(key);
      } else {
        map.delete(key);
        values.delete(key);
        const at = used.indexOf(key);
        if (at >= 0) used.splice(at, 1);
      }
    }
  }
});

test('a key read moves back to the young generation, so it outlives the next turn', () => {
  const map = new RecentMap<string, number>(2);
  map.set('a', 1);
  map.set('b', 2); // full: a and b become the old generation
  assert.equal(map.get('a'), 1);
  map.set('c', 3);
  assert.equal(map.get('a'), 1);
  map.set('d', 4); // a turn: without a's move back, it went with the old generation
  assert.equal(map.get('a'), 1, 'read one key ago');
  map.delete('a');
  assert.equal(map.get('a'), undefined, 'deleted');
});

test('holds at most twice its capacity', () => {
  const map = new RecentMap<number, number>(100);
  for (let i = 0; i < 10_000; i++) map.set(i, i);
  let held = 0;
  for (let i = 0; i < 10_000; i++) if (map.get(i) !== undefined) held++;
  assert.ok(held <= 200, `${held} held`);
  assert.ok(held >= 100, `${held} held: the last 100 at least`);
});
