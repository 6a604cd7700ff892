// What the memo keeps per entity, checked by structure rather than by heap size (the bytes
// are measured by the memory case of `npm run bench`): an entity read at the top of a
// result records what it read in turn as one run shared with its memo entry, not as a copy
// of those pairs; a rebuilt entity that reads the same rows leaves its readers' index as it
// is; rows stay plain objects.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {WatchIndex, type Indexed} from '../../src/core/watch-index.js';
import {Entity, MemoCache, READ_RUN, emptyStore, eachRead, extendsReads, type ReadRun} from '../../src/schema/index.js';
import {write} from './helpers/schema-store.js';

class Writer extends Entity {
  id = '';
  name = '';
  static override key = 'SharedReadsWriter';
}
class Label extends Entity {
  id = '';
  name = '';
  static override key = 'SharedReadsLabel';
}
class Post extends Entity {
  id = '';
  title = '';
  author = Writer.fromJS();
  labels: Label[] = [];
  static override key = 'SharedReadsPost';
  static override schema = {author: Writer, labels: [Label]};
}

const POSTS = [Post];
const post = (id: string, author: string, labels: string[]) => ({id, title: `post ${id}`, author: {id: author, name: `writer ${author}`}, labels: labels.map(l => ({id: l, name: `label ${l}`}))});
const DATA = [post('1', 'w1', ['x', 'y']), post('2', 'w2', ['y']), post('3', 'w1', [])];

/** The reads as [table, pk] pairs, runs expanded. */
function expand(reads: readonly unknown[] | undefined): [string, string | undefined][] {
  const out: [string, string | undefined][] = [];
  eachRead(reads ?? [], (key, pk) => out.push([key, pk]));
  return out;
}

describe('an entity read at the top of a result', () => {
  test('records its nested reads as one run after its own pair, and they expand to the same pairs', () => {
    const {store, result} = write(emptyStore(), POSTS, DATA);
    const reads = new MemoCache().denormalize(POSTS, result, store.entities).reads!;
    // Post 1 and 2 read an author and labels; post 3 only an author.
    assert.deepEqual(
      reads.filter((_, i) => i % 2 === 0),
      [Post.key, READ_RUN, Post.key, READ_RUN, Post.key, READ_RUN],
    );
    assert.deepEqual(expand(reads), [
      [Post.key, '1'],
      [Writer.key, 'w1'],
      [Label.key, 'x'],
      [Label.key, 'y'],
      [Post.key, '2'],
      [Writer.key, 'w2'],
      [Label.key, 'y'],
      [Post.key, '3'],
      [Writer.key, 'w1'],
    ]);
  });

  test('the run is the memo entry’s own: another result reading the same post shares it', () => {
    const {store, result} = write(emptyStore(), POSTS, DATA);
    const memo = new MemoCache();
    const list = memo.denormalize(POSTS, result, store.entities).reads!;
    const one = memo.denormalize(Post, '2', store.entities).reads!;
    assert.deepEqual(one.slice(0, 3), [Post.key, '2', READ_RUN]);
    assert.equal(one[3], list[7], 'the same run object, not a copy');
  });

  test('a post rebuilt because its author changed reads the same pairs: its readers are not indexed again', () => {
    const first = write(emptyStore(), POSTS, DATA);
    const memo = new MemoCache();
    const before = memo.denormalize<Post[]>(POSTS, first.result, first.store.entities);
    const {store} = write(first.store, Writer, {id: 'w2', name: 'renamed'}, 2);
    const after = memo.denormalize<Post[]>(POSTS, first.result, store.entities);
    assert.equal(after.data![1]!.author.name, 'renamed');
    assert.notEqual(after.data![1], before.data![1], 'post 2 is built again');
    assert.equal(after.data![0], before.data![0], 'post 1 is not');
    assert.notEqual(after.reads![7], before.reads![7], 'with a run of its own');
    assert.equal(extendsReads(before.reads!, after.reads!), true, 'that reads what the old one read');

    // The watch index keeps finding the reader by every row it reads.
    interface Watcher extends Indexed {
      name: string;
    }
    const index = new WatchIndex<Watcher>();
    const reader: Watcher = {key: 'posts', name: 'posts', indexedReads: before.reads!};
    index.add(reader);
    index.update(reader, after.reads!);
    const found = (table: string, pk: string) => {
      const out = new Set<Watcher>();
      index.collect(new Set(), new Map([[table, new Set([pk])]]), new Map(), out);
      return out.size;
    };
    for (const [table, pk] of expand(after.reads)) assert.equal(found(table, pk!), 1, `${table} ${pk}`);
  });

  test('a post whose author is another one now does not extend the old reads', () => {
    const first = write(emptyStore(), POSTS, DATA);
    const memo = new MemoCache();
    const before = memo.denormalize(POSTS, first.result, first.store.entities);
    const {store} = write(first.store, Post, post('2', 'w1', ['y']), 2);
    const after = memo.denormalize(POSTS, first.result, store.entities);
    assert.equal(extendsReads(before.reads!, after.reads!), false);
    const run = after.reads![7] as ReadRun;
    assert.deepEqual(expand([READ_RUN, run]), [
      [Writer.key, 'w1'],
      [Label.key, 'y'],
    ]);
  });
});

test('rows are plain objects, whatever constructor made them', () => {
  const {store} = write(emptyStore(), POSTS, DATA);
  const row = store.entities.get(Post.key)!.get('1') as object;
  assert.equal(Object.getPrototypeOf(row), Object.prototype);
  assert.equal(row.constructor, Object);
  assert.deepEqual(Object.keys(row), ['id', 'title', 'author', 'labels']);
  assert.deepEqual(row, {id: '1', title: 'post 1', author: 'w1', labels: ['x', 'y']});
});
