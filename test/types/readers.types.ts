// Type tests of the Lit readers and useController. Each `@ts-expect-error` line is a compile
// error; each expectTypeOf is an exact type. Compiled by `tsc -p tsconfig.json` (npm test).
import {expectTypeOf} from 'expect-type';
import {LitElement} from 'lit';
import {hookifyResource, useCache, useController, useFetch, useSuspense} from '../../src/lit/index.js';
import {getUser, openCount, Todo, TodoResource, todosOf, User, UserResource} from './fixtures.js';

export class IssueLines extends LitElement {
  userId = '1';
  ctl = useController(this);
  // @ts-expect-error the path takes :id, not userId
  user = useSuspense(this, UserResource.get, () => ({userId: this.userId}));
  // @ts-expect-error the path takes :id, not userId
  todo = useCache(this, getUser, () => ({userId: 1}));
  // @ts-expect-error a Query never fetches
  count = useSuspense(this, openCount);

  save() {
    // @ts-expect-error the body is a User's fields: name, not nmae
    return this.ctl.fetch(UserResource.partialUpdate, {id: 1}, {nmae: 'x'});
  }
}

export class Values extends LitElement {
  userId: string | undefined = '1';
  user = useSuspense(this, UserResource.get, () => ({id: this.userId!}));
  maybeUser = useSuspense(this, UserResource.get, () => (this.userId ? {id: this.userId} : null));
  asList = useSuspense(this, UserResource.get, [{id: 1}]);
  todos = useSuspense(this, TodoResource.getList);
  mine = useFetch(this, TodoResource.getList, () => ({userId: this.userId}));
  count = useCache(this, openCount);
  countOf = useCache(this, openCount, () => ({userId: this.userId}));
  ofUser = useCache(this, todosOf, () => (this.userId ? [this.userId] : null));
  cached = useCache(this, getUser, {id: 1});
  ctl = useController(this);

  check() {
    expectTypeOf(this.user.value).toEqualTypeOf<User | undefined>();
    expectTypeOf(this.maybeUser.value).toEqualTypeOf<User | undefined>();
    expectTypeOf(this.asList.value).toEqualTypeOf<User | undefined>();
    expectTypeOf(this.todos.value).toEqualTypeOf<Todo[] | undefined>();
    expectTypeOf(this.mine.value).toEqualTypeOf<Todo[] | undefined>();
    expectTypeOf(this.count.value).toEqualTypeOf<number | undefined>();
    expectTypeOf(this.countOf.value).toEqualTypeOf<number | undefined>();
    expectTypeOf(this.ofUser.value).toEqualTypeOf<Todo[] | undefined>();
    expectTypeOf(this.cached.value).toEqualTypeOf<User | undefined>();
    expectTypeOf(this.user.render({complete: user => user.name})).toEqualTypeOf<string | undefined>();
  }

  async useTheController() {
    expectTypeOf(await this.ctl.fetch(UserResource.get, {id: 1})).toEqualTypeOf<User>();
    expectTypeOf(this.ctl.get(openCount)).toEqualTypeOf<number | undefined>();
    expectTypeOf(this.ctl.getResponse(TodoResource.getList).data).toEqualTypeOf<Todo[] | undefined>();
    // @ts-expect-error wrong param name, through useController too
    this.ctl.invalidate(getUser, {userId: '1'});
    // @ts-expect-error a Query never fetches
    await this.ctl.fetch(openCount);
  }
}

export class WrongArgs extends LitElement {
  userId = '1';
  // @ts-expect-error the path needs :id: args are required
  missing = useSuspense(this, getUser);
  // @ts-expect-error a value of the wrong shape
  wrongValue = useFetch(this, getUser, {userId: 1});
  // @ts-expect-error the array form is the whole argument list
  wrongList = useSuspense(this, getUser, [{userId: 1}]);
  // @ts-expect-error searchParams are typed
  wrongSearch = useSuspense(this, TodoResource.getList, () => ({owner: this.userId}));
  // @ts-expect-error the Query's args are required
  queryArgs = useCache(this, todosOf);
  // @ts-expect-error the Query takes a string
  queryArgType = useCache(this, todosOf, () => [1]);
  // @ts-expect-error a Query never fetches
  fetchQuery = useFetch(this, openCount);
}

const UserHooks = hookifyResource(UserResource, () => ({headers: {'Access-Token': 't'}}));

export class Hooked extends LitElement {
  userId = '1';
  user = useSuspense(this, UserHooks.useGet(this), () => ({id: this.userId}));
  // @ts-expect-error a hooked member keeps its params
  wrong = useSuspense(this, UserHooks.useGet(this), () => ({userId: this.userId}));

  check() {
    expectTypeOf(UserHooks.useGet(this)).toEqualTypeOf(UserResource.get);
    expectTypeOf(UserHooks.usePartialUpdate(this)).toEqualTypeOf(UserResource.partialUpdate);
    expectTypeOf(this.user.value).toEqualTypeOf<User | undefined>();
    // @ts-expect-error a resource has no useList
    void UserHooks.useList;
  }
}
