// The reads of a long list are recorded as one shared run, not copied per read: a result
// reading a list a page was appended to costs the page. The runs must expand to the same
// rows as a copy would, an old state's run must keep naming the old rows while the shared
// array grows, and the watch index must follow a grown run by what it added.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {WatchIndex, type Indexed} from '../../src/core/watch-index.js';
import {CollectionPage, Entity, MemoCache, READ_RUN, emptyStore, eachRead, extendsReads, schema, type EntityStore, type ReadRun} from '../../src/schema/index.js';
import {write} from './helpers/schema-store.js';

class Line extends Entity {
  id = '';
  text = '';
  static override key = 'RunLine';
}
class Tag extends Entity {
  id = '';
  label = '';
  static override key = 'RunTag';
}
class Tagged extends Entity {
  id = '';
  tag: Tag | null = null;
  static override key = 'RunTagged';
  static override schema = {tag: Tag};
}

const lines = new schema.Collection([Line], {key: 'RunLines'});
const page = new CollectionPage(lines, 'cursor');
const LIST = lines.pk([{}]);
const range = (from: number, to: number) => Array.from({length: to - from}, (_, i) => ({id: `l${from + i}`, text: `line ${from + i}`}));

/** The reads as [table, pk] pairs, runs expanded. */
function expand(reads: readonly unknown[] | undefined): [string, string | undefined][] {
  const out: [string, string | undefined][] = [];
  eachRead(reads ?? [], (key, pk) => out.push([key, pk]));
  return out;
}

/** What reading the list of lines 0 to n - 1 reads: its row, then each line's. */
const listReads = (n: number) => [[lines.key, LIST], ...range(0, n).map(line => [Line.key, line.id])];

/** A store with `n` lines written as pages of 20, each read by `memo`. */
function paged(n: number, memo: MemoCache): EntityStore {
  let store = emptyStore();
  for (let from = 0, t = 1; from < n; from += 20, t++) {
    ({store} = write(store, page, range(from, Math.min(n, from + 20)), t, [{cursor: String(t)}]));
    memo.denormalize(lines, LIST, store.entities);
  }
  return store;
}

describe('eachRead and extendsReads', () => {
  const run: ReadRun = {reads: ['T', '1', null, null, 'T', undefined, null, null, 'U', '9', null, null], size: 8};

  test('eachRead gives pairs as they are and a run up to its size', () => {
    assert.deepEqual(expand(['A', 'x', READ_RUN, run, 'B', undefined]), [
      ['A', 'x'],
      ['T', '1'],
      ['T', undefined],
      ['B', undefined],
    ]);
  });

  test('with since, eachRead gives only what a grown run added', () => {
    const grown: ReadRun = {reads: run.reads, size: 12};
    const added: unknown[] = [];
    eachRead(['A', 'x', READ_RUN, grown], (key, pk) => added.push(key, pk), ['A', 'x', READ_RUN, run]);
    assert.deepEqual(added, ['U', '9']);
  });

  test('extendsReads: equal pairs and a run grown in place, nothing else', () => {
    const grown: ReadRun = {reads: run.reads, size: 12};
    assert.equal(extendsReads(['A', 'x'], ['A', 'x']), true);
    assert.equal(extendsReads([READ_RUN, run], [READ_RUN, grown]), true);
    assert.equal(extendsReads([READ_RUN, grown], [READ_RUN, run]), false, 'a shorter run');
    assert.equal(extendsReads([READ_RUN, run], [READ_RUN, {reads: [...run.reads], size: 12}]), false, 'another array');
    assert.equal(extendsReads(['A', 'x'], ['A', 'y']), false);
    assert.equal(extendsReads(['A', 'x'], ['A', 'x', 'B', 'y']), false);
    assert.equal(extendsReads(['A', run], ['A', grown]), false, 'only the second member of a run pair may grow');
  });
});

describe('a long list read by the memo records one run', () => {
  test('a list of 40 is one run that names every line; a short one is pairs', () => {
    const memo = new MemoCache();
    const store = paged(40, memo);
    const reads = memo.denormalize(lines, LIST, store.entities).reads!;
    assert.deepEqual(reads.slice(0, 3), [lines.key, LIST, READ_RUN], 'the list row, then its items as one run');
    assert.equal(reads.length, 4);
    assert.deepEqual(expand(reads), listReads(40));
    const short = memo.denormalize([Tag], ['a'], write(store, [Tag], [{id: 'a'}]).store.entities).reads!;
    assert.deepEqual([...short], [Tag.key, 'a']);
  });

  test('after an append the reads extend the old ones, and the old state still reads its own rows', () => {
    const memo = new MemoCache();
    const store = paged(40, memo);
    const before = memo.denormalize<Line[]>(lines, LIST, store.entities);
    const oldRows = expand(before.reads);
    const oldRow = store.entities.get(lines.key)!.get(LIST) as string[];
    const grown = write(store, page, range(40, 60), 100, [{cursor: '3'}]).store;
    const after = memo.denormalize<Line[]>(lines, LIST, grown.entities);
    assert.equal(extendsReads(before.reads!, after.reads!), true, 'the grown run shares the old one');
    assert.deepEqual(expand(after.reads), listReads(60));
    // The shared array now holds the page's reads too: the old run, the old row and the old
    // list must not show them.
    assert.deepEqual(expand(before.reads), oldRows);
    assert.deepEqual(expand(memo.denormalize(lines, LIST, store.entities).reads), oldRows);
    assert.equal(oldRow.length, 40);
    assert.equal(store.entities.get(lines.key)!.get(LIST), oldRow);
    assert.equal(before.data!.length, 40);
    assert.equal(memo.denormalize(lines, LIST, store.entities).data, before.data);
    assert.equal(after.data!.length, 60);
    for (let i = 0; i < 40; i++) assert.equal(after.data![i], before.data![i], `line ${i} is shared`);
  });

  test('two pages written to one old state: each grown list reads its own page', () => {
    const memo = new MemoCache();
    const store = paged(40, memo);
    const a = write(store, page, range(40, 60), 100, [{cursor: '3'}]).store;
    const b = write(store, page, range(60, 80), 101, [{cursor: '3'}]).store;
    const readA = memo.denormalize<Line[]>(lines, LIST, a.entities);
    const readB = memo.denormalize<Line[]>(lines, LIST, b.entities);
    assert.deepEqual(readA.data!.map(line => line.id), range(0, 60).map(line => line.id));
    assert.deepEqual(readB.data!.map(line => line.id), [...range(0, 40), ...range(60, 80)].map(line => line.id));
    assert.deepEqual(expand(readA.reads), listReads(60));
    assert.deepEqual(expand(memo.denormalize(lines, LIST, a.entities).reads), expand(readA.reads));
  });
});

test('the tables of every page count: a change to a nested row read by an early or a late page renews the list', () => {
  const tagged = new schema.Collection([Tagged], {key: 'RunTaggedList'});
  const taggedPage = new CollectionPage(tagged, 'cursor');
  const memo = new MemoCache();
  const items = (from: number, tag: string | null) => Array.from({length: 20}, (_, i) => ({id: `t${from + i}`, tag: tag && {id: tag, label: 'old'}}));
  let store = emptyStore();
  ({store} = write(store, taggedPage, items(0, 'x'), 1, [{cursor: '1'}]));
  memo.denormalize(tagged, LIST, store.entities);
  ({store} = write(store, taggedPage, items(20, null), 2, [{cursor: '2'}]));
  const before = memo.denormalize<Tagged[]>(tagged, LIST, store.entities).data!;
  assert.equal(before.length, 40);
  ({store} = write(store, Tag, {id: 'x', label: 'new x'}, 3));
  const afterX = memo.denormalize<Tagged[]>(tagged, LIST, store.entities).data!;
  assert.equal(afterX[0]!.tag!.label, 'new x', 'a row read by the first page only');
  assert.equal(afterX[20], before[20]);
  ({store} = write(store, taggedPage, items(40, 'y'), 4, [{cursor: '3'}]));
  memo.denormalize(tagged, LIST, store.entities);
  ({store} = write(store, Tag, {id: 'y', label: 'new y'}, 5));
  assert.equal(memo.denormalize<Tagged[]>(tagged, LIST, store.entities).data![40]!.tag!.label, 'new y', 'a row first read by the last page');
});

describe('the watch index follows a grown run', () => {
  interface Watcher extends Indexed {
    name: string;
  }
  const watcher = (name: string): Watcher => ({key: name, name, indexedReads: []});
  const found = (index: WatchIndex<Watcher>, pk: string) => {
    const out = new Set<Watcher>();
    index.collect(new Set(), new Map([[Line.key, new Set([pk])]]), new Map(), out);
    return [...out].map(w => w.name).sort();
  };

  test('a watcher updated to the grown reads is found by old and new lines; one rebuilt without a line is not', () => {
    const memo = new MemoCache();
    const store = paged(40, memo);
    const index = new WatchIndex<Watcher>();
    const list = watcher('list');
    const fresh = watcher('fresh');
    list.indexedReads = memo.denormalize(lines, LIST, store.entities).reads!;
    index.add(list);
    const grown = write(store, page, range(40, 60), 100, [{cursor: '3'}]).store;
    const reads = memo.denormalize(lines, LIST, grown.entities).reads!;
    index.update(list, reads);
    fresh.indexedReads = reads;
    index.add(fresh);
    for (const line of range(0, 60)) assert.deepEqual(found(index, line.id), ['fresh', 'list'], line.id);
    assert.deepEqual(found(index, 'l60'), []);

    // A list rebuilt with a line gone (a new array, not a grown run): that line is unindexed.
    const shorter = write(grown, lines, range(1, 60), 200, [{}]).store;
    index.update(list, memo.denormalize(lines, LIST, shorter.entities).reads!);
    assert.deepEqual(found(index, 'l0'), ['fresh']);
    assert.deepEqual(found(index, 'l1'), ['fresh', 'list']);
    index.remove(list);
    index.remove(fresh);
    assert.deepEqual(found(index, 'l1'), []);
  });
});
