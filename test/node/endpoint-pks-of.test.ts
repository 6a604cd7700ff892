// pksOf(listEndpoint): the list read as the pks of its entities. Its readers hear of entities
// joining, leaving (deleted, INVALID) and moving, never of an entity's fields; it shares the
// list's cached result and requests.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {pksOf} from '../../src/endpoint/index.js';
import {createResource} from '../../src/rest/index.js';
import {Entity, PkListSchema} from '../../src/schema/index.js';
import {Controller, type ResponseState} from '../../src/core/index.js';
import {Article, setup} from './helpers/deferred-endpoint.js';

const article = (id: string, title = `title ${id}`) => ({id, title, body: '', published: false});

class Todo extends Entity {
  id = 0;
  title = '';
  static override key = 'PksTodo';
}
const TodoResource = createResource({path: '/pks/todos/:id', schema: Todo});

describe('pksOf', () => {
  test('reads the pks of a plain [Entity] list; field changes keep the identical array and tell no reader', () => {
    const {controller, getArticles, getArticle} = setup();
    controller.setResponse(getArticles, [article('1'), article('2'), article('3')]);
    const told: ResponseState[] = [];
    const watch = controller.watch(pksOf(getArticles), [], response => told.push(response));
    const first = watch.response.data;
    assert.deepEqual(first, ['1', '2', '3']);

    controller.setResponse(getArticle, {id: '2'}, article('2', 'changed'));
    assert.equal(told.length, 0, 'a field change is not the list’s business');
    assert.equal(controller.getResponse(pksOf(getArticles)).data, first, 'the identical array');
    assert.equal((controller.getResponse(getArticles).data as Article[])[1].title, 'changed', 'the list endpoint still gives entities');

    controller.setResponse(getArticles, [article('3'), article('1'), article('2', 'changed')]);
    assert.deepEqual(told.at(-1)?.data, ['3', '1', '2'], 'reordered: told');
  });

  test('a field change does not even read the list again: its cost does not grow with the list', t => {
    const {controller, getArticles, getArticle} = setup();
    controller.setResponse(getArticles, Array.from({length: 50}, (_, i) => article(String(i))));
    const reads = t.mock.method(PkListSchema.prototype, 'denormalize');
    const told: ResponseState[] = [];
    controller.watch(pksOf(getArticles), [], response => told.push(response));
    const afterWatch = reads.mock.callCount();
    assert.ok(afterWatch >= 1, 'watching read the list');

    controller.setResponse(getArticle, {id: '7'}, article('7', 'changed'));
    assert.equal(reads.mock.callCount(), afterWatch, 'no read of the list for a field change');

    const commits: string[][] = [];
    controller.subscribe(commit => commits.push([...(commit.presence.get(Article.key) ?? [])]));
    controller.setResponse(getArticle, {id: '51'}, article('51'));
    assert.deepEqual(commits.at(-1), ['51'], 'a new row is a presence change of the commit');
    assert.equal(reads.mock.callCount(), afterWatch, 'a row the list does not hold does not read it either');
    controller.invalidate(getArticle, {id: '7'});
    controller.setResponse(getArticle, {id: '8'}, article('8', 'again'));
    assert.deepEqual(commits.at(-1), [], 'a field change is no presence change');
  });

  test('a Collection list: created and deleted entities join and leave; the list endpoint agrees', async () => {
    const controller = new Controller();
    controller.setResponse(TodoResource.getList, [{id: 1, title: 'a'}, {id: 2, title: 'b'}]);
    const ids = pksOf(TodoResource.getList);
    const told: ResponseState[] = [];
    controller.watch(ids, [], response => told.push(response));
    assert.deepEqual(controller.getResponse(ids).data, ['1', '2']);

    controller.setResponse(TodoResource.getList.push, {title: 'c'}, {id: 3, title: 'c'});
    assert.deepEqual(told.at(-1)?.data, ['1', '2', '3']);
    controller.setResponse(TodoResource.delete, {id: 1}, {id: 1});
    assert.deepEqual(told.at(-1)?.data, ['2', '3'], 'an INVALID entity leaves, as it leaves the list');
    assert.deepEqual(
      (controller.getResponse(TodoResource.getList).data as Todo[]).map(todo => String(todo.id)),
      controller.getResponse(ids).data,
    );
    const before = told.length;
    controller.setResponse(TodoResource.partialUpdate, {id: 2}, {title: 'B'}, {id: 2, title: 'B'});
    assert.equal(told.length, before, 'a field change tells nothing');
  });

  test('fetching it fetches the list once, shared with the list endpoint', async () => {
    const {controller, queue, getArticles} = setup();
    const viaPks = controller.fetch(pksOf(getArticles));
    const viaList = controller.fetch(getArticles);
    assert.equal(queue.count('getArticles'), 1, 'one request');
    await queue.last('getArticles').resolve([article('1'), article('2')]);
    await Promise.all([viaPks, viaList]);
    assert.deepEqual(controller.getResponse(pksOf(getArticles)).data, ['1', '2']);
    assert.equal((controller.getResponse(getArticles).data as Article[]).length, 2);
  });

  test('one endpoint object per list endpoint; a schema that is not a list of entities is a TypeError', () => {
    const {getArticles, getArticle} = setup();
    assert.equal(pksOf(getArticles), pksOf(getArticles));
    assert.equal(pksOf(getArticles).list, getArticles);
    assert.throws(() => pksOf(getArticle), TypeError);
    assert.throws(() => pksOf({key: () => 'x', schema: {results: [Article]}, fetch: async () => ({})}), /list of entities/);
    assert.throws(() => pksOf({key: () => 'x', schema: [Article]}), /has no fetch/);
  });
});
