// Controller.refetchShown: what connected readers show (their retained reads) is fetched
// again once each; with onlyStale only what is stale or invalid. Live feeds call it after a
// reconnect, and focus/online handling calls it with onlyStale.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Query} from '../../src/endpoint/index.js';
import {schema} from '../../src/schema/index.js';
import {Article, setup} from './helpers/deferred-endpoint.js';

const article = (id: string, title = `title ${id}`) => ({id, title, body: '', published: false});

describe('Controller.refetchShown', () => {
  test('refetches each retained read once, and nothing that no reader retains', async () => {
    const {controller, queue, getArticle} = setup();
    for (const id of ['1', '2', '3']) {
      controller.fetch(getArticle, {id});
      await queue.last('getArticle').resolve(article(id));
    }
    const releaseOne = controller.retain(getArticle, {id: '1'});
    const releaseOneAgain = controller.retain(getArticle, {id: '1'}); // two readers, one read
    const releaseTwo = controller.retain(getArticle, {id: '2'});
    controller.retain(new Query(new schema.All(Article)));
    const before = queue.count('getArticle');

    const done = controller.refetchShown();
    const sent = queue.sent.slice(before).map(request => (request.args[0] as {id: string}).id);
    assert.deepEqual(sent.sort(), ['1', '2'], 'article 3 is not shown; the Query is not fetched; article 1 once');
    for (const request of queue.pending) await request.resolve(article((request.args[0] as {id: string}).id, 'new'));
    await done;
    assert.equal((controller.getResponse(getArticle, {id: '1'}).data as Article).title, 'new');
    releaseOne();
    releaseOneAgain();
    releaseTwo();
  });

  test('onlyStale skips fresh results and refetches stale ones; a failure lands on the result', async () => {
    const {controller, queue, getArticle, clock} = setup({dataExpiryLength: 1_000});
    controller.fetch(getArticle, {id: '1'});
    await queue.last('getArticle').resolve(article('1'));
    clock.advance(2_000);
    controller.fetch(getArticle, {id: '2'});
    await queue.last('getArticle').resolve(article('2'));
    controller.retain(getArticle, {id: '1'});
    controller.retain(getArticle, {id: '2'});
    const before = queue.count('getArticle');

    const done = controller.refetchShown({onlyStale: true});
    assert.deepEqual(queue.sent.slice(before).map(request => (request.args[0] as {id: string}).id), ['1']);
    await queue.last('getArticle').reject();
    await done; // never rejects
    const response = controller.getResponse(getArticle, {id: '1'});
    assert.ok(response.error, 'the error is on the result');
    assert.equal((response.data as Article).title, 'title 1', 'the data is kept');
  });
});
