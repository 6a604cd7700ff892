// schema.Collection (lists keyed by args, push/unshift/assign) and schema.All.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {
  Entity,
  INVALID,
  MemoCache,
  SchemaError,
  emptyStore,
  mergeResponse,
  normalize,
  schema,
  type EntityMeta,
  type EntityStore,
} from '../../src/schema/index.js';
import {ok, at, write} from './helpers/schema-store.js';




class Todo extends Entity {
  id = '';
  title = '';
  userId = '';
  static key = 'Todo';
}

const todos = new schema.Collection([Todo]);
const TABLE = todos.key;
const todo = (id: string, userId = '1') => ({id, title: `todo ${id}`, userId});

/** A store holding three cached lists: userId 1, userId 2 and the unfiltered list. */
function threeLists() {
  let store = emptyStore();
  const r1 = write(store, todos, [todo('a', '1')], 1, [{userId: '1'}]);
  const r2 = write(r1.store, todos, [todo('b', '2')], 1, [{userId: '2'}]);
  const r0 = write(r2.store, todos, [todo('a', '1'), todo('b', '2')], 1, [{}]);
  store = r0.store;
  return {store, one: r1.result as string, two: r2.result as string, all: r0.result as string};
}

const ids = (list: readonly Todo[] | undefined) => (list ?? []).map(t => t.id);

describe('schema.Collection', () => {
  test('a Collection is stored under its args', () => {
    const {store, one, two, all} = threeLists();
    assert.equal(one, '{"userId":"1"}');
    assert.equal(two, '{"userId":"2"}');
    assert.equal(all, '{}');
    assert.equal(TABLE, 'Collection(Todo)');
    assert.deepEqual([...store.entities.get(TABLE)!.keys()], [one, two, all]);
    assert.deepEqual(store.entities.get(TABLE)!.get(one), ['a']);
    const memo = new MemoCache();
    const list = memo.denormalize<Todo[]>(todos, one, store.entities).data!;
    ok(Array.isArray(list), 'a list');
    ok(list[0] instanceof Todo, 'of Todo instances');
    assert.deepEqual(ids(list), ['a']);
  });

  test('Collection args are compared by value: key order and number/string do not matter', () => {
    assert.equal(todos.pk([{userId: 1, done: false}]), todos.pk([{done: 'false', userId: '1'}]));
    assert.equal(todos.pk([{userId: undefined}]), todos.pk([]));
    assert.notEqual(todos.pk([{userId: 1}]), todos.pk([{userId: 2}]));
  });

  test('a refetched list replaces the cached one; an equal one keeps it', () => {
    let {store, one} = threeLists();
    const row = store.entities.get(TABLE)!.get(one);
    ({store} = write(store, todos, [todo('a', '1')], 2, [{userId: '1'}]));
    assert.equal(store.entities.get(TABLE)!.get(one), row, 'equal list: same row');
    ({store} = write(store, todos, [todo('c', '1')], 3, [{userId: '1'}]));
    assert.deepEqual(store.entities.get(TABLE)!.get(one), ['c']);
  });

  test('memo.query reads a Collection by args, undefined when that list is not cached', () => {
    const {store} = threeLists();
    const memo = new MemoCache();
    const a = memo.query<Todo[]>(todos, [{userId: 1}], store.entities);
    assert.deepEqual(ids(a.data), ['a']);
    assert.equal(memo.query<Todo[]>(todos, [{userId: 1}], store.entities).data, a.data);
    assert.equal(memo.query(todos, [{userId: 3}], store.entities).data, undefined);
  });

  test('push adds to every cached list whose filter matches, comparing as strings', () => {
    const {store, one, two, all} = threeLists();
    const memo = new MemoCache();
    const before2 = memo.denormalize<Todo[]>(todos, two, store.entities).data!;
    const n = normalize(todos.push, todo('c', '1'), [{userId: 1}]);
    assert.equal(n.result, 'c');
    const next = mergeResponse(store, n, at(2));
    assert.deepEqual(next.entities.get(TABLE)!.get(one), ['a', 'c']);
    assert.deepEqual(next.entities.get(TABLE)!.get(all), ['a', 'b', 'c']);
    assert.equal(next.entities.get(TABLE)!.get(two), store.entities.get(TABLE)!.get(two), 'other filter: row untouched');
    assert.deepEqual(ids(memo.denormalize<Todo[]>(todos, one, next.entities).data), ['a', 'c']);
    assert.equal(memo.denormalize<Todo[]>(todos, two, next.entities).data, before2, 'other filter: same list object');
    // The push result reads as the new item.
    const created = memo.denormalize<Todo>(todos.push, n.result, next.entities).data!;
    ok(created instanceof Todo, 'the push result is a Todo');
    assert.equal(created.id, 'c');
  });

  test('push matches a list on a field of the body', () => {
    const {store, one, two} = threeLists();
    const next = write(store, todos.push, todo('c', '1'), 2, [{}, {userId: 1, title: 'x'}]).store;
    assert.deepEqual(next.entities.get(TABLE)!.get(one), ['a', 'c']);
    assert.deepEqual(next.entities.get(TABLE)!.get(two), ['b']);
  });

  test('a list with more filter keys than the call does not match', () => {
    let {store} = threeLists();
    const narrow = write(store, todos, [], 1, [{userId: '1', done: 'true'}]);
    store = narrow.store;
    const next = write(store, todos.push, todo('c', '1'), 2, [{userId: '1'}]).store;
    assert.deepEqual(next.entities.get(TABLE)!.get(narrow.result as string), []);
    const wider = write(store, todos.push, todo('d', '1'), 3, [{userId: 1, done: true, extra: 'x'}]).store;
    assert.deepEqual(wider.entities.get(TABLE)!.get(narrow.result as string), ['d']);
  });

  test('unshift adds at the start of matching lists', () => {
    const {store, one, all} = threeLists();
    const next = write(store, todos.unshift, todo('c', '1'), 2, [{userId: '1'}]).store;
    assert.deepEqual(next.entities.get(TABLE)!.get(one), ['c', 'a']);
    assert.deepEqual(next.entities.get(TABLE)!.get(all), ['c', 'a', 'b']);
  });

  test('pushing an item again does not duplicate it, and keeps the row', () => {
    const {store, one} = threeLists();
    const s2 = write(store, todos.push, todo('c', '1'), 2, [{userId: '1'}]).store;
    const row = s2.entities.get(TABLE)!.get(one);
    const s3 = write(s2, todos.push, todo('c', '1'), 3, [{userId: '1'}]).store;
    assert.equal(s3.entities.get(TABLE)!.get(one), row);
    assert.deepEqual(row, ['a', 'c']);
    const s4 = write(s3, todos.push, [todo('a', '1'), todo('d', '1')], 4, [{userId: '1'}]).store;
    assert.deepEqual(s4.entities.get(TABLE)!.get(one), ['a', 'c', 'd']);
  });

  test('push of a list of items adds them all in order', () => {
    const {store, one} = threeLists();
    const n = normalize(todos.push, [todo('c'), todo('d')], [{userId: '1'}]);
    assert.deepEqual(n.result, ['c', 'd']);
    const next = mergeResponse(store, n, at(2));
    assert.deepEqual(next.entities.get(TABLE)!.get(one), ['a', 'c', 'd']);
    const out = new MemoCache().denormalize<Todo[]>(todos.push, n.result, next.entities).data!;
    assert.deepEqual(ids(out), ['c', 'd']);
  });

  test('an empty push response adds nothing to the lists', () => {
    const {store, one} = threeLists();
    for (const empty of [null, undefined]) {
      const next = write(store, todos.push, empty, 2, [{userId: '1'}]).store;
      assert.deepEqual(next.entities.get(TABLE)!.get(one), ['a']);
    }
    const next = write(store, todos.push, [null, todo('c')], 2, [{userId: '1'}]).store;
    assert.deepEqual(next.entities.get(TABLE)!.get(one), ['a', 'c']);
  });

  test('push with no list cached only writes the entity', () => {
    const {store, result} = write(emptyStore(), todos.push, todo('c'), 1, [{userId: '1'}]);
    assert.equal(store.entities.get(TABLE), undefined);
    assert.equal(result, 'c');
    ok(store.entities.get('Todo')!.has('c'), 'the Todo is stored');
  });

  test('a push without its pk throws SchemaError and writes nothing', () => {
    const {store} = threeLists();
    assert.throws(() => write(store, todos.push, {title: 'no id'}, 2, [{userId: '1'}]), (e: unknown) => e instanceof SchemaError && e.entity === 'Todo');
  });

  test('an INVALID item drops out of collections', () => {
    let {store, one, all} = threeLists();
    const memo = new MemoCache();
    const before = memo.denormalize<Todo[]>(todos, all, store.entities).data!;
    ({store} = write(store, new schema.Invalidate(Todo), {id: 'a'}, 2));
    assert.deepEqual(ids(memo.denormalize<Todo[]>(todos, one, store.entities).data), []);
    const after = memo.denormalize<Todo[]>(todos, all, store.entities).data!;
    assert.deepEqual(ids(after), ['b']);
    assert.equal(after[0], before[1], 'the remaining item keeps its identity');
    assert.equal(store.entities.get('Todo')!.get('a'), INVALID);
  });

  test('assign merges an id map into every matching Values collection', () => {
    const byId = new schema.Collection(new schema.Values(Todo), {key: 'TodoMap'});
    let {store, result} = write(emptyStore(), byId, {a: todo('a')}, 1, [{userId: '1'}]);
    const other = write(store, byId, {b: todo('b', '2')}, 1, [{userId: '2'}]);
    store = other.store;
    const memo = new MemoCache();
    const otherBefore = memo.denormalize(byId, other.result, store.entities).data;
    ({store} = write(store, byId.assign, {c: todo('c')}, 2, [{userId: 1}]));
    assert.deepEqual(store.entities.get('TodoMap')!.get(result as string), {a: 'a', c: 'c'});
    const map = memo.denormalize<Record<string, Todo>>(byId, result, store.entities).data!;
    assert.deepEqual(Object.keys(map), ['a', 'c']);
    ok(map.c instanceof Todo, 'a Todo');
    assert.equal(memo.denormalize(byId, other.result, store.entities).data, otherBefore);
    assert.throws(() => normalize(byId.assign, [todo('x')], [{userId: 1}]), SchemaError);
  });

  test('two collections with distinct keys keep separate tables', () => {
    const done = new schema.Collection([Todo], {key: 'DoneTodos'});
    let {store} = write(emptyStore(), todos, [todo('a')], 1, [{}]);
    ({store} = write(store, done, [todo('b')], 1, [{}]));
    ({store} = write(store, done.push, todo('c'), 2, [{}]));
    assert.deepEqual(store.entities.get(TABLE)!.get('{}'), ['a']);
    assert.deepEqual(store.entities.get('DoneTodos')!.get('{}'), ['b', 'c']);
  });

  test('a custom argsKey picks the filter', () => {
    const byUser = new schema.Collection([Todo], {key: 'ByUser', argsKey: (params: {userId?: string}) => ({userId: params?.userId})});
    const {result} = write(emptyStore(), byUser, [], 1, [{userId: '1', page: 2}]);
    assert.equal(result, '{"userId":"1"}');
  });
});

describe('schema.All', () => {
  const all = new schema.All(Todo);

  test('All is undefined before any row of that type', () => {
    const memo = new MemoCache();
    assert.equal(memo.query(all, [], emptyStore().entities).data, undefined);
    class Note extends Entity {
      id = '';
      static key = 'Note';
    }
    const {store} = write(emptyStore(), [Note], [{id: 'n1'}], 1);
    assert.equal(memo.query(all, [], store.entities).data, undefined, 'other types do not count');
    const empty = write(emptyStore(), [Todo], [], 1).store;
    assert.equal(memo.query(all, [], empty.entities).data, undefined, 'an empty list stores no Todo');
  });

  test('All lists every cached entity in insertion order', () => {
    let {store} = write(emptyStore(), [Todo], [todo('b'), todo('a')], 1);
    ({store} = write(store, Todo, todo('c'), 2));
    ({store} = write(store, Todo, {...todo('b'), title: 'changed'}, 3));
    const list = new MemoCache().query<Todo[]>(all, [], store.entities).data!;
    assert.deepEqual(ids(list), ['b', 'a', 'c']);
    assert.equal(list[0]!.title, 'changed');
  });

  test('All drops INVALID entities, and is [] when all are invalid', () => {
    let {store} = write(emptyStore(), [Todo], [todo('a'), todo('b')], 1);
    ({store} = write(store, new schema.Invalidate(Todo), 'a', 2));
    const memo = new MemoCache();
    assert.deepEqual(ids(memo.query<Todo[]>(all, [], store.entities).data), ['b']);
    ({store} = write(store, new schema.Invalidate(Todo), 'b', 3));
    assert.deepEqual(memo.query<Todo[]>(all, [], store.entities).data, []);
  });

  test('All keeps its identity while the table is unchanged and after an equal refetch', () => {
    let {store} = write(emptyStore(), [Todo], [todo('a'), todo('b')], 1);
    const memo = new MemoCache();
    const a = memo.query<Todo[]>(all, [], store.entities).data;
    assert.equal(memo.query<Todo[]>(all, [], store.entities).data, a);
    ({store} = write(store, [Todo], [todo('a'), todo('b')], 2));
    assert.equal(memo.query<Todo[]>(all, [], store.entities).data, a);
    ({store} = write(store, Todo, {...todo('a'), title: 'x'}, 3));
    const b = memo.query<Todo[]>(all, [], store.entities).data!;
    assert.notEqual(b, a);
    assert.equal(b[1], a![1]);
  });

  test('All as a response schema normalizes like a list', () => {
    const {store, result} = write(emptyStore(), all, [todo('a'), todo('b')], 1);
    assert.deepEqual(result, ['a', 'b']);
    assert.deepEqual(ids(new MemoCache().denormalize<Todo[]>(all, result, store.entities).data), ['a', 'b']);
  });
});
