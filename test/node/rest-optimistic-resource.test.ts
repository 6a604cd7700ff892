// optimisticResource: the default predictions of a resource's four writes, seen through a
// Controller while the server's answer is held back (fetchResponse is a hand-settled promise).
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller} from '../../src/core/index.js';
import {createResource, optimisticResource} from '../../src/rest/index.js';
import {Entity} from '../../src/schema/index.js';
import type {SnapshotInterface} from '../../src/endpoint/index.js';

class Note extends Entity {
  id = 0;
  title = '';
  static override key = 'OptNote';
}

class Slug extends Entity {
  slug = '';
  title = '';
  override pk() {
    return this.slug;
  }
  static override key = 'OptSlug';
}

/** Requests wait until the test answers them: `next()` resolves with the next one to arrive. */
function heldServer() {
  type Held = {method: string; url: string; answer(body: unknown, status?: number): void};
  const arrived: Held[] = [];
  const waiting: ((request: Held) => void)[] = [];
  const fetchResponse = (url: string, init: RequestInit) =>
    new Promise<Response>(resolve => {
      const request: Held = {
        method: init.method ?? 'GET',
        url,
        answer: (body, status = 200) => resolve(new Response(body === undefined ? null : JSON.stringify(body), {status})),
      };
      const waiter = waiting.shift();
      if (waiter) waiter(request);
      else arrived.push(request);
    });
  const next = () => new Promise<Held>(resolve => (arrived.length > 0 ? resolve(arrived.shift()!) : waiting.push(resolve)));
  return {next, fetchResponse};
}

async function listed(notes: {id: number | string; title: string}[]) {
  const server = heldServer();
  const resource = optimisticResource(createResource({path: '/notes/:id', schema: Note, fetchResponse: server.fetchResponse}));
  const controller = new Controller();
  const loaded = controller.fetch(resource.getList);
  (await server.next()).answer(notes);
  await loaded;
  const titles = () => (controller.getResponse(resource.getList).data as Note[]).map(n => `${n.id}:${n.title}`);
  return {server, resource, controller, titles};
}

describe('optimisticResource', () => {
  test('create shows a row with a temporary pk at once; the server row replaces it', async () => {
    const {server, resource, controller, titles} = await listed([{id: 1, title: 'a'}]);
    const created = controller.fetch(resource.create, {title: 'b'});
    assert.match(titles()[1]!, /^tmp-\d+:b$/);
    (await server.next()).answer({id: 2, title: 'b'}, 201);
    await created;
    assert.deepEqual(titles(), ['1:a', '2:b']);
  });

  test('update and partialUpdate merge the body into the entity at once, with the pk of the item param', async () => {
    const {server, resource, controller, titles} = await listed([
      {id: 1, title: 'a'},
      {id: 2, title: 'b'},
    ]);
    const patched = controller.fetch(resource.partialUpdate, {id: 1}, {title: 'A'});
    const replaced = controller.fetch(resource.update, {id: 2}, {id: 2, title: 'B'});
    assert.deepEqual(titles(), ['1:A', '2:B']);
    const [patch, put] = [await server.next(), await server.next()];
    assert.deepEqual([patch.method, put.method], ['PATCH', 'PUT']);
    patch.answer({id: 1, title: 'A'});
    put.answer({id: 2, title: 'B'});
    await Promise.all([patched, replaced]);
    assert.deepEqual(titles(), ['1:A', '2:B']);
  });

  test('a refused write is rolled back', async () => {
    const {server, resource, controller, titles} = await listed([{id: 1, title: 'a'}]);
    const patched = controller.fetch(resource.partialUpdate, {id: 1}, {title: 'A'});
    assert.deepEqual(titles(), ['1:A']);
    (await server.next()).answer({message: 'no'}, 400);
    await assert.rejects(patched);
    assert.deepEqual(titles(), ['1:a']);
  });

  test('delete takes the entity out of the list at once', async () => {
    const {server, resource, controller, titles} = await listed([
      {id: 1, title: 'a'},
      {id: 2, title: 'b'},
    ]);
    const deleted = controller.fetch(resource.delete, {id: 1});
    assert.deepEqual(titles(), ['2:b']);
    (await server.next()).answer(undefined, 204);
    await deleted;
    assert.deepEqual(titles(), ['2:b']);
  });

  test('the pk option names the field a prediction fills; a prediction without a pk is skipped, the request still goes', async () => {
    const server = heldServer();
    const base = createResource({path: '/slugs/:slug', schema: Slug, fetchResponse: server.fetchResponse});
    const bySlug = optimisticResource(base, {pk: 'slug'});
    const snap = {abort: new Error('abort')} as SnapshotInterface;
    assert.deepEqual(bySlug.partialUpdate.getOptimisticResponse!(snap, {slug: 'x'}, {title: 't'}), {title: 't', slug: 'x'});
    assert.match((bySlug.create.getOptimisticResponse!(snap, {}, {title: 't'}) as Slug).slug, /^tmp-\d+$/);
    assert.equal(bySlug.delete.getOptimisticResponse!(snap, {slug: 'x'}), 'x');
    // With the default field (`id`) a Slug prediction has no pk: it is aborted.
    const byId = optimisticResource(base);
    assert.throws(() => byId.partialUpdate.getOptimisticResponse!(snap, {slug: 'x'}, {title: 't'}), error => error === snap.abort);
    assert.throws(() => byId.create.getOptimisticResponse!(snap, {}, 'not an object'), error => error === snap.abort);
    assert.throws(() => byId.delete.getOptimisticResponse!(snap, {}), error => error === snap.abort);

    const controller = new Controller();
    const patched = controller.fetch(byId.partialUpdate, {slug: 'x'}, {title: 't'});
    assert.equal(controller.get(Slug, {slug: 'x'}), undefined, 'nothing predicted');
    const request = await server.next();
    assert.equal(request.method, 'PATCH', 'the request went without a prediction');
    request.answer({slug: 'x', title: 't'});
    assert.equal(((await patched) as Slug).title, 't');
  });

  test('the same body predicts the same temporary pk on each replay', () => {
    const resource = optimisticResource(createResource({path: '/notes/:id', schema: Note}));
    const snap = {abort: new Error('abort')} as SnapshotInterface;
    const body = {title: 'b'};
    const first = resource.create.getOptimisticResponse!(snap, {}, body) as Note;
    assert.equal((resource.create.getOptimisticResponse!(snap, {}, body) as Note).id, first.id);
    assert.notEqual((resource.create.getOptimisticResponse!(snap, {}, {title: 'b'}) as Note).id, first.id);
  });

  test('leaves the resource given unchanged and its reads as they are', () => {
    const base = createResource({path: '/notes/:id', schema: Note});
    const resource = optimisticResource(base);
    for (const name of ['create', 'update', 'partialUpdate', 'delete'] as const) {
      assert.equal(base[name].getOptimisticResponse, undefined, name);
      assert.equal(typeof resource[name].getOptimisticResponse, 'function', name);
      assert.equal(resource[name].key({id: 1}, {}), base[name].key({id: 1}, {}), `${name} keeps its key`);
    }
    assert.equal(resource.get, base.get);
    assert.equal(resource.getList, base.getList);
  });
});
