// Type tests of RestEndpoint, createResource and Collection appenders. Each `@ts-expect-error`
// line is a compile error; each expectTypeOf is an exact type. Compiled by `tsc -p tsconfig.json`.
import {shortenPath, type PathArgs} from '../../src/internal.js';
import {expectTypeOf} from 'expect-type';
import {Controller, createResource, optimisticResource, RestEndpoint, schema, type EndpointArgs, type EntityData, type SnapshotInterface} from '../../src/index.js';
import {Article, Todo, TodoResource, User, UserResource} from './fixtures.js';

declare const ctrl: Controller;
declare const snap: SnapshotInterface;

export async function optionalPathParts(): Promise<void> {
  const getMember = new RestEndpoint({path: '/groups/:group/users/:id{/:slug}', schema: User});
  expectTypeOf<PathArgs<'/groups/:group/users/:id{/:slug}'>>().toEqualTypeOf<{
    group: string | number;
    id: string | number;
    slug?: string | number;
  }>();
  expectTypeOf(await ctrl.fetch(getMember, {group: 'g', id: 1})).toEqualTypeOf<User>();
  await ctrl.fetch(getMember, {group: 'g', id: 1, slug: 'ann'});
  // @ts-expect-error the group is required; only the {/:slug} part is optional
  await ctrl.fetch(getMember, {id: 1, slug: 'ann'});
  // @ts-expect-error a path value is a string or a number
  getMember.url({group: 'g', id: 1, slug: {}});
  const files = new RestEndpoint({path: '/files{/*rest}'});
  files.url({rest: ['a', 'b']});
  files.url({});
  expectTypeOf(shortenPath('/groups/:group/users/:id{/:slug}')).toEqualTypeOf<'/groups/:group/users/:id'>();
  expectTypeOf(shortenPath('/users/:id')).toEqualTypeOf<'/users'>();
}

export async function resourceMembers(): Promise<void> {
  expectTypeOf(await ctrl.fetch(UserResource.get, {id: 1})).toEqualTypeOf<User>();
  expectTypeOf(await ctrl.fetch(UserResource.getList)).toEqualTypeOf<User[]>();
  expectTypeOf(await ctrl.fetch(UserResource.create, {name: 'Ann'})).toEqualTypeOf<User>();
  expectTypeOf(await ctrl.fetch(UserResource.update, {id: 1}, {name: 'Ann'})).toEqualTypeOf<User>();
  expectTypeOf(await ctrl.fetch(UserResource.partialUpdate, {id: 1}, {name: 'Ann'})).toEqualTypeOf<User>();
  expectTypeOf(await ctrl.fetch(UserResource.delete, {id: 1})).toEqualTypeOf<EntityData<User>>();
  // @ts-expect-error the body is the entity's fields: name, not nmae
  await ctrl.fetch(UserResource.partialUpdate, {id: 1}, {nmae: 'x'});
  // @ts-expect-error a field has its entity's type
  await ctrl.fetch(UserResource.update, {id: 1}, {name: 1});
  // @ts-expect-error create sends a body
  await ctrl.fetch(UserResource.create);
  // @ts-expect-error get sends no body
  await ctrl.fetch(UserResource.get, {id: 1}, {name: 'x'});
  // @ts-expect-error delete needs the id
  await ctrl.fetch(UserResource.delete, {});
  // searchParams type getList's params (and push's)
  await ctrl.fetch(TodoResource.getList, {userId: 'u1'});
  // @ts-expect-error not a search param of this resource
  await ctrl.fetch(TodoResource.getList, {owner: 'u1'});

  // A body marker replaces the item's fields.
  const Notes = createResource({path: '/notes/:id', schema: Todo, body: {} as {text: string}});
  await ctrl.fetch(Notes.create, {text: 'x'});
  expectTypeOf<EndpointArgs<typeof Notes.partialUpdate>>().toEqualTypeOf<
    [params: {id: string | number} & Record<string, unknown>, body: Partial<{text: string}>]
  >();
  // @ts-expect-error the marker says text
  await ctrl.fetch(Notes.create, {title: 'x'});
}

export async function resourceExtend(): Promise<void> {
  const Optimistic = TodoResource.extend({
    partialUpdate: {
      getOptimisticResponse(_snap, params, body) {
        expectTypeOf(params.id).toEqualTypeOf<string | number>();
        expectTypeOf(body).toEqualTypeOf<Partial<{id?: number; title?: string; completed?: boolean; userId?: string}>>();
        return {id: params.id, ...body};
      },
    },
    delete: {getOptimisticResponse: (_snap, params) => params},
  });
  expectTypeOf(await ctrl.fetch(Optimistic.partialUpdate, {id: 1}, {completed: true})).toEqualTypeOf<Todo>();
  // @ts-expect-error the extended member keeps its body type
  await ctrl.fetch(Optimistic.partialUpdate, {id: 1}, {done: true});
  TodoResource.extend({
    // @ts-expect-error params are typed from the member's path
    delete: {getOptimisticResponse: (_snap, params) => params.nope.x},
  });
  // A member moved to another path takes its params; the others keep theirs.
  const BySlug = UserResource.extend({get: {path: '/people/:slug'}});
  expectTypeOf(await ctrl.fetch(BySlug.get, {slug: 'ann'})).toEqualTypeOf<User>();
  // @ts-expect-error the moved get takes a slug
  await ctrl.fetch(BySlug.get, {id: 1});
  await ctrl.fetch(BySlug.update, {id: 1}, {name: 'x'});
  // A getList with another Collection takes create along.
  const other = new schema.Collection([User], {key: 'OtherUsers'});
  const Moved = UserResource.extend({getList: {schema: other}});
  expectTypeOf(Moved.create.schema).toEqualTypeOf<(typeof other)['push']>();
  // @ts-expect-error not a member
  UserResource.extend({remove: {}});
  void snap;
}

export async function collectionAppenders(): Promise<void> {
  const push = TodoResource.getList.push;
  expectTypeOf(await ctrl.fetch(push, {userId: 'u1'}, {title: 'x'})).toEqualTypeOf<Todo>();
  expectTypeOf(await ctrl.fetch(TodoResource.getList.unshift, {title: 'x'})).toEqualTypeOf<Todo>();
  // @ts-expect-error the body is a Todo's fields
  await ctrl.fetch(push, {userId: 'u1'}, {titel: 'x'});
  // @ts-expect-error the params are getList's
  await ctrl.fetch(push, {owner: 'u1'}, {title: 'x'});
  class Stat extends Article {}
  const getStats = new RestEndpoint({path: '/stats', schema: new schema.Collection(new schema.Values(Stat))});
  expectTypeOf(await ctrl.fetch(getStats)).toEqualTypeOf<Record<string, Stat>>();
  expectTypeOf(await ctrl.fetch(getStats.assign, {a: {title: 'x'}})).toEqualTypeOf<Record<string, Stat>>();
  // @ts-expect-error assign sends an id map of items
  await ctrl.fetch(getStats.assign, {title: 'x'});
}

export async function optimisticDefaults(): Promise<void> {
  // The same resource type: the writes keep their params, bodies and results.
  const Optimistic = optimisticResource(UserResource);
  expectTypeOf(Optimistic).toEqualTypeOf<typeof UserResource>();
  expectTypeOf(await ctrl.fetch(Optimistic.partialUpdate, {id: 1}, {name: 'Ann'})).toEqualTypeOf<User>();
  expectTypeOf(optimisticResource(TodoResource, {pk: 'id'}).create).toEqualTypeOf<typeof TodoResource.create>();
  // @ts-expect-error the body is still the entity's fields
  await ctrl.fetch(Optimistic.partialUpdate, {id: 1}, {nmae: 'x'});
  // @ts-expect-error pk names a field
  optimisticResource(UserResource, {pk: 1});
  // @ts-expect-error a resource, not one of its endpoints
  optimisticResource(UserResource.partialUpdate);
}
