// How development-mode messages show the value they were given: something a reader can tell
// apart, never `[object Object]` or a function's whole source.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {shownValue} from '../../src/dev/index.js';

test('text is quoted; numbers, booleans, null and undefined as String gives them', () => {
  assert.equal(shownValue('30s'), '"30s"');
  assert.equal(shownValue(''), '""');
  assert.equal(shownValue(NaN), 'NaN');
  assert.equal(shownValue(false), 'false');
  assert.equal(shownValue(null), 'null');
  assert.equal(shownValue(undefined), 'undefined');
});

test('a plain object or a list as its JSON, cut short past 60 characters', () => {
  assert.equal(shownValue({}), '{}');
  assert.equal(shownValue({path: '/todos'}), '{"path":"/todos"}');
  assert.equal(shownValue([1, 2]), '[1,2]');
  assert.equal(shownValue(Object.create(null)), '{}');
  const long = shownValue({text: 'x'.repeat(100)});
  assert.equal(long.length, 60);
  assert.ok(long.endsWith('…'));
});

test('an instance by its class, a function by its name', () => {
  class Refresh {}
  assert.equal(shownValue(new Refresh()), 'a Refresh');
  assert.equal(shownValue(new Map()), 'a Map');
  assert.equal(shownValue(Refresh), 'the function Refresh');
  assert.equal(shownValue(() => 1), 'a function');
});

test('an object JSON cannot write is named by its kind', () => {
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  assert.equal(shownValue(cycle), 'an object');
  assert.equal(shownValue([10n]), 'a list');
});
