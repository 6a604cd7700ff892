// The Node example of the testing guide (site/guide/testing.md shows this file): endpoints
// and the Controller tested without a browser, the API answered by msw/node.
import {after, afterEach, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import {Controller, createResource, Entity, NetworkError} from '../../src/index.js';

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

const TodoResource = createResource({urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo}).extend({
  partialUpdate: {getOptimisticResponse: (_snap, params, body) => ({id: params.id, ...body})},
});

const server = setupServer(
  http.get('https://api.example.com/todos', () => HttpResponse.json([{id: 1, title: 'Write the tests', completed: false}])),
);
// Any request without a handler fails the test that sent it.
before(() => server.listen({onUnhandledRequest: 'error'}));
afterEach(() => server.resetHandlers());
after(() => server.close());

test('a fetched list is normalized, and read back as the identical object', async () => {
  const controller = new Controller();
  const todos = await controller.fetch(TodoResource.getList);
  assert.ok(todos[0] instanceof Todo);
  assert.equal(todos[0].title, 'Write the tests');
  assert.equal(controller.getResponse(TodoResource.getList).data, todos);
});

test('an update the server refuses shows at once, then is rolled back', async () => {
  server.use(http.patch('https://api.example.com/todos/:id', () => HttpResponse.json({message: 'locked'}, {status: 409})));
  const controller = new Controller();
  await controller.fetch(TodoResource.getList);
  const update = controller.fetch(TodoResource.partialUpdate, {id: 1}, {completed: true});
  assert.equal(controller.getResponse(TodoResource.getList).data?.[0]?.completed, true, 'the prediction shows at once');
  await assert.rejects(update, error => error instanceof NetworkError && error.status === 409);
  assert.equal(controller.getResponse(TodoResource.getList).data?.[0]?.completed, false, 'rolled back');
});
