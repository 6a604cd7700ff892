// The five optimistic request patterns of the specification (section 4.2), exactly as the README
// shows them (examples/optimistic-patterns.ts), against an msw/node server that checks what is sent.
import {after, afterEach, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {http, HttpResponse, delay} from 'msw';
import {setupServer} from 'msw/node';
import {Controller} from '../../src/index.js';
import {
  Article,
  ArticleResource,
  getCount,
  getOrderedCount,
  increment,
  incrementOrdered,
} from '../../examples/optimistic-patterns.js';
import {visibleState} from '../../src/internal.js';

const API = 'https://api.example.com';
const server = setupServer();
before(() => server.listen({onUnhandledRequest: 'error'}));
afterEach(() => server.resetHandlers());
after(() => server.close());

/** A gate a handler waits on, so a test sees the state while the request is pending. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>(resolve => (open = resolve));
  return {open, opened};
}

const titles = (ctrl: Controller) => (ctrl.getResponse(ArticleResource.getList).data ?? []).map(a => `${a.id}:${a.title}`);

describe('README optimistic patterns', () => {
  test('partial update toggle: the prediction shows at once, the PATCH carries only the body, the pk comes from params', async () => {
    const g = gate();
    let sent: unknown;
    server.use(
      http.get(`${API}/articles/1`, () => HttpResponse.json({id: '1', title: 'Hi', published: false})),
      http.patch(`${API}/articles/1`, async ({request}) => {
        sent = await request.json();
        await g.opened;
        return HttpResponse.json({id: '1', title: 'Hi', published: true});
      }),
    );
    const ctrl = new Controller();
    await ctrl.fetch(ArticleResource.get, {id: '1'});
    const done = ctrl.fetch(ArticleResource.partialUpdate, {id: '1'}, {published: true});
    assert.equal(ctrl.getResponse(ArticleResource.get, {id: '1'}).data?.published, true, 'visible before the response');
    g.open();
    await done;
    assert.deepEqual(sent, {published: true});
    assert.equal(visibleState(ctrl).optimistic.length, 0);
    assert.equal(ctrl.getResponse(ArticleResource.get, {id: '1'}).data?.published, true);
  });

  test('optimistic create with getList.push: the temporary pk shows at once and is replaced by the real one', async () => {
    const g = gate();
    server.use(
      http.get(`${API}/articles`, () => HttpResponse.json([{id: '1', title: 'First', published: false}])),
      http.post(`${API}/articles`, async ({request}) => {
        const body = (await request.json()) as Record<string, unknown>;
        await g.opened;
        return HttpResponse.json({...body, id: '2'});
      }),
    );
    const ctrl = new Controller();
    await ctrl.fetch(ArticleResource.getList);
    const done = ctrl.fetch(ArticleResource.getList.push, {}, {id: 'tmp-1', title: 'Draft', published: false});
    assert.deepEqual(titles(ctrl), ['1:First', 'tmp-1:Draft']);
    g.open();
    const created = await done;
    assert.ok(created instanceof Article);
    assert.deepEqual(titles(ctrl), ['1:First', '2:Draft'], 'the temporary entity is gone from the list');
  });

  test('optimistic delete: the item leaves at once; the empty response confirms it; a 500 puts it back in place', async () => {
    let refuse = false;
    server.use(
      http.get(`${API}/articles`, () =>
        HttpResponse.json([
          {id: '1', title: 'a'},
          {id: '2', title: 'b'},
          {id: '3', title: 'c'},
        ]),
      ),
      http.delete(`${API}/articles/:id`, () => (refuse ? HttpResponse.json({message: 'no'}, {status: 500}) : new HttpResponse('', {status: 200}))),
    );
    const ctrl = new Controller();
    await ctrl.fetch(ArticleResource.getList);
    refuse = true;
    const failing = ctrl.fetch(ArticleResource.delete, {id: '2'});
    assert.deepEqual(titles(ctrl), ['1:a', '3:c']);
    await assert.rejects(failing, {name: 'NetworkError', status: 500});
    assert.deepEqual(titles(ctrl), ['1:a', '2:b', '3:c'], 'restored at its place');
    refuse = false;
    await ctrl.fetch(ArticleResource.delete, {id: '2'});
    assert.deepEqual(titles(ctrl), ['1:a', '3:c']);
    assert.equal(ctrl.getResponse(ArticleResource.get, {id: '2'}).expiryStatus, 'invalid');
  });

  test('counter: POST with no body; +1 per pending increment; AbortOptimistic when nothing is cached', async () => {
    let count = 0;
    const g = gate();
    const bodies: string[] = [];
    server.use(
      http.get(`${API}/api/count`, () => HttpResponse.json({count})),
      http.post(`${API}/api/count/increment`, async ({request}) => {
        bodies.push(await request.text());
        await g.opened;
        count++;
        return HttpResponse.json({count});
      }),
    );
    const ctrl = new Controller();
    // Nothing cached: no prediction, the request still goes.
    const first = ctrl.fetch(increment);
    assert.equal(visibleState(ctrl).optimistic.length, 0);
    g.open();
    await first;
    assert.equal(ctrl.getResponse(getCount).data?.count, 1);
    const slow = gate();
    server.use(
      http.post(`${API}/api/count/increment`, async () => {
        await slow.opened;
        count++;
        return HttpResponse.json({count});
      }),
    );
    const two = [ctrl.fetch(increment), ctrl.fetch(increment)];
    assert.equal(ctrl.getResponse(getCount).data?.count, 3, 'two pending increments stack');
    slow.open();
    await Promise.all(two);
    assert.equal(ctrl.getResponse(getCount).data?.count, 3);
    assert.deepEqual(bodies, [''], 'body: undefined sends no body');
  });

  test('ordered counter: updatedAt goes in the JSON body and a late, older response is disregarded', async () => {
    const server_ = {count: 0, updatedAt: 0};
    const answers: {release: () => void; done: Promise<void>}[] = [];
    server.use(
      http.get(`${API}/api/count`, () => HttpResponse.json(server_)),
      http.post(`${API}/api/count/increment`, async ({request}) => {
        const {updatedAt} = (await request.json()) as {updatedAt: number};
        assert.equal(typeof updatedAt, 'number');
        // The server applies requests in request order and echoes updatedAt.
        server_.count++;
        server_.updatedAt = updatedAt;
        const snapshot = {...server_};
        const g = gate();
        answers.push({release: g.open, done: g.opened});
        await g.opened;
        await delay(0);
        return HttpResponse.json(snapshot);
      }),
    );
    const ctrl = new Controller();
    await ctrl.fetch(getOrderedCount);
    const first = ctrl.fetch(incrementOrdered, {});
    const second = ctrl.fetch(incrementOrdered, {});
    assert.equal(ctrl.getResponse(getOrderedCount).data?.count, 2);
    while (answers.length < 2) await delay(1);
    // The newer response arrives first, then the older one.
    answers[1]!.release();
    await second;
    answers[0]!.release();
    await first;
    assert.equal(ctrl.getResponse(getOrderedCount).data?.count, 2, 'the late count of 1 did not overwrite 2');
    assert.equal(visibleState(ctrl).optimistic.length, 0);
  });
});
