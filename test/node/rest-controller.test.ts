// A resource driven by the Controller over msw/node: what the REST layer decides (call shapes,
// the list Collection keyed by params, create = getList.push's schema, delete's params fallback,
// optimistic responses taken from extended members) seen from the cache.
import {after, afterEach, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import {Controller} from '../../src/core/index.js';
import type {SnapshotInterface} from '../../src/endpoint/index.js';
import {createResource} from '../../src/rest/index.js';
import {Entity} from '../../src/schema/index.js';

const API = 'https://api.test';

class Todo extends Entity {
  id = '';
  title = '';
  author = '';
  done = false;
  static override key = 'Todo';
}

const TodoResource = createResource({urlPrefix: API, path: '/todos/:id', schema: Todo});

const rows = new Map<string, {id: string; title: string; author: string; done: boolean}>();
let nextId = 10;
/** Lets a test hold a response back, to look at the cache while the request is pending. */
let gate: Promise<void> = Promise.resolve();

const server = setupServer(
  http.get(`${API}/todos`, ({request}) => {
    const author = new URL(request.url).searchParams.get('author');
    return HttpResponse.json([...rows.values()].filter(t => author === null || t.author === author));
  }),
  http.get(`${API}/todos/:id`, ({params}) => HttpResponse.json(rows.get(String(params.id)))),
  http.post(`${API}/todos`, async ({request}) => {
    const body = (await request.json()) as {title: string; author: string};
    const row = {id: String(nextId++), done: false, ...body};
    rows.set(row.id, row);
    return HttpResponse.json(row, {status: 201});
  }),
  http.patch(`${API}/todos/:id`, async ({request, params}) => {
    await gate;
    const row = {...rows.get(String(params.id))!, ...((await request.json()) as object)};
    rows.set(row.id, row);
    return HttpResponse.json(row);
  }),
  http.delete(`${API}/todos/:id`, ({params}) => {
    rows.delete(String(params.id));
    return new HttpResponse(null, {status: 204});
  }),
);

before(() => server.listen({onUnhandledRequest: 'error'}));
afterEach(() => {
  rows.clear();
  nextId = 10;
  gate = Promise.resolve();
});
after(() => server.close());

function seed(): void {
  rows.set('1', {id: '1', title: 'a', author: 'ada', done: false});
  rows.set('2', {id: '2', title: 'b', author: 'bob', done: false});
}

const ids = (list: unknown) => (list as Todo[]).map(t => t.id);

describe('a resource through the Controller', () => {
  test('create adds the new item to the cached lists whose params it matches, and only those', async () => {
    seed();
    const ctrl = new Controller();
    await ctrl.fetch(TodoResource.getList, {author: 'ada'});
    await ctrl.fetch(TodoResource.getList, {author: 'bob'});
    await ctrl.fetch(TodoResource.getList);
    const created = (await ctrl.fetch(TodoResource.create, {title: 'c', author: 'ada'})) as Todo;
    assert.ok(created instanceof Todo);
    assert.equal(created.id, '10');
    assert.deepEqual(ids(ctrl.getResponse(TodoResource.getList, {author: 'ada'}).data), ['1', '10']);
    assert.deepEqual(ids(ctrl.getResponse(TodoResource.getList, {author: 'bob'}).data), ['2']);
    assert.deepEqual(ids(ctrl.getResponse(TodoResource.getList).data), ['1', '2', '10'], 'the unfiltered list takes every item');
  });

  test('delete answered with 204 invalidates the entity from the params: it leaves the lists', async () => {
    seed();
    const ctrl = new Controller();
    await ctrl.fetch(TodoResource.getList);
    await ctrl.fetch(TodoResource.delete, {id: '1'});
    assert.deepEqual(ids(ctrl.getResponse(TodoResource.getList).data), ['2']);
  });

  test('an optimistic partialUpdate from extend is visible before the server answers', async () => {
    seed();
    let open!: () => void;
    gate = new Promise(resolve => (open = resolve));
    const Optimistic = TodoResource.extend({
      partialUpdate: {
        getOptimisticResponse: (_snap: SnapshotInterface, params: {id: string}, body: object) => ({id: params.id, ...body}),
      },
    });
    const ctrl = new Controller();
    await ctrl.fetch(Optimistic.get, {id: '1'});
    const pending = ctrl.fetch(Optimistic.partialUpdate, {id: '1'}, {done: true});
    assert.equal((ctrl.getResponse(Optimistic.get, {id: '1'}).data as Todo).done, true, 'predicted at once');
    open();
    await pending;
    assert.equal((ctrl.getResponse(Optimistic.get, {id: '1'}).data as Todo).done, true);
    assert.equal(rows.get('1')!.done, true);
  });

  test("getList.unshift uses getList's getOptimisticResponse", async () => {
    seed();
    const Optimistic = TodoResource.extend({
      getList: {getOptimisticResponse: (_snap: SnapshotInterface, _params: object, body: object) => ({id: 'temp', ...body})},
    });
    const ctrl = new Controller();
    // The unextended getList: same Collection, same cached list. (A GET whose endpoint has a
    // getOptimisticResponse must not get a prediction of its own; see the report to the lead.)
    await ctrl.fetch(TodoResource.getList, {author: 'ada'});
    const pending = ctrl.fetch(Optimistic.getList.unshift, {author: 'ada'}, {title: 'first', author: 'ada'});
    assert.deepEqual(ids(ctrl.getResponse(Optimistic.getList, {author: 'ada'}).data), ['temp', '1'], 'the prediction is first at once');
    await pending;
    assert.deepEqual(ids(ctrl.getResponse(Optimistic.getList, {author: 'ada'}).data), ['10', '1'], 'the real pk replaces the temporary one');
  });
});

describe('an entity cached by a list, read through its get endpoint', () => {
  test('is served without a request and is fresh until the row expires', async () => {
    let now = 1_000;
    rows.clear();
    rows.set('1', {id: '1', title: 'a', author: 'x', done: false});
    const resource = TodoResource;
    const ctrl = new Controller({now: () => now, dataExpiryLength: 100});
    await ctrl.fetch(resource.getList);
    const read = ctrl.getResponse(resource.get, {id: '1'});
    assert.equal(read.data?.title, 'a');
    assert.equal(read.expiryStatus, 'valid');
    assert.equal(read.expiresAt, 1_100);
    now = 1_200;
    assert.equal(ctrl.getResponse(resource.get, {id: '1'}).expiryStatus, 'stale');
  });
});
