// Type tests of the Controller: each `@ts-expect-error` line compiled before the Controller
// was typed; each expectTypeOf is an exact type. Compiled by `tsc -p tsconfig.json` (npm test).
import {expectTypeOf} from 'expect-type';
import {Controller, schema, type ResponseState} from '../../src/index.js';
import {Article, ArticleResource, getUser, openCount, Tag, Todo, TodoResource, todosOf, User, UserResource} from './fixtures.js';

declare const ctrl: Controller;
declare const id: string;

export async function issueLines(): Promise<void> {
  // @ts-expect-error wrong param name: the path takes :id
  await ctrl.fetch(getUser, {userId: '1'});
  // @ts-expect-error missing params
  await ctrl.fetch(getUser);
  // @ts-expect-error wrong param name
  ctrl.getResponse(getUser, {userId: '1'});
  // @ts-expect-error wrong param name
  ctrl.invalidate(getUser, {userId: '1'});
  // @ts-expect-error the Query's args are {userId?}
  ctrl.get(openCount, {user: '1'});
  // @ts-expect-error a Query never fetches
  await ctrl.fetch(openCount);
}

export async function results(): Promise<void> {
  expectTypeOf(await ctrl.fetch(getUser, {id})).toEqualTypeOf<User>();
  expectTypeOf(await ctrl.fetch(UserResource.getList)).toEqualTypeOf<User[]>();
  expectTypeOf(ctrl.get(openCount)).toEqualTypeOf<number | undefined>();
  expectTypeOf(ctrl.get(openCount, {userId: '1'})).toEqualTypeOf<number | undefined>();
  expectTypeOf(ctrl.get(todosOf, 'u1')).toEqualTypeOf<Todo[] | undefined>();
  expectTypeOf(ctrl.get(new schema.All(Todo))).toEqualTypeOf<Todo[] | undefined>();
  expectTypeOf(ctrl.get(User, {id})).toEqualTypeOf<User | undefined>();
  expectTypeOf(ctrl.getResponse(getUser, {id})).toEqualTypeOf<ResponseState<User>>();
  expectTypeOf(ctrl.getResponse(openCount).data).toEqualTypeOf<number | undefined>();
  // nested entities come back as instances of their classes
  const article = ctrl.get(Article, {id});
  expectTypeOf(article!.author).toEqualTypeOf<User>();
  expectTypeOf(article!.tags).toEqualTypeOf<Tag[]>();
  expectTypeOf(article!.publishedAt).toEqualTypeOf<Date>();
  expectTypeOf(await ctrl.fetch(ArticleResource.get, {id})).toEqualTypeOf<Article>();
}

export function otherMethods(): void {
  // @ts-expect-error the Query's args are required
  ctrl.get(todosOf);
  // @ts-expect-error schema.All takes no args
  ctrl.get(new schema.All(Todo), {id: 1});
  // @ts-expect-error an Entity is read by its fields
  ctrl.get(User, {userId: id});
  // @ts-expect-error a list schema cannot be read without an endpoint result
  ctrl.get([Todo]);
  // @ts-expect-error wrong param name
  ctrl.retain(getUser, {userId: id});
  // @ts-expect-error wrong param name
  ctrl.setResponse(getUser, {userId: id}, {id, name: 'x'});
  // @ts-expect-error the response is missing after the params
  ctrl.setError(TodoResource.partialUpdate, {id: 1}, {title: 'x'});
  // @ts-expect-error the body of partialUpdate is a partial Todo
  void ctrl.fetch(TodoResource.partialUpdate, {id: 1}, {titel: 'x'});
  // @ts-expect-error searchParams are typed: userId, not user
  void ctrl.fetch(TodoResource.getList, {user: 'u1'});

  ctrl.retain(getUser, {id});
  ctrl.setResponse(getUser, {id}, {id, name: 'x'});
  ctrl.setResponse(TodoResource.getList, [{id: 1, title: 'a'}]);
  ctrl.setResponse(TodoResource.getList, {userId: 'u1'}, [{id: 1, title: 'a'}]);
  ctrl.setError(getUser, {id}, new Error('gone'));
  ctrl.setError(TodoResource.partialUpdate, {id: 1}, {title: 'x'}, new Error('refused'));
  ctrl.invalidate(openCount);
  void ctrl.fetch(TodoResource.getList, {userId: 'u1'});
  void ctrl.fetch(TodoResource.partialUpdate, {id: 1}, {title: 'x'});
}

export function snapshots(): void {
  const snap = ctrl.snapshot();
  expectTypeOf(snap.getResponse(getUser, {id}).data).toEqualTypeOf<User | undefined>();
  // @ts-expect-error wrong param name
  snap.getResponse(getUser, {userId: id});
  TodoResource.extend({
    partialUpdate: {
      getOptimisticResponse(snap, params, body) {
        const {data} = snap.getResponse(TodoResource.get, params);
        expectTypeOf(data).toEqualTypeOf<Todo | undefined>();
        return {...data, ...body};
      },
    },
  });
}

export async function handWrittenEndpoints(): Promise<void> {
  // Args come from `key`; without a schema the result is what `fetch` resolves with.
  const getTime = {key: (zone: string) => `time ${zone}`, fetch: async (zone: string) => ({zone, now: Date.now()})};
  expectTypeOf(await ctrl.fetch(getTime, 'UTC')).toEqualTypeOf<{zone: string; now: number}>();
  // @ts-expect-error key takes a zone (a string)
  await ctrl.fetch(getTime, 1);
  // With a schema the result is the denormalized schema.
  const byId = {key: ({id}: {id: string}) => `user ${id}`, schema: User, fetch: async ({id}: {id: string}) => ({id, name: ''})};
  expectTypeOf(await ctrl.fetch(byId, {id})).toEqualTypeOf<User>();
  // @ts-expect-error an object without fetch is read-only
  await ctrl.fetch({key: () => 'x', schema: User});
}

export function watches(): void {
  const watch = ctrl.watch(getUser, [{id}], response => {
    expectTypeOf(response.data).toEqualTypeOf<User | undefined>();
  });
  expectTypeOf(watch.response.data).toEqualTypeOf<User | undefined>();
  expectTypeOf(watch.read().data).toEqualTypeOf<User | undefined>();
  expectTypeOf(ctrl.watch(openCount, [], () => {}).response.data).toEqualTypeOf<number | undefined>();
  // @ts-expect-error wrong param name
  ctrl.watch(getUser, [{userId: id}], () => {});
  // @ts-expect-error the args are a list
  ctrl.watch(getUser, {id}, () => {});
}
