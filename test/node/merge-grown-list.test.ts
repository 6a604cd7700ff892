// A list this tab grew with next pages keeps them when another tab's first page of it arrives
// (controller.merge, which tab sync writes through): the remote list is laid over the local
// one as an overlapping page, its rows update the same rows here, and the fields beside the
// list (the last page's cursor) stay this tab's. A list this tab did not grow is replaced, a
// deletion or an invalidation from the other tab still applies, and a fetch of the list here
// starts again from its first page. The API is answered by msw/node.
import {after, afterEach, before, describe, test, type TestContext} from 'node:test';
import assert from 'node:assert/strict';
import {BroadcastChannel as NodeBroadcastChannel} from 'node:worker_threads';
import {http, HttpResponse} from 'msw';
import {setupServer} from 'msw/node';
import {Controller, createResource, Entity, RestEndpoint, schema, type Commit, type ResponseState} from '../../src/index.js';
import {TabSync, type BroadcastChannelConstructor} from '../../src/sync/index.js';
import {createFakeClock} from './helpers/deferred-endpoint.js';
import {dehydrate, merge} from '../../src/snapshots/index.js';
import {fetchNextPage, nextPageArgs} from '../../src/pagination/index.js';
import {visibleState} from '../../src/internal.js';

class Article extends Entity {
  id = '';
  title = '';
  static override key = 'GrownArticle';
}

const API = 'https://api.example.com';
interface Row {
  id: string;
  title: string;
}
const six = (): Row[] => Array.from({length: 6}, (_, i) => ({id: String(i + 1), title: `Article ${i + 1}`}));
/** What the server holds now. */
let rows: Row[] = six();

const server = setupServer(
  // Bare pages by number, 1-based.
  http.get(`${API}/grown/articles`, ({request}) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 2);
    return HttpResponse.json(rows.slice((page - 1) * limit, page * limit));
  }),
  http.delete(`${API}/grown/articles/:id`, ({params}) => {
    rows = rows.filter(row => row.id !== params.id);
    return new HttpResponse(null, {status: 204});
  }),
  // The same pages as an id map.
  http.get(`${API}/grown/by-id`, ({request}) => {
    const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
    return HttpResponse.json(Object.fromEntries(rows.slice((page - 1) * 2, page * 2).map(row => [row.id, row])));
  }),
  // A cursor in the body: {results, cursor}, null on the last page.
  http.get(`${API}/grown/cursor`, ({request}) => {
    const url = new URL(request.url);
    const offset = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 2);
    return HttpResponse.json({results: rows.slice(offset, offset + limit), cursor: offset + limit < rows.length ? String(offset + limit) : null});
  }),
);
before(() => server.listen({onUnhandledRequest: 'error'}));
afterEach(() => {
  rows = six();
});
after(() => server.close());

const Articles = createResource({urlPrefix: API, path: '/grown/articles/:id', schema: Article, paginationField: 'page'});
const getByCursor = new RestEndpoint({
  urlPrefix: API,
  path: '/grown/cursor',
  searchParams: {} as {limit: number; cursor?: string},
  paginationField: 'cursor',
  schema: {results: new schema.Collection([Article]), cursor: '' as string | null},
});
const getById = new RestEndpoint({
  urlPrefix: API,
  path: '/grown/by-id',
  searchParams: {} as {page?: number},
  paginationField: 'page',
  schema: new schema.Collection(new schema.Values(Article)),
});
const LIST = [{limit: 2}] as const;

const ids = (list: readonly Article[] | undefined) => list?.map(a => a.id);

/** Two tabs: A, whose clock is behind, and B, whose fetches come later. */
function tabs() {
  const clockA = createFakeClock(1_000);
  const clockB = createFakeClock(5_000);
  return {
    a: new Controller({now: clockA.now, retry: false}),
    b: new Controller({now: clockB.now, retry: false}),
    clockA,
    clockB,
  };
}

/** Tab A with the list of `LIST` grown to three pages (all six articles). */
async function grown(a: Controller): Promise<Article[]> {
  await a.fetch(Articles.getList, ...LIST);
  await fetchNextPage(a, Articles.getList, ...LIST);
  await fetchNextPage(a, Articles.getList, ...LIST);
  const list = a.getResponse(Articles.getList, ...LIST).data!;
  assert.deepEqual(ids(list), ['1', '2', '3', '4', '5', '6']);
  return list;
}

/** Tab A's stored row of the list: the pks it lists. */
const listRow = (controller: Controller) => visibleState(controller).entities.get(Articles.getList.schema.key)?.get('{"limit":"2"}');

/** Everything tab B confirmed, as tab A receives it. */
const send = (from: Controller, to: Controller) => merge(to, dehydrate(from));

/** What the reader of tab A's list is told, until the test ends. */
function record(t: TestContext, controller: Controller): ResponseState[] {
  const told: ResponseState[] = [];
  const watch = controller.watch(Articles.getList, [...LIST], response => told.push(response));
  t.after(() => watch.close());
  return told;
}

describe('a first page from another tab over a list this tab grew', () => {
  test('the pages stay; listed rows take the newer data in place; a new item goes first, as on a first page', async t => {
    const {a, b, clockB} = tabs();
    const before = await grown(a);
    const told = record(t, a);
    rows = [{id: '0', title: 'Zero, created'}, {id: '1', title: 'Article 1, edited'}, ...six().slice(1)];

    await b.fetch(Articles.getList, ...LIST);
    send(b, a);

    const list = a.getResponse(Articles.getList, ...LIST).data!;
    assert.deepEqual(ids(list), ['0', '1', '2', '3', '4', '5', '6'], 'no page lost; the new item is first, as on the first page');
    assert.equal(list[1]?.title, 'Article 1, edited', 'the listed row takes the newer data');
    for (let i = 2; i <= 6; i++) assert.equal(list[i], before[i - 1], `article ${i} keeps its instance`);
    assert.equal(told.length, 1, 'the list\'s reader is told once');
    assert.deepEqual(nextPageArgs(a, Articles.getList, ...LIST), [{limit: 2, page: 4}], 'this tab goes on after its own last page');

    rows = [{id: '00', title: 'Another, created'}, ...rows];
    clockB.advance(10);
    await b.fetch(Articles.getList, ...LIST);
    send(b, a);
    assert.deepEqual(ids(a.getResponse(Articles.getList, ...LIST).data), ['00', '0', '1', '2', '3', '4', '5', '6'], 'the list stays grown for the next one');
  });

  test('the fields beside the list stay this tab\'s: its last page\'s cursor', async () => {
    const {a, b} = tabs();
    await a.fetch(getByCursor, {limit: 2});
    await fetchNextPage(a, getByCursor, {limit: 2});
    await fetchNextPage(a, getByCursor, {limit: 2});
    assert.equal(nextPageArgs(a, getByCursor, {limit: 2}), undefined, 'tab A loaded the last page');
    rows = [{id: '0', title: 'Zero'}, ...six()];

    await b.fetch(getByCursor, {limit: 2});
    send(b, a);

    const value = a.getResponse(getByCursor, {limit: 2}).data!;
    assert.deepEqual(ids(value.results), ['0', '1', '2', '3', '4', '5', '6']);
    assert.equal(value.cursor, null, 'not the first page\'s cursor');
    assert.equal(nextPageArgs(a, getByCursor, {limit: 2}), undefined);
    assert.equal(a.getResponse(getByCursor, {limit: 2}).expiryStatus, 'valid');
  });

  test('an id map grown with next pages takes the new entries and keeps its own', async () => {
    const {a, b} = tabs();
    await a.fetch(getById);
    await fetchNextPage(a, getById);
    rows = [{id: '0', title: 'Zero'}, {id: '1', title: 'Article 1, edited'}, ...six().slice(1)];
    await b.fetch(getById);
    send(b, a);
    const map = a.getResponse(getById).data!;
    assert.deepEqual(Object.keys(map).sort(), ['0', '1', '2', '3', '4']);
    assert.equal(map['1']?.title, 'Article 1, edited');
  });

  test('an identical first page changes nothing: the same list, no reader told', async t => {
    const {a, b} = tabs();
    const before = await grown(a);
    const row = listRow(a);
    assert.ok(Array.isArray(row), 'the list row');
    const told = record(t, a);
    const commits: Commit[] = [];
    const stop = a.subscribe(commit => commits.push(commit));

    await b.fetch(Articles.getList, ...LIST);
    send(b, a);
    stop();

    assert.equal(a.getResponse(Articles.getList, ...LIST).data, before, 'the identical list');
    assert.equal(listRow(a), row, 'the identical list row');
    assert.equal(told.length, 0, 'its reader is not told');
    assert.ok(commits.every(commit => !commit.results.has(Articles.getList.key(...LIST))), 'the list\'s result is not written');
  });

  test('an article deleted in the other tab leaves the grown list; the other pages stay', async () => {
    const {a, b} = tabs();
    await grown(a);
    await b.fetch(Articles.getList, ...LIST);
    await b.fetch(Articles.delete, {id: '5'});
    send(b, a);
    assert.deepEqual(ids(a.getResponse(Articles.getList, ...LIST).data), ['1', '2', '3', '4', '6']);
    assert.equal(a.get(Article, {id: '5'}), undefined);
  });

  test('an invalidation of the list in the other tab applies; a fetch here starts again from page 1, which a later first page replaces', async () => {
    const {a, b, clockA, clockB} = tabs();
    await grown(a);
    b.invalidate(Articles.getList, ...LIST);
    send(b, a);
    const invalid = a.getResponse(Articles.getList, ...LIST);
    assert.equal(invalid.expiryStatus, 'invalid');
    assert.equal(invalid.data?.length, 6, 'the data stays readable until the refetch');

    clockA.set(6_000);
    await a.fetch(Articles.getList, ...LIST);
    assert.deepEqual(ids(a.getResponse(Articles.getList, ...LIST).data), ['1', '2'], 'this tab\'s own refetch starts from its first page');
    assert.deepEqual(nextPageArgs(a, Articles.getList, ...LIST), [{limit: 2, page: 2}]);

    rows = [{id: '0', title: 'Zero'}, ...six()];
    clockB.set(7_000);
    await b.fetch(Articles.getList, ...LIST);
    send(b, a);
    assert.deepEqual(ids(a.getResponse(Articles.getList, ...LIST).data), ['0', '1'], 'no longer grown: replaced as any list');
  });

  test('a list this tab did not grow is replaced by the other tab\'s', async () => {
    const {a, b} = tabs();
    await a.fetch(Articles.getList, ...LIST);
    rows = [{id: '0', title: 'Zero'}, ...six().filter(row => row.id !== '2')];
    await b.fetch(Articles.getList, ...LIST);
    send(b, a);
    assert.deepEqual(ids(a.getResponse(Articles.getList, ...LIST).data), ['0', '1']);
  });

  test('over tab sync: another tab\'s first page does not shorten this tab\'s list', async t => {
    const channel = `grown-list-${Date.now()}`;
    const Channel = NodeBroadcastChannel as unknown as BroadcastChannelConstructor;
    const clockA = createFakeClock(1_000);
    const clockB = createFakeClock(5_000);
    const a = new Controller({now: clockA.now, retry: false, plugins: [new TabSync({channel, BroadcastChannel: Channel})]});
    const b = new Controller({now: clockB.now, retry: false, plugins: [new TabSync({channel, BroadcastChannel: Channel})]});
    t.after(() => (a.dispose(), b.dispose()));
    await grown(a);
    rows = [{id: '1', title: 'Article 1, edited'}, ...six().slice(1)];
    const arrived = new Promise<void>(resolve => {
      const stop = a.subscribe(commit => {
        if (commit.cause === 'restore' && commit.confirmedRows.get('GrownArticle')?.has('1')) stop(), resolve();
      });
    });
    await b.fetch(Articles.getList, ...LIST);
    await arrived;
    const list = a.getResponse(Articles.getList, ...LIST).data!;
    assert.deepEqual(ids(list), ['1', '2', '3', '4', '5', '6']);
    assert.equal(list[0]?.title, 'Article 1, edited');
  });
});
