// Spec 4.4, "Transforms on fetch": each transform written the way the spec describes it, as a
// RestEndpoint subclass that overrides one step and calls super, and checked end to end through
// fetch against msw/node handlers that check what was sent.
import {after, afterEach, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import Decimal from 'decimal.js';
import {RestEndpoint, type AnyRestGenerics} from '../../src/rest/index.js';
import {CaseConvertingEndpoint, IdFromPathEndpoint, LinkHeaderEndpoint, RenameEndpoint} from '../../examples/transforms.js';
import {Entity, denormalize, emptyStore, mergeResponse, normalize} from '../../src/schema/index.js';

const API = 'https://api.test';
const server = setupServer();
before(() => server.listen({onUnhandledRequest: 'error'}));
afterEach(() => server.resetHandlers());
after(() => server.close());

/** Installs one handler and returns what it saw. */
function handle(method: 'get' | 'post' | 'patch', path: string, respond: (body: unknown) => Response) {
  const seen: {url: string; body: unknown; contentType: string | null}[] = [];
  server.use(
    http[method](`${API}${path}`, async ({request}) => {
      const text = await request.text();
      const body = text ? JSON.parse(text) : undefined;
      seen.push({url: request.url, body, contentType: request.headers.get('content-type')});
      return respond(body);
    }),
  );
  return seen;
}

class Product extends Entity {
  id = '';
  updatedAt = new Date(0);
  price = new Decimal(0);
  static override schema = {updatedAt: Date, price: Decimal};
}

describe('spec 4.4 transforms, as subclasses calling super', () => {
  test('key case conversion: snake_case body out (recursively), camelCase response in', async () => {
    const seen = handle('post', '/users', () =>
      HttpResponse.json({user_id: 1, first_name: 'Ada', home_address: {zip_code: '1'}, tags: [{tag_name: 'x'}], nick: null}),
    );
    const create = new CaseConvertingEndpoint({urlPrefix: API, path: '/users', method: 'POST'});
    const value = await create.fetch({firstName: 'Ada', homeAddress: {zipCode: '1'}, tags: [{tagName: 'x'}], nick: null, age: 3});
    assert.deepEqual(seen[0]!.body, {first_name: 'Ada', home_address: {zip_code: '1'}, tags: [{tag_name: 'x'}], nick: null, age: 3});
    assert.equal(seen[0]!.contentType, 'application/json', 'super still sets the JSON content type');
    assert.deepEqual(value, {userId: 1, firstName: 'Ada', homeAddress: {zipCode: '1'}, tags: [{tagName: 'x'}], nick: null});
  });

  test('key case conversion leaves a body-less request without a body', async () => {
    const seen = handle('get', '/users/:id', () => HttpResponse.json({user_id: 1}));
    const get = new CaseConvertingEndpoint({urlPrefix: API, path: '/users/:id'});
    assert.deepEqual(await get.fetch({id: 1}), {userId: 1});
    assert.equal(seen[0]!.body, undefined);
    assert.equal(seen[0]!.contentType, null);
  });

  test('field deserialization: an entity static schema turns ISO dates and decimal strings into Date and Decimal', async () => {
    handle('get', '/products/:id', () => HttpResponse.json({id: 'p1', updatedAt: '2024-05-01T10:00:00.000Z', price: '19.999999999999999999'}));
    const getProduct = new RestEndpoint({urlPrefix: API, path: '/products/:id', schema: Product});
    const raw = await getProduct.fetch({id: 'p1'});
    const normalized = normalize(getProduct.schema, raw, [{id: 'p1'}]);
    const store = mergeResponse(emptyStore(), normalized, {fetchedAt: 1, date: 1, expiresAt: 2});
    const {data} = denormalize<Product>(getProduct.schema, normalized.result, store.entities);
    assert.ok(data instanceof Product);
    assert.ok(data.updatedAt instanceof Date);
    assert.equal(data.updatedAt.toISOString(), '2024-05-01T10:00:00.000Z');
    assert.ok(data.price instanceof Decimal);
    assert.equal(data.price.toString(), '19.999999999999999999', 'no precision lost to a float');
  });

  test('id missing from the response: process sets the pk from the path parameter', async () => {
    handle('get', '/profiles/:id', () => HttpResponse.json({name: 'Ada'}));
    const getProfile = new IdFromPathEndpoint({urlPrefix: API, path: '/profiles/:id'});
    assert.deepEqual(await getProfile.fetch({id: 42}), {name: 'Ada', id: '42'});
  });

  test('response headers: the link header and the results, for cursor pagination', async () => {
    const link = `<${API}/posts?cursor=2>; rel="next"`;
    handle('get', '/posts', () => HttpResponse.json([{id: '1'}], {headers: {Link: link}}));
    const getPosts = new LinkHeaderEndpoint({urlPrefix: API, path: '/posts'});
    assert.deepEqual(await getPosts.fetch(), {link, results: [{id: '1'}]});

    server.resetHandlers();
    handle('get', '/posts', () => HttpResponse.json([{id: '1'}]));
    assert.deepEqual(await getPosts.fetch(), {link: null, results: [{id: '1'}]}, 'an array without link is wrapped too');

    server.resetHandlers();
    handle('get', '/posts', () => HttpResponse.json({id: '1'}));
    assert.deepEqual(await getPosts.fetch(), {id: '1'}, 'otherwise the result as it is');
  });

  test('key rename: renamed in the body sent, renamed back in the response', async () => {
    const seen = handle('patch', '/people/:id', body => HttpResponse.json({id: '1', ...(body as object)}));
    const rename = new RenameEndpoint({urlPrefix: API, path: '/people/:id', method: 'PATCH'});
    const value = await rename.fetch({id: 1}, {displayName: 'Ada L.', age: 36});
    assert.deepEqual(seen[0]!.body, {full_name: 'Ada L.', age: 36});
    assert.deepEqual(value, {id: '1', age: 36, displayName: 'Ada L.'});
  });

  test('the ordered-transform pattern: updatedAt added to the body through getRequestInit', async () => {
    class Ordered<const O = AnyRestGenerics> extends RestEndpoint<O> {
      override getRequestInit(body: any) {
        return super.getRequestInit({...(body as object), updatedAt: 1234});
      }
    }
    const seen = handle('post', '/count/increment', body => HttpResponse.json({id: 'count', count: 2, ...(body as object)}));
    const increment = new Ordered({urlPrefix: API, path: '/count/increment', method: 'POST'});
    assert.deepEqual(await increment.fetch({}), {id: 'count', count: 2, updatedAt: 1234});
    assert.deepEqual(seen[0]!.body, {updatedAt: 1234});
  });

  test('getHeaders and fetchResponse overridden in a subclass, with super', async () => {
    const calls: string[] = [];
    class Authed<const O = AnyRestGenerics> extends RestEndpoint<O> {
      override getHeaders(headers: HeadersInit): HeadersInit {
        return {...(super.getHeaders(headers) as Record<string, string>), 'Access-Token': 'tok'};
      }
      override fetchResponse(input: string, init: RequestInit) {
        calls.push(input);
        return super.fetchResponse(input, init);
      }
    }
    const tokens: (string | null)[] = [];
    server.use(
      http.post(`${API}/notes`, ({request}) => {
        tokens.push(request.headers.get('access-token'), request.headers.get('content-type'));
        return HttpResponse.json({id: 'n1'});
      }),
    );
    const create = new Authed({urlPrefix: API, path: '/notes', method: 'POST'});
    assert.deepEqual(await create.fetch({text: 'x'}), {id: 'n1'});
    assert.deepEqual(tokens, ['tok', 'application/json']);
    assert.deepEqual(calls, [`${API}/notes`]);
  });

  test('an option replaces the method of a subclass (options win over methods)', async () => {
    handle('get', '/profiles/:id', () => HttpResponse.json({name: 'Ada'}));
    const plain = new IdFromPathEndpoint({urlPrefix: API, path: '/profiles/:id', process: (value: unknown) => value});
    assert.deepEqual(await plain.fetch({id: 1}), {name: 'Ada'});
  });
});
