// Server pushes (controller.setPushed): entities only, through useIncoming, under the pending
// optimistic predictions. The clock moves between the mutation and the push, as it does in a
// browser, so a push is later than the prediction's trigger time, except in the one test that
// holds the clock still to put a push in the same millisecond as a prediction.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import type {EndpointInterface} from '../../src/index.js';
import {Article, setup, type Patterns} from './helpers/deferred-endpoint.js';
import {visibleState} from '../../src/internal.js';

const pushed: EndpointInterface = {key: () => 'live Article', schema: Article, sideEffect: true, name: 'live Article'};

function shown(controller: ReturnType<typeof setup>['controller'], getArticle: Patterns['getArticle']) {
  const article = controller.getResponse(getArticle, {id: '1'}).data as Article;
  return {title: article.title, body: article.body, published: article.published};
}

describe('server pushes', () => {
  test('a push updates every reader of the entity and stores no result', () => {
    const {controller, getArticle, getArticles} = setup();
    controller.setResponse(getArticles, [{id: '1', title: 'a'}, {id: '2', title: 'b'}]);
    const keys = visibleState(controller).endpoints.size;
    controller.setPushed(pushed, {id: '2', title: 'b, edited elsewhere'});
    assert.deepEqual(
      (controller.getResponse(getArticles).data as Article[]).map(a => a.title),
      ['a', 'b, edited elsewhere'],
    );
    assert.equal(visibleState(controller).endpoints.size, keys, 'no result stored for the push');
  });

  test('a push under a pending prediction leaves the prediction visible; the mutation response then wins', async () => {
    const {controller, clock, queue, getArticle, partialUpdateArticle} = setup();
    controller.setResponse(getArticle, {id: '1'}, {id: '1', title: 'draft', body: 'text', published: false});
    clock.advance(10);
    const saving = controller.fetch(partialUpdateArticle, {id: '1'}, {published: true});
    assert.equal(shown(controller, getArticle).published, true, 'the prediction shows');
    clock.advance(10);
    // Sent by the server before it applied the PATCH: still unpublished, but with a new body.
    controller.setPushed(pushed, {id: '1', title: 'draft', body: 'new text', published: false});
    assert.deepEqual(shown(controller, getArticle), {title: 'draft', body: 'new text', published: true}, 'push under, prediction over');
    clock.advance(10);
    await queue.last('partialUpdateArticle').resolve({id: '1', title: 'draft', body: 'new text', published: true});
    await saving;
    assert.deepEqual(shown(controller, getArticle), {title: 'draft', body: 'new text', published: true}, 'the PATCH response is not disregarded');
    clock.advance(10);
    controller.setPushed(pushed, {id: '1', title: 'renamed', body: 'new text', published: true});
    assert.equal(shown(controller, getArticle).title, 'renamed', 'with nothing pending a push is dated when it arrives');
  });

  test('a failed mutation rolls back to the pushed data, not to what was there before', async () => {
    const {controller, clock, queue, getArticle, partialUpdateArticle} = setup();
    controller.setResponse(getArticle, {id: '1'}, {id: '1', title: 'draft', published: false});
    clock.advance(10);
    const saving = controller.fetch(partialUpdateArticle, {id: '1'}, {published: true}).catch(() => 'failed');
    clock.advance(10);
    controller.setPushed(pushed, {id: '1', title: 'pushed title', published: false});
    await queue.last('partialUpdateArticle').reject();
    assert.equal(await saving, 'failed');
    assert.deepEqual(shown(controller, getArticle), {title: 'pushed title', body: '', published: false});
  });

  test('a push on an entity no prediction touches is dated when it arrives, even while a mutation is pending', async () => {
    const {controller, clock, queue, getArticle, getArticles, partialUpdateArticle} = setup();
    controller.setResponse(getArticles, [{id: '1', title: 'a'}, {id: '2', title: 'b'}]);
    clock.advance(10);
    controller.fetch(partialUpdateArticle, {id: '1'}, {published: true});
    clock.advance(10);
    const refetch = controller.fetch(getArticle, {id: '2'});
    clock.advance(10);
    await queue.last('getArticle').resolve({id: '2', title: 'b from GET'});
    await refetch;
    clock.advance(10);
    controller.setPushed(pushed, {id: '2', title: 'b from push'});
    assert.equal((controller.getResponse(getArticle, {id: '2'}).data as Article).title, 'b from push');
  });

  test('a second push in the millisecond of a pending prediction, on a row no prediction wrote, is not dated under it', () => {
    const {controller, clock, getArticle, getArticles, partialUpdateArticle} = setup();
    controller.setResponse(getArticles, [{id: '1', title: 'a'}, {id: '2', title: 'b'}, {id: '3', title: 'c'}]);
    clock.advance(10);
    controller.fetch(partialUpdateArticle, {id: '1'}, {published: true});
    clock.advance(10);
    // A second prediction now: its trigger time is the clock's until the clock moves.
    controller.fetch(partialUpdateArticle, {id: '3'}, {published: true});
    // Two pushes on row 2 in that same millisecond: the first dates row 2 at the second prediction's time,
    // which must not make the second look predicted (and dated at the first prediction's time, under the first).
    controller.setPushed(pushed, {id: '2', title: 'b, first push'});
    controller.setPushed(pushed, {id: '2', title: 'b, second push'});
    assert.equal((controller.getResponse(getArticle, {id: '2'}).data as Article).title, 'b, second push');
    assert.equal(shown(controller, getArticle).published, true, 'the predictions still show');
  });

  test('a push older than what the cache holds is disregarded by a custom useIncoming', () => {
    class Versioned extends Article {
      version = 0;
      static override key = 'Versioned';
      static override useIncoming(_a: unknown, _b: unknown, existing: Versioned, incoming: Versioned) {
        return incoming.version >= existing.version;
      }
    }
    const {controller} = setup();
    const versioned: EndpointInterface = {key: () => 'live Versioned', schema: Versioned, sideEffect: true};
    controller.setPushed(versioned, {id: '1', title: 'v2', version: 2});
    controller.setPushed(versioned, {id: '1', title: 'v1, late', version: 1});
    assert.equal(controller.get(Versioned, {id: '1'})?.title, 'v2');
  });

  test('a push that does not fit the schema throws a clear error and writes nothing', () => {
    const {controller, getArticles} = setup();
    controller.setResponse(getArticles, [{id: '1', title: 'a'}]);
    const before = visibleState(controller);
    assert.throws(() => controller.setPushed(pushed, {title: 'no id'}), /Article/);
    assert.equal(visibleState(controller), before);
  });

  test('a push tells the readers of its row once each, and no other reader; one that changes nothing tells no one', () => {
    const {controller, getArticle, getArticles} = setup();
    controller.setResponse(getArticles, Array.from({length: 50}, (_, i) => ({id: String(i), title: `t${i}`})));
    const told = new Map<string, number>();
    const count = (name: string) => () => void told.set(name, (told.get(name) ?? 0) + 1);
    for (let i = 0; i < 50; i++) controller.watch(getArticle, [{id: String(i)}], count(String(i)));
    // Two readers of one row share its read; each is told.
    controller.watch(getArticle, [{id: '7'}], count('7 again'));
    controller.watch(getArticles, [], count('list'));
    let commits = 0;
    controller.subscribe(() => void commits++);

    controller.setPushed(pushed, {id: '7', title: 'seven, edited'});
    assert.deepEqual(Object.fromEntries(told), {'7': 1, '7 again': 1, list: 1});
    assert.equal(commits, 1);
    assert.equal((controller.getResponse(getArticle, {id: '7'}).data as Article).title, 'seven, edited');

    told.clear();
    controller.setPushed(pushed, {id: '7', title: 'seven, edited'});
    assert.deepEqual(Object.fromEntries(told), {}, 'the same fields again: the row keeps its object, nobody is told');
    assert.equal(commits, 2, 'subscribers still hear the commit');
  });
});
