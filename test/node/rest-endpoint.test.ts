// RestEndpoint over real HTTP semantics: msw/node intercepts the global fetch, and every
// handler records what the library actually sent (method, URL, headers, body).
import {after, afterEach, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import {NetworkError, ParseError} from '../../src/endpoint/index.js';
import {RestEndpoint} from '../../src/rest/index.js';

const API = 'https://api.test';

interface Sent {
  method: string;
  url: string;
  contentType: string | null;
  headers: Headers;
  body: string;
  params: Record<string, unknown>;
}

const server = setupServer();
let sent: Sent[] = [];

/** Records every request that reaches the (fake) network, matched or not. */
async function record(request: Request, params: Record<string, unknown>): Promise<void> {
  sent.push({
    method: request.method,
    url: request.url,
    contentType: request.headers.get('content-type'),
    headers: request.headers,
    body: await request.clone().text(),
    params: {...params},
  });
}

before(() => server.listen({onUnhandledRequest: 'error'}));
afterEach(() => {
  server.resetHandlers();
  sent = [];
});
after(() => server.close());

function reply(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, respond: () => Response = () => HttpResponse.json({ok: true})) {
  server.use(
    http[method](`${API}${path}`, async ({request, params}) => {
      await record(request, params);
      return respond();
    }),
  );
}

/** A catch-all that counts requests: proves that nothing was sent. */
function countAll(): () => number {
  server.use(
    http.all('*', async ({request, params}) => {
      await record(request, params);
      return HttpResponse.json({});
    }),
  );
  return () => sent.length;
}

const getArticle = new RestEndpoint({urlPrefix: API, path: '/articles/:id'});
const getUser = new RestEndpoint({urlPrefix: API, path: '/users/:group/:id{/:slug}'});

describe('RestEndpoint.url', () => {
  test('fills path parameters and puts the rest in a query string sorted by key', () => {
    assert.equal(getArticle.url({id: 1}), `${API}/articles/1`);
    assert.equal(getArticle.url({id: 1, sort: 'title', after: 'b'}), `${API}/articles/1?after=b&sort=title`);
    assert.equal(getUser.url({group: 'g', id: 7}), `${API}/users/g/7`);
    assert.equal(getUser.url({group: 'g', id: 7, slug: 'hello'}), `${API}/users/g/7/hello`);
  });

  test('an array repeats its key; undefined values are dropped', () => {
    const list = new RestEndpoint({path: '/articles'});
    assert.equal(list.url({ids: [1, 3], b: undefined, a: 'x y'}), '/articles?a=x+y&ids=1&ids=3');
    assert.equal(list.url({}), '/articles');
    assert.equal(list.url({only: undefined}), '/articles');
  });

  test('a parameter value stays one segment: "/", "?", "#" and dot segments are percent-encoded', () => {
    assert.equal(getArticle.url({id: 'a/b'}), `${API}/articles/a%2Fb`);
    assert.equal(getArticle.url({id: 'a?b=1'}), `${API}/articles/a%3Fb%3D1`);
    assert.equal(getArticle.url({id: 'x#top'}), `${API}/articles/x%23top`);
    assert.equal(getArticle.url({id: '..'}), `${API}/articles/%2E%2E`);
    assert.equal(getArticle.url({id: '.'}), `${API}/articles/%2E`);
    assert.equal(getArticle.url({id: 'v1.2'}), `${API}/articles/v1.2`, 'dots inside a value stay');
    assert.equal(getArticle.url({id: 'é '}), `${API}/articles/%C3%A9%20`);
  });

  test('a missing required parameter is a TypeError naming the endpoint and the parameter', () => {
    assert.throws(() => getUser.url({group: 'g'} as never), (error: unknown) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /GET \/users\/:group\/:id\{\/:slug\}/);
      assert.match(error.message, /"id"/);
      assert.doesNotMatch(error.message, /"slug"/, 'an optional parameter is not required');
      return true;
    });
    assert.throws(() => getArticle.url({id: ''}), /"id"/, 'the empty string would address the list');
    assert.throws(() => getArticle.url({id: null} as never), /"id"/);
  });

  test('a parameter that is an object is refused rather than sent as [object Object]', () => {
    assert.throws(() => getArticle.url({id: {a: 1}} as never), /"id" must be a string or a number/);
  });

  test('a query param that is an object or a Date is refused, naming the endpoint and the param: two filters would share one URL and one cache entry', () => {
    const list = new RestEndpoint({urlPrefix: API, path: '/articles'});
    const why = ': it has no one form in a URL, and two values would share one URL and one cache entry';
    const refused = (value: unknown, date = '') =>
      assert.throws(() => list.key({filter: value} as never), {
        name: 'TypeError',
        message: `GET /articles: query param "filter" is an object, not text or a number${date}${why}`,
      });
    refused({status: 'done'});
    refused(new Date(0), ' (for a Date, give date.toISOString())');
    refused([['a']]);
    refused([1, {a: 1}]);
    // What a query string can say is kept as it was: text, numbers, booleans, lists of them, null.
    assert.equal(list.url({q: 'a b', n: 2, on: true, ids: [1, 3], none: null} as never), `${API}/articles?ids=1&ids=3&n=2&none=null&on=true&q=a+b`);
  });
});

describe('RestEndpoint.key, name, sideEffect', () => {
  test('key is the method and the URL; key() equals key({}); param order does not matter', () => {
    const list = new RestEndpoint({urlPrefix: API, path: '/articles'});
    assert.equal(getArticle.key({id: 1, b: 2}), `GET ${API}/articles/1?b=2`);
    assert.equal(list.key(), list.key({}));
    assert.equal(list.key({a: 1, b: 2}), list.key({b: 2, a: 1}));
    assert.equal(list.key({a: undefined}), list.key());
    const post = new RestEndpoint({urlPrefix: API, path: '/articles', method: 'POST'});
    assert.notEqual(post.key({}, {}), list.key());
  });

  test('name defaults to METHOD path; an explicit name wins', () => {
    assert.equal(getArticle.name, 'GET /articles/:id');
    assert.equal(new RestEndpoint({path: '/a', method: 'PATCH'}).name, 'PATCH /a');
    assert.equal(new RestEndpoint({path: '/a', name: 'getA'}).name, 'getA');
  });

  test('sideEffect is true for every method but GET, HEAD and OPTIONS; it can be set', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) assert.equal(new RestEndpoint({path: '/a', method}).sideEffect, false, method);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) assert.equal(new RestEndpoint({path: '/a', method}).sideEffect, true, method);
    assert.equal(new RestEndpoint({path: '/a', method: 'POST', sideEffect: false}).sideEffect, false);
  });

  test('the path is parsed when the endpoint is made: a bad template fails there', () => {
    assert.throws(() => new RestEndpoint({path: '/a/:id?'}), TypeError);
    assert.throws(() => new RestEndpoint({} as never), /path/);
  });
});

describe('RestEndpoint.normalizeArgs (call shapes)', () => {
  const create = new RestEndpoint({path: '/articles', method: 'POST'});
  const update = new RestEndpoint({path: '/articles/:id', method: 'PUT'});
  const increment = new RestEndpoint({path: '/count/increment', method: 'POST', body: undefined});

  test('(params) for endpoints without a body', () => {
    assert.deepEqual(getArticle.normalizeArgs([{id: 1}]), [{id: 1}]);
    assert.deepEqual(getArticle.normalizeArgs([]), [{}]);
    assert.deepEqual(increment.normalizeArgs([]), [{}]);
  });

  test('(params, body) with a body; (body) alone when the path has no parameters', () => {
    assert.deepEqual(update.normalizeArgs([{id: 1}, {title: 'x'}]), [{id: 1}, {title: 'x'}]);
    assert.deepEqual(create.normalizeArgs([{title: 'x'}]), [{}, {title: 'x'}]);
    assert.deepEqual(create.normalizeArgs([{userId: 1}, {title: 'x'}]), [{userId: 1}, {title: 'x'}]);
    assert.deepEqual(update.normalizeArgs([{id: 1}]), [{id: 1}, undefined], 'a path with parameters reads one argument as params');
  });

  test('applying it twice changes nothing', () => {
    for (const [endpoint, args] of [
      [create, [{title: 'x'}]],
      [update, [{id: 1}, {a: 1}]],
      [getArticle, [{id: 2}]],
    ] as const) {
      const once = endpoint.normalizeArgs(args);
      assert.deepEqual(endpoint.normalizeArgs(once), once);
    }
  });

  test('params that are not an object are a TypeError', () => {
    assert.throws(() => getArticle.normalizeArgs(['1']), /params must be an object/);
  });
});

describe('RestEndpoint.fetch: what is sent', () => {
  test('GET: method, path, sorted query; no body and no content type', async () => {
    reply('get', '/articles/:id', () => HttpResponse.json({id: '5', title: 'Hi'}));
    const value = await getArticle.fetch({id: 5, z: 1, a: [2, 1]});
    assert.deepEqual(value, {id: '5', title: 'Hi'});
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.method, 'GET');
    assert.equal(sent[0]!.url, `${API}/articles/5?a=2&a=1&z=1`);
    assert.equal(sent[0]!.body, '');
    assert.equal(sent[0]!.contentType, null);
  });

  test('a value with "/" reaches the server as one parameter', async () => {
    reply('get', '/articles/:id');
    await getArticle.fetch({id: 'a/b?c#d'});
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.params.id, 'a/b?c#d');
    assert.equal(sent[0]!.url, `${API}/articles/a%2Fb%3Fc%23d`);
  });

  test('(params, body): JSON body with Content-Type application/json', async () => {
    reply('put', '/articles/:id', () => HttpResponse.json({id: '1', title: 'New'}));
    const update = new RestEndpoint({urlPrefix: API, path: '/articles/:id', method: 'PUT'});
    await update.fetch({id: 1}, {title: 'New', tags: ['a'], nested: {n: null}});
    assert.equal(sent[0]!.method, 'PUT');
    assert.equal(sent[0]!.url, `${API}/articles/1`);
    assert.equal(sent[0]!.contentType, 'application/json');
    assert.deepEqual(JSON.parse(sent[0]!.body), {title: 'New', tags: ['a'], nested: {n: null}});
  });

  test('(body) alone on a path without parameters', async () => {
    reply('post', '/articles', () => HttpResponse.json({id: '9', title: 'x'}, {status: 201}));
    const create = new RestEndpoint({urlPrefix: API, path: '/articles', method: 'POST'});
    const value = await create.fetch({title: 'x'});
    assert.deepEqual(value, {id: '9', title: 'x'});
    assert.equal(sent[0]!.url, `${API}/articles`, 'the body did not become a query string');
    assert.deepEqual(JSON.parse(sent[0]!.body), {title: 'x'});
  });

  test('body: undefined marks a POST that sends nothing', async () => {
    reply('post', '/count/increment', () => HttpResponse.json({id: 'count', count: 1}));
    const increment = new RestEndpoint({urlPrefix: API, path: '/count/increment', method: 'POST', body: undefined});
    await increment.fetch();
    assert.equal(sent[0]!.method, 'POST');
    assert.equal(sent[0]!.body, '');
    assert.equal(sent[0]!.contentType, null);
  });

  test('FormData is sent as it is (multipart, boundary set by fetch)', async () => {
    reply('post', '/uploads');
    const upload = new RestEndpoint({urlPrefix: API, path: '/uploads', method: 'POST'});
    const form = new FormData();
    form.set('name', 'cat.png');
    await upload.fetch(form);
    assert.match(sent[0]!.contentType ?? '', /^multipart\/form-data; boundary=/);
    assert.match(sent[0]!.body, /name="name"\r\n\r\ncat\.png/);
  });

  test('getHeaders (as an option) adds headers; the JSON content type stays', async () => {
    reply('patch', '/articles/:id');
    const patch = new RestEndpoint({
      urlPrefix: API,
      path: '/articles/:id',
      method: 'PATCH',
      getHeaders: headers => ({...(headers as Record<string, string>), 'Access-Token': 'secret'}),
    });
    await patch.fetch({id: 1}, {done: true});
    assert.equal(sent[0]!.headers.get('access-token'), 'secret');
    assert.equal(sent[0]!.contentType, 'application/json');
  });

  test('fetchResponse (as an option) performs the request', async () => {
    const calls: [string, RequestInit][] = [];
    const offline = new RestEndpoint({
      urlPrefix: API,
      path: '/articles/:id',
      fetchResponse: async (input, init) => {
        calls.push([input, init]);
        return new Response(JSON.stringify({id: '1'}), {status: 200});
      },
    });
    assert.deepEqual(await offline.fetch({id: 1}), {id: '1'});
    assert.equal(calls.length, 1);
    assert.equal(calls[0]![0], `${API}/articles/1`);
    assert.equal(calls[0]![1].method, 'GET');
  });
});

describe('RestEndpoint.fetch: refused before any request', () => {
  test('a missing required parameter rejects with a TypeError, and nothing is sent', async () => {
    const count = countAll();
    let fetched = 0;
    const endpoint = getUser.extend({
      fetchResponse(input: string, init: RequestInit) {
        fetched++;
        return fetch(input, init);
      },
    });
    await assert.rejects(endpoint.fetch({group: 'g'} as never), (error: unknown) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /GET \/users\/:group\/:id\{\/:slug\}.*"id"/);
      return true;
    });
    assert.equal(fetched, 0, 'fetchResponse was not called');
    assert.equal(count(), 0, 'the handler was never hit');
  });

  test('a "." or ".." parameter rejects: fetch would decode %2E%2E and move up a level', async () => {
    const count = countAll();
    const remove = new RestEndpoint({urlPrefix: API, path: '/users/:id', method: 'DELETE'});
    await assert.rejects(remove.fetch({id: '..'}), (error: unknown) => {
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /DELETE \/users\/:id: path parameter "id"/);
      return true;
    });
    await assert.rejects(remove.fetch({id: '.'}), TypeError);
    assert.equal(count(), 0);
  });
});

describe('RestEndpoint.fetch: responses', () => {
  test('404 and 500 reject with a NetworkError carrying status and response', async () => {
    reply('get', '/articles/:id', () => HttpResponse.json({error: 'nope'}, {status: 404, statusText: 'Not Found'}));
    const error = await getArticle.fetch({id: 1}).then(
      () => assert.fail('should reject'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof NetworkError);
    assert.equal(error.status, 404);
    assert.ok(error.response instanceof Response);
    assert.deepEqual(await error.response.json(), {error: 'nope'}, 'the body is still readable');
    assert.match(error.message, new RegExp(`GET ${API}/articles/1 .*404 Not Found`));
    server.resetHandlers();
    reply('get', '/articles/:id', () => new HttpResponse('boom', {status: 500, statusText: 'Internal Server Error'}));
    await assert.rejects(getArticle.fetch({id: 2}), (error: unknown) => {
      assert.ok(error instanceof NetworkError);
      assert.equal(error.status, 500);
      assert.match(error.message, /500 Internal Server Error/);
      return true;
    });
  });

  test('a failed request (no response) rejects with a NetworkError of status 0 and the cause', async () => {
    reply('get', '/articles/:id', () => HttpResponse.error());
    await assert.rejects(getArticle.fetch({id: 1}), (error: unknown) => {
      assert.ok(error instanceof NetworkError);
      assert.equal(error.status, 0);
      assert.equal(error.response, undefined);
      assert.ok(error.cause instanceof Error);
      assert.match(error.message, new RegExp(`GET ${API}/articles/1`));
      return true;
    });
  });

  test('a body that is not JSON rejects with a ParseError naming method, URL and content type', async () => {
    reply('get', '/articles/:id', () => new HttpResponse('<!doctype html><p>Login</p>', {headers: {'Content-Type': 'text/html'}}));
    await assert.rejects(getArticle.fetch({id: 3}), (error: unknown) => {
      assert.ok(error instanceof ParseError);
      assert.equal(error.url, `${API}/articles/3`);
      assert.equal(error.body, '<!doctype html><p>Login</p>');
      assert.match(error.message, /^GET https:\/\/api\.test\/articles\/3/);
      assert.match(error.message, /text\/html/);
      assert.match(error.message, /<!doctype html>/);
      return true;
    });
  });

  test('a ParseError names the URL even when fetchResponse builds the response itself', async () => {
    const custom = getArticle.extend({fetchResponse: async () => new Response('nope')});
    await assert.rejects(custom.fetch({id: 4}), (error: unknown) => error instanceof ParseError && error.url === `${API}/articles/4`);
  });

  test('an empty body (204 or "") resolves with ""', async () => {
    reply('delete', '/articles/:id', () => new HttpResponse(null, {status: 204}));
    const remove = new RestEndpoint({urlPrefix: API, path: '/articles/:id', method: 'DELETE'});
    assert.equal(await remove.fetch({id: 1}), '');
    server.resetHandlers();
    reply('delete', '/articles/:id', () => new HttpResponse('', {status: 200}));
    assert.equal(await remove.fetch({id: 1}), '');
  });
});

describe('RestEndpoint.extend', () => {
  test('returns a new endpoint of the same class with the options overridden; the original is unchanged', () => {
    class Special extends RestEndpoint {}
    const base = new Special({urlPrefix: API, path: '/articles/:id', dataExpiryLength: 5, process: (value: unknown) => ({wrapped: value})});
    const moved = base.extend({path: '/posts/:id', method: 'PUT'});
    assert.ok(moved instanceof Special);
    assert.notEqual(moved, base);
    assert.equal(moved.path, '/posts/:id');
    assert.equal(moved.method, 'PUT');
    assert.equal(moved.name, 'PUT /posts/:id', 'a generated name follows the new method and path');
    assert.equal(moved.sideEffect, true);
    assert.equal(moved.urlPrefix, API);
    assert.equal(moved.dataExpiryLength, 5);
    assert.deepEqual(moved.process(1), {wrapped: 1}, 'a function given as an option is kept');
    assert.equal(base.path, '/articles/:id');
    assert.equal(base.method, 'GET');
    assert.equal(base.name, 'GET /articles/:id');
    assert.equal(base.sideEffect, false);
  });

  test('methods of a subclass and functions given as options both survive extend', async () => {
    class Tagged extends RestEndpoint {
      override process(value: any, ...args: any[]): any {
        return {...super.process(value, ...args), tagged: true};
      }
    }
    const endpoint = new Tagged({
      urlPrefix: API,
      path: '/articles/:id',
      getHeaders: (headers: HeadersInit) => ({...(headers as object), 'X-Kept': '1'}),
    });
    const extended = endpoint.extend({searchParams: {} as {q?: string}});
    reply('get', '/articles/:id', () => HttpResponse.json({id: '1'}));
    assert.deepEqual(await extended.fetch({id: 1, q: 'x'}), {id: '1', tagged: true});
    assert.equal(sent[0]!.headers.get('x-kept'), '1');
    assert.equal(sent[0]!.url, `${API}/articles/1?q=x`);
  });

  test('an explicit name and sideEffect are kept unless overridden', () => {
    const named = new RestEndpoint({path: '/a', name: 'getA', sideEffect: true});
    assert.equal(named.extend({path: '/b'}).name, 'getA');
    assert.equal(named.extend({path: '/b'}).sideEffect, true);
    assert.equal(named.extend({name: 'getB'}).name, 'getB');
  });
});

describe('key memory', () => {
  test('the same params object gives the same key, and a fresh one after it is changed', () => {
    const get = new RestEndpoint({urlPrefix: 'https://api.test', path: '/articles/:id'});
    const params: {id: number; draft?: boolean} = {id: 1};
    assert.equal(get.key(params), 'GET https://api.test/articles/1');
    assert.equal(get.key(params), 'GET https://api.test/articles/1');
    params.id = 2;
    assert.equal(get.key(params), 'GET https://api.test/articles/2');
    params.draft = true;
    assert.equal(get.key(params), 'GET https://api.test/articles/2?draft=true');
    delete params.draft;
    assert.equal(get.key(params), 'GET https://api.test/articles/2');
  });
});
