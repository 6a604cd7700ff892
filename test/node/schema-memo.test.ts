// The memo: referential equality for unchanged data, minimal renewal after a
// change, cycles, and the constant-time whole-result warm read.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  Entity,
  MemoCache,
  emptyStore,
  mergeResponse,
  normalize,
  schema,
  type EntityMeta,
  type EntityStore,
  type EntityTables,
} from '../../src/schema/index.js';
import {ok, at, write} from './helpers/schema-store.js';




/** Instances built, by class: the memo must not build any on a warm read. */
const built = {writer: 0, story: 0, person: 0, post: 0};

class Writer extends Entity {
  id = '';
  name = '';
  static key = 'Writer';
  constructor() {
    super();
    built.writer++;
  }
}
class Story extends Entity {
  id = '';
  title = '';
  author = Writer.fromJS();
  static key = 'Story';
  static schema = {author: Writer};
  constructor() {
    super();
    built.story++;
  }
}
class Tag extends Entity {
  id = '';
  static key = 'Tag';
}

// A cycle: a person's posts point back at the person.
class Person extends Entity {
  id = '';
  name = '';
  posts: Post[] = [];
  pinned: Post | null = null;
  static key = 'Person';
  constructor() {
    super();
    built.person++;
  }
}
class Post extends Entity {
  id = '';
  title = '';
  author: Person | null = null;
  static key = 'Post';
  static schema = {author: Person};
  constructor() {
    super();
    built.post++;
  }
}
Person.schema = {posts: [Post], pinned: Post};

const stories = (n: number, writers: number, name = (w: number) => `W${w}`) =>
  Array.from({length: n}, (_, i) => ({
    id: `s${i}`,
    title: `Story ${i}`,
    author: {id: `w${i % writers}`, name: name(i % writers)},
  }));

const LIST = [Story];

describe('memo identity', () => {
  test('the same input on an unchanged store returns the identical object', () => {
    const {store, result} = write(emptyStore(), LIST, stories(20, 4));
    const memo = new MemoCache();
    const a = memo.denormalize<Story[]>(LIST, result, store.entities);
    const b = memo.denormalize<Story[]>(LIST, result, store.entities);
    assert.equal(b, a);
    assert.equal(b.data, a.data);
    assert.equal(a.data!.length, 20);
  });

  test('an entity read through two results is one instance', () => {
    const {store, result} = write(emptyStore(), LIST, stories(5, 2));
    const memo = new MemoCache();
    const list = memo.denormalize<Story[]>(LIST, result, store.entities).data!;
    assert.equal(memo.denormalize<Story>(Story, 's3', store.entities).data, list[3]);
    assert.equal(memo.query<Story>(Story, [{id: 's3'}], store.entities).data, list[3]);
    assert.equal(list[0]!.author, list[2]!.author);
  });

  test('a write to an unrelated table keeps the result identical', () => {
    const {store: s1, result} = write(emptyStore(), LIST, stories(10, 3));
    const memo = new MemoCache();
    const before = memo.denormalize<Story[]>(LIST, result, s1.entities);
    const {store: s2} = write(s1, Tag, {id: 't1'}, 2);
    assert.notEqual(s2.entities, s1.entities);
    const after = memo.denormalize<Story[]>(LIST, result, s2.entities);
    assert.equal(after.data, before.data);
  });

  test('a change to a row this result does not read keeps the result identical', () => {
    let {store, result} = write(emptyStore(), LIST, stories(10, 3));
    const memo = new MemoCache();
    const input = ['s1', 's2'];
    const before = memo.denormalize<Story[]>(LIST, input, store.entities).data!;
    ({store} = write(store, Story, {id: 's9', title: 'changed'}, 2));
    const after = memo.denormalize<Story[]>(LIST, input, store.entities).data!;
    assert.equal(after, before);
    // The full result does read s9: it is a new list that keeps the other items.
    const full = memo.denormalize<Story[]>(LIST, result, store.entities).data!;
    assert.equal(full[1], before[0]);
  });

  test('refetching identical data returns the identical list and items', () => {
    const data = stories(50, 5);
    const memo = new MemoCache();
    const first = write(emptyStore(), LIST, data, 1);
    const a = memo.denormalize<Story[]>(LIST, first.result, first.store.entities).data!;
    // A new response with equal content (a fresh parse), from a newer fetch.
    const second = write(first.store, LIST, JSON.parse(JSON.stringify(data)), 2);
    assert.notEqual(second.result, first.result, 'normalize gives a new result object');
    assert.equal(second.store.entities, first.store.entities, 'no entity table changed');
    const b = memo.denormalize<Story[]>(LIST, second.result, second.store.entities).data!;
    assert.equal(b, a, 'the list itself is identical');
    for (let i = 0; i < a.length; i++) assert.equal(b[i], a[i]);
    // And read with the old result too.
    assert.equal(memo.denormalize<Story[]>(LIST, first.result, second.store.entities).data, a);
  });

  test('refetching with one changed item renews that item and the list only', () => {
    const data = stories(30, 3);
    const memo = new MemoCache();
    const first = write(emptyStore(), LIST, data, 1);
    const a = memo.denormalize<Story[]>(LIST, first.result, first.store.entities).data!;
    const changed = JSON.parse(JSON.stringify(data));
    changed[7].title = 'new title';
    const second = write(first.store, LIST, changed, 2);
    const b = memo.denormalize<Story[]>(LIST, second.result, second.store.entities).data!;
    assert.notEqual(b, a);
    assert.equal(b[7]!.title, 'new title');
    assert.notEqual(b[7], a[7]);
    for (let i = 0; i < a.length; i++) if (i !== 7) assert.equal(b[i], a[i], `item ${i} kept`);
    assert.equal(b[7]!.author, a[7]!.author, 'its unchanged author is kept');
  });

  test('updating one writer shared by 10 of 500 stories renews exactly those 10 and the list', () => {
    const memo = new MemoCache();
    const first = write(emptyStore(), LIST, stories(500, 50), 1);
    const a = memo.denormalize<Story[]>(LIST, first.result, first.store.entities).data!;
    const second = write(first.store, Writer, {id: 'w7', name: 'Renamed'}, 2);
    const before = {...built};
    const b = memo.denormalize<Story[]>(LIST, first.result, second.store.entities).data!;
    assert.notEqual(b, a, 'the list is new');
    assert.equal(b.length, 500);
    let renewed = 0;
    for (let i = 0; i < 500; i++) {
      if (b[i] !== a[i]) {
        renewed++;
        assert.equal(b[i]!.author.id, 'w7');
        assert.equal(b[i]!.author.name, 'Renamed');
      } else {
        assert.notEqual(b[i]!.author.id, 'w7');
      }
    }
    assert.equal(renewed, 10);
    const writers = new Set(b.map(s => s.author));
    assert.equal(writers.size, 50, 'one Writer instance per writer');
    assert.equal(built.story - before.story, 10, 'only 10 stories were built');
    // 1 writer read plus the default author of each of the 10 new stories.
    assert.equal(built.writer - before.writer, 1 + 10);
    // Reading the other writers gives the old instances.
    assert.equal(memo.denormalize<Writer>(Writer, 'w8', second.store.entities).data, a[8]!.author);
  });

  test('an unchanged result is shared even when the memo walks again', () => {
    // Two results over one table: a change to one row renews only the result that reads it.
    const memo = new MemoCache();
    const {store: s1} = write(emptyStore(), LIST, stories(6, 2), 1);
    const x = ['s0', 's1'];
    const y = ['s4', 's5'];
    const x1 = memo.denormalize<Story[]>(LIST, x, s1.entities).data!;
    const y1 = memo.denormalize<Story[]>(LIST, y, s1.entities).data!;
    const {store: s2} = write(s1, Story, {id: 's4', title: 'x'}, 2);
    assert.equal(memo.denormalize<Story[]>(LIST, x, s2.entities).data, x1);
    const y2 = memo.denormalize<Story[]>(LIST, y, s2.entities).data!;
    assert.notEqual(y2, y1);
    assert.equal(y2[1], y1[1]);
  });
});

describe('warm reads', () => {
  class CountingMap<K, V> extends Map<K, V> {
    gets = 0;
    override get(key: K): V | undefined {
      this.gets++;
      return super.get(key);
    }
  }

  test('a whole-result warm read returns the identical object without building instances', () => {
    const {store, result} = write(emptyStore(), LIST, stories(500, 50), 1);
    const memo = new MemoCache();
    const cold = memo.denormalize<Story[]>(LIST, result, store.entities);
    const before = {...built};
    for (let i = 0; i < 100; i++) {
      assert.equal(memo.denormalize<Story[]>(LIST, result, store.entities), cold);
    }
    assert.deepEqual(built, before, 'no Entity constructor ran');
  });

  test('a whole-result warm read does not look at any row', () => {
    const {store, result} = write(emptyStore(), LIST, stories(500, 50), 1);
    const inner = new Map<string, CountingMap<string, unknown>>();
    for (const [key, table] of store.entities) inner.set(key, new CountingMap(table));
    const tables = new CountingMap<string, CountingMap<string, unknown>>(inner);
    const memo = new MemoCache();
    const cold = memo.denormalize<Story[]>(LIST, result, tables as EntityTables).data;
    for (const t of inner.values()) t.gets = 0;
    tables.gets = 0;
    const warm = memo.denormalize<Story[]>(LIST, result, tables as EntityTables).data;
    assert.equal(warm, cold);
    let rowReads = 0;
    for (const t of inner.values()) rowReads += t.gets;
    assert.equal(rowReads, 0, 'no row read');
    ok(tables.gets <= 2, `one table lookup per table read (got ${tables.gets})`);
  });

  test('entity memo: a new list of already-built stories builds no instance', () => {
    const {store} = write(emptyStore(), LIST, stories(100, 10), 1);
    const memo = new MemoCache();
    memo.denormalize(LIST, stories(100, 10).map(s => s.id), store.entities);
    const before = {...built};
    const other = memo.denormalize<Story[]>(LIST, ['s5', 's50', 's99'], store.entities).data!;
    assert.equal(other.length, 3);
    assert.deepEqual(built, before);
  });
});

describe('memo cost', () => {
  class CountingMap<K, V> extends Map<K, V> {
    gets = 0;
    override get(key: K): V | undefined {
      this.gets++;
      return super.get(key);
    }
  }

  test('a collection of N posts whose author lists them all reads in linear work', () => {
    const N = 1000;
    const posts = Array.from({length: N}, (_, i) => ({id: `c${i}`, title: `${i}`, author: {id: 'big'}}));
    const all = new schema.Collection([Post], {key: 'BigPosts'});
    let {store} = write(emptyStore(), all, posts, 1, [{}]);
    ({store} = write(store, Person, {id: 'big', name: 'Big', posts: posts.map(p => ({id: p.id}))}, 2));
    const tables = new CountingMap(store.entities);
    const memo = new MemoCache();
    const list = memo.denormalize<Post[]>(all, '{}', tables).data!;
    assert.equal(list.length, N);
    assert.equal(list[0]!.author!.posts[N - 1], list[N - 1]);
    ok(tables.gets < 20 * N, `table lookups grow linearly (got ${tables.gets} for ${N} posts)`);
    // After a change to one post, every post is rebuilt (they all reach it through the author), still linearly.
    ({store} = write(store, Post, {id: 'c3', title: 'changed'}, 3));
    const tables2 = new CountingMap(store.entities);
    const again = memo.denormalize<Post[]>(all, '{}', tables2).data!;
    assert.equal(again[3]!.title, 'changed');
    assert.equal(again[0]!.author!.posts[3], again[3]);
    ok(tables2.gets < 20 * N, `table lookups grow linearly after a change (got ${tables2.gets})`);
  });
});

describe('cycles', () => {
  const personData = () => ({
    id: 'p1',
    name: 'Ann',
    posts: [
      {id: 'x1', title: 'one', author: {id: 'p1'}},
      {id: 'x2', title: 'two', author: {id: 'p1'}},
    ],
  });

  test('a person whose posts point back at the person terminates and is one object', () => {
    const {store, result} = write(emptyStore(), Person, personData());
    const person = new MemoCache().denormalize<Person>(Person, result, store.entities).data!;
    ok(person instanceof Person);
    assert.equal(person.posts.length, 2);
    assert.equal(person.posts[0]!.author, person);
    assert.equal(person.posts[1]!.author, person);
    assert.equal(person.posts[0]!.author!.posts[1], person.posts[1]);
  });

  test('reading the cycle from a post gives the same graph', () => {
    const {store} = write(emptyStore(), Person, personData());
    const memo = new MemoCache();
    const post = memo.denormalize<Post>(Post, 'x2', store.entities).data!;
    assert.equal(post.author!.posts[1], post);
    const person = memo.denormalize<Person>(Person, 'p1', store.entities).data!;
    assert.equal(person, post.author);
  });

  test('a cycle member reached twice in one read is one object', () => {
    const data = {...personData(), pinned: {id: 'x1', title: 'one', author: {id: 'p1'}}};
    const {store} = write(emptyStore(), Person, data);
    const person = new MemoCache().denormalize<Person>(Person, 'p1', store.entities).data!;
    assert.equal(person.pinned, person.posts[0], 'pinned and posts[0] are one instance');
    assert.equal(person.pinned!.author, person);
  });

  test('a list of posts of one author, in a cycle, is consistent', () => {
    const {store} = write(emptyStore(), Person, personData());
    const memo = new MemoCache();
    const posts = memo.denormalize<Post[]>([Post], ['x1', 'x2'], store.entities).data!;
    assert.equal(posts[0]!.author, posts[1]!.author);
    assert.equal(posts[0]!.author!.posts[0], posts[0]);
    assert.equal(posts[1]!.author!.posts[1], posts[1]);
  });

  test('after a change to the person the rebuilt cycle is consistent', () => {
    let {store} = write(emptyStore(), Person, personData(), 1);
    const memo = new MemoCache();
    const old = memo.denormalize<Person>(Person, 'p1', store.entities).data!;
    ({store} = write(store, Person, {id: 'p1', name: 'Renamed'}, 2));
    const post = memo.denormalize<Post>(Post, 'x1', store.entities).data!;
    assert.notEqual(post, old.posts[0], 'the post depends on its author: renewed');
    assert.equal(post.author!.name, 'Renamed');
    assert.equal(post.author!.posts[0], post);
    const person = memo.denormalize<Person>(Person, 'p1', store.entities).data!;
    assert.equal(person, post.author);
    assert.equal(person.posts[1]!.author, person);
    assert.notEqual(person, old);
    // The old graph is untouched.
    assert.equal(old.name, 'Ann');
    assert.equal(old.posts[0]!.author, old);
  });

  test('after a change to a post the rebuilt cycle is consistent', () => {
    let {store} = write(emptyStore(), Person, personData(), 1);
    const memo = new MemoCache();
    const old = memo.denormalize<Person>(Person, 'p1', store.entities).data!;
    ({store} = write(store, Post, {id: 'x2', title: 'two!'}, 2));
    const person = memo.denormalize<Person>(Person, 'p1', store.entities).data!;
    assert.notEqual(person, old);
    assert.equal(person.posts[1]!.title, 'two!');
    assert.equal(person.posts[0]!.author, person);
    assert.equal(person.posts[1]!.author, person);
    assert.equal(memo.denormalize<Post>(Post, 'x1', store.entities).data, person.posts[0]);
    // Warm again.
    assert.equal(memo.denormalize<Person>(Person, 'p1', store.entities).data, person);
  });

  test('a self-reference terminates', () => {
    const {store} = write(emptyStore(), Post, {id: 'x9', title: 'self', author: {id: 'p9', posts: [{id: 'x9'}]}});
    const post = new MemoCache().denormalize<Post>(Post, 'x9', store.entities).data!;
    assert.equal(post.author!.posts[0], post);
    assert.equal(post.title, 'self');
  });
});

describe('memo and INVALID', () => {
  test('an entity whose required author is INVALID through a cycle is invalid whichever is read first', () => {
    // p1 is INVALID because its pinned post is; x1 requires p1 as author.
    let {store} = write(emptyStore(), Person, {
      id: 'p1',
      name: 'Ann',
      posts: [{id: 'x1', title: 'one', author: {id: 'p1'}}],
      pinned: {id: 'x2', title: 'two', author: {id: 'p1'}},
    });
    ({store} = write(store, new schema.Invalidate(Post), 'x2', 2));
    const memo = new MemoCache();
    assert.equal(memo.denormalize(Person, 'p1', store.entities).invalid, true);
    const x1 = memo.denormalize<Post>(Post, 'x1', store.entities);
    assert.equal(x1.invalid, true, 'x1 requires p1, which is INVALID');
    assert.equal(new MemoCache().denormalize(Post, 'x1', store.entities).invalid, true, 'same answer from a fresh memo');
  });


  test('a result renewed after invalidation, and valid again after a refetch', () => {
    let {store, result} = write(emptyStore(), LIST, stories(4, 2), 1);
    const memo = new MemoCache();
    const a = memo.denormalize<Story[]>(LIST, result, store.entities).data!;
    ({store} = write(store, new schema.Invalidate(Writer), 'w1', 2));
    const b = memo.denormalize<Story[]>(LIST, result, store.entities).data!;
    assert.deepEqual(b.map(s => s.id), ['s0', 's2']);
    assert.equal(b[0], a[0]);
    assert.equal(memo.denormalize<Story>(Story, 's1', store.entities).invalid, true);
    ({store} = write(store, Writer, {id: 'w1', name: 'back'}, 3));
    const c = memo.denormalize<Story[]>(LIST, result, store.entities).data!;
    assert.equal(c.length, 4);
    assert.equal(c[1]!.author.name, 'back');
    assert.equal(c[0], a[0]);
  });
});

// A generic graph: nodes whose `next` lists point at other nodes (optional:
// INVALID ones drop out) and whose `ref` is required, cycles allowed.
class GNode extends Entity {
  id = '';
  label = '';
  next: GNode[] = [];
  ref: GNode | null = null;
  static key = 'GNode';
}
GNode.schema = {next: [GNode], ref: GNode};

interface PlainNode {
  label: string;
  next: string[];
  ref: string | null;
}
type Graph = Record<string, PlainNode>;
const nodeData = (id: string, n: PlainNode) => ({id, label: n.label, next: n.next.map(x => ({id: x})), ref: n.ref === null ? null : {id: n.ref}});
const graphData = (g: Graph) => Object.keys(g).map(id => nodeData(id, g[id]!));

/** INVALID nodes: invalidated ones, and those whose required ref is INVALID. */
function invalidSet(g: Graph, invalidated: ReadonlySet<string>): Set<string> {
  const out = new Set(invalidated);
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of Object.keys(g)) {
      const ref = g[id]!.ref;
      if (!out.has(id) && ref !== null && out.has(ref)) {
        out.add(id);
        changed = true;
      }
    }
  }
  return out;
}

/** Checks a built node graph against the plain graph; one instance per id per store (`seen`). */
function checkGraph(root: GNode, g: Graph, seen: Map<string, GNode>, invalid: ReadonlySet<string> = new Set()): void {
  const stack = [root];
  const visited = new Set<GNode>();
  while (stack.length) {
    const node = stack.pop()!;
    if (visited.has(node)) continue;
    visited.add(node);
    ok(node instanceof GNode, 'a GNode instance');
    ok(!invalid.has(node.id), `${node.id} is INVALID and must not be shown`);
    const earlier = seen.get(node.id);
    if (earlier) assert.equal(node, earlier, `one instance of ${node.id} for one store`);
    else seen.set(node.id, node);
    const plain = g[node.id]!;
    assert.equal(node.label, plain.label, `label of ${node.id}`);
    assert.deepEqual(node.next.map(n => n.id), plain.next.filter(n => !invalid.has(n)), `edges of ${node.id}`);
    assert.equal(node.ref === null ? null : node.ref.id, plain.ref, `ref of ${node.id}`);
    stack.push(...node.next);
    if (node.ref) stack.push(node.ref);
  }
}

function reaches(g: Graph, from: string, to: ReadonlySet<string>): boolean {
  const stack = [from];
  const visited = new Set<string>();
  while (stack.length) {
    const id = stack.pop()!;
    if (to.has(id)) return true;
    if (visited.has(id)) continue;
    visited.add(id);
    stack.push(...g[id]!.next);
    if (g[id]!.ref !== null) stack.push(g[id]!.ref!);
  }
  return false;
}

describe('memo on cyclic graphs', () => {
  test('a node that joins a finished part of a cycle is stored with the whole cycle', () => {
    // R -> [A, D]; A -> [B, C]; B -> [A]; C -> [R]; D -> [B]
    const node = (label: string, next: string[]): PlainNode => ({label, next, ref: null});
    const g: Graph = {R: node('r', ['A', 'D']), A: node('a', ['B', 'C']), B: node('b', ['A']), C: node('c', ['R']), D: node('d', ['B'])};
    let {store} = write(emptyStore(), [GNode], graphData(g), 1);
    const memo = new MemoCache();
    const r = memo.denormalize<GNode>(GNode, 'R', store.entities).data!;
    checkGraph(r, g, new Map());
    ({store} = write(store, GNode, {id: 'A', label: 'a2'}, 2));
    g.A!.label = 'a2';
    const d = memo.denormalize<GNode>(GNode, 'D', store.entities).data!;
    assert.equal(d.next[0]!.next[0]!.label, 'a2', 'D sees the new A');
    const seen = new Map<string, GNode>();
    checkGraph(d, g, seen);
    checkGraph(memo.denormalize<GNode>(GNode, 'R', store.entities).data!, g, seen);
  });

  test('a cycle member that turns INVALID does not break the identity of the valid ones', () => {
    // n4.ref -> n2; n2.next -> [n5]; n5.next -> [n4], n5.ref -> n0 (INVALID): n5 drops out of n2.next.
    const g: Graph = {
      n0: {label: 'n0', next: [], ref: null},
      n2: {label: 'n2', next: ['n5'], ref: null},
      n4: {label: 'n4', next: [], ref: 'n2'},
      n5: {label: 'n5', next: ['n4'], ref: 'n0'},
    };
    let {store} = write(emptyStore(), [GNode], graphData(g), 1);
    ({store} = write(store, new schema.Invalidate(GNode), 'n0', 2));
    const memo = new MemoCache();
    const n4 = memo.denormalize<GNode>(GNode, 'n4', store.entities).data!;
    const invalid = invalidSet(g, new Set(['n0']));
    const seen = new Map<string, GNode>();
    checkGraph(n4, g, seen, invalid);
    assert.equal(memo.denormalize<GNode>(GNode, 'n2', store.entities).data, n4.ref);
    assert.equal(memo.denormalize(GNode, 'n5', store.entities).invalid, true);
  });

  test('a member that required an INVALID object under construction is rebuilt as INVALID', () => {
    // A.next -> [B]; B.ref -> A (required); A.ref -> X (INVALID). A is INVALID, so B is too.
    const g: Graph = {
      A: {label: 'a', next: ['B'], ref: 'X'},
      B: {label: 'b', next: [], ref: 'A'},
      C: {label: 'c', next: ['B', 'A'], ref: null},
      X: {label: 'x', next: [], ref: null},
    };
    let {store} = write(emptyStore(), [GNode], graphData(g), 1);
    ({store} = write(store, new schema.Invalidate(GNode), 'X', 2));
    const memo = new MemoCache();
    assert.equal(memo.denormalize(GNode, 'A', store.entities).invalid, true);
    assert.equal(memo.denormalize(GNode, 'B', store.entities).invalid, true);
    const c = memo.denormalize<GNode>(GNode, 'C', store.entities).data!;
    assert.deepEqual(c.next, [], 'B and A drop out of C.next');
  });

  test('random graphs: reads match the store, one instance per node, unchanged parts kept', () => {
    const runs = Number(process.env.FUZZ_RUNS) || 150;
    const graphArb = fc.integer({min: 1, max: 7}).chain(n => {
      const ids = Array.from({length: n}, (_, i) => `n${i}`);
      const id = fc.constantFrom(...ids);
      const ref = fc.option(id, {freq: 3});
      return fc
        .record({
          nodes: fc.array(fc.record({next: fc.array(id, {maxLength: 3}), ref}), {minLength: n, maxLength: n}),
          ops: fc.array(
            fc.oneof(
              {weight: 3, arbitrary: fc.record({kind: fc.constant('read' as const), id})},
              fc.record({kind: fc.constant('label' as const), id}),
              fc.record({kind: fc.constant('edges' as const), id, next: fc.array(id, {maxLength: 3}), ref}),
              fc.record({kind: fc.constant('invalidate' as const), id}),
            ),
            {maxLength: 30},
          ),
        })
        .map(r => ({ids, ...r}));
    });
    fc.assert(
      fc.property(graphArb, ({ids, nodes, ops}) => {
        const g: Graph = {};
        ids.forEach((id, i) => (g[id] = {label: `${id}@0`, next: nodes[i]!.next, ref: nodes[i]!.ref}));
        const invalidated = new Set<string>();
        let {store} = write(emptyStore(), [GNode], graphData(g), 0);
        const memo = new MemoCache();
        let seen = new Map<string, GNode>();
        let t = 0;
        const readAndCheck = (id: string) => {
          const out = memo.denormalize<GNode>(GNode, id, store.entities);
          const invalid = invalidSet(g, invalidated);
          assert.equal(out.invalid, invalid.has(id), `invalid flag of ${id}`);
          if (!out.invalid) checkGraph(out.data!, g, seen, invalid);
        };
        for (const op of ops) {
          if (op.kind === 'read') {
            readAndCheck(op.id);
            continue;
          }
          t++;
          const old: Graph = JSON.parse(JSON.stringify(g));
          const changed = new Set([op.id]);
          if (op.kind === 'invalidate') {
            invalidated.add(op.id);
            ({store} = write(store, new schema.Invalidate(GNode), op.id, t));
          } else {
            const plain = g[op.id]!;
            plain.label = `${op.id}@${t}`;
            if (op.kind === 'edges') {
              plain.next = op.next;
              plain.ref = op.ref;
            }
            invalidated.delete(op.id);
            // A reference {id} to an INVALID node brings it back with only its id.
            for (const other of [...plain.next, ...(plain.ref === null ? [] : [plain.ref])]) {
              if (invalidated.has(other) && other !== op.id) {
                invalidated.delete(other);
                g[other] = {label: '', next: [], ref: null};
                changed.add(other);
              }
            }
            ({store} = write(store, GNode, nodeData(op.id, plain), t));
          }
          const previous = seen;
          seen = new Map();
          for (const [id, instance] of previous) {
            readAndCheck(id);
            if (!reaches(old, id, changed)) assert.equal(seen.get(id), instance, `${id} does not reach a change: kept`);
          }
        }
      }),
      {numRuns: runs},
    );
  });
});

describe('two classes sharing one table', () => {
  test('each class reads instances of its own class from the same rows', () => {
    class AppTodo extends Entity {
      id = '';
      title = '';
      static override key = 'SharedTodo';
      get shout() {
        return this.title.toUpperCase();
      }
    }
    class DeclaredTodo extends Entity {
      id = '';
      title = '';
      static override key = 'SharedTodo';
    }
    const response = normalize([DeclaredTodo], [{id: '1', title: 'a'}]);
    const store = mergeResponse(emptyStore(), response, {fetchedAt: 1, date: 1, expiresAt: 2});
    const memo = new MemoCache();
    const declared = memo.denormalize<DeclaredTodo[]>([DeclaredTodo], response.result, store.entities).data!;
    const app = memo.query<AppTodo[]>(new schema.All(AppTodo), [], store.entities).data!;
    assert.ok(declared[0] instanceof DeclaredTodo, 'the declared class gets its instances');
    assert.ok(app[0] instanceof AppTodo, 'the app class gets its instances');
    assert.equal(app[0].shout, 'A');
    assert.equal(memo.query<AppTodo[]>(new schema.All(AppTodo), [], store.entities).data![0], app[0], 'and keeps them identical');
  });
});
