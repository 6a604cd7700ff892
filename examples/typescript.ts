// What TypeScript infers from endpoints, schemas and Queries, and what it refuses. `npm test`
// compiles this file: each line marked @ts-expect-error must stay a compile error.
import {html, LitElement} from 'lit';
import {Controller, createResource, Entity, Query, schema} from '../src/index.js';
import {useCache, useController, useSuspense} from '../src/lit/index.js';

export class User extends Entity {
  id = '';
  name = '';
  static override key = 'User';
}

export class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  userId = '';
  static override key = 'Todo';
}

// Params come from the path (and `searchParams`), bodies from the entity's fields,
// results from the schema.
export const UserResource = createResource({urlPrefix: '/api', path: '/users/:id', schema: User});
export const TodoResource = createResource({
  urlPrefix: '/api',
  path: '/todos/:id',
  schema: Todo,
  searchParams: {} as {userId?: string},
});

// A Query takes the args of `process` after the entries (the default makes them optional)
// and gives what `process` returns.
export const openCount = new Query(new schema.All(Todo), (todos, {userId}: {userId?: string} = {}) =>
  todos.filter(todo => !todo.completed && (userId === undefined || todo.userId === userId)).length,
);

export async function withTheController(ctrl: Controller) {
  const user = await ctrl.fetch(UserResource.get, {id: '1'}); // User
  const todos = await ctrl.fetch(TodoResource.getList, {userId: '1'}); // Todo[]
  await ctrl.fetch(TodoResource.partialUpdate, {id: 1}, {completed: true}); // body: some of Todo's fields
  const count = ctrl.get(openCount, {userId: '1'}); // number | undefined
  const every = ctrl.get(new schema.All(Todo)); // Todo[] | undefined
  const cached = ctrl.get(User, {id: '1'}); // User | undefined

  // @ts-expect-error the path takes :id, not userId
  await ctrl.fetch(UserResource.get, {userId: '1'});
  // @ts-expect-error the path needs its params
  await ctrl.fetch(UserResource.get);
  // @ts-expect-error the body is a User's fields, and nmae is not one
  await ctrl.fetch(UserResource.partialUpdate, {id: 1}, {nmae: 'Ann'});
  // @ts-expect-error getList's search params are {userId?}
  await ctrl.fetch(TodoResource.getList, {owner: '1'});
  // @ts-expect-error a Query only reads the cache: ctrl.get(openCount)
  await ctrl.fetch(openCount);
  // @ts-expect-error openCount takes {userId?}
  ctrl.get(openCount, {user: '1'});
  return {user, todos, count, every, cached};
}

export class UserSummary extends LitElement {
  // A reactive property without decorators: `declare` keeps the class field from hiding
  // Lit's accessor, whatever useDefineForClassFields says (see docs/setup.md).
  static override properties = {userId: {attribute: 'user-id'}};
  declare userId: string;
  // value: User | undefined; what the function returns is checked against the path's params.
  private readonly user = useSuspense(this, UserResource.get, () => ({id: this.userId}));
  // null means "not now". value: Todo[] | undefined.
  private readonly todos = useSuspense(this, TodoResource.getList, () => (this.userId ? {userId: this.userId} : null));
  // useCache reads a Query too. value: number | undefined.
  private readonly open = useCache(this, openCount, () => ({userId: this.userId}));
  // The Controller's methods, typed the same way.
  private readonly ctrl = useController(this);

  constructor() {
    super();
    this.userId = '1';
  }

  override render() {
    return this.user.render({
      complete: user => html`${user.name}: ${this.open.value ?? 0} open of ${this.todos.value?.length ?? '…'}`,
    });
  }

  rename(name: string) {
    return this.ctrl.fetch(UserResource.partialUpdate, {id: this.userId}, {name});
  }
}

export class Mistakes extends LitElement {
  static override properties = {userId: {}};
  declare userId: string;
  // @ts-expect-error the function returns {userId}, the path takes :id
  private readonly user = useSuspense(this, UserResource.get, () => ({userId: this.userId}));
  // @ts-expect-error a Query never fetches: useCache(this, openCount)
  private readonly count = useSuspense(this, openCount);

  constructor() {
    super();
    this.userId = '1';
  }

  override render() {
    return html`${this.user.value?.name} ${this.count.value}`;
  }
}
