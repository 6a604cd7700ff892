// Object schemas with plain members: a member that is not a schema (a string, a number, a
// boolean placeholder such as `next: ''`) leaves the field as it came, in normalize, in the
// memo's reads, and through a Controller fetch. A string has a `normalize` method of its own
// (String.prototype.normalize): it must never be taken for a schema.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller} from '../../src/core/index.js';
import {Entity, emptyStore, resolveSchema} from '../../src/schema/index.js';
import {read, write} from './helpers/schema-store.js';

class Article extends Entity {
  id = '';
  title = '';
  static key = 'Article';
}

const page = {results: [Article], next: '', count: 0, final: false};
const data = {results: [{id: '1', title: 'One'}], next: '/articles?cursor=abc', count: 12, final: true};

describe('object schema members that are plain values', () => {
  test('primitives are not schemas; objects, arrays and Entity classes are', () => {
    for (const value of ['', 'text', 0, 1, true, false, null, undefined, Symbol('s'), 10n]) {
      assert.equal(resolveSchema(value), undefined, `${String(value)} is not a schema`);
    }
    assert.equal(resolveSchema(Article), Article);
    assert.equal(resolveSchema({a: Article}), 'object');
    assert.notEqual(resolveSchema([Article]), undefined);
    assert.equal(resolveSchema(Date), undefined, 'a constructor without normalize is a field type, not a schema');
  });

  test('normalize keeps the plain members as they came and stores the entities', () => {
    const {store, result} = write(emptyStore(), page, data);
    assert.deepEqual(result, {results: ['1'], next: '/articles?cursor=abc', count: 12, final: true});
    assert.equal((store.entities.get('Article')?.get('1') as {title: string}).title, 'One');
  });

  test('the memo reads them back unchanged', () => {
    const {store, result} = write(emptyStore(), page, data);
    const value = read(page, result, store).data as {results: Article[]; next: string; count: number; final: boolean};
    assert.ok(value.results[0] instanceof Article);
    assert.equal(value.next, '/articles?cursor=abc');
    assert.equal(value.count, 12);
    assert.equal(value.final, true);
  });

  test('a Controller fetch with such a schema resolves with the page', async () => {
    const controller = new Controller();
    const getPage = {key: () => 'page', schema: page, fetch: async (): Promise<unknown> => data};
    const value = (await controller.fetch(getPage)) as {results: Article[]; next: string};
    assert.equal(value.next, '/articles?cursor=abc');
    assert.equal(value.results[0].title, 'One');
    assert.equal((controller.getResponse(getPage).data as {next: string}).next, '/articles?cursor=abc');
  });
});
