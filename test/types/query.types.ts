// Type tests of Query (process args and defaults) and schema results. Each `@ts-expect-error`
// line is a compile error; each expectTypeOf is an exact type. Compiled by `tsc -p tsconfig.json`.
import {expectTypeOf} from 'expect-type';
import {Controller, Query, schema, type Denormalize, type EntityData} from '../../src/index.js';
import {Article, openCount, Tag, Todo, todosOf, User} from './fixtures.js';

declare const ctrl: Controller;

export function processArgs(): void {
  // The args are those of process after the entries; a default makes them optional.
  expectTypeOf(openCount.key).parameters.toEqualTypeOf<[({userId?: string} | undefined)?]>();
  expectTypeOf(todosOf.key).parameters.toEqualTypeOf<[userId: string]>();
  // The result is what process returns.
  expectTypeOf(openCount).toEqualTypeOf<Query<schema.All<typeof Todo>, [({userId?: string} | undefined)?], number>>();
  const titles = new Query(new schema.All(Article), articles => articles.map(a => a.title));
  expectTypeOf(ctrl.get(titles)).toEqualTypeOf<string[] | undefined>();
  // process receives the denormalized entries
  new Query(new schema.All(Article), articles => {
    expectTypeOf(articles).toEqualTypeOf<Article[]>();
    expectTypeOf(articles[0]!.author).toEqualTypeOf<User>();
  });
  // @ts-expect-error the Query takes a string
  ctrl.get(todosOf, 1);
  // @ts-expect-error process has no second arg: no args
  ctrl.get(titles, {x: 1});
}

export function defaults(): void {
  // Without process: the schema's own args, and the denormalized schema.
  const everyTodo = new Query(new schema.All(Todo));
  expectTypeOf(everyTodo).toEqualTypeOf<Query<schema.All<typeof Todo>, [], Todo[]>>();
  expectTypeOf(ctrl.get(everyTodo)).toEqualTypeOf<Todo[] | undefined>();
  const userById = new Query(User);
  expectTypeOf(userById.key).parameters.toEqualTypeOf<[data: EntityData<User>]>();
  expectTypeOf(ctrl.get(userById, {id: 1})).toEqualTypeOf<User | undefined>();
  // @ts-expect-error a User is found by its fields (id), not userId
  ctrl.get(userById, {userId: 1});
  // @ts-expect-error schema.All takes no args
  ctrl.get(everyTodo, {completed: true});
  const lists = new schema.Collection([Todo]);
  expectTypeOf(ctrl.get(new Query(lists), {userId: 'u1'})).toEqualTypeOf<Todo[] | undefined>();
  // @ts-expect-error a list schema cannot be read without an endpoint result
  new Query([Todo]);
  // @ts-expect-error an object of schemas cannot either
  new Query({todos: new schema.All(Todo)});
}

export function schemaResults(): void {
  expectTypeOf<Denormalize<typeof Article>>().toEqualTypeOf<Article>();
  expectTypeOf<Denormalize<[typeof Article]>>().toEqualTypeOf<Article[]>();
  expectTypeOf<Denormalize<schema.Array<typeof Tag>>>().toEqualTypeOf<Tag[]>();
  expectTypeOf<Denormalize<schema.Values<typeof Tag>>>().toEqualTypeOf<Record<string, Tag>>();
  expectTypeOf<Denormalize<schema.Collection<[typeof Todo]>>>().toEqualTypeOf<Todo[]>();
  expectTypeOf<Denormalize<schema.Collection<schema.Values<typeof Todo>>>>().toEqualTypeOf<Record<string, Todo>>();
  expectTypeOf<Denormalize<{results: [typeof Article]; next: string}>>().toEqualTypeOf<{results: Article[]; next: string}>();
  expectTypeOf<Denormalize<schema.Invalidate<typeof User>>>().toEqualTypeOf<EntityData<User>>();
  // nested entities are instances of their classes
  expectTypeOf<Denormalize<typeof Article>['author']>().toEqualTypeOf<User>();
  expectTypeOf<Denormalize<typeof Article>['tags']>().toEqualTypeOf<Tag[]>();
  expectTypeOf(ctrl.get(new schema.All(Article))?.[0]?.tags[0]).toEqualTypeOf<Tag | undefined>();
  expectTypeOf(ctrl.get(Tag, {id: '7'})).toEqualTypeOf<Tag | undefined>();
  // @ts-expect-error Tag has no name field
  ctrl.get(Tag, {name: 'x'});
}
