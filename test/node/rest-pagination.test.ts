// Infinite lists: a list endpoint with `paginationField` loads its next page into the same
// cached list (a cursor in a field, the Link header of the spec's parseResponse transform, a
// page number), with the cache's guarantees: entities shared, an identical page changes
// nothing, a failing page keeps the list. The API is answered by msw/node.
import {after, afterEach, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import {Controller, createResource, Entity, NetworkError, RestEndpoint, schema, type AnyRestGenerics} from '../../src/index.js';
import {dehydrate, hydrate, merge} from '../../src/snapshots/index.js';
import {fetchNextPage, nextPageArgs, nextPageEndpoint} from '../../src/pagination/index.js';
import {defaultNextPage} from '../../src/pagination/internal.js';
import {visibleState} from '../../src/internal.js';

class Article extends Entity {
  id = '';
  title = '';
  static override key = 'PagedArticle';
}

const API = 'https://api.example.com';
const all = Array.from({length: 12}, (_, i) => ({id: String(i + 1), title: `Article ${i + 1}`}));
/** How many requests each path got, and the last query of each. */
const sent: string[] = [];

/** Page `[offset, offset + limit)` of `all`, the titles changed by `edits`. */
function slice(offset: number, limit: number, edits: Record<string, string> = {}) {
  return all.slice(offset, offset + limit).map(a => (edits[a.id] ? {...a, title: edits[a.id]} : a));
}

let edits: Record<string, string> = {};
const server = setupServer(
  // A cursor in a field of the body: {results, cursor} (null on the last page).
  http.get(`${API}/cursor/articles`, ({request}) => {
    const url = new URL(request.url);
    sent.push(url.pathname + url.search);
    const offset = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 5);
    const next = offset + limit < all.length ? String(offset + limit) : null;
    return HttpResponse.json({results: slice(offset, limit, edits), cursor: next});
  }),
  // The list as the body, the next page's URL in the Link header.
  http.get(`${API}/link/articles`, ({request}) => {
    const url = new URL(request.url);
    sent.push(url.pathname + url.search);
    const offset = Number(url.searchParams.get('after') ?? 0);
    const headers = new Headers();
    if (offset + 5 < all.length) headers.set('Link', `<${API}/link/articles?after=${offset + 5}>; rel="next", <${API}/link/articles>; rel="first"`);
    return HttpResponse.json(slice(offset, 5, edits), {headers});
  }),
  // Bare pages by number, 1-based; past the end, an empty page.
  http.get(`${API}/paged/articles`, ({request}) => {
    const url = new URL(request.url);
    sent.push(url.pathname + url.search);
    const page = Number(url.searchParams.get('page') ?? 1);
    return HttpResponse.json(slice((page - 1) * 5, 5, edits));
  }),
  // Bare pages by number, but past the end the last page again (a server that clamps the page).
  http.get(`${API}/clamped/articles`, ({request}) => {
    const url = new URL(request.url);
    sent.push(url.pathname + url.search);
    const page = Math.min(Number(url.searchParams.get('page') ?? 1), 3);
    return HttpResponse.json(slice((page - 1) * 5, 5, edits));
  }),
  // A server that does not know the page param: always the first page.
  http.get(`${API}/unpaged/articles`, ({request}) => {
    const url = new URL(request.url);
    sent.push(url.pathname + url.search);
    return HttpResponse.json(slice(0, 5, edits));
  }),
);
before(() => server.listen({onUnhandledRequest: 'error'}));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
  edits = {};
});
after(() => server.close());

const getByCursor = new RestEndpoint({
  urlPrefix: API,
  path: '/cursor/articles',
  searchParams: {} as {limit?: number; cursor?: string},
  paginationField: 'cursor',
  schema: {results: new schema.Collection([Article]), cursor: ''},
});

/** The specification's "response headers" transform: `{link, results}` when there is a Link header or a list. */
class LinkEndpoint<const O = AnyRestGenerics> extends RestEndpoint<O> {
  override async parseResponse(response: Response): Promise<unknown> {
    const results = await super.parseResponse(response);
    const link = response.headers.get('link');
    return link !== null || Array.isArray(results) ? {link: link ?? '', results} : results;
  }
}
const getByLink = new LinkEndpoint({
  urlPrefix: API,
  path: '/link/articles',
  searchParams: {} as {after?: string},
  paginationField: 'after',
  schema: {results: new schema.Collection([Article]), link: ''},
});

const PagedResource = createResource({urlPrefix: API, path: '/paged/articles/:id', schema: Article, paginationField: 'page'});

const titles = (list: readonly Article[] | undefined) => list?.map(a => a.title);
const ids = (list: readonly Article[] | undefined) => list?.map(a => a.id);

describe('next pages: three kinds of pagination', () => {
  test('a cursor in a field of the response', async () => {
    const controller = new Controller();
    const first = await controller.fetch(getByCursor, {limit: 5});
    assert.deepEqual(nextPageArgs(controller, getByCursor, {limit: 5}), [{limit: 5, cursor: '5'}]);

    const second = await fetchNextPage(controller, getByCursor, {limit: 5});
    assert.deepEqual(ids(second?.results), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    assert.equal(second?.cursor, '10', 'the fields beside the list are those of the last page');
    assert.equal(controller.getResponse(getByCursor, {limit: 5}).data, second, 'the list read back is the one the call resolved with');
    assert.equal(second?.results[0], first.results[0], 'the rows of the first page are the same instances');

    await fetchNextPage(controller, getByCursor, {limit: 5});
    const third = controller.getResponse(getByCursor, {limit: 5}).data;
    assert.equal(third?.results.length, 12);
    assert.equal(third?.cursor, null);
    assert.equal(nextPageArgs(controller, getByCursor, {limit: 5}), undefined, 'the last page has no cursor');
    assert.equal(await fetchNextPage(controller, getByCursor, {limit: 5}), undefined, 'nothing more to load: no request');
    assert.deepEqual(sent, ['/cursor/articles?limit=5', '/cursor/articles?cursor=5&limit=5', '/cursor/articles?cursor=10&limit=5']);
  });

  test('the Link header, kept by parseResponse as {link, results}', async () => {
    const controller = new Controller();
    await controller.fetch(getByLink);
    assert.deepEqual(nextPageArgs(controller, getByLink), [{after: '5'}]);
    await fetchNextPage(controller, getByLink);
    await fetchNextPage(controller, getByLink);
    const list = controller.getResponse(getByLink).data;
    assert.deepEqual(titles(list?.results), all.map(a => a.title));
    assert.equal(list?.link, '', 'the last page has no Link header');
    assert.equal(nextPageArgs(controller, getByLink), undefined);
    assert.deepEqual(sent, ['/link/articles', '/link/articles?after=5', '/link/articles?after=10']);
  });

  test('a page number, until a page comes back empty', async () => {
    const controller = new Controller();
    await controller.fetch(PagedResource.getList);
    assert.deepEqual(nextPageArgs(controller, PagedResource.getList), [{page: 2}]);
    await fetchNextPage(controller, PagedResource.getList);
    assert.deepEqual(nextPageArgs(controller, PagedResource.getList), [{page: 3}]);
    await fetchNextPage(controller, PagedResource.getList);
    assert.equal(controller.getResponse(PagedResource.getList).data?.length, 12);
    assert.deepEqual(nextPageArgs(controller, PagedResource.getList), [{page: 4}], 'a short page is not known to be the last');
    const same = controller.getResponse(PagedResource.getList).data;
    assert.equal(await fetchNextPage(controller, PagedResource.getList), same, 'an empty page leaves the list as it was');
    assert.equal(nextPageArgs(controller, PagedResource.getList), undefined, 'an empty page ends the list');
    assert.deepEqual(sent, ['/paged/articles', '/paged/articles?page=2', '/paged/articles?page=3', '/paged/articles?page=4']);
  });

  test('a page number, until a page adds no item the list did not hold: a server that repeats its last page past the end', async () => {
    const Clamped = createResource({urlPrefix: API, path: '/clamped/articles/:id', schema: Article, paginationField: 'page'});
    const controller = new Controller();
    await controller.fetch(Clamped.getList);
    await fetchNextPage(controller, Clamped.getList);
    await fetchNextPage(controller, Clamped.getList);
    assert.equal(controller.getResponse(Clamped.getList).data?.length, 12);
    assert.deepEqual(nextPageArgs(controller, Clamped.getList), [{page: 4}], 'page 3 added two items');
    const same = controller.getResponse(Clamped.getList).data;
    assert.equal(await fetchNextPage(controller, Clamped.getList), same, 'page 4 (page 3 again) leaves the list as it was');
    assert.equal(nextPageArgs(controller, Clamped.getList), undefined, 'and ends it');
    assert.equal(await fetchNextPage(controller, Clamped.getList), undefined, 'no request for page 5');
    assert.deepEqual(sent, ['/clamped/articles', '/clamped/articles?page=2', '/clamped/articles?page=3', '/clamped/articles?page=4']);
  });

  test('a server that ignores the page param: the list ends after its second request, with a warning naming the endpoint and the page (development mode)', async t => {
    const warnings: string[] = [];
    t.mock.method(console, 'warn', (message: string) => warnings.push(message));
    const Unpaged = createResource({urlPrefix: API, path: '/unpaged/articles/:id', schema: Article, paginationField: 'page'});
    const controller = new Controller();
    await controller.fetch(Unpaged.getList);
    await fetchNextPage(controller, Unpaged.getList);
    assert.deepEqual(ids(controller.getResponse(Unpaged.getList).data), ['1', '2', '3', '4', '5']);
    assert.equal(nextPageArgs(controller, Unpaged.getList), undefined);
    assert.equal(nextPageArgs(controller, Unpaged.getList), undefined, 'asked again, as a list asks on every render');
    assert.equal(await fetchNextPage(controller, Unpaged.getList), undefined);
    assert.deepEqual(sent, ['/unpaged/articles', '/unpaged/articles?page=2']);
    assert.deepEqual(warnings, [
      `data-elements (development mode): ${Unpaged.getList.name}: the page {"page":2} held 5 items, all already in the list, so the list ends there. A server that ignores the page param, or repeats its last page past the end, does this; give the endpoint nextPage to decide otherwise.`,
    ]);
  });

  test("an endpoint's own nextPage is told how many items the last page held and how many were new to the list", async () => {
    const told: unknown[] = [];
    const getClamped = new RestEndpoint({
      urlPrefix: API,
      path: '/clamped/articles',
      searchParams: {} as {page?: number},
      paginationField: 'page',
      schema: new schema.Collection([Article]),
      nextPage: (_value: unknown, params: {page?: number}, context) => (told.push({...context}), {page: (params.page ?? 1) + 1}),
    });
    const controller = new Controller();
    /** What the endpoint's nextPage is told when asked for the page after the last one. */
    const context = () => {
      told.length = 0;
      nextPageArgs(controller, getClamped);
      return told[0];
    };
    await controller.fetch(getClamped);
    assert.deepEqual(context(), {items: undefined, added: undefined}, 'only the first page');
    await fetchNextPage(controller, getClamped);
    assert.deepEqual(context(), {items: 5, added: 5});
    await fetchNextPage(controller, getClamped);
    assert.deepEqual(context(), {items: 2, added: 2}, 'page 3: the last two');
    await fetchNextPage(controller, getClamped);
    assert.deepEqual(context(), {items: 2, added: 0}, 'page 4: page 3 again');
    assert.equal(nextPageArgs(controller, getClamped)?.[0]?.page, 5, 'its own rule decides: it goes on');
  });

  test('a response that names its cursor otherwise than the param is counted in pages, with a warning naming the field (development mode)', t => {
    const warnings: string[] = [];
    t.mock.method(console, 'warn', (message: string) => warnings.push(message));
    assert.deepEqual(defaultNextPage({results: [], nextCursor: 'c5'}, {}, 'cursor', 5), {cursor: 2});
    assert.deepEqual(defaultNextPage({results: [], nextCursor: 'c10'}, {cursor: 2}, 'cursor', 5), {cursor: 3});
    assert.deepEqual(warnings, [
      'data-elements (development mode): next page: the response has no "cursor" field (the paginationField), so pages are counted (cursor=2, 3, ...); it has "nextCursor". If that is the cursor, give the endpoint nextPage: (value, params) => value.nextCursor ? {...params, cursor: value.nextCursor} : undefined.',
    ]);
    // Numbers beside numbered pages agree with counting them; a text field far from the param is not a cursor.
    assert.deepEqual(defaultNextPage({results: [], totalPages: 3, title: 'Articles'}, {}, 'page', 5), {page: 2});
    assert.equal(warnings.length, 1);
  });

  test('a fetch of the list itself starts again from its first page', async () => {
    const controller = new Controller();
    await controller.fetch(PagedResource.getList);
    await fetchNextPage(controller, PagedResource.getList);
    assert.equal(controller.getResponse(PagedResource.getList).data?.length, 10);
    await controller.fetch(PagedResource.getList);
    assert.deepEqual(ids(controller.getResponse(PagedResource.getList).data), ['1', '2', '3', '4', '5']);
    assert.deepEqual(nextPageArgs(controller, PagedResource.getList), [{page: 2}]);
  });
});

describe('next pages: the cache guarantees', () => {
  test('overlapping pages: a listed entity is not repeated, and its row takes the newer data', async () => {
    const controller = new Controller();
    await controller.fetch(getByCursor, {limit: 5});
    edits = {'5': 'Article 5, edited'};
    // From offset 4: article 5 again, then 6 to 8.
    const list = await controller.fetch(nextPageEndpoint(getByCursor), {limit: 4, cursor: '4'});
    assert.deepEqual(ids(controller.getResponse(getByCursor, {limit: 4}).data?.results), ['5', '6', '7', '8'], 'another limit is another list');
    assert.equal(list.results.length, 4);
    const second = await controller.fetch(nextPageEndpoint(getByCursor), {limit: 5, cursor: '4'});
    assert.deepEqual(ids(second.results), ['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    assert.equal(second.results[4]?.title, 'Article 5, edited');
  });

  test('an identical page changes nothing: same state, same list, no reader told', async () => {
    const controller = new Controller();
    await controller.fetch(getByCursor, {limit: 5});
    await controller.fetch(nextPageEndpoint(getByCursor), {limit: 5, cursor: '5'});
    const before = controller.getResponse(getByCursor, {limit: 5}).data;
    const {entities, endpoints} = visibleState(controller);
    const told: unknown[] = [];
    const watch = controller.watch(getByCursor, [{limit: 5}], response => told.push(response));
    const again = await controller.fetch(nextPageEndpoint(getByCursor), {limit: 5, cursor: '5'});
    assert.equal(again, before, 'the call resolves with the identical list');
    assert.equal(controller.getResponse(getByCursor, {limit: 5}).data, before);
    assert.equal(visibleState(controller).entities, entities, 'no table changed');
    assert.equal(visibleState(controller).endpoints, endpoints, 'no result changed');
    assert.equal(told.length, 0);
    watch.close();
  });

  test('a failing page: the list and its readers keep what they had; the caller gets the error', async () => {
    const controller = new Controller({retry: false});
    await controller.fetch(getByCursor, {limit: 5});
    const before = controller.getResponse(getByCursor, {limit: 5});
    const told: unknown[] = [];
    const watch = controller.watch(getByCursor, [{limit: 5}], response => told.push(response));
    server.use(http.get(`${API}/cursor/articles`, () => HttpResponse.json({message: 'down'}, {status: 503})));
    await assert.rejects(fetchNextPage(controller, getByCursor, {limit: 5}), (error: unknown) => error instanceof NetworkError && error.status === 503);
    const afterFailure = controller.getResponse(getByCursor, {limit: 5});
    assert.equal(afterFailure.data, before.data, 'the identical list');
    assert.equal(afterFailure.error, undefined, 'no error on the list');
    assert.equal(told.length, 0, 'its reader is not told');
    assert.deepEqual(nextPageArgs(controller, getByCursor, {limit: 5}), [{limit: 5, cursor: '5'}], 'the same page is next');
    server.resetHandlers();
    await fetchNextPage(controller, getByCursor, {limit: 5});
    assert.equal(controller.getResponse(getByCursor, {limit: 5}).data?.results.length, 10, 'and loads when tried again');
    watch.close();
  });

  test('a next page is retried like any GET', async () => {
    const controller = new Controller({retry: {retries: 2, initialDelay: 1, maxDelay: 1}});
    await controller.fetch(getByCursor, {limit: 5});
    let failures = 0;
    server.use(
      http.get(`${API}/cursor/articles`, () => {
        failures++;
        return failures === 1 ? HttpResponse.json({message: 'busy'}, {status: 503}) : undefined;
      }),
    );
    const list = await fetchNextPage(controller, getByCursor, {limit: 5});
    assert.equal(failures, 2, 'tried twice');
    assert.equal(list?.results.length, 10);
  });

  test('a next page cancelled by its caller rejects with an AbortError and leaves the list', async () => {
    const controller = new Controller({retry: false});
    await controller.fetch(getByCursor, {limit: 5});
    const before = controller.getResponse(getByCursor, {limit: 5}).data;
    const abort = new AbortController();
    let seen: AbortSignal | undefined;
    let answer!: () => void;
    const answered = new Promise<void>(resolve => (answer = resolve));
    server.use(
      http.get(`${API}/cursor/articles`, async ({request}) => {
        seen = request.signal;
        await answered;
        return HttpResponse.json({results: slice(5, 5), cursor: '10'});
      }),
    );
    const load = fetchNextPage(controller, {signal: abort.signal}, getByCursor, {limit: 5});
    await new Promise(resolve => setImmediate(resolve));
    abort.abort();
    await assert.rejects(load, (error: unknown) => (error as Error).name === 'AbortError');
    answer();
    assert.equal(seen?.aborted, true, 'the request was aborted: nobody else waited for it');
    assert.equal(controller.getResponse(getByCursor, {limit: 5}).data, before);
  });

  test('an entity of a page is shared: an update shows in every list and reader holding it', async () => {
    const controller = new Controller();
    await controller.fetch(PagedResource.getList);
    await fetchNextPage(controller, PagedResource.getList);
    server.use(http.get(`${API}/paged/articles/7`, () => HttpResponse.json({id: '7', title: 'Seven, renamed'})));
    const other = await controller.fetch(getByCursor, {limit: 5, cursor: '5'});
    assert.equal(other.results[1]?.id, '7', 'another endpoint lists article 7 too');
    const listBefore = controller.getResponse(PagedResource.getList).data!;
    const told: unknown[] = [];
    const watch = controller.watch(PagedResource.getList, [{}], response => told.push(response));
    await controller.fetch(PagedResource.get, {id: '7'});
    const list = controller.getResponse(PagedResource.getList).data!;
    assert.equal(list[6]?.title, 'Seven, renamed');
    assert.equal(controller.getResponse(getByCursor, {limit: 5, cursor: '5'}).data?.results[1]?.title, 'Seven, renamed');
    assert.equal(told.length, 1, 'the list reader is told once');
    assert.equal(list[0], listBefore[0], 'the other rows are the same instances');
    assert.notEqual(list, listBefore);
    watch.close();
  });

  test('a page joins only the list of its own params', async () => {
    const controller = new Controller();
    await controller.fetch(getByCursor, {limit: 5});
    await controller.fetch(getByCursor, {limit: 2});
    await fetchNextPage(controller, getByCursor, {limit: 2});
    assert.deepEqual(ids(controller.getResponse(getByCursor, {limit: 2}).data?.results), ['1', '2', '3', '4']);
    assert.deepEqual(ids(controller.getResponse(getByCursor, {limit: 5}).data?.results), ['1', '2', '3', '4', '5'], 'the other list is untouched');
  });

  test('a page loaded before its list makes the list', async () => {
    const controller = new Controller();
    const list = await controller.fetch(nextPageEndpoint(getByCursor), {limit: 5, cursor: '10'});
    assert.deepEqual(ids(list.results), ['11', '12']);
    assert.deepEqual(ids(controller.getResponse(getByCursor, {limit: 5}).data?.results), ['11', '12']);
  });
});

describe('next pages: mistakes', () => {
  test('nextPageEndpoint without paginationField, or without a Collection, names the endpoint', () => {
    const noField = new RestEndpoint({path: '/articles', schema: new schema.Collection([Article]), name: 'listArticles'});
    assert.throws(() => nextPageEndpoint(noField), /listArticles: a next page needs the `paginationField` option/);
    const noCollection = new RestEndpoint({path: '/articles', schema: [Article], paginationField: 'page', name: 'plainList'});
    assert.throws(() => nextPageEndpoint(noCollection), /plainList: a next page needs a schema\.Collection/);
  });

  test('asking a list without paginationField for its next page is a TypeError naming it', async () => {
    const controller = new Controller();
    const noField = new RestEndpoint({path: '/articles', schema: new schema.Collection([Article]), name: 'listArticles'});
    assert.throws(() => nextPageArgs(controller, noField), /listArticles has no next page/);
    await assert.rejects(fetchNextPage(controller, noField), /listArticles has no next page/);
  });

  test('fetchNextPage given nothing, no Controller or a whole resource rejects saying so (development mode), and never throws', async () => {
    const controller = new Controller();
    const resource = createResource({path: '/articles/:id', schema: Article, paginationField: 'page'});
    // As plain JavaScript would call it: the types refuse all three.
    const loose = fetchNextPage as unknown as (...args: unknown[]) => Promise<unknown>;
    const calls = [() => loose(controller, undefined), () => loose(undefined, resource.getList), () => loose(controller, resource, {})];
    const messages: string[] = [];
    for (const call of calls) {
      let promise: Promise<unknown> | undefined;
      assert.doesNotThrow(() => (promise = call()), 'a promise, not a throw');
      await assert.rejects(promise!, (error: unknown) => (messages.push((error as Error).message), error instanceof TypeError));
    }
    assert.deepEqual(messages, [
      'Controller: not an endpoint: undefined',
      'fetchNextPage: the first argument must be a Controller, got undefined',
      "fetchNextPage: given a whole resource: give its list's endpoint (resource.getList)",
    ]);
  });

  test('nextPageEndpoint is made once per endpoint, and is a GET of its own key', () => {
    assert.equal(nextPageEndpoint(getByCursor), nextPageEndpoint(getByCursor));
    assert.equal(nextPageEndpoint(getByCursor).method, 'GET');
    assert.equal(nextPageEndpoint(getByCursor).sideEffect, false);
    assert.notEqual(nextPageEndpoint(getByCursor).key({cursor: '5'}), getByCursor.key({cursor: '5'}), 'not shared with a read of that page');
    assert.equal(PagedResource.get.paginationField, undefined, 'pagination is the list member\'s alone');
  });
});

describe('next pages: a snapshot keeps which page was last', () => {
  test('page numbers go on after the restored pages, in a Controller started from a snapshot', async () => {
    const before = new Controller();
    await before.fetch(PagedResource.getList);
    await fetchNextPage(before, PagedResource.getList);
    const snapshot = JSON.stringify(dehydrate(before));

    const after = hydrate(new Controller(), snapshot);
    assert.deepEqual(ids(after.getResponse(PagedResource.getList).data), ids(before.getResponse(PagedResource.getList).data));
    assert.deepEqual(nextPageArgs(after, PagedResource.getList), [{page: 3}], 'page 3, not page 2 again');
    sent.length = 0;
    const list = await fetchNextPage(after, PagedResource.getList);
    assert.deepEqual(sent, ['/paged/articles?page=3']);
    assert.deepEqual(ids(list), all.map(a => a.id));
    // A merge (persistence, another tab) carries it too.
    const merged = new Controller();
    merge(merged, JSON.stringify(dehydrate(after)));
    assert.deepEqual(nextPageArgs(merged, PagedResource.getList), [{page: 4}]);
  });

  test('an empty last page still ends the list after a restore; a fetch of the list starts again from page 1', async () => {
    const before = new Controller();
    await before.fetch(PagedResource.getList);
    for (let page = 2; page <= 4; page++) await fetchNextPage(before, PagedResource.getList);
    assert.equal(nextPageArgs(before, PagedResource.getList), undefined, 'page 4 was empty');

    const after = hydrate(new Controller(), dehydrate(before));
    assert.equal(nextPageArgs(after, PagedResource.getList), undefined, 'still the end');
    await after.fetch(PagedResource.getList);
    assert.deepEqual(nextPageArgs(after, PagedResource.getList), [{page: 2}]);
  });

  test('a last page that added nothing still ends the list after a restore; a snapshot that does not say what a page added goes on', async () => {
    const Clamped = createResource({urlPrefix: API, path: '/clamped/articles/:id', schema: Article, paginationField: 'page'});
    const before = new Controller();
    await before.fetch(Clamped.getList);
    for (let page = 2; page <= 4; page++) await fetchNextPage(before, Clamped.getList);
    const snapshot = dehydrate(before);
    assert.deepEqual(snapshot.results.find(result => result.page)?.page, {args: [{page: 4}], items: 2, added: 0});
    assert.equal(nextPageArgs(hydrate(new Controller(), JSON.stringify(snapshot)), Clamped.getList), undefined, 'still the end');

    const unsaid = {...snapshot, results: snapshot.results.map(result => (result.page ? {...result, page: {args: result.page.args, items: result.page.items}} : result))};
    assert.deepEqual(nextPageArgs(hydrate(new Controller(), unsaid), Clamped.getList), [{page: 5}]);
  });

  test('a snapshot with a malformed last page is refused, naming where, and nothing of it is written', async () => {
    const source = new Controller();
    await source.fetch(PagedResource.getList);
    await fetchNextPage(source, PagedResource.getList);
    const good = dehydrate(source);
    const index = good.results.findIndex(result => result.page !== undefined);
    assert.ok(index >= 0, 'the list carries its last page');
    for (const [page, path, reason] of [
      [{args: [{page: 2}], items: -1}, `$.results[${index}].page.items`, /whole number/],
      [{args: [{page: 2}], items: 5, added: 1.5}, `$.results[${index}].page.added`, /whole number/],
      [{args: 'page 2', items: 5}, `$.results[${index}].page.args`, /expected an array/],
      ['2', `$.results[${index}].page`, /expected an object/],
    ] as const) {
      const bad = {...good, results: good.results.map((result, i) => (i === index ? {...result, page} : result))};
      const target = new Controller();
      assert.throws(
        () => merge(target, bad as never),
        (error: Error) => error.name === 'HydrateError' && error.message.includes(path) && reason.test(error.message),
      );
      assert.equal(target.getResponse(PagedResource.getList).data, undefined, 'nothing written');
    }
  });
});
