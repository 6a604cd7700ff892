// normalize + mergeResponse: joins, lists, all-or-nothing writes, shape errors,
// useIncoming ordering, immutable tables, schema.Values and schema.Invalidate.
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
import {ok, at, write, read} from './helpers/schema-store.js';



const row = (store: EntityStore, key: string, pk: string) => store.entities.get(key)?.get(pk) as any;

class User extends Entity {
  id = '';
  name = '';
  static key = 'User';
}
class Tag extends Entity {
  id = '';
  label = '';
  static key = 'Tag';
}
class Article extends Entity {
  id = '';
  title = '';
  body = '';
  author = User.fromJS();
  tags: Tag[] = [];
  publishedAt = new Date(0);
  static key = 'Article';
  static schema = {author: User, tags: [Tag], publishedAt: Date};
}
class Post extends Entity {
  id = '';
  title = '';
  updatedAt = 0;
  static key = 'Post';
  static useIncoming(_a: EntityMeta, _b: EntityMeta, existing: any, incoming: any) {
    return existing.updatedAt <= incoming.updatedAt;
  }
}

const articles = (n: number) =>
  Array.from({length: n}, (_, i) => ({id: `a${i + 1}`, title: `T${i + 1}`, author: {id: 'u1', name: 'Ann'}}));

describe('normalize', () => {
  test('normalize returns result and writes without touching a store', () => {
    const store = emptyStore();
    const n = normalize([Article], articles(2));
    assert.deepEqual(n.result, ['a1', 'a2']);
    assert.deepEqual([...n.entities.keys()].sort(), ['Article', 'User']);
    assert.deepEqual([...n.entities.get('Article')!.rows.keys()], ['a1', 'a2']);
    assert.equal(n.invalidated.size, 0);
    assert.deepEqual(n.collectionOps, []);
    assert.equal(store.entities.size, 0);
  });

  test('nested entities are joined by pk and denormalize back to instances', () => {
    const {store, result} = write(emptyStore(), [Article], [
      {id: 'a1', title: 'One', author: {id: 'u1', name: 'Ann'}},
      {id: 'a2', title: 'Two', author: {id: 'u1', name: 'Ann'}},
    ]);
    assert.equal(row(store, 'Article', 'a1').author, 'u1');
    assert.deepEqual(row(store, 'User', 'u1'), {id: 'u1', name: 'Ann'});
    const [a1, a2] = read<Article[]>([Article], result, store).data!;
    ok(a1 instanceof Article && a2 instanceof Article);
    ok(a1.author instanceof User);
    assert.equal(a1.author.name, 'Ann');
    assert.equal(a1.author, a2.author, 'one User instance shared by both articles');
  });

  test('[Entity] fields store pks and come back as lists of instances', () => {
    const {store, result} = write(emptyStore(), Article, {
      id: 'a1',
      tags: [{id: 't1', label: 'x'}, {id: 't2', label: 'y'}],
    });
    assert.deepEqual(row(store, 'Article', 'a1').tags, ['t1', 't2']);
    const article = read<Article>(Article, result, store).data!;
    assert.equal(article.tags.length, 2);
    ok(article.tags.every(t => t instanceof Tag));
    assert.deepEqual(article.tags.map(t => t.label), ['x', 'y']);
  });

  test('object schemas normalize their members and pass other keys through', () => {
    const page = {items: [Article]};
    const {store, result} = write(emptyStore(), page, {items: articles(1), total: 1, next: null});
    assert.deepEqual(result, {items: ['a1'], total: 1, next: null});
    const out = read<any>(page, result, store).data;
    assert.equal(out.total, 1);
    ok(out.items[0] instanceof Article);
  });

  test('the same entity twice in one response merges (later fields win, earlier ones fill gaps)', () => {
    const n = normalize([Article], [
      {id: 'a1', title: 'first', body: 'kept', author: {id: 'u1', name: 'Ann'}},
      {id: 'a1', title: 'second', author: {id: 'u1'}},
    ]);
    assert.deepEqual(n.result, ['a1', 'a1']);
    assert.deepEqual(n.entities.get('Article')!.rows.get('a1'), {id: 'a1', title: 'second', body: 'kept', author: 'u1'});
    assert.deepEqual(n.entities.get('User')!.rows.get('u1'), {id: 'u1', name: 'Ann'});
  });

  test('a repeated entity equal to its earlier row keeps that row; a different or invalid one still counts', () => {
    class Stamped extends Entity {
      id = '';
      at = new Date(0);
      static key = 'Stamped';
      static schema = {at: Date};
    }
    class Loose extends Entity {
      id = '';
      at = '';
      static key = 'Stamped';
    }
    const same = normalize([Stamped], [{id: 's', at: '2024-01-01T00:00:00Z'}, {id: 's', at: '2024-01-01T00:00:00Z'}, {id: 's'}]);
    const first = same.entities.get('Stamped')!.rows.get('s');
    assert.deepEqual(first, {id: 's', at: '2024-01-01T00:00:00Z'});
    const changed = normalize([Stamped], [{id: 's', at: '2024-01-01T00:00:00Z'}, {id: 's', at: '2024-02-01T00:00:00Z', x: 1}]);
    assert.deepEqual(changed.entities.get('Stamped')!.rows.get('s'), {id: 's', at: '2024-02-01T00:00:00Z', x: 1});
    assert.throws(() => normalize([Stamped], [{id: 's', at: '2024-01-01T00:00:00Z'}, {id: 's', at: 'not a date'}]), (e: unknown) => {
      assert.ok(e instanceof SchemaError);
      assert.equal(e.path, '[1].at');
      return true;
    });
    // Another class of the same table recorded the value without checking it as a date.
    assert.throws(() => normalize({a: Loose, b: Stamped}, {a: {id: 's', at: 'nope'}, b: {id: 's', at: 'nope'}}), SchemaError);
  });

  test('null and undefined items of a list are skipped', () => {
    const n = normalize([Article], [null, {id: 'a1'}, undefined]);
    assert.deepEqual(n.result, ['a1']);
  });

  test('a null top-level response normalizes to null', () => {
    assert.equal(normalize(Article, null).result, null);
    assert.equal(normalize([Article], null).result, null);
  });
});

describe('all or nothing', () => {
  test('a list where item 3 of 5 lacks its pk throws and writes nothing', () => {
    let {store} = write(emptyStore(), [Article], articles(1), 1);
    const before = store;
    const data = articles(5);
    delete (data[2] as {id?: string}).id;
    assert.throws(
      () => {
        store = write(store, [Article], data, 2).store;
      },
      (e: unknown) => e instanceof SchemaError && e.entity === 'Article' && e.path === '[2].id' && /Article/.test(e.message) && /\[2\]\.id/.test(e.message),
    );
    assert.equal(store, before, 'the store is untouched');
    assert.deepEqual([...store.entities.get('Article')!.keys()], ['a1']);
    assert.equal(row(store, 'Article', 'a1').title, 'T1');
  });

  test('a nested author without pk in item 3 of 5 writes nothing either', () => {
    const data = articles(5);
    (data[2]!.author as {id?: string}).id = undefined;
    assert.throws(() => normalize([Article], data), (e: unknown) => e instanceof SchemaError && e.entity === 'User' && e.path === '[2].author.id');
  });

  test('a list where an object was expected throws SchemaError', () => {
    assert.throws(() => normalize(Article, [{id: 'a1'}]), (e: unknown) => e instanceof SchemaError && e.entity === 'Article' && /expected an object/.test(e.message));
    assert.throws(() => normalize(Article, {id: 'a1', author: [{id: 'u1'}]}), (e: unknown) => e instanceof SchemaError && e.entity === 'User' && e.path === 'author');
    assert.throws(() => normalize({page: {x: Article}}, {page: ['nope']}), (e: unknown) => e instanceof SchemaError && e.path === 'page');
  });

  test('an object where a list was expected throws SchemaError', () => {
    assert.throws(() => normalize([Article], {id: 'a1'}), (e: unknown) => e instanceof SchemaError && e.path === '' && /expected a list/.test(e.message));
    assert.throws(
      () => normalize([Article], [{id: 'a1', tags: {id: 't1'}}]),
      (e: unknown) => e instanceof SchemaError && e.path === '[0].tags' && /Tag/.test(e.message),
    );
  });

  test('a primitive where an entity was expected throws SchemaError', () => {
    assert.throws(() => normalize(Article, 'a1'), SchemaError);
    assert.throws(() => normalize([Article], [1, 2]), (e: unknown) => e instanceof SchemaError && e.path === '[0]');
    assert.throws(() => normalize(Article, {id: 'a1', author: 'u1'}), (e: unknown) => e instanceof SchemaError && e.path === 'author');
  });
});

describe('mergeResponse', () => {
  test('mergeResponse returns a new store and leaves the given one unchanged', () => {
    const s0 = emptyStore();
    const {store: s1} = write(s0, [Article], articles(2), 1);
    assert.equal(s0.entities.size, 0);
    const userTable = s1.entities.get('User');
    const {store: s2} = write(s1, Article, {id: 'a3', title: 'x'}, 2);
    assert.notEqual(s2, s1);
    assert.notEqual(s2.entities.get('Article'), s1.entities.get('Article'), 'the written table is a copy');
    assert.equal(s2.entities.get('User'), userTable, 'an untouched table keeps its identity');
    assert.equal(s1.entities.get('Article')!.size, 2);
    assert.equal(s2.entities.get('Article')!.size, 3);
  });

  test('rows whose incoming data is equal keep their identity, and unchanged tables too', () => {
    const {store: s1} = write(emptyStore(), [Article], articles(3), 1);
    const {store: s2} = write(s1, [Article], articles(3), 2);
    assert.equal(s2.entities, s1.entities, 'no entity table changed');
    assert.equal(row(s2, 'Article', 'a1'), row(s1, 'Article', 'a1'));
    assert.equal(s2.entitiesMeta.get('Article')!.get('a1')!.fetchedAt, 2, 'meta records the newer fetch');
  });

  test('a changed field replaces only that row; nested lists that are equal keep their identity', () => {
    const {store: s1} = write(emptyStore(), Article, {id: 'a1', title: 'x', tags: [{id: 't1'}]}, 1);
    const {store: s2} = write(s1, Article, {id: 'a1', title: 'y', tags: [{id: 't1'}]}, 2);
    assert.notEqual(row(s2, 'Article', 'a1'), row(s1, 'Article', 'a1'));
    assert.equal(row(s2, 'Article', 'a1').tags, row(s1, 'Article', 'a1').tags);
    assert.equal(row(s2, 'Article', 'a1').title, 'y');
  });

  test('a partial response keeps the fields it does not carry', () => {
    const {store: s1} = write(emptyStore(), Article, {id: 'a1', title: 'x', body: 'long'}, 1);
    const {store: s2} = write(s1, Article, {id: 'a1', title: 'y'}, 2);
    assert.deepEqual(row(s2, 'Article', 'a1'), {id: 'a1', title: 'y', body: 'long'});
  });

  test('a Date value (an optimistic response built in JS) that changes is written', () => {
    const {store: s1} = write(emptyStore(), Article, {id: 'a1', publishedAt: new Date(1000)}, 1);
    const {store: s2} = write(s1, Article, {id: 'a1', publishedAt: new Date(2000)}, 2);
    assert.equal(read<Article>(Article, 'a1', s2).data!.publishedAt.getTime(), 2000);
    const {store: s3} = write(s2, Article, {id: 'a1', publishedAt: new Date(2000)}, 3);
    assert.equal(s3.entities, s2.entities, 'an equal Date keeps the row');
  });

  test('mergeResponse with nothing to write returns the same store', () => {
    const {store} = write(emptyStore(), Article, {id: 'a1'}, 1);
    assert.equal(mergeResponse(store, normalize(Article, null), at(2)), store);
  });
});

describe('useIncoming', () => {
  test('default useIncoming: the newer fetch wins', () => {
    let {store} = write(emptyStore(), Article, {id: 'a1', title: 'old'}, 1);
    ({store} = write(store, Article, {id: 'a1', title: 'new'}, 2));
    assert.equal(row(store, 'Article', 'a1').title, 'new');
    assert.equal(store.entitiesMeta.get('Article')!.get('a1')!.fetchedAt, 2);
  });

  test('default useIncoming: an equal fetchedAt also wins', () => {
    let {store} = write(emptyStore(), Article, {id: 'a1', title: 'first'}, 5);
    ({store} = write(store, Article, {id: 'a1', title: 'second'}, 5));
    assert.equal(row(store, 'Article', 'a1').title, 'second');
  });

  test('default useIncoming: a response from an older fetch is disregarded', () => {
    let {store} = write(emptyStore(), Article, {id: 'a1', title: 'new'}, 10);
    const before = store;
    ({store} = write(store, Article, {id: 'a1', title: 'old', body: 'old body'}, 5));
    assert.equal(store, before, 'nothing written, not even fields the stored row lacks');
    assert.deepEqual(row(store, 'Article', 'a1'), {id: 'a1', title: 'new'});
    assert.equal(store.entitiesMeta.get('Article')!.get('a1')!.fetchedAt, 10);
  });

  test('an older response still writes entities the store does not have', () => {
    let {store} = write(emptyStore(), Article, {id: 'a1', title: 'new'}, 10);
    ({store} = write(store, [Article], [{id: 'a1', title: 'old'}, {id: 'a2', title: 'other'}], 5));
    assert.equal(row(store, 'Article', 'a1').title, 'new');
    assert.equal(row(store, 'Article', 'a2').title, 'other');
  });

  test('a custom useIncoming orders by updatedAt, whatever the fetch order', () => {
    let {store} = write(emptyStore(), Post, {id: 'p1', title: 'v2', updatedAt: 200}, 1);
    // Triggered later, but carries older server data.
    ({store} = write(store, Post, {id: 'p1', title: 'v1', updatedAt: 100}, 2));
    assert.equal(row(store, 'Post', 'p1').title, 'v2');
    // Triggered earlier, but carries newer server data.
    ({store} = write(store, Post, {id: 'p1', title: 'v3', updatedAt: 300}, 0));
    assert.equal(row(store, 'Post', 'p1').title, 'v3');
    assert.equal(read<Post>(Post, 'p1', store).data!.updatedAt, 300);
  });

  test('useIncoming receives both metas and both rows', () => {
    const calls: unknown[][] = [];
    class Spy extends Entity {
      id = '';
      v = 0;
      static key = 'Spy';
      static useIncoming(a: EntityMeta, b: EntityMeta, existing: any, incoming: any) {
        calls.push([a.fetchedAt, b.fetchedAt, existing.v, incoming.v]);
        return true;
      }
    }
    let {store} = write(emptyStore(), Spy, {id: 's', v: 1}, 3);
    ({store} = write(store, Spy, {id: 's', v: 2}, 1));
    assert.deepEqual(calls, [[3, 1, 1, 2]]);
    assert.equal(row(store, 'Spy', 's').v, 2);
  });
});

describe('schema.Values', () => {
  test('schema.Values normalizes a map keyed by id and reads it back', () => {
    const values = new schema.Values(User);
    const {store, result} = write(emptyStore(), values, {u1: {id: 'u1', name: 'Ann'}, u2: {id: 'u2', name: 'Bob'}, u3: null});
    assert.deepEqual(result, {u1: 'u1', u2: 'u2'});
    const map = read<Record<string, User>>(values, result, store).data!;
    assert.deepEqual(Object.keys(map), ['u1', 'u2']);
    ok(map.u1 instanceof User);
    assert.equal(map.u2!.name, 'Bob');
  });

  test('schema.Values refuses a list', () => {
    assert.throws(() => normalize(new schema.Values(User), [{id: 'u1'}]), (e: unknown) => e instanceof SchemaError && e.entity === 'User');
  });

  test('schema.Values drops INVALID entries', () => {
    const values = new schema.Values(User);
    let {store, result} = write(emptyStore(), values, {u1: {id: 'u1'}, u2: {id: 'u2'}}, 1);
    ({store} = write(store, new schema.Invalidate(User), 'u1', 2));
    assert.deepEqual(Object.keys(read<Record<string, User>>(values, result, store).data!), ['u2']);
  });

  test('schema.Values as an entity field', () => {
    class Team extends Entity {
      id = '';
      members: Record<string, User> = {};
      static key = 'Team';
      static schema = {members: new schema.Values(User)};
    }
    const {store, result} = write(emptyStore(), Team, {id: 't', members: {lead: {id: 'u1', name: 'Ann'}}});
    const team = read<Team>(Team, result, store).data!;
    ok(team.members.lead instanceof User);
  });
});

describe('schema.Invalidate', () => {
  const seed = () => write(emptyStore(), [Article], articles(3), 1);

  test('schema.Invalidate takes an object carrying the pk', () => {
    const {store} = seed();
    const n = normalize(new schema.Invalidate(Article), {id: 'a2'});
    assert.equal(n.result, 'a2');
    assert.deepEqual([...n.invalidated.get('Article')!], ['a2']);
    const s2 = mergeResponse(store, n, at(2));
    assert.equal(s2.entities.get('Article')!.get('a2'), INVALID);
  });

  test('schema.Invalidate takes a bare pk (string or number)', () => {
    const {store} = seed();
    const s2 = write(store, new schema.Invalidate(Article), 'a1', 2).store;
    assert.equal(s2.entities.get('Article')!.get('a1'), INVALID);
    assert.deepEqual([...normalize(new schema.Invalidate(Article), 7).invalidated.get('Article')!], ['7']);
  });

  test('schema.Invalidate without a pk throws SchemaError', () => {
    assert.throws(() => normalize(new schema.Invalidate(Article), {}), (e: unknown) => e instanceof SchemaError && e.entity === 'Article');
    assert.throws(() => normalize(new schema.Invalidate(Article), ''), SchemaError);
  });

  test('a batch [Invalidate] marks every listed pk', () => {
    const {store} = seed();
    const s2 = write(store, [new schema.Invalidate(Article)], [{id: 'a1'}, {id: 'a3'}], 2).store;
    assert.equal(row(s2, 'Article', 'a1'), INVALID);
    assert.notEqual(row(s2, 'Article', 'a2'), INVALID);
    assert.equal(row(s2, 'Article', 'a3'), INVALID);
  });

  test('an INVALID entity drops out of lists', () => {
    const {store, result} = seed();
    const s2 = write(store, new schema.Invalidate(Article), 'a2', 2).store;
    const out = read<Article[]>([Article], result, s2);
    assert.equal(out.invalid, false);
    assert.deepEqual(out.data!.map(a => a.id), ['a1', 'a3']);
  });

  test('a top-level INVALID entity makes the result invalid', () => {
    const {store} = seed();
    const s2 = write(store, new schema.Invalidate(Article), 'a2', 2).store;
    const out = read<Article>(Article, 'a2', s2);
    assert.equal(out.invalid, true);
    assert.equal(out.data, undefined);
  });

  test('an INVALID author of a top-level article makes the result invalid', () => {
    const {store} = seed();
    const s2 = write(store, new schema.Invalidate(User), 'u1', 2).store;
    assert.equal(read<Article>(Article, 'a1', s2).invalid, true);
    assert.equal(read<any>({article: Article}, {article: 'a1'}, s2).invalid, true);
    // In a list, articles whose required author is INVALID drop out instead.
    const list = read<Article[]>([Article], ['a1', 'a2'], s2);
    assert.equal(list.invalid, false);
    assert.deepEqual(list.data, []);
  });

  test('an INVALID tag drops out of an [Entity] field without invalidating the article', () => {
    let {store} = write(emptyStore(), Article, {id: 'a1', tags: [{id: 't1'}, {id: 't2'}]}, 1);
    ({store} = write(store, new schema.Invalidate(Tag), 't1', 2));
    const out = read<Article>(Article, 'a1', store);
    assert.equal(out.invalid, false);
    assert.deepEqual(out.data!.tags.map(t => t.id), ['t2']);
  });

  test('an INVALID entity comes back with a fetch triggered after the invalidation, not before', () => {
    const {store} = seed();
    const s2 = write(store, new schema.Invalidate(Article), 'a1', 5).store;
    const s3 = write(s2, Article, {id: 'a1', title: 'stale'}, 4).store;
    assert.equal(row(s3, 'Article', 'a1'), INVALID);
    const s4 = write(s3, Article, {id: 'a1', title: 'back'}, 6).store;
    assert.equal(row(s4, 'Article', 'a1').title, 'back');
    assert.equal(read<Article>(Article, 'a1', s4).invalid, false);
  });

  test('Invalidate denormalizes as the entity (invalid once applied)', () => {
    const {store} = seed();
    const inv = new schema.Invalidate(Article);
    const n = normalize(inv, {id: 'a1'});
    assert.equal(read(inv, n.result, store).data instanceof Article, true);
    const s2 = mergeResponse(store, n, at(2));
    assert.equal(read(inv, n.result, s2).invalid, true);
  });
});
