// Controller.watch: a reader is told only when a commit changed something its last read
// depended on AND what it shows changed; each commit is told once, after fetch() returned;
// the reads a commit does not concern are not even evaluated.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller, GCPolicy, internalsOf, type ResponseState} from '../../src/core/index.js';
import {Query, type EndpointInterface} from '../../src/endpoint/index.js';
import {Entity, schema} from '../../src/schema/index.js';
import {Article, flush, Post, setup, User} from './helpers/deferred-endpoint.js';
import {listenerCount, retainedCount} from '../../src/internal.js';

const article = (id: string, title = `title ${id}`) => ({id, title, body: '', published: false});

class Note extends Entity {
  id = '';
  done = false;
  static override key = 'Note';
}

/** A watch that records every response it is told. */
function record(controller: Controller, endpoint: EndpointInterface, ...args: unknown[]) {
  const told: ResponseState[] = [];
  const watch = controller.watch(endpoint, args, response => told.push(response));
  return {told, watch};
}

/** Counts the memo reads of a Controller: what "evaluated" costs. */
function countReads(controller: Controller): {readonly count: number} {
  const counter = {count: 0};
  const {memo} = internalsOf(controller).store;
  const denormalize = memo.denormalize.bind(memo);
  const query = memo.query.bind(memo);
  memo.denormalize = ((...args: Parameters<typeof denormalize>) => (counter.count++, denormalize(...args))) as typeof memo.denormalize;
  memo.query = ((...args: Parameters<typeof query>) => (counter.count++, query(...args))) as typeof memo.query;
  return counter;
}

const plainEndpoint = (key: string, s: unknown): EndpointInterface => ({key: () => key, schema: s, sideEffect: true});

describe('Controller.watch', () => {
  test('one entity among 100 changes: only its reader (and the list holding it) is told', () => {
    const {controller, getArticle, getArticles} = setup();
    const ids = Array.from({length: 100}, (_, i) => String(i));
    controller.setResponse(getArticles, ids.map(id => article(id)));
    const readers = ids.map(id => record(controller, getArticle, {id}));
    const list = record(controller, getArticles);
    assert.ok(readers.every(r => (r.watch.response.data as Article).title.startsWith('title')), 'each reads its row (cached by the list)');

    controller.setResponse(getArticle, {id: '42'}, article('42', 'changed'));
    assert.deepEqual(
      readers.flatMap((r, i) => (r.told.length ? [i] : [])),
      [42],
      'only the reader of article 42 is told',
    );
    assert.equal((readers[42].told[0].data as Article).title, 'changed');
    assert.equal(list.told.length, 1, 'the list holding it is told');
    assert.equal((list.told[0].data as Article[])[42], readers[42].told[0].data, 'with the same instance');
  });

  test('a write nobody reads evaluates no reader', () => {
    const {controller, getArticle} = setup();
    controller.setResponse(getArticle, {id: '1'}, article('1'));
    const readers = Array.from({length: 50}, () => record(controller, getArticle, {id: '1'}));
    const reads = countReads(controller);
    controller.setResponse(plainEndpoint('notes', [Note]), [{id: 'n1', done: true}]);
    assert.equal(reads.count, 0, 'no read for a commit to another table');
    controller.setResponse(getArticle, {id: '1'}, article('1', 'x'));
    assert.equal(reads.count, 1, 'fifty readers of one result share one read');
    assert.ok(readers.every(r => r.told.length === 1));
  });

  test('a refetch that changes nothing tells nobody', () => {
    const {controller, getArticles, getArticle} = setup();
    controller.setResponse(getArticles, [article('1'), article('2')]);
    const list = record(controller, getArticles);
    const one = record(controller, getArticle, {id: '1'});
    controller.setResponse(getArticles, [article('1'), article('2')]);
    assert.equal(list.told.length, 0);
    assert.equal(one.told.length, 0);
  });

  test('a nested entity: its change tells the readers of what holds it, an unrelated one does not', () => {
    const controller = new Controller();
    const getPost = {key: ({id}: {id: string}) => `post ${id}`, schema: Post, fetch: async () => undefined};
    controller.setResponse(getPost, {id: 'p1'}, {id: 'p1', title: 'Post', author: {id: 'u1', name: 'Ada'}});
    controller.setResponse(getPost, {id: 'p2'}, {id: 'p2', title: 'Other', author: {id: 'u2', name: 'Bob'}});
    const p1 = record(controller, getPost, {id: 'p1'});
    const p2 = record(controller, getPost, {id: 'p2'});
    controller.setResponse(plainEndpoint('users', [User]), [{id: 'u1', name: 'Ada L.'}]);
    assert.equal(p1.told.length, 1);
    assert.equal((p1.told[0].data as Post).author.name, 'Ada L.');
    assert.equal(p2.told.length, 0);
  });

  test('a Query over schema.All hears rows added, changed and removed; a count only when it changes', () => {
    const controller = new Controller();
    const allNotes = new Query(new schema.All(Note));
    const openCount = new Query(new schema.All(Note), notes => notes.filter(note => !note.done).length);
    const all = record(controller, allNotes);
    const count = record(controller, openCount);
    assert.equal(all.watch.response.data, undefined, 'nothing cached yet');

    const writeNotes = plainEndpoint('notes', [Note]);
    controller.setResponse(writeNotes, [{id: '1', done: false}]);
    assert.equal(all.told.length, 1, 'the table appeared');
    assert.equal(count.told.at(-1)?.data, 1);
    controller.setResponse(writeNotes, [{id: '2', done: true}]);
    assert.equal((all.told.at(-1)?.data as Note[]).length, 2);
    assert.equal(count.told.length, 1, 'a done note leaves the open count at 1: not told');
    controller.setResponse(writeNotes, [{id: '2', done: false}]);
    assert.equal(count.told.at(-1)?.data, 2);
    controller.setResponse(plainEndpoint('users', [User]), [{id: 'u1', name: 'x'}]);
    assert.equal(all.told.length, 3, 'another table: not told');
  });

  test('a reader of an entity not cached yet is told when its row arrives', () => {
    const {controller, getArticle, getArticles} = setup();
    const one = record(controller, getArticle, {id: '7'});
    controller.setResponse(getArticles, [article('6')]);
    assert.equal(one.told.length, 0);
    controller.setResponse(getArticles, [article('6'), article('7')]);
    assert.equal(one.told.length, 1);
    assert.equal((one.told[0].data as Article).id, '7');
  });

  test('no listener runs inside fetch(); its prediction and its request state are told once after it returned', async () => {
    const {controller, queue, getArticle, partialUpdateArticle} = setup();
    controller.setResponse(getArticle, {id: '1'}, article('1'));
    const one = record(controller, getArticle, {id: '1'});
    let inside = true;
    let toldInside = false;
    controller.watch(getArticle, [{id: '1'}], () => {
      if (inside) toldInside = true;
    });
    const done = controller.fetch(partialUpdateArticle, {id: '1'}, {title: 'predicted'});
    inside = false;
    assert.equal(toldInside, false);
    assert.equal(one.told.length, 0);
    await Promise.resolve();
    assert.equal(one.told.length, 1, 'the prediction: one commit');
    assert.equal((one.told[0].data as Article).title, 'predicted');
    await queue.last('partialUpdateArticle').resolve(article('1', 'predicted'));
    await done;
    assert.equal(one.told.length, 1, 'a confirmation equal to the prediction keeps the instance: not told');
  });

  test('a GET is told when it starts and once when it settles', async () => {
    const {controller, queue, getArticle} = setup();
    const one = record(controller, getArticle, {id: '1'});
    const request = controller.fetch(getArticle, {id: '1'});
    await flush();
    assert.deepEqual(one.told.map(r => r.fetching ?? false), [true], 'in flight');
    await queue.last('getArticle').resolve(article('1'));
    await request;
    assert.equal(one.told.length, 2);
    assert.equal(one.told[1].fetching, undefined);
    assert.ok(one.told[1].data instanceof Article);
  });

  test('a failure and a rollback are one commit each', async () => {
    const {controller, queue, getArticle, partialUpdateArticle} = setup();
    controller.setResponse(getArticle, {id: '1'}, article('1'));
    const one = record(controller, getArticle, {id: '1'});
    const patch = controller.fetch(partialUpdateArticle, {id: '1'}, {title: 'nope'}).catch(() => undefined);
    await flush();
    assert.equal(one.told.length, 1);
    await queue.last('partialUpdateArticle').reject();
    await patch;
    assert.equal(one.told.length, 2, 'rolled back in one commit');
    assert.equal((one.told[1].data as Article).title, 'title 1');
  });

  test('gc tells the readers of what it dropped, and leaves what a reader retains', () => {
    const clock = {t: 0, now: () => clock.t};
    const controller = new Controller({now: clock.now, gcPolicy: new GCPolicy({maxAge: 10})});
    const writeNotes = plainEndpoint('notes', [Note]);
    controller.setResponse(writeNotes, [{id: '1', done: false}, {id: '2', done: true}]);
    const one = record(controller, new Query(Note), {id: '1'});
    const all = record(controller, new Query(new schema.All(Note)));
    all.watch.close();
    const two = controller.getResponse(new Query(Note), {id: '2'});
    assert.equal((two.data as Note).done, true);
    clock.t = 100;
    const report = controller.gc();
    assert.equal(report.entities, 1, 'note 2 went; note 1 is retained by its reader');
    assert.equal(one.told.length, 0, 'the reader of note 1 is not told');
    const again = record(controller, new Query(new schema.All(Note)));
    assert.deepEqual((again.watch.response.data as Note[]).map(note => note.id), ['1']);
  });

  test('reset tells every reader once', () => {
    const {controller, getArticle, getArticles} = setup();
    controller.setResponse(getArticles, [article('1'), article('2')]);
    const readers = [record(controller, getArticle, {id: '1'}), record(controller, getArticles), record(controller, getArticle, {id: '9'})];
    controller.resetEntireStore();
    assert.deepEqual(readers.map(r => r.told.length), [1, 1, 0], 'the reader of a missing article sees no change');
    assert.equal(readers[0].told[0].data, undefined);
  });

  test('a Query whose process throws gives its readers the error; the commit goes on', () => {
    const controller = new Controller();
    const broken = new Query(new schema.All(Note), notes => {
      if (notes.length > 1) throw new Error('too many');
      return notes.length;
    });
    const reader = record(controller, broken);
    const other = record(controller, new Query(new schema.All(Note)));
    controller.setResponse(plainEndpoint('notes', [Note]), [{id: '1', done: false}]);
    controller.setResponse(plainEndpoint('notes', [Note]), [{id: '2', done: false}]);
    assert.equal((reader.told.at(-1)?.error as Error).message, 'too many');
    assert.equal((other.told.at(-1)?.data as Note[]).length, 2, 'the other reader was told');
  });

  test('closing the last watch releases the read; listenerCount counts readers', () => {
    const {controller, getArticle} = setup();
    const a = record(controller, getArticle, {id: '1'});
    const b = record(controller, getArticle, {id: '1'});
    assert.equal(listenerCount(controller), 2);
    assert.equal(retainedCount(controller), 1);
    a.watch.close();
    a.watch.close();
    assert.equal(retainedCount(controller), 1);
    b.watch.close();
    assert.equal(listenerCount(controller), 0);
    assert.equal(retainedCount(controller), 0);
  });

  test('a read both watched and retained is one retained read, kept by gc until the watch and the retain both let go', () => {
    const clock = {t: 0, now: () => clock.t};
    const controller = new Controller({now: clock.now, gcPolicy: new GCPolicy({maxAge: 10})});
    const byId = new Query(Note);
    controller.setResponse(plainEndpoint('notes', [Note]), [{id: '1', done: false}, {id: '2', done: true}]);
    const watched = record(controller, byId, {id: '1'});
    const release = controller.retain(byId, {id: '1'});
    const alsoWatched = record(controller, byId, {id: '2'});
    assert.equal(retainedCount(controller), 2, 'note 1 (watched and retained) counts once');
    clock.t = 100;
    assert.equal(controller.gc().entities, 0, 'both notes are watched');
    watched.watch.close();
    assert.equal(retainedCount(controller), 2, 'note 1 is still retained');
    assert.equal(controller.gc().entities, 0);
    alsoWatched.watch.close();
    assert.equal(retainedCount(controller), 1);
    assert.equal(controller.gc().entities, 1, 'note 2 went with its last watch');
    release();
    assert.equal(retainedCount(controller), 0);
    assert.equal(controller.gc().entities, 1, 'note 1 went with its retain');
  });

  test('readers of one read: each is told once, the same listener twice is two readers, and one closed by another is not told', () => {
    const {controller, getArticle} = setup();
    controller.setResponse(getArticle, {id: '1'}, article('1'));
    const heard: string[] = [];
    const same = (response: ResponseState) => heard.push(`same ${(response.data as Article).title}`);
    const first = controller.watch(getArticle, [{id: '1'}], response => {
      heard.push(`first ${(response.data as Article).title}`);
      last.close();
    });
    controller.watch(getArticle, [{id: '1'}], same);
    controller.watch(getArticle, [{id: '1'}], same);
    const last = controller.watch(getArticle, [{id: '1'}], () => heard.push('last'));
    assert.equal(listenerCount(controller), 4);
    controller.setResponse(getArticle, {id: '1'}, article('1', 'changed'));
    assert.deepEqual(heard, ['first changed', 'same changed', 'same changed']);
    assert.equal(listenerCount(controller), 3);
    assert.equal(first.response, last.response, 'every reader of the read sees the same response');
  });
});
