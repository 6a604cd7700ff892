// shortenPath, createResource (members, extend) and the list extenders push/unshift/assign,
// with msw/node handlers that check what each member sends.
import {after, afterEach, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import {createResource, RestEndpoint, shortenPath, type AnyRestGenerics} from '../../src/rest/index.js';
import {CollectionAppender, CollectionSchema, Entity, InvalidateSchema, normalize, schema} from '../../src/schema/index.js';
import type {SnapshotInterface} from '../../src/endpoint/index.js';

const API = 'https://api.test';

class Article extends Entity {
  id = '';
  title = '';
  static override key = 'Article';
}

const server = setupServer();
let sent: {method: string; url: string; body: string; contentType: string | null}[] = [];
before(() => server.listen({onUnhandledRequest: 'error'}));
afterEach(() => {
  server.resetHandlers();
  sent = [];
});
after(() => server.close());

/** Answers every request under API with `respond`, after recording it. */
function answer(respond: (request: Request) => Response | Promise<Response> = () => HttpResponse.json({id: '1', title: 't'})) {
  server.use(
    http.all(`${API}/*`, async ({request}) => {
      sent.push({
        method: request.method,
        url: request.url,
        body: await request.clone().text(),
        contentType: request.headers.get('content-type'),
      });
      return respond(request);
    }),
  );
}

const snap = {} as SnapshotInterface;

describe('shortenPath', () => {
  test('drops the last parameter and its segment', () => {
    assert.equal(shortenPath('/:a/:b'), '/:a');
    assert.equal(shortenPath('/:a'), '/');
    assert.equal(shortenPath('/articles/:id'), '/articles');
    assert.equal(shortenPath('/groups/:group/users/:id'), '/groups/:group/users');
    assert.equal(shortenPath('/users/:id/edit'), '/users');
    assert.equal(shortenPath('/users/u-:id'), '/users');
  });

  test('a trailing optional group goes whole', () => {
    assert.equal(shortenPath('/users/:group/:id{/:slug}'), '/users/:group/:id');
    assert.equal(shortenPath('/users{/:id}'), '/users');
  });

  test('a path without a parameter is an Error naming the path', () => {
    assert.throws(() => shortenPath('/articles'), (error: unknown) => error instanceof Error && error.message.includes('"/articles"'));
  });
});

describe('createResource: members', () => {
  const resource = createResource({urlPrefix: API, path: '/groups/:group/articles/:id', schema: Article});

  test('method, path and schema of each member', () => {
    const {get, getList, create, update, partialUpdate} = resource;
    const remove = resource.delete;
    assert.deepEqual(
      [get, getList, create, update, partialUpdate, remove].map(e => [e.method, e.path, e.urlPrefix]),
      [
        ['GET', '/groups/:group/articles/:id', API],
        ['GET', '/groups/:group/articles', API],
        ['POST', '/groups/:group/articles', API],
        ['PUT', '/groups/:group/articles/:id', API],
        ['PATCH', '/groups/:group/articles/:id', API],
        ['DELETE', '/groups/:group/articles/:id', API],
      ],
    );
    assert.equal(get.schema, Article);
    assert.equal(update.schema, Article);
    assert.equal(partialUpdate.schema, Article);
    assert.ok(getList.schema instanceof CollectionSchema);
    assert.equal(getList.schema.itemSchema, Article);
    assert.equal(create.schema, getList.schema.push, "create uses getList.push's schema, so created items join matching lists");
    assert.ok(create.schema instanceof CollectionAppender);
    assert.ok(remove.schema instanceof InvalidateSchema);
    assert.equal(remove.schema.schema, Article);
    assert.deepEqual(
      [get, getList, create, update, partialUpdate, remove].map(e => e.sideEffect),
      [false, false, true, true, true, true],
    );
  });

  test('each member sends what the spec lists', async () => {
    answer(request => (request.method === 'DELETE' ? new HttpResponse(null, {status: 204}) : HttpResponse.json({id: '1', title: 't'})));
    await resource.get.fetch({group: 'g', id: 1});
    await resource.getList.fetch({group: 'g', author: 'ada', page: 2});
    await resource.create.fetch({group: 'g'}, {title: 'new'});
    await resource.update.fetch({group: 'g', id: 1}, {id: '1', title: 'all'});
    await resource.partialUpdate.fetch({group: 'g', id: 1}, {title: 'some'});
    await resource.delete.fetch({group: 'g', id: 1});
    assert.deepEqual(
      sent.map(s => [s.method, s.url, s.body, s.contentType]),
      [
        ['GET', `${API}/groups/g/articles/1`, '', null],
        ['GET', `${API}/groups/g/articles?author=ada&page=2`, '', null],
        ['POST', `${API}/groups/g/articles`, '{"title":"new"}', 'application/json'],
        ['PUT', `${API}/groups/g/articles/1`, '{"id":"1","title":"all"}', 'application/json'],
        ['PATCH', `${API}/groups/g/articles/1`, '{"title":"some"}', 'application/json'],
        ['DELETE', `${API}/groups/g/articles/1`, '', null],
      ],
    );
  });

  test('create takes (body) alone when the list path has no parameters', async () => {
    const flat = createResource({urlPrefix: API, path: '/articles/:id', schema: Article});
    answer();
    await flat.create.fetch({title: 'x'});
    assert.equal(sent[0]!.url, `${API}/articles`);
    assert.equal(sent[0]!.body, '{"title":"x"}');
  });

  test('getList is keyed by its params: each filter is its own list', () => {
    const list = resource.getList.schema;
    assert.equal(list.pk(resource.getList.normalizeArgs([{group: 'g', author: 'ada'}])), '{"author":"ada","group":"g"}');
    assert.notEqual(list.pk([{group: 'g'}]), list.pk([{group: 'h'}]));
    assert.equal(resource.getList.key({group: 'g', b: 1, a: 2}), `GET ${API}/groups/g/articles?a=2&b=1`);
  });

  test('two resources over one entity at different paths keep separate lists', () => {
    const other = createResource({urlPrefix: API, path: '/featured/:id', schema: Article});
    const flat = createResource({urlPrefix: API, path: '/articles/:id', schema: Article});
    assert.notEqual(other.getList.schema.key, flat.getList.schema.key);
    assert.equal(createResource({urlPrefix: API, path: '/articles/:id', schema: Article}).getList.schema.key, flat.getList.schema.key);
  });

  test('delete.process: the body when it is a non-empty object that holds the pk, else the params', () => {
    const process = resource.delete.process.bind(resource.delete);
    const params = {group: 'g', id: '1'};
    assert.deepEqual(process({id: '1', title: 'gone'}, params), {id: '1', title: 'gone'});
    assert.equal(process('', params), params);
    assert.equal(process({}, params), params);
    assert.equal(process(null, params), params);
    // A server that answers how it went, not what it deleted: the params name the entity.
    assert.equal(process({success: true}, params), params);
    // The params then identify the entity to invalidate.
    const {invalidated} = normalize(resource.delete.schema, process('', params), [params]);
    assert.deepEqual([...(invalidated.get('Article') ?? [])], ['1']);
  });

  test('delete resolves with the params when the server answers 204', async () => {
    answer(() => new HttpResponse(null, {status: 204}));
    assert.deepEqual(await resource.delete.fetch({group: 'g', id: 5}), {group: 'g', id: 5});
  });

  test('shared options reach every member; Endpoint picks their class', async () => {
    class Tagged<const O = AnyRestGenerics> extends RestEndpoint<O> {
      override getHeaders(headers: HeadersInit): HeadersInit {
        return {...(headers as Record<string, string>), 'X-Tagged': 'yes'};
      }
      override process(value: any, ...args: any[]) {
        return value && typeof value === 'object' ? {...super.process(value, ...args), tagged: true} : value;
      }
    }
    const tagged = createResource({urlPrefix: API, path: '/articles/:id', schema: Article, Endpoint: Tagged, dataExpiryLength: 10});
    for (const name of ['get', 'getList', 'create', 'update', 'partialUpdate', 'delete'] as const) {
      assert.ok(tagged[name] instanceof Tagged, name);
      assert.equal(tagged[name].dataExpiryLength, 10, name);
    }
    const headers: (string | null)[] = [];
    server.use(
      http.all(`${API}/*`, ({request}) => {
        headers.push(request.headers.get('x-tagged'));
        return request.method === 'DELETE' ? new HttpResponse('') : HttpResponse.json({id: '1'});
      }),
    );
    assert.deepEqual(await tagged.get.fetch({id: 1}), {id: '1', tagged: true});
    assert.deepEqual(await tagged.delete.fetch({id: 1}), {id: 1}, "delete's fallback runs after the class's process");
    assert.deepEqual(headers, ['yes', 'yes']);
  });

  test('missing path or schema is a clear TypeError', () => {
    assert.throws(() => createResource({schema: Article} as never), /path/);
    assert.throws(() => createResource({path: '/a/:id'} as never), /schema/);
    assert.throws(() => createResource({path: '/articles', schema: Article}), /"\/articles"/);
  });
});

describe('createResource: extend', () => {
  const resource = createResource({urlPrefix: API, path: '/articles/:id', schema: Article});

  test('overrides the named members only; the original resource is unchanged', () => {
    const predict = (_snap: SnapshotInterface, params: {id: string}, body: object) => ({id: params.id, ...body});
    const optimistic = resource.extend({partialUpdate: {getOptimisticResponse: predict}});
    assert.notEqual(optimistic, resource);
    assert.equal(optimistic.partialUpdate.getOptimisticResponse, predict);
    assert.deepEqual(optimistic.partialUpdate.getOptimisticResponse!(snap, {id: '1'}, {title: 'x'}), {id: '1', title: 'x'});
    assert.equal(optimistic.partialUpdate.method, 'PATCH');
    assert.equal(optimistic.partialUpdate.schema, Article);
    assert.equal(resource.partialUpdate.getOptimisticResponse, undefined, 'the original member is untouched');
    for (const name of ['get', 'getList', 'create', 'update', 'delete'] as const) assert.equal(optimistic[name], resource[name], name);
  });

  test('delete.getOptimisticResponse keeps the delete process and schema', () => {
    const optimistic = resource.extend({delete: {getOptimisticResponse: (_snap: SnapshotInterface, params: object) => params}});
    assert.deepEqual(optimistic.delete.getOptimisticResponse!(snap, {id: '3'}), {id: '3'});
    assert.ok(optimistic.delete.schema instanceof InvalidateSchema);
    assert.equal(optimistic.delete.process('', {id: '3'}).id, '3');
  });

  test('getList.push/unshift/assign follow an extended getList', () => {
    const predict = (_snap: SnapshotInterface, _params: object, body: object) => body;
    const optimistic = resource.extend({getList: {getOptimisticResponse: predict}});
    assert.equal(optimistic.getList.push.getOptimisticResponse, predict);
    assert.equal(optimistic.getList.unshift.getOptimisticResponse, predict);
    assert.equal(resource.getList.push.getOptimisticResponse, undefined);
    assert.equal(optimistic.getList.push.schema, resource.getList.schema.push, 'still the same list');
  });

  test('a getList with another Collection takes create along', () => {
    const other = new schema.Collection([Article], {key: 'OtherArticles'});
    const moved = resource.extend({getList: {schema: other}});
    assert.equal(moved.create.schema, other.push);
    assert.equal(resource.create.schema, resource.getList.schema.push);
  });

  test('extending can be chained, and an unknown member is a TypeError', () => {
    const once = resource.extend({get: {dataExpiryLength: 1}});
    const twice = once.extend({update: {dataExpiryLength: 2}});
    assert.equal(twice.get.dataExpiryLength, 1);
    assert.equal(twice.update.dataExpiryLength, 2);
    assert.throws(() => resource.extend({remove: {}} as never), /"remove" is not a member/);
  });
});

describe('push, unshift, assign', () => {
  const getArticles = new RestEndpoint({
    urlPrefix: API,
    path: '/articles',
    schema: new schema.Collection([Article]),
    searchParams: {} as {author?: string},
    getOptimisticResponse: (_snap: SnapshotInterface, _params: object, body: object) => body,
  });

  test('POST to the same path with the collection schema and this endpoint’s optimistic response', () => {
    for (const mode of ['push', 'unshift', 'assign'] as const) {
      const appender = getArticles[mode];
      assert.ok(appender instanceof RestEndpoint);
      assert.equal(appender.method, 'POST');
      assert.equal(appender.path, '/articles');
      assert.equal(appender.urlPrefix, API);
      assert.equal(appender.schema, getArticles.schema[mode]);
      assert.equal(appender.sideEffect, true);
      assert.equal(appender.getOptimisticResponse, getArticles.getOptimisticResponse);
      assert.equal(appender.name, `GET /articles.${mode}`);
    }
    assert.equal(getArticles.push.schema.mode, 'push');
    assert.equal(getArticles.unshift.schema.mode, 'unshift');
    assert.equal(getArticles.assign.schema.mode, 'assign');
  });

  test('memoized per endpoint', () => {
    assert.equal(getArticles.push, getArticles.push);
    assert.equal(getArticles.assign, getArticles.assign);
    assert.notEqual(getArticles.extend({}).push, getArticles.push);
  });

  test("push sends a JSON body although the list endpoint sends none; (body) alone works", async () => {
    answer(() => HttpResponse.json({id: '7', title: 'x'}, {status: 201}));
    const list = new RestEndpoint({urlPrefix: API, path: '/articles', schema: new schema.Collection([Article]), body: undefined});
    assert.deepEqual(await list.push.fetch({title: 'x'}), {id: '7', title: 'x'});
    assert.deepEqual(await list.unshift.fetch({author: 'ada'}, {title: 'y'}), {id: '7', title: 'x'});
    assert.deepEqual(
      sent.map(s => [s.method, s.url, s.body, s.contentType]),
      [
        ['POST', `${API}/articles`, '{"title":"x"}', 'application/json'],
        ['POST', `${API}/articles?author=ada`, '{"title":"y"}', 'application/json'],
      ],
    );
  });

  test('a schema that is not a Collection is a clear error', () => {
    const plain = new RestEndpoint({path: '/articles', schema: [Article]});
    assert.throws(() => plain.push, (error: unknown) => error instanceof TypeError && /GET \/articles: \.push needs a schema\.Collection/.test(error.message));
    assert.throws(() => new RestEndpoint({path: '/x'}).assign, /\.assign needs a schema\.Collection/);
  });
});
