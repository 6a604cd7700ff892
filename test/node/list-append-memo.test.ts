// The memo on a list a page was appended to: it builds the new items alone (the cost of a
// page, not of the list) and still gives what a fresh read gives, whatever else changed in
// the same write: a listed item, the nested entity of listed items, an item made INVALID.
//
// FUZZ_RUNS (default 300) sets the number of runs of the random test, FUZZ_SEED replays one.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {CollectionPage, Entity, MemoCache, PersistentMap, emptyStore, mergeResponse, normalize, schema, type EntityStore} from '../../src/schema/index.js';
import {at, ok, read, write} from './helpers/schema-store.js';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

class Writer extends Entity {
  id = '';
  name = '';
  static key = 'PagedWriter';
}
class Story extends Entity {
  id = '';
  title = '';
  author = Writer.fromJS();
  static key = 'PagedStory';
  static schema = {author: Writer};
}

const stories = new schema.Collection([Story], {key: 'PagedStories'});
const page = new CollectionPage(stories, 'cursor');
/** The pk of the list the pages join (args without the cursor). */
const LIST = stories.pk([{}]);

const story = (i: number, title = `Story ${i}`, writer = `w${i % 3}`, name = `W${i % 3}`) => ({id: `s${i}`, title, author: {id: writer, name}});
const range = (from: number, to: number) => Array.from({length: to - from}, (_, i) => story(from + i));

/** A store holding a list of `n` stories, written 20 at a time as pages, each page read by `memo`. */
function paged(n: number, memo: MemoCache): EntityStore {
  let store = emptyStore();
  for (let from = 0, t = 1; from < n; from += 20, t++) {
    ({store} = write(store, page, range(from, Math.min(n, from + 20)), t, [{cursor: String(t)}]));
    memo.denormalize(stories, LIST, store.entities);
  }
  return store;
}

/** Calls of PersistentMap#get (row lookups, and the lookups of tables) while `run` runs. */
function lookups(run: () => void): number {
  const get = PersistentMap.prototype.get;
  let count = 0;
  PersistentMap.prototype.get = function (this: PersistentMap<unknown>, key: string) {
    count++;
    return get.call(this, key);
  };
  try {
    run();
  } finally {
    PersistentMap.prototype.get = get;
  }
  return count;
}

/** The same data, through plain JSON: a fresh read must equal the memo's. */
const plain = (value: unknown) => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown));

describe('appending a page to a list read by the memo', () => {
  test('builds only the page: as many lookups for a list of 2,000 as for a list of 20', () => {
    const counts = [20, 2_000].map(n => {
      const memo = new MemoCache();
      let store = paged(n, memo);
      const before = memo.denormalize<Story[]>(stories, LIST, store.entities).data!;
      ({store} = write(store, page, range(n, n + 20), 1_000, [{cursor: 'next'}]));
      let after: Story[] = [];
      const count = lookups(() => {
        after = memo.denormalize<Story[]>(stories, LIST, store.entities).data!;
      });
      assert.equal(after.length, n + 20);
      assert.notEqual(after, before);
      for (let i = 0; i < n; i++) assert.equal(after[i], before[i], `item ${i} is the same object`);
      assert.deepEqual(plain(after), plain(read(stories, LIST, store).data));
      return count;
    });
    ok(counts[1] === counts[0], `lookups do not grow with the list (${counts[0]} for 20 items, ${counts[1]} for 2,000)`);
  });

  test('an identical page changes nothing: the same store, the same list', () => {
    const memo = new MemoCache();
    const store = paged(60, memo);
    const before = memo.denormalize(stories, LIST, store.entities).data;
    const again = write(store, page, range(40, 60), 100, [{cursor: '3'}]).store;
    assert.equal(again.entities, store.entities);
    assert.equal(memo.denormalize(stories, LIST, again.entities).data, before);
  });

  test('a page that also updates a listed item renews that item alone', () => {
    const memo = new MemoCache();
    let store = paged(60, memo);
    const before = memo.denormalize<Story[]>(stories, LIST, store.entities).data!;
    ({store} = write(store, page, [story(7, 'Renamed'), ...range(60, 80)], 100, [{cursor: '4'}]));
    const after = memo.denormalize<Story[]>(stories, LIST, store.entities).data!;
    assert.equal(after.length, 80);
    assert.equal(after[7]!.title, 'Renamed');
    assert.notEqual(after[7], before[7]);
    for (let i = 0; i < 60; i++) if (i !== 7) assert.equal(after[i], before[i], `item ${i} is the same object`);
    assert.deepEqual(plain(after), plain(read(stories, LIST, store).data));
  });

  test('a page whose items rename the writer of listed items renews those items', () => {
    const memo = new MemoCache();
    let store = paged(60, memo);
    const before = memo.denormalize<Story[]>(stories, LIST, store.entities).data!;
    const next = range(60, 80).map(s => (s.author.id === 'w1' ? {...s, author: {id: 'w1', name: 'New name'}} : s));
    ({store} = write(store, page, next, 100, [{cursor: '4'}]));
    const after = memo.denormalize<Story[]>(stories, LIST, store.entities).data!;
    for (let i = 0; i < 60; i++) {
      if (i % 3 === 1) {
        assert.equal(after[i]!.author.name, 'New name');
        assert.notEqual(after[i], before[i]);
      } else assert.equal(after[i], before[i], `item ${i} is the same object`);
    }
    assert.deepEqual(plain(after), plain(read(stories, LIST, store).data));
  });

  test('an item made INVALID before the next read leaves the list', () => {
    const memo = new MemoCache();
    let store = paged(40, memo);
    store = mergeResponse(store, normalize(new schema.Invalidate(Story), {id: 's5'}), at(50));
    ({store} = write(store, page, range(40, 60), 100, [{cursor: '3'}]));
    const after = memo.denormalize<Story[]>(stories, LIST, store.entities).data!;
    assert.equal(after.length, 59);
    assert.equal(after.some(s => s.id === 's5'), false);
    assert.deepEqual(plain(after), plain(read(stories, LIST, store).data));
  });

  test('the state before the append still reads as the list it was', () => {
    const memo = new MemoCache();
    const store = paged(40, memo);
    const before = memo.denormalize<Story[]>(stories, LIST, store.entities).data!;
    const grown = write(store, page, range(40, 60), 100, [{cursor: '3'}]).store;
    assert.equal(memo.denormalize<Story[]>(stories, LIST, grown.entities).data!.length, 60);
    assert.equal(memo.denormalize(stories, LIST, store.entities).data, before);
    assert.equal(memo.denormalize<Story[]>(stories, LIST, grown.entities).data!.length, 60);
  });

  test('random writes between reads: every read is what a fresh read gives, unchanged items kept', () => {
    const step = fc.oneof(
      fc.record({kind: fc.constant('page' as const), from: fc.integer({min: 0, max: 60}), size: fc.integer({min: 0, max: 8})}),
      fc.record({kind: fc.constant('title' as const), item: fc.integer({min: 0, max: 60}), title: fc.constantFrom('a', 'b')}),
      fc.record({kind: fc.constant('writer' as const), writer: fc.integer({min: 0, max: 2}), name: fc.constantFrom('x', 'y')}),
      fc.record({kind: fc.constant('invalidate' as const), item: fc.integer({min: 0, max: 60})}),
      fc.record({kind: fc.constant('read' as const)}),
    );
    fc.assert(
      fc.property(fc.array(step, {minLength: 1, maxLength: 30}), steps => {
        const memo = new MemoCache();
        let store = emptyStore();
        let t = 1;
        let last: Story[] | undefined;
        let lastStore = store;
        const check = () => {
          const got = memo.denormalize<Story[]>(stories, LIST, store.entities).data;
          const fresh = read<Story[]>(stories, LIST, store).data;
          assert.deepEqual(plain(got), plain(fresh));
          if (got && last) {
            // An item whose row and writer's row are the same objects as at the last read is the same object.
            const previous = new Map(last.map(s => [s.id, s]));
            for (const s of got) {
              const old = previous.get(s.id);
              const sameRows =
                old !== undefined &&
                store.entities.get(Story.key)?.get(s.id) === lastStore.entities.get(Story.key)?.get(s.id) &&
                store.entities.get(Writer.key)?.get(s.author.id) === lastStore.entities.get(Writer.key)?.get(s.author.id);
              if (sameRows) assert.equal(s, old, `unchanged ${s.id} is the same object`);
            }
          }
          last = got;
          lastStore = store;
        };
        for (const s of steps) {
          t++;
          if (s.kind === 'page') ({store} = write(store, page, range(s.from, s.from + s.size), t, [{cursor: String(t)}]));
          else if (s.kind === 'title') ({store} = write(store, Story, story(s.item, s.title), t));
          else if (s.kind === 'writer') ({store} = write(store, Writer, {id: `w${s.writer}`, name: s.name}, t));
          else if (s.kind === 'invalidate') store = mergeResponse(store, normalize(new schema.Invalidate(Story), {id: `s${s.item}`}), at(t));
          else check();
        }
        check();
      }),
      {numRuns: NUM_RUNS, seed: SEED},
    );
  });
});
