// What tools (such as <data-devtools>) read from a Controller besides its state and
// commits: the requests in flight with the prediction each settles, a listener told when
// requests start or settle, and the endpoint and args behind each stored result.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller, GCPolicy} from '../../src/core/index.js';
import {flush, setup} from './helpers/deferred-endpoint.js';
import {listenerCount, requestCount, requestsInFlight, resultOrigin, subscribeRequests, visibleState} from '../../src/internal.js';

const article1 = {id: '1', title: 'Hello', body: 'first', published: false};

describe('Controller.requestsInFlight', () => {
  test('lists reads and mutations in the order they started, each mutation with its prediction', async () => {
    const {controller, queue, getArticle, partialUpdateArticle} = setup();
    assert.deepEqual(requestsInFlight(controller), []);
    void controller.fetch(getArticle, {id: '1'}).catch(() => {});
    void controller.fetch(partialUpdateArticle, {id: '1'}, {title: 'Edited'}).catch(() => {});
    const requests = requestsInFlight(controller);
    assert.deepEqual(
      requests.map(r => [r.key, r.mutation, r.endpoint, r.args]),
      [
        [getArticle.key({id: '1'}), false, getArticle, [{id: '1'}]],
        [partialUpdateArticle.key({id: '1'}, {title: 'Edited'}), true, partialUpdateArticle, [{id: '1'}, {title: 'Edited'}]],
      ],
    );
    assert.equal(requests[0]!.prediction, undefined, 'a read predicts nothing');
    assert.equal(requests[1]!.prediction, visibleState(controller).optimistic[0]!.id, 'the mutation names the prediction it settles');
    await queue.get('getArticle').resolve(article1);
    assert.deepEqual(requestsInFlight(controller).map(r => r.mutation), [true]);
    await queue.get('partialUpdateArticle').reject();
    assert.deepEqual(requestsInFlight(controller), []);
  });
});

describe('Controller.subscribeRequests', () => {
  test('is told after fetch() returned, once per batch, when requests start and when they settle', async () => {
    const {controller, queue, getArticle, getArticles} = setup();
    let told = 0;
    let inFlightWhenTold = -1;
    const stop = subscribeRequests(controller, () => {
      told++;
      inFlightWhenTold = requestCount(controller);
    });
    void controller.fetch(getArticle, {id: '1'});
    void controller.fetch(getArticles);
    assert.equal(told, 0, 'never inside fetch()');
    await flush();
    assert.deepEqual([told, inFlightWhenTold], [1, 2], 'one call for both starts');
    await queue.get('getArticle').resolve(article1);
    assert.deepEqual([told, inFlightWhenTold], [2, 1]);
    stop();
    await queue.get('getArticles').resolve([article1]);
    assert.equal(told, 2, 'not told after unsubscribing');
    assert.equal(listenerCount(controller), 0);
  });

  test('is told when a reset drops the requests in flight', async () => {
    const {controller, getArticle} = setup();
    void controller.fetch(getArticle, {id: '1'}).catch(() => {});
    await flush();
    let told = 0;
    subscribeRequests(controller, () => told++);
    controller.resetEntireStore();
    await flush();
    assert.equal(told, 1);
    assert.deepEqual(requestsInFlight(controller), []);
  });

  test('is told when a request is abandoned (its only caller aborted)', async () => {
    const {controller, getArticle} = setup();
    const abort = new AbortController();
    const call = controller.fetch({signal: abort.signal}, getArticle, {id: '1'}).catch(() => undefined);
    await flush();
    let told = 0;
    subscribeRequests(controller, () => told++);
    abort.abort();
    await call;
    await flush();
    assert.equal(told, 1);
    assert.deepEqual(requestsInFlight(controller), []);
  });

  test('a listener that throws is reported and does not stop the others', async t => {
    const {controller, getArticle} = setup();
    const reported: unknown[] = [];
    t.mock.method(console, 'error', (_message: string, error: unknown) => reported.push(error));
    let told = 0;
    subscribeRequests(controller, () => {
      throw new Error('listener bug');
    });
    subscribeRequests(controller, () => told++);
    void controller.fetch(getArticle, {id: '1'});
    await flush();
    assert.equal(told, 1);
    assert.deepEqual(reported.map(e => (e as Error).message), ['listener bug']);
  });
});

describe('Controller.resultOrigin', () => {
  test('names the endpoint and args of each stored result, with errors too, and forgets them on reset', async () => {
    const {controller, queue, getArticle, getArticles} = setup();
    const one = controller.fetch(getArticle, {id: '1'});
    const list = controller.fetch(getArticles, {page: '2'}).catch(() => {});
    assert.equal(resultOrigin(controller, getArticle.key({id: '1'})), undefined, 'nothing before a response');
    await queue.get('getArticle').resolve(article1);
    await one;
    await queue.get('getArticles').reject();
    await list;
    const origin = resultOrigin(controller, getArticle.key({id: '1'}));
    assert.equal(origin?.endpoint, getArticle);
    assert.deepEqual(origin?.args, [{id: '1'}]);
    assert.equal(resultOrigin(controller, getArticles.key({page: '2'}))?.endpoint, getArticles, 'a failed read can be refetched');

    controller.invalidate(origin!.endpoint as typeof getArticle, ...(origin!.args as [{id: string}]));
    assert.equal(controller.getResponse(getArticle, {id: '1'}).expiryStatus, 'invalid', 'the origin args invalidate the same key');
    controller.resetEntireStore();
    assert.equal(resultOrigin(controller, getArticle.key({id: '1'})), undefined);
  });

  test('invalidating a read never fetched notes its origin: it can be fetched from there', () => {
    const {controller, getArticle} = setup();
    controller.invalidate(getArticle, {id: '9'});
    assert.equal(resultOrigin(controller, getArticle.key({id: '9'}))?.endpoint, getArticle);
  });

  test('a mutation leaves no origin: refetching it would send the write again', async () => {
    const {controller, queue, partialUpdateArticle} = setup();
    const update = controller.fetch(partialUpdateArticle, {id: '1'}, {title: 'x'}).catch(() => {});
    await queue.get('partialUpdateArticle').reject();
    await update;
    assert.equal(resultOrigin(controller, partialUpdateArticle.key({id: '1'}, {title: 'x'})), undefined);
  });

  test('a result dropped by gc() loses its origin', async () => {
    let time = 1_000;
    const controller = new Controller({now: () => time, gcPolicy: new GCPolicy({maxAge: 10})});
    const {queue, getArticle} = setupOn(controller);
    const done = controller.fetch(getArticle, {id: '1'});
    await queue.get('getArticle').resolve(article1);
    await done;
    const key = getArticle.key({id: '1'});
    assert.ok(resultOrigin(controller, key));
    time += 1_000;
    assert.deepEqual(controller.gc().results, [key]);
    assert.equal(resultOrigin(controller, key), undefined);
  });
});

/** The endpoints of `setup()` on a given Controller. */
function setupOn(controller: Controller) {
  const {queue, getArticle} = setup();
  return {controller, queue, getArticle};
}
