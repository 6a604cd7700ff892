// Garbage collection: GCPolicy, controller.retain/gc/dispose.
// Every request is settled by hand on a fake clock (helpers/deferred-endpoint.ts), so "old"
// and "young" are exact; the timer test uses node:test's mock timers, never a real wait.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller, GCPolicy} from '../../src/core/index.js';
import {Query} from '../../src/endpoint/index.js';
import {Entity, INVALID, schema, type EntityMeta} from '../../src/schema/index.js';
import {
  Article,
  createFakeClock,
  createPatterns,
  defineEndpoint,
  outcome,
  plain,
  RequestQueue,
  Todo,
} from './helpers/deferred-endpoint.js';
import {retainedCount, visibleState} from '../../src/internal.js';

const MAX_AGE = 10_000;

class User extends Entity {
  id = '';
  name = '';
  /** Another user (cycles are allowed). */
  friend: User | null = null;
  static override key = 'GcUser';
  static override schema = {friend: User};
}
class Tag extends Entity {
  id = '';
  label = '';
  static override key = 'GcTag';
}
class Post extends Entity {
  id = '';
  title = '';
  author = User.fromJS();
  tags: Tag[] = [];
  static override key = 'GcPost';
  static override schema = {author: User, tags: [Tag]};
}

/** Server-ordered rows: a write with an older `updatedAt` is refused (and keeps its old meta). */
class Versioned extends Entity {
  id = '';
  v = 0;
  updatedAt = 0;
  static override key = 'GcVersioned';
  static override useIncoming(_a: EntityMeta, _b: EntityMeta, existing: any, incoming: any): boolean {
    return existing.updatedAt <= incoming.updatedAt;
  }
}

class Author extends Versioned {
  name = '';
  static override key = 'GcAuthor';
}
class Book extends Entity {
  id = '';
  title = '';
  author = Author.fromJS();
  static override key = 'GcBook';
  static override schema = {author: Author};
}

function build(policy: GCPolicy = new GCPolicy({maxAge: MAX_AGE})) {
  const clock = createFakeClock();
  const queue = new RequestQueue(clock);
  const controller = new Controller({now: clock.now, gcPolicy: policy});
  const patterns = createPatterns(queue);
  const getPost = defineEndpoint<[{id: string}]>(queue, {name: 'getPost', path: ({id}) => `/posts/${id}`, schema: Post});
  const getPosts = defineEndpoint<[]>(queue, {name: 'getPosts', path: () => '/posts', schema: [Post]});
  const getUser = defineEndpoint<[{id: string}]>(queue, {name: 'getUser', path: ({id}) => `/users/${id}`, schema: User});
  const patchPost = defineEndpoint<[{id: string}, Record<string, unknown>]>(queue, {
    name: 'patchPost',
    method: 'PATCH',
    path: ({id}) => `/posts/${id}`,
    schema: Post,
    getOptimisticResponse: (_snap, {id}, body) => ({...body, id}),
  });
  const getVersioned = defineEndpoint<[{id: string}]>(queue, {name: 'getVersioned', path: ({id}) => `/v/${id}`, schema: Versioned});
  const getVersionedList = defineEndpoint<[]>(queue, {name: 'getVersionedList', path: () => '/v', schema: [Versioned]});
  const getBook = defineEndpoint<[{id: string}]>(queue, {name: 'getBook', path: ({id}) => `/books/${id}`, schema: Book});
  const saveBook = defineEndpoint<[{id: string}, {title: string}]>(queue, {name: 'saveBook', method: 'PATCH', path: ({id}) => `/books/${id}`, schema: Book});
  return {clock, queue, controller, ...patterns, getBook, saveBook, getPost, getPosts, getUser, patchPost, getVersioned, getVersionedList};
}

const post = (id: string, authorId = 'u1', tags: string[] = []) => ({
  id,
  title: `post ${id}`,
  author: {id: authorId, name: `user ${authorId}`, friend: null},
  tags: tags.map(t => ({id: t, label: `tag ${t}`})),
});
const rows = (controller: Controller, table: string) => [...(visibleState(controller).entities.get(table)?.keys() ?? [])].sort();

describe('GCPolicy', () => {
  test('maxAge: collectable once written maxAge ago', () => {
    const policy = new GCPolicy({maxAge: 500});
    assert.equal(policy.collectableAt({fetchedAt: 90, date: 100, expiresAt: 1100}), 600);
  });

  test('expiryMultiplier (default 2): twice the freshness period after the fetch, never before stale', () => {
    assert.equal(new GCPolicy().expiryMultiplier, 2);
    assert.equal(new GCPolicy().collectableAt({fetchedAt: 100, date: 110, expiresAt: 1100}), 2100);
    assert.equal(new GCPolicy({expiryMultiplier: 3}).collectableAt({fetchedAt: 100, date: 110, expiresAt: 1100}), 3100);
    // A result that only holds an error (expiresAt 0) is collectable at once.
    assert.equal(new GCPolicy().collectableAt({fetchedAt: 100, date: 110, expiresAt: 0}), 0);
  });

  test('refuses nonsense options with a RangeError naming the option', () => {
    assert.throws(() => new GCPolicy({maxAge: -1}), {name: 'RangeError', message: /maxAge/});
    assert.throws(() => new GCPolicy({expiryMultiplier: 0.5}), {name: 'RangeError', message: /expiryMultiplier/});
    assert.throws(() => new GCPolicy({intervalMs: 0}), {name: 'RangeError', message: /intervalMs/});
    assert.throws(() => new GCPolicy({maxAge: Number.NaN}), RangeError);
  });
});

describe('controller.gc()', () => {
  test('drops an unread result and its entities once old; keeps young data', async () => {
    const {controller, clock, getPost} = build();
    controller.setResponse(getPost, {id: '1'}, post('1', 'u1', ['t1']));
    clock.advance(MAX_AGE / 2);
    controller.setResponse(getPost, {id: '2'}, post('2', 'u2'));
    clock.advance(MAX_AGE / 2 + 1); // post 1 is old, post 2 is not
    let notified = 0;
    controller.subscribe(() => notified++);

    const report = controller.gc();
    assert.deepEqual(report.results, [getPost.key({id: '1'})]);
    assert.equal(report.entities, 3, 'post 1, user u1, tag t1');
    assert.equal(notified, 1, 'subscribers hear of a sweep that dropped something');
    assert.deepEqual(rows(controller, 'GcPost'), ['2']);
    assert.deepEqual(rows(controller, 'GcUser'), ['u2']);
    assert.deepEqual(rows(controller, 'GcTag'), [], 'an emptied table stays, empty');
    assert.equal(controller.getResponse(getPost, {id: '1'}).data, undefined);
    assert.equal(visibleState(controller).meta.has(getPost.key({id: '1'})), false, 'its meta goes too');

    assert.deepEqual(controller.gc(), {results: [], entities: 0});
    assert.equal(notified, 1, 'a sweep that drops nothing tells nobody');
  });

  test('a retained read keeps its result and everything it refers to, however old, until released', () => {
    const {controller, clock, getPost} = build();
    controller.setResponse(getPost, {id: '1'}, post('1', 'u1', ['t1', 't2']));
    const release = controller.retain(getPost, {id: '1'});
    const before = controller.getResponse(getPost, {id: '1'}).data;
    clock.advance(MAX_AGE * 100);

    assert.deepEqual(controller.gc(), {results: [], entities: 0});
    assert.equal(controller.getResponse(getPost, {id: '1'}).data, before, 'identical data: nothing re-renders');
    assert.equal(retainedCount(controller), 1);

    release();
    release(); // twice releases once
    assert.equal(retainedCount(controller), 0);
    const report = controller.gc();
    assert.equal(report.results.length, 1);
    assert.equal(report.entities, 4);
    assert.equal(visibleState(controller).entities.get('GcPost')?.size, 0);
  });

  test('retains are counted: the data stays until the last holder releases', () => {
    const {controller, clock, getPost} = build();
    controller.setResponse(getPost, {id: '1'}, post('1'));
    const a = controller.retain(getPost, {id: '1'});
    const b = controller.retain(getPost, {id: '1'});
    assert.equal(retainedCount(controller), 1, 'one read, two holders');
    clock.advance(MAX_AGE + 1);
    a();
    assert.equal(controller.gc().entities, 0);
    b();
    assert.equal(controller.gc().entities, 2);
  });

  test('a sweep that drops unrelated data leaves retained data identical', () => {
    const {controller, clock, getPost, getPosts} = build();
    controller.setResponse(getPosts, [post('1', 'u1', ['t1']), post('2', 'u2')]);
    controller.setResponse(getPost, {id: '9'}, post('9', 'u9'));
    controller.retain(getPosts);
    const list = controller.getResponse(getPosts).data;
    clock.advance(MAX_AGE + 1);
    const report = controller.gc();
    assert.deepEqual(report.results, [getPost.key({id: '9'})]);
    assert.equal(report.entities, 2, 'post 9 and user u9');
    assert.equal(controller.getResponse(getPosts).data, list, 'the retained list is the identical object');
  });

  test('an old entity that a young result refers to is kept', () => {
    const {controller, clock, getVersioned, getVersionedList} = build();
    controller.setResponse(getVersioned, {id: 'a'}, {id: 'a', v: 2, updatedAt: 20});
    clock.advance(MAX_AGE / 2);
    // The list carries an older version: useIncoming refuses it, so row a keeps its old meta.
    controller.setResponse(getVersionedList, [{id: 'a', v: 1, updatedAt: 10}]);
    const fetchedAt = visibleState(controller).entitiesMeta.get('GcVersioned')?.get('a')?.fetchedAt;
    assert.equal(fetchedAt, clock.now() - MAX_AGE / 2, 'precondition: the row is older than the list');
    clock.advance(MAX_AGE / 2 + 1); // the row and its own result are old; the list is not

    const report = controller.gc();
    assert.deepEqual(report.results, [getVersioned.key({id: 'a'})]);
    assert.equal(report.entities, 0);
    assert.deepEqual(plain(controller.getResponse(getVersionedList).data), [{id: 'a', v: 2, updatedAt: 20}]);
  });

  test('a young entity keeps the old entities it names (no dangling reference)', async () => {
    const {controller, clock, queue, getBook, saveBook} = build();
    controller.setResponse(getBook, {id: 'b1'}, {id: 'b1', title: 'first', author: {id: 'a1', name: 'v2', updatedAt: 2}});
    clock.advance(MAX_AGE);
    // A mutation (no stored result) writes b2, naming a1 with an older version: useIncoming
    // refuses that version, so a1's row stays old while b2's row is young.
    const saved = controller.fetch(saveBook, {id: 'b2'}, {title: 'second'});
    await queue.get('saveBook').resolve({id: 'b2', title: 'second', author: {id: 'a1', name: 'v1', updatedAt: 1}});
    await saved;
    clock.advance(1); // b1, a1 and the b1 result are old; only the b2 row is young
    const report = controller.gc();
    assert.deepEqual(report.results, [getBook.key({id: 'b1'})]);
    assert.deepEqual(rows(controller, 'GcBook'), ['b2'], 'the young row stays; b1 goes');
    assert.deepEqual(rows(controller, 'GcAuthor'), ['a1'], 'a1 stays: the young b2 names it');
    assert.equal((controller.get(Book, {id: 'b2'}) as Book).author.name, 'v2');
  });

  test('cycles are followed once (a user who is their own friend)', () => {
    const {controller, clock, getUser} = build();
    // Depth first, the inner u1 is stored first; the outer one (friend u2) wins the merge.
    controller.setResponse(getUser, {id: 'u1'}, {id: 'u1', name: 'me', friend: {id: 'u2', name: 'you', friend: {id: 'u1', name: 'me', friend: null}}});
    controller.retain(getUser, {id: 'u1'});
    clock.advance(MAX_AGE + 1);
    assert.equal(controller.gc().entities, 0);
    const me = controller.getResponse(getUser, {id: 'u1'}).data as User;
    assert.equal(me.friend?.friend, me);
  });

  test('a retained Query keeps what its schema reads; two Queries each keep their own', () => {
    const {controller, clock, getPost, getUser} = build();
    controller.setResponse(getPost, {id: '1'}, post('1', 'u1'));
    controller.setResponse(getUser, {id: 'u5'}, {id: 'u5', name: 'alone', friend: null});
    const allPosts = new Query(new schema.All(Post), posts => posts.length);
    const allUsers = new Query(new schema.All(User), users => users.map(u => u.name));
    controller.retain(allPosts);
    const releaseUsers = controller.retain(allUsers);
    assert.equal(retainedCount(controller), 2);
    clock.advance(MAX_AGE + 1);

    const report = controller.gc();
    assert.equal(report.results.length, 2, 'both endpoint results go (nobody retains them)');
    assert.equal(report.entities, 0, 'every Post (and its author) and every User stay');
    releaseUsers();
    assert.equal(controller.gc().entities, 1, 'u5 goes: no retained read reaches it any more');
    assert.equal(controller.get(allPosts), 1);
  });

  test('a retained Entity read (controller.get(Entity, {id})) keeps that row', () => {
    const {controller, clock, getPost} = build();
    controller.setResponse(getPost, {id: '1'}, post('1', 'u1'));
    const byId = new Query(Post);
    controller.retain(byId, {id: '1'});
    clock.advance(MAX_AGE + 1);
    assert.equal(controller.gc().entities, 0);
    assert.equal((controller.get(byId, {id: '1'}) as Post).author.name, 'user u1');
  });

  test('a collection row goes with the list result that names it', () => {
    const {controller, clock, getTodos, todoList} = build();
    controller.setResponse(getTodos, {userId: '1'}, [{id: 't1', title: 'a', completed: false, userId: '1'}]);
    assert.equal(visibleState(controller).entities.get(todoList.key)?.size, 1);
    clock.advance(MAX_AGE + 1);
    assert.equal(controller.gc().entities, 2, 'the todo and the collection row');
    assert.equal(visibleState(controller).entities.get(todoList.key)?.size, 0);
  });

  test('the result of a GET in flight is kept, and so is everything a pending prediction touched', async () => {
    const {controller, clock, queue, getPost, patchPost} = build();
    controller.setResponse(getPost, {id: '1'}, post('1', 'u1'));
    controller.setResponse(getPost, {id: '2'}, post('2', 'u2'));
    clock.advance(MAX_AGE + 1);
    const refetch = outcome(controller.fetch(getPost, {id: '2'}));
    const patch = outcome(controller.fetch(patchPost, {id: '1'}, {title: 'predicted'}));
    const visible = controller.getResponse(getPost, {id: '1'}).data as Post;
    assert.equal(visible.title, 'predicted');

    const report = controller.gc();
    assert.deepEqual(report, {results: [getPost.key({id: '1'})], entities: 0}, 'rows under a prediction and the in-flight result stay');
    assert.equal((controller.get(Post, {id: '1'}) as Post).title, 'predicted', 'the prediction is still visible, whole');
    assert.equal((controller.get(Post, {id: '1'}) as Post).author.name, 'user u1');

    // The request fails: the confirmed row shows again, whole.
    await queue.get('patchPost').reject();
    assert.equal(patch.state, 'rejected');
    assert.equal((controller.get(Post, {id: '1'}) as Post).title, 'post 1');
    assert.equal((controller.get(Post, {id: '1'}) as Post).author.name, 'user u1');
    assert.deepEqual(visibleState(controller).optimistic, []);
    await queue.get('getPost').resolve(post('2', 'u2'));
    assert.equal(refetch.state, 'fulfilled');
    clock.advance(1);
    assert.ok(controller.gc().entities >= 2, 'post 1 and u1 go once nothing holds them');
    assert.equal(controller.get(Post, {id: '1'}), undefined);
  });

  test('a deletion newer than a request in flight is kept, so the late response cannot bring the entity back', async () => {
    const {controller, clock, queue, getTodos, deleteTodoPlain} = build();
    controller.setResponse(getTodos, {}, [{id: 't1', title: 'a', completed: false, userId: '1'}]);
    const list = outcome(controller.fetch(getTodos, {})); // triggered before the delete
    clock.advance(1);
    const del = outcome(controller.fetch(deleteTodoPlain, {id: 't1'}));
    await queue.get('deleteTodoPlain').resolve('');
    assert.equal(del.state, 'fulfilled');
    assert.equal(visibleState(controller).entities.get('Todo')?.get('t1'), INVALID);
    clock.advance(MAX_AGE + 1);

    controller.gc();
    assert.equal(visibleState(controller).entities.get('Todo')?.get('t1'), INVALID, 'the marker outlives the older request');
    await queue.get('getTodos').resolve([{id: 't1', title: 'a', completed: false, userId: '1'}]);
    assert.equal(list.state, 'fulfilled');
    assert.deepEqual(plain(controller.getResponse(getTodos, {}).data), [], 'the deleted todo stays out of the list');

    clock.advance(MAX_AGE + 1);
    controller.gc();
    assert.equal(visibleState(controller).entities.get('Todo')?.has('t1'), false, 'with nothing in flight the marker goes');
  });

  test('when a reference cannot be followed (a prediction into a table never received), no entity is dropped', async () => {
    const {controller, clock, queue, getPost, createTodo} = build();
    controller.setResponse(getPost, {id: '1'}, post('1'));
    clock.advance(MAX_AGE + 1);
    const created = outcome(controller.fetch(createTodo, {}, {id: 'tmp', title: 'new', completed: false, userId: '1'}));
    assert.equal(controller.get(Todo, {id: 'tmp'})?.title, 'new', 'the prediction shows');
    const report = controller.gc();
    assert.deepEqual(report, {results: [getPost.key({id: '1'})], entities: 0}, 'results go; rows stay rather than guess');
    await queue.get('createTodo').resolve({id: 't1', title: 'new', completed: false, userId: '1'});
    assert.equal(created.state, 'fulfilled');
    clock.advance(MAX_AGE + 1);
    assert.equal(controller.gc().entities, 3, 'once the table is known: post 1, its author, and t1');
  });

  test('without a policy nothing is collected, however old', () => {
    const clock = createFakeClock();
    const queue = new RequestQueue(clock);
    const controller = new Controller({now: clock.now, dataExpiryLength: 1000});
    const {getArticle} = createPatterns(queue);
    controller.setResponse(getArticle, {id: '1'}, {id: '1', title: 't', body: '', published: false});
    clock.advance(1e9);
    assert.deepEqual(controller.gc(), {results: [], entities: 0});
    assert.ok(controller.get(Article, {id: '1'}));
  });

  test('default policy (no maxAge): unread data goes after twice its expiry length', () => {
    const clock = createFakeClock();
    const queue = new RequestQueue(clock);
    const controller = new Controller({now: clock.now, dataExpiryLength: 1000, gcPolicy: new GCPolicy()});
    const {getArticle} = createPatterns(queue);
    controller.setResponse(getArticle, {id: '1'}, {id: '1', title: 't', body: '', published: false});
    clock.advance(1999);
    assert.equal(controller.gc().entities, 0);
    clock.advance(1);
    assert.equal(controller.gc().entities, 1);
    assert.equal(controller.get(Article, {id: '1'}), undefined);
  });

  test('resetEntireStore keeps the retains: mounted readers still hold their reads', () => {
    const {controller, clock, getPost} = build();
    controller.retain(getPost, {id: '1'});
    controller.resetEntireStore();
    assert.equal(retainedCount(controller), 1);
    controller.setResponse(getPost, {id: '1'}, post('1'));
    clock.advance(MAX_AGE + 1);
    assert.equal(controller.gc().entities, 0);
  });

  test('intervalMs sweeps on a timer; dispose() stops it', t => {
    t.mock.timers.enable({apis: ['setInterval']});
    const clock = createFakeClock();
    const queue = new RequestQueue(clock);
    const controller = new Controller({now: clock.now, gcPolicy: new GCPolicy({maxAge: 100, intervalMs: 1000})});
    const {getArticle} = createPatterns(queue);
    controller.setResponse(getArticle, {id: '1'}, {id: '1', title: 't', body: '', published: false});
    clock.advance(101);
    t.mock.timers.tick(999);
    assert.equal(controller.get(Article, {id: '1'})?.title, 't', 'no sweep before the interval');
    t.mock.timers.tick(1);
    assert.equal(controller.get(Article, {id: '1'}), undefined, 'the timer swept');

    controller.setResponse(getArticle, {id: '1'}, {id: '1', title: 't', body: '', published: false});
    clock.advance(101);
    controller.dispose();
    t.mock.timers.tick(10_000);
    assert.equal(controller.get(Article, {id: '1'})?.title, 't', 'no sweep after dispose');
  });

  test('mount/unmount churn keeps the tables bounded', () => {
    const {controller, clock, getPost} = build();
    let maxRows = 0;
    for (let batch = 0; batch < 50; batch++) {
      const releases = [];
      for (let i = 0; i < 20; i++) {
        const id = `${batch}-${i}`;
        controller.setResponse(getPost, {id}, post(id, `u${id}`));
        releases.push(controller.retain(getPost, {id}));
      }
      clock.advance(MAX_AGE + 1);
      controller.gc(); // the mounted batch stays
      assert.equal(visibleState(controller).entities.get('GcPost')?.size, 20);
      for (const release of releases) release();
      maxRows = Math.max(maxRows, visibleState(controller).entities.get('GcUser')?.size ?? 0);
    }
    controller.gc();
    assert.equal(visibleState(controller).entities.get('GcPost')?.size, 0);
    assert.equal(visibleState(controller).endpoints.size, 0);
    assert.equal(retainedCount(controller), 0);
    assert.ok(maxRows <= 40, `at most two batches of users were ever stored (saw ${maxRows})`);
  });
});
