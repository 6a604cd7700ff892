// The ids a live feed remembers so that a message sent again is not applied twice: the last
// `capacity` new ids, the oldest forgotten first.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {RecentIds} from '../../src/live/recent-ids.js';

test('an id among the last `capacity` new ones is refused; the oldest is forgotten first', () => {
  const seen = new RecentIds(3);
  for (const id of ['a', 'b', 'c']) assert.equal(seen.add(id), true, id);
  assert.equal(seen.add('a'), false, 'a is recent');
  assert.equal(seen.add('d'), true);
  assert.equal(seen.add('a'), true, 'a was the oldest: forgotten when d came');
  assert.equal(seen.add('c'), false, 'c is still recent');
  assert.equal(seen.add('b'), true, 'b went when a came back');
  seen.clear();
  assert.equal(seen.add('b'), true, 'cleared');
});

test('agrees with a list of the last new ids over random sequences', () => {
  let state = 7;
  const random = (n: number) => ((state = (state * 1103515245 + 12345) % 2 ** 31), state % n);
  for (const capacity of [1, 2, 5, 16]) {
    const seen = new RecentIds(capacity);
    const model: string[] = [];
    for (let step = 0; step < 2_000; step++) {
      const id = String(random(capacity * 3));
      const expected = !model.includes(id);
      if (expected) {
        model.push(id);
        if (model.length > capacity) model.shift();
      }
      assert.equal(seen.add(id), expected, `capacity ${capacity}, step ${step}, id ${id}`);
    }
  }
});
