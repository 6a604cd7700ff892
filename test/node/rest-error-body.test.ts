// The server's own words on a failed request: a non-2xx response's NetworkError carries the
// parsed body and the server's message (also at the end of its `message`), the response stays
// readable, and nothing in the body reaches a prototype.
import {after, afterEach, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import {Controller} from '../../src/core/index.js';
import {NetworkError} from '../../src/endpoint/index.js';
import {createResource} from '../../src/rest/index.js';
import {Entity} from '../../src/schema/index.js';

const API = 'https://errors.test';

class Note extends Entity {
  id = '';
  text = '';
  static override key = 'Note';
}
const NoteResource = createResource({urlPrefix: API, path: '/notes/:id', schema: Note});

const server = setupServer();
before(() => server.listen({onUnhandledRequest: 'error'}));
after(() => server.close());
afterEach(() => server.resetHandlers());

/** PATCH /notes/1 answered by `respond`; resolves with the NetworkError the Controller rejects with. */
async function failure(respond: () => Response): Promise<NetworkError> {
  server.use(http.patch(`${API}/notes/1`, respond));
  try {
    await new Controller().fetch(NoteResource.partialUpdate, {id: '1'}, {text: ''});
  } catch (error) {
    assert.ok(error instanceof NetworkError, `a NetworkError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the write to fail');
}

describe('NetworkError: the body and the server message', () => {
  test('a JSON body: parsed into body, its message in serverMessage and at the end of message', async () => {
    const error = await failure(() => HttpResponse.json({message: 'Text must not be empty', field: 'text'}, {status: 422, statusText: 'Unprocessable Entity'}));
    assert.equal(error.status, 422);
    assert.deepEqual(error.body, {message: 'Text must not be empty', field: 'text'});
    assert.equal(error.serverMessage, 'Text must not be empty');
    assert.equal(error.message, `PATCH ${API}/notes/1 failed with status 422 Unprocessable Entity: Text must not be empty`);
    assert.deepEqual(await error.response?.json(), {message: 'Text must not be empty', field: 'text'}, 'the response body stays readable');
  });

  test('other shapes servers use: error, error.message, problem+json detail and title', async () => {
    assert.equal((await failure(() => HttpResponse.json({error: 'Not allowed'}, {status: 403}))).serverMessage, 'Not allowed');
    assert.equal((await failure(() => HttpResponse.json({error: {code: 7, message: 'Locked by Ann'}}, {status: 409}))).serverMessage, 'Locked by Ann');
    const problem = await failure(
      () => new HttpResponse(JSON.stringify({type: 'about:blank', title: 'Bad Request', detail: 'text is required'}), {status: 400, headers: {'content-type': 'application/problem+json'}}),
    );
    assert.equal(problem.serverMessage, 'text is required', 'detail before title');
    assert.equal((await failure(() => HttpResponse.json({title: 'Gone'}, {status: 410}))).serverMessage, 'Gone');
  });

  test('a plain-text body is the message; an HTML page is kept in body but not put into the message', async () => {
    const text = await failure(() => new HttpResponse('upstream down\n', {status: 502, statusText: 'Bad Gateway', headers: {'content-type': 'text/plain'}}));
    assert.equal(text.body, 'upstream down\n');
    assert.equal(text.serverMessage, 'upstream down');
    assert.match(text.message, /failed with status 502 Bad Gateway: upstream down$/);

    const page = '<!doctype html><html><body><h1>502</h1></body></html>';
    const html = await failure(() => new HttpResponse(page, {status: 502, headers: {'content-type': 'text/html'}}));
    assert.equal(html.body, page);
    assert.equal(html.serverMessage, undefined);
    assert.match(html.message, /^PATCH \S+ failed with status 502[^:]*$/, 'no server text in the message');
  });

  test('an empty body, or a JSON body that says nothing, leaves the message as it was', async () => {
    const empty = await failure(() => new HttpResponse(null, {status: 500}));
    assert.equal(empty.body, undefined);
    assert.equal(empty.serverMessage, undefined);
    assert.match(empty.message, /^PATCH \S+ failed with status 500[^:]*$/);
    const silent = await failure(() => HttpResponse.json({code: 12, message: 42}, {status: 500}));
    assert.deepEqual(silent.body, {code: 12, message: 42});
    assert.equal(silent.serverMessage, undefined, 'a message that is not a string is not used');
  });

  test('a long message is shortened in message and serverMessage; body keeps it whole', async () => {
    const long = `${'x'.repeat(400)}\n\n${'y'.repeat(10)}`;
    const error = await failure(() => HttpResponse.json({message: long}, {status: 400}));
    assert.equal(error.serverMessage, `${'x'.repeat(300)}…`);
    assert.ok(error.message.endsWith(`${'x'.repeat(300)}…`));
    assert.deepEqual(error.body, {message: long});
  });

  test('a __proto__ key in the body stays data: it gives no message and reaches no prototype', async () => {
    const error = await failure(() => new HttpResponse('{"__proto__": {"message": "injected", "polluted": true}}', {status: 400, headers: {'content-type': 'application/json'}}));
    assert.equal(error.serverMessage, undefined);
    assert.equal(({} as {polluted?: boolean}).polluted, undefined);
    assert.equal(Object.getPrototypeOf(error.body), Object.prototype);
    assert.ok(Object.prototype.hasOwnProperty.call(error.body, '__proto__'), 'kept as an own field');
  });

  test('a response whose body was already read still gives the NetworkError, without a body', async () => {
    const Consumed = NoteResource.extend({
      partialUpdate: {
        fetchResponse: async (input: string, init: RequestInit) => {
          const response = await fetch(input, init);
          await response.text();
          return response;
        },
      },
    });
    server.use(http.patch(`${API}/notes/1`, () => HttpResponse.json({message: 'nope'}, {status: 400})));
    await assert.rejects(new Controller().fetch(Consumed.partialUpdate, {id: '1'}, {text: ''}), (error: unknown) => {
      assert.ok(error instanceof NetworkError);
      assert.equal(error.status, 400);
      assert.equal(error.body, undefined);
      assert.match(error.message, /^PATCH \S+ failed with status 400[^:]*$/);
      return true;
    });
  });
});
