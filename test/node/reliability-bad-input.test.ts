// Bad input: whatever the server or the caller gets wrong, the fetch
// rejects with an error that says what and where (type, message naming the entity, field or
// URL), and the cache is left exactly as it was: the same `state.entities` object, the same
// endpoint results, and the identical data for every read.
//
// RestEndpoint over msw/node: every request that reaches the (fake) network is recorded, so
// "no request was sent" and "the server received this URL" are checked, not assumed.
import {after, afterEach, before, beforeEach, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import {Controller} from '../../src/core/index.js';
import {NetworkError, ParseError, Query} from '../../src/endpoint/index.js';
import {createResource, RestEndpoint} from '../../src/rest/index.js';
import {Entity, SchemaError, schema} from '../../src/schema/index.js';
import {visibleState} from '../../src/internal.js';

const API = 'https://api.test';

class Author extends Entity {
  id = '';
  name = '';
  static override key = 'Author';
}
class Article extends Entity {
  id = '';
  title = '';
  author = Author.fromJS();
  publishedAt = new Date(0);
  static override key = 'Article';
  static override schema = {author: Author, publishedAt: Date};
}

const ArticleResource = createResource({urlPrefix: API, path: '/articles/:id', schema: Article});
const getArticle = ArticleResource.get;
const getArticles = new RestEndpoint({urlPrefix: API, path: '/articles', schema: [Article]});
const optimisticPatch = ArticleResource.extend({
  partialUpdate: {getOptimisticResponse: (_snap: unknown, params: {id: string}, body: object) => ({...body, id: params.id})},
}).partialUpdate;

const article1 = {id: '1', title: 'Hello', author: {id: 'a1', name: 'Ann'}, publishedAt: '2024-01-02T03:04:05.000Z'};
const article2 = {id: '2', title: 'World', author: {id: 'a1', name: 'Ann'}, publishedAt: '2024-02-02T03:04:05.000Z'};

const server = setupServer();
/** Every request that reached the network: method and full URL as the server received it. */
let received: {method: string; url: string}[] = [];
/** What GET /articles/:id and GET /articles answer for the test at hand. */
let respond: (request: Request) => Response | Promise<Response> = () => HttpResponse.json(article1);

before(() => server.listen({onUnhandledRequest: 'error'}));
after(() => server.close());
beforeEach(() => {
  received = [];
  respond = () => HttpResponse.json(article1);
  server.use(
    http.all(`${API}/*`, ({request}) => {
      received.push({method: request.method, url: request.url});
      return respond(request);
    }),
  );
});
afterEach(() => server.resetHandlers());

/** A Controller holding article 1 (from a real fetch) and the list [1, 2]. */
async function seeded() {
  // Each bad answer is checked as it comes, once: retries (tested on their own) would wait 1 s, 2 s, 4 s.
  const controller = new Controller({retry: false});
  await controller.fetch(getArticle, {id: '1'});
  respond = () => HttpResponse.json([article1, article2]);
  await controller.fetch(getArticles);
  received = [];
  return controller;
}

/** Everything a reader could see, captured to compare identities after the failure. */
function capture(controller: Controller) {
  return {
    state: visibleState(controller),
    entities: visibleState(controller).entities,
    entitiesMeta: visibleState(controller).entitiesMeta,
    endpoints: visibleState(controller).endpoints,
    article: controller.getResponse(getArticle, {id: '1'}).data,
    list: controller.getResponse(getArticles).data,
  };
}

/** The cache is unchanged: the same objects, not equal copies. */
function assertUnchanged(controller: Controller, before: ReturnType<typeof capture>): void {
  assert.equal(visibleState(controller).entities, before.entities, 'the same state.entities object');
  assert.equal(visibleState(controller).entitiesMeta, before.entitiesMeta, 'the same state.entitiesMeta object');
  assert.equal(visibleState(controller).endpoints, before.endpoints, 'the same endpoint results');
  assert.equal(controller.getResponse(getArticle, {id: '1'}).data, before.article, 'article 1: identical data');
  assert.equal(controller.getResponse(getArticles).data, before.list, 'the list: identical data');
  assert.deepEqual(visibleState(controller).optimistic, [], 'no prediction left behind');
}

/** Fetches expecting a rejection; returns the error. */
async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof Error, `rejects with an Error, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the fetch to reject');
}

describe('bad responses', () => {
  test('4xx: NetworkError with the status and the URL; cached data kept, error recorded on the result', async () => {
    const controller = await seeded();
    const before = capture(controller);
    respond = () => HttpResponse.json({message: 'gone'}, {status: 404, statusText: 'Not Found'});
    const error = await rejection(controller.fetch(getArticle, {id: '1'}));
    assert.ok(error instanceof NetworkError);
    assert.equal(error.status, 404);
    assert.match(error.message, /GET https:\/\/api\.test\/articles\/1 failed with status 404/);
    assert.deepEqual(await error.response?.json(), {message: 'gone'}, 'the response body stays readable');
    assert.equal(visibleState(controller).entities, before.entities);
    assert.equal(controller.getResponse(getArticle, {id: '1'}).data, before.article);
    assert.equal(controller.getResponse(getArticle, {id: '1'}).error, error, 'only meta.error changed');
    assert.equal(visibleState(controller).endpoints, before.endpoints);
  });

  test('5xx: NetworkError with the status', async () => {
    const controller = await seeded();
    const before = capture(controller);
    respond = () => new HttpResponse('upstream down', {status: 503, statusText: 'Service Unavailable'});
    const error = await rejection(controller.fetch(getArticles));
    assert.ok(error instanceof NetworkError);
    assert.equal(error.status, 503);
    assert.match(error.message, /GET https:\/\/api\.test\/articles failed with status 503 Service Unavailable/);
    assertUnchanged(controller, before);
  });

  test('network failure: NetworkError of status 0 naming the URL', async () => {
    const controller = await seeded();
    const before = capture(controller);
    respond = () => HttpResponse.error();
    const error = await rejection(controller.fetch(getArticle, {id: '1'}));
    assert.ok(error instanceof NetworkError);
    assert.equal(error.status, 0);
    assert.equal(error.response, undefined);
    assert.match(error.message, /GET https:\/\/api\.test\/articles\/1 failed: no response/);
    assertUnchanged(controller, before);
  });

  test('a 2xx body that is not JSON: ParseError naming the URL, the content type and the body', async () => {
    const controller = await seeded();
    const before = capture(controller);
    respond = () => new HttpResponse('<!doctype html><p>Please log in</p>', {headers: {'Content-Type': 'text/html'}});
    const error = await rejection(controller.fetch(getArticle, {id: '1'}));
    assert.ok(error instanceof ParseError);
    assert.equal(error.url, `${API}/articles/1`);
    assert.match(error.message, /GET https:\/\/api\.test\/articles\/1: response \(text\/html\) is not JSON: "<!doctype html><p>Please log in/);
    assertUnchanged(controller, before);
  });

  test('truncated JSON: ParseError', async () => {
    const controller = await seeded();
    const before = capture(controller);
    respond = () => new HttpResponse('{"id": "1", "title": "Hel', {headers: {'Content-Type': 'application/json'}});
    const error = await rejection(controller.fetch(getArticles));
    assert.ok(error instanceof ParseError);
    assert.match(error.message, /application\/json/);
    assertUnchanged(controller, before);
  });

  for (const [name, make] of [
    ['an empty 200 body', () => new HttpResponse('', {status: 200})],
    ['a 204', () => new HttpResponse(null, {status: 204})],
  ] as const) {
    test(`${name} where an entity was expected: SchemaError naming the entity`, async () => {
      const controller = await seeded();
      const before = capture(controller);
      respond = make;
      const error = await rejection(controller.fetch(getArticle, {id: '1'}));
      assert.ok(error instanceof SchemaError, `got ${error.name}: ${error.message}`);
      assert.equal(error.entity, 'Article');
      assert.match(error.message, /^Article: expected an object at \(root\) \(got an empty string\)/);
      assertUnchanged(controller, before);
    });
  }

  test('an entity without its pk: SchemaError naming the entity and the field', async () => {
    const controller = await seeded();
    const before = capture(controller);
    respond = () => HttpResponse.json({title: 'no id', author: {id: 'a1', name: 'Ann'}});
    const error = await rejection(controller.fetch(getArticle, {id: '1'}));
    assert.ok(error instanceof SchemaError);
    assert.equal(error.entity, 'Article');
    assert.equal(error.path, 'id');
    assert.match(error.message, /Article: missing primary key field "id" at id/);
    assertUnchanged(controller, before);
  });

  test('a nested entity without its pk, deep in a list: nothing of the response is written', async () => {
    const controller = await seeded();
    const before = capture(controller);
    const third = {id: '3', title: 'bad author', author: {name: 'no id'}, publishedAt: '2024-03-01T00:00:00.000Z'};
    respond = () => HttpResponse.json([{...article1, title: 'changed'}, {...article2, id: '9'}, third]);
    const error = await rejection(controller.fetch(getArticles));
    assert.ok(error instanceof SchemaError);
    assert.equal(error.entity, 'Author');
    assert.equal(error.path, '[2].author.id');
    assertUnchanged(controller, before);
    assert.equal(visibleState(controller).entities.get('Article')?.has('9'), false, 'the valid items before it are not written either');
  });

  test('a pk of the wrong type (an object) is a missing pk, not "[object Object]"', async () => {
    const controller = await seeded();
    const before = capture(controller);
    respond = () => HttpResponse.json({...article1, id: {$oid: '1'}});
    const error = await rejection(controller.fetch(getArticle, {id: '1'}));
    assert.ok(error instanceof SchemaError);
    assert.match(error.message, /Article: missing primary key/);
    assertUnchanged(controller, before);
  });

  test('a date that does not parse: SchemaError naming the entity, the field and the value', async () => {
    const controller = await seeded();
    const before = capture(controller);
    respond = () => HttpResponse.json({...article1, publishedAt: 'yesterday-ish'});
    const error = await rejection(controller.fetch(getArticle, {id: '1'}));
    assert.ok(error instanceof SchemaError);
    assert.equal(error.entity, 'Article');
    assert.equal(error.path, 'publishedAt');
    assert.equal(error.value, 'yesterday-ish');
    assert.match(error.message, /Article: not a valid date at publishedAt \(got "yesterday-ish"\)/);
    assertUnchanged(controller, before);
  });

  test('a list where an object was expected: SchemaError', async () => {
    const controller = await seeded();
    const before = capture(controller);
    respond = () => HttpResponse.json([article1]);
    const error = await rejection(controller.fetch(getArticle, {id: '1'}));
    assert.ok(error instanceof SchemaError);
    assert.match(error.message, /^Article: expected an object at \(root\) \(got a list of 1\)/);
    assertUnchanged(controller, before);
  });

  test('an object where a list was expected: SchemaError', async () => {
    const controller = await seeded();
    const before = capture(controller);
    respond = () => HttpResponse.json({results: [article1]});
    const error = await rejection(controller.fetch(getArticles));
    assert.ok(error instanceof SchemaError);
    assert.match(error.message, /expected a list at \(root\)/);
    assertUnchanged(controller, before);
  });

  test('a read whose process returns nothing: a TypeError naming the endpoint, recorded on the result, not an empty read fetched again and again', async () => {
    const controller = await seeded();
    const before = capture(controller);
    const forgetful = getArticles.extend({
      process(value: unknown) {
        (value as unknown[]).reverse();
      },
    });
    const error = await rejection(controller.fetch(forgetful));
    assert.ok(error instanceof TypeError);
    assert.match(error.message, /^GET \/articles: the response is undefined: does its process \(or fetch\) return the value\?/);
    assert.equal(controller.getResponse(forgetful).error, error, 'the result holds the error: its readers show it instead of fetching again');
    assert.equal(received.length, 1);
    assertUnchanged(controller, before);
    // A write may answer nothing: that is no error.
    respond = () => new HttpResponse(null, {status: 204});
    const silentWrite = new RestEndpoint({urlPrefix: API, path: '/articles/:id', method: 'DELETE', process: () => undefined});
    assert.equal(await controller.fetch(silentWrite, {id: '9'}), undefined);
  });

  test('a failed optimistic mutation rolls back to the identical state', async () => {
    const controller = await seeded();
    const before = capture(controller);
    let release!: () => void;
    const gate = new Promise<void>(resolve => (release = resolve));
    respond = async () => {
      await gate;
      return HttpResponse.json({message: 'conflict'}, {status: 409});
    };
    const patched = controller.fetch(optimisticPatch, {id: '1'}, {title: 'predicted'});
    assert.equal((controller.getResponse(getArticle, {id: '1'}).data as Article).title, 'predicted');
    release();
    const error = await rejection(patched);
    assert.ok(error instanceof NetworkError);
    assert.equal(error.status, 409);
    assertUnchanged(controller, before);
  });
});

describe('keys that could reach a prototype', () => {
  const hostile = JSON.stringify({
    ...article1,
    author: {id: 'a1', name: 'Ann', __proto__: {isAdmin: true}},
  }).replace(
    '"id":"1"',
    '"id":"1","__proto__":{"polluted":true,"pk":"hijacked"},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}',
  );

  test('__proto__, constructor and prototype keys stay data: Object.prototype untouched, instance prototypes intact', async () => {
    assert.match(hostile, /"__proto__":\{"polluted"/, 'precondition: the body really carries the keys');
    const controller = new Controller();
    respond = () => new HttpResponse(hostile, {headers: {'Content-Type': 'application/json'}});
    const article = (await controller.fetch(getArticle, {id: '1'})) as Article;

    assert.equal(({} as {polluted?: unknown}).polluted, undefined, 'Object.prototype gained nothing');
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), false);
    assert.equal(({} as {isAdmin?: unknown}).isAdmin, undefined);
    assert.equal(Object.getPrototypeOf(article), Article.prototype, 'the instance keeps its prototype');
    assert.ok(article instanceof Article);
    assert.equal(typeof article.pk, 'function', 'pk() is still the method, not the "hijacked" string');
    assert.equal(article.pk(), '1');
    assert.ok(article.author instanceof Author);
    assert.equal(Object.getPrototypeOf(article.author), Author.prototype);
    assert.ok(article.publishedAt instanceof Date);
    // The keys are kept as plain own data, readable but inert.
    assert.deepEqual(Object.getOwnPropertyDescriptor(article, '__proto__')?.value, {polluted: true, pk: 'hijacked'});
    const row = visibleState(controller).entities.get('Article')?.get('1') as object;
    assert.equal(Object.getPrototypeOf(row), Object.prototype, 'the stored row keeps a plain prototype');
  });

  test('the same keys in a list, in a Values map and as table keys', async () => {
    const controller = new Controller();
    const getMap = new RestEndpoint({urlPrefix: API, path: '/articles/map', schema: new schema.Values(Article)});
    respond = () =>
      new HttpResponse(`{"__proto__": ${hostile}, "constructor": ${hostile.replace('"id":"1"', '"id":"constructor"')}}`, {
        headers: {'Content-Type': 'application/json'},
      });
    const map = (await controller.fetch(getMap)) as Record<string, Article>;
    assert.equal(({} as {polluted?: unknown}).polluted, undefined);
    assert.equal(Object.getPrototypeOf(map), Object.prototype, 'the map keeps a plain prototype');
    assert.ok(Object.getOwnPropertyDescriptor(map, '__proto__')?.value instanceof Article);
    assert.ok(Object.getOwnPropertyDescriptor(map, 'constructor')?.value instanceof Article);
    assert.ok(visibleState(controller).entities.get('Article')?.has('constructor'), 'an entity whose pk is "constructor" is just a row');

    respond = () => new HttpResponse(`[${hostile}]`, {headers: {'Content-Type': 'application/json'}});
    const list = (await controller.fetch(getArticles)) as Article[];
    assert.ok(Array.isArray(list));
    assert.equal(Object.getPrototypeOf(list[0]), Article.prototype);
    assert.equal(({} as {polluted?: unknown}).polluted, undefined);
  });

  test('a schema-less endpoint hands the parsed JSON back without touching Object.prototype', async () => {
    const controller = new Controller();
    const raw = new RestEndpoint({urlPrefix: API, path: '/raw'});
    respond = () => new HttpResponse(hostile, {headers: {'Content-Type': 'application/json'}});
    const value = (await controller.fetch(raw)) as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.equal(({} as {polluted?: unknown}).polluted, undefined);
  });
});

describe('bad arguments', () => {
  for (const [value, encoded] of [
    ['a/b', 'a%2Fb'],
    ['a?b=1', 'a%3Fb%3D1'],
    ['a#b', 'a%23b'],
    ['../admin', '..%2Fadmin'],
    ['a/../../b', 'a%2F..%2F..%2Fb'],
    ['%2E%2E', '%252E%252E'],
  ] as const) {
    test(`a path parameter ${JSON.stringify(value)} stays one segment: the server receives /articles/${encoded}`, async () => {
      const controller = new Controller();
      respond = () => HttpResponse.json({...article1, id: value});
      await controller.fetch(getArticle, {id: value});
      assert.equal(received.length, 1);
      const url = new URL(received[0]!.url);
      assert.equal(url.pathname, `/articles/${encoded}`);
      assert.equal(url.search, '', 'nothing leaked into the query string');
      assert.equal(url.hash, '');
      assert.equal(url.pathname.split('/').length, 3, 'still /articles/<one segment>');
      assert.equal(decodeURIComponent(url.pathname.split('/')[2]!), value, 'the server decodes the value it was given');
    });
  }

  for (const value of ['..', '.']) {
    test(`a path parameter ${JSON.stringify(value)} is refused before any request (fetch would resolve it)`, async () => {
      const controller = await seeded();
      const before = capture(controller);
      const error = await rejection(controller.fetch(ArticleResource.delete, {id: value}));
      assert.ok(error instanceof TypeError);
      assert.match(error.message, /DELETE \/articles\/:id: path parameter "id" is "\." or "\.\."/);
      assert.equal(received.length, 0, 'no request was sent');
      assertUnchanged(controller, before);
    });
  }

  test('a missing required parameter: TypeError naming the endpoint and the parameter; no request sent', async () => {
    const controller = await seeded();
    const before = capture(controller);
    for (const params of [{}, {id: ''}, {id: undefined}, {id: null}]) {
      const error = await rejection(controller.fetch(getArticle, params as never));
      assert.ok(error instanceof TypeError, `for ${JSON.stringify(params)}`);
      assert.match(error.message, /GET \/articles\/:id: missing required path parameter "id" for path "\/articles\/:id"/);
    }
    assert.equal(received.length, 0, 'no request was sent');
    assertUnchanged(controller, before);
  });

  test('a path parameter of the wrong type: TypeError, no request', async () => {
    const controller = await seeded();
    const before = capture(controller);
    const error = await rejection(controller.fetch(getArticle, {id: {nested: true}} as never));
    assert.ok(error instanceof TypeError);
    assert.match(error.message, /path parameter "id" must be a string or a number/);
    assert.equal(received.length, 0);
    assertUnchanged(controller, before);
  });

  test('a Query passed to fetch: TypeError that says to read it instead; nothing sent', async () => {
    const controller = await seeded();
    const before = capture(controller);
    const titles = new Query(new schema.All(Article), articles => articles.map(a => a.title), {name: 'articleTitles'});
    // @ts-expect-error a Query never fetches (a compile error); this checks the run-time guard for untyped callers
    const error = await rejection(controller.fetch(titles));
    assert.ok(error instanceof TypeError);
    assert.match(error.message, /articleTitles cannot be fetched: a Query only reads the cache/);
    assert.match(error.message, /controller\.get\(\) or useCache\(\)/);
    assert.equal(received.length, 0);
    assertUnchanged(controller, before);
    assert.deepEqual(controller.get(titles), ['Hello', 'World'], 'reading it works');
  });
});
