import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createResource, RestEndpoint, type PathArgs, type ShortenPath, type RestArgs} from '../../src/rest/index.js';
import {Entity, schema, type EntityData} from '../../src/schema/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_?: T): void {}

class Article extends Entity {
  id = '';
  title = '';
}

test('types', () => {
  expectType<Equal<PathArgs<'/users/:group/:id{/:slug}'>, {group: string | number; id: string | number; slug?: string | number}>>();
  expectType<Equal<PathArgs<'/articles'>, {}>>();
  expectType<Equal<ShortenPath<'/:a/:b'>, '/:a'>>();
  expectType<Equal<ShortenPath<'/:a'>, '/'>>();
  expectType<Equal<ShortenPath<'/users/:id{/:slug}'>, '/users/:id'>>();
  const get = new RestEndpoint({path: '/articles/:id', schema: Article});
  type G = typeof get;
  const p: G['path'] = '/articles/:id';
  void p;
  const create = new RestEndpoint({path: '/articles', method: 'POST', schema: Article, body: {} as {title: string}});
  type CA = Parameters<typeof create.fetch>;
  expectType<Equal<Awaited<ReturnType<typeof get.fetch>>, Article>>();
  // @ts-expect-error id is required
  void (() => get.fetch({}));
  void (() => get.fetch({id: 1}));
  void (() => create.fetch({title: 'x'}));
  void (() => create.fetch({}, {title: 'x'}));
  // @ts-expect-error body type
  void (() => create.fetch({}, {title: 1}));
  const list = new RestEndpoint({path: '/articles', schema: new schema.Collection([Article]), searchParams: {} as {userId?: number}});
  expectType<Equal<Awaited<ReturnType<typeof list.fetch>>, Article[]>>();
  void (() => list.fetch());
  void (() => list.fetch({userId: 1}));
  // @ts-expect-error unknown search param
  void (() => list.fetch({user: 1}));
  void (() => list.push.fetch({title: 'x'}));
  expectType<Equal<Awaited<ReturnType<typeof list.push.fetch>>, Article>>();
  const withProcess = new RestEndpoint({
    path: '/users/:id',
    process(value, params) {
      const id: string | number = params.id;
      // @ts-expect-error params is typed from the path (not any)
      void params.nope.x;
      return {...value, id};
    },
  });
  void withProcess;
  const ext = get.extend({getOptimisticResponse: (_snap, params) => ({id: params.id})});
  expectType<Equal<Awaited<ReturnType<typeof ext.fetch>>, Article>>();
  const moved = get.extend({path: '/posts/:slug'});
  void (() => moved.fetch({slug: 'x'}));
  // @ts-expect-error the extended path has no id
  void (() => moved.fetch({id: 'x'}));
  void (() => ext.fetch({id: 2}));
  const d = new RestEndpoint({path: '/a/:id', method: 'DELETE'});
  type DA = RestArgs<{path: '/a/:id'; method: 'DELETE'}>;
  expectType<Equal<DA, [params: {id: string | number} & Record<string, unknown>]>>();
  void d;
  const inc = new RestEndpoint({path: '/count/increment', method: 'POST', body: undefined});
  void (() => inc.fetch());
  const res = createResource({urlPrefix: 'https://x', path: '/groups/:group/articles/:id', schema: Article, searchParams: {} as {author?: string}});
  expectType<Equal<Awaited<ReturnType<typeof res.get.fetch>>, Article>>();
  expectType<Equal<Awaited<ReturnType<typeof res.getList.fetch>>, Article[]>>();
  expectType<Equal<Awaited<ReturnType<typeof res.create.fetch>>, Article>>();
  expectType<Equal<Awaited<ReturnType<typeof res.getList.push.fetch>>, Article>>();
  // A DELETE resolves with its processed response (params or body): data with the pk, not an instance.
  expectType<Equal<Awaited<ReturnType<typeof res.delete.fetch>>, EntityData<Article>>>();
  void (() => res.getList.fetch({group: 'a', author: 'x'}));
  // @ts-expect-error getList needs the group
  void (() => res.getList.fetch({author: 'x'}));
  void (() => res.create.fetch({group: 'a'}, {title: 'x'}));
  void (() => res.partialUpdate.fetch({group: 'a', id: 1}, {title: 'x'}));
  void (() => res.delete.fetch({group: 'a', id: 1}));
  const res2 = res.extend({partialUpdate: {getOptimisticResponse: (_snap, params, body) => ({...body, id: params.id})}});
  void res2;
  const any: RestEndpoint = get;
  void any;
  assert.ok(true);
  type _ = [CA];
});
