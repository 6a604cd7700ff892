// hookifyResource in Node: src/lit must import without a DOM (Lit's Node build), and the
// hooked endpoints send useInit's headers at request time while keeping the member's key.
import {after, afterEach, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {hookifyResource} from '../../src/lit/index.js';
import {mergeInit} from '../../src/lit/internal.js';
import {createResource} from '../../src/rest/index.js';
import {Controller} from '../../src/core/index.js';
import {Entity} from '../../src/schema/index.js';

const API = 'https://api.test';

class Article extends Entity {
  id = '';
  title = '';
  static override key = 'Article';
}

const ArticleResource = createResource({urlPrefix: API, path: '/articles/:id', schema: Article});

const server = setupServer();
let seen: {method: string; url: string; token: string | null; type: string | null; body: string}[] = [];
before(() => server.listen({onUnhandledRequest: 'error'}));
afterEach(() => {
  server.resetHandlers();
  seen = [];
});
after(() => server.close());

function record() {
  server.use(
    http.all(`${API}/*`, async ({request}) => {
      seen.push({
        method: request.method,
        url: request.url,
        token: request.headers.get('access-token'),
        type: request.headers.get('content-type'),
        body: await request.clone().text(),
      });
      if (request.method === 'DELETE') return new HttpResponse(null, {status: 204});
      const body = request.method === 'GET' && request.url.endsWith('/articles') ? [{id: '1', title: 'a'}] : {id: '1', title: 'a'};
      return HttpResponse.json(body);
    }),
  );
}

/** A minimal host, as a server or another framework would give one. */
function makeHost(): ReactiveControllerHost & {token: string} {
  const controllers: ReactiveController[] = [];
  return {
    token: 'first',
    addController: c => void controllers.push(c),
    removeController: () => {},
    requestUpdate: () => {},
    updateComplete: Promise.resolve(true),
  };
}

describe('hookifyResource', () => {
  test('gives useGet, useGetList, useCreate, useUpdate, usePartialUpdate and useDelete', () => {
    const hooks = hookifyResource(ArticleResource);
    assert.deepEqual(Object.keys(hooks).sort(), ['useCreate', 'useDelete', 'useGet', 'useGetList', 'usePartialUpdate', 'useUpdate']);
  });

  test('each request carries the header useInit reads at request time', async () => {
    record();
    const host = makeHost();
    const hooks = hookifyResource(ArticleResource, h => ({headers: {'Access-Token': (h as typeof host).token}}));
    const controller = new Controller();
    await controller.fetch(hooks.useGet(host), {id: '1'});
    host.token = 'second';
    await controller.fetch(hooks.usePartialUpdate(host), {id: '1'}, {title: 'b'});
    await controller.fetch(hooks.useDelete(host), {id: '1'});
    assert.deepEqual(
      seen.map(s => [s.method, s.token]),
      [
        ['GET', 'first'],
        ['PATCH', 'second'],
        ['DELETE', 'second'],
      ],
    );
    // The body's JSON content type stays next to the added header.
    assert.equal(seen[1].type, 'application/json');
    assert.equal(seen[1].body, '{"title":"b"}');
  });

  test('the hooked endpoint keeps the member cache key and is stable per host', () => {
    const host = makeHost();
    const hooks = hookifyResource(ArticleResource, () => ({headers: {'Access-Token': 'x'}}));
    const hooked = hooks.useGet(host);
    assert.equal(hooked.key({id: '1'}), ArticleResource.get.key({id: '1'}));
    assert.equal(hooks.useGet(host), hooked);
    assert.notEqual(hooks.useGet(makeHost()), hooked);
  });

  test('data fetched through a hooked endpoint is read through the plain member', async () => {
    record();
    const hooks = hookifyResource(ArticleResource, () => ({headers: {'Access-Token': 't'}}));
    const controller = new Controller();
    await controller.fetch(hooks.useGet(makeHost()), {id: '1'});
    const {data} = controller.getResponse(ArticleResource.get, {id: '1'});
    assert.ok(data instanceof Article);
    assert.equal(data.title, 'a');
  });

  test('the original resource is left unchanged', async () => {
    record();
    hookifyResource(ArticleResource, () => ({headers: {'Access-Token': 'secret'}})).useGet(makeHost());
    await new Controller().fetch(ArticleResource.get, {id: '1'});
    assert.equal(seen[0].token, null);
  });

  test('useInit runs once when the hook is called, so it may register controllers', () => {
    let calls = 0;
    const hooks = hookifyResource(ArticleResource, () => {
      calls++;
      return {};
    });
    const host = makeHost();
    hooks.useGet(host);
    hooks.useGet(host);
    assert.equal(calls, 1);
  });

  test('useGetList(host).push sends the header too', async () => {
    record();
    const hooks = hookifyResource(ArticleResource, () => ({headers: {'Access-Token': 'p'}}));
    await new Controller().fetch(hooks.useGetList(makeHost()).push, {}, {title: 'n'});
    assert.deepEqual(seen.map(s => [s.method, new URL(s.url).pathname, s.token]), [['POST', '/articles', 'p']]);
  });
});

describe('mergeInit', () => {
  test('combines headers and keeps a body content type', () => {
    const merged = mergeInit(
      {method: 'POST', body: '{}', headers: {'Content-Type': 'application/json'}},
      {headers: {'Content-Type': 'text/plain', 'Access-Token': 't'}, credentials: 'include'},
    );
    const headers = new Headers(merged.headers);
    assert.equal(headers.get('content-type'), 'application/json');
    assert.equal(headers.get('access-token'), 't');
    assert.equal(merged.credentials, 'include');
    assert.equal(merged.method, 'POST');
  });
});
