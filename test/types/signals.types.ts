// Type tests of the signals part: each signal's value type, the args checked against the
// endpoint's params, and that a Query never fetches. Each `@ts-expect-error` line is a compile
// error; each expectTypeOf is an exact type. Compiled by `tsc -p tsconfig.json` (npm test).
import {computed, watch, type Signal} from '@lit-labs/signals';
import {expectTypeOf} from 'expect-type';
import {html, LitElement} from 'lit';
import {Controller} from '../../src/index.js';
import {cacheSignal, suspenseSignal, type CacheSignal, type SuspenseSignal, type SuspenseState} from '../../src/signals/index.js';
import {getUser, openCount, Todo, TodoResource, todosOf, User, UserResource} from './fixtures.js';

export class SignalValues extends LitElement {
  userId = new (class {
    get() {
      return '1' as string | null;
    }
  })();
  user = cacheSignal(this, UserResource.get, {id: 1});
  maybeUser = cacheSignal(this, UserResource.get, () => (this.userId.get() ? {id: this.userId.get()!} : null));
  count = cacheSignal(this, openCount);
  countOf = cacheSignal(new Controller(), openCount, {userId: '1'});
  ofUser = cacheSignal(this, todosOf, ['1']);
  todos = suspenseSignal(this, TodoResource.getList, {}, {keepPrevious: true});
  fetched = suspenseSignal(this, getUser, {id: 1});
  userName = computed(() => this.user.get()?.name ?? '');

  // @ts-expect-error the path takes :id, not userId
  wrongParam = cacheSignal(this, UserResource.get, {userId: 1});
  // @ts-expect-error the path needs :id: args cannot be left out
  noArgs = suspenseSignal(this, UserResource.get);
  // @ts-expect-error a Query never fetches
  queryFetched = suspenseSignal(this, openCount);
  // @ts-expect-error a source is a Controller or an element
  badSource = cacheSignal({}, openCount);

  check() {
    expectTypeOf(this.user).toEqualTypeOf<CacheSignal<User>>();
    expectTypeOf(this.user.get()).toEqualTypeOf<User | undefined>();
    expectTypeOf(this.maybeUser.get()).toEqualTypeOf<User | undefined>();
    expectTypeOf(this.count.get()).toEqualTypeOf<number | undefined>();
    expectTypeOf(this.countOf.get()).toEqualTypeOf<number | undefined>();
    expectTypeOf(this.ofUser.get()).toEqualTypeOf<Todo[] | undefined>();
    expectTypeOf(this.todos).toEqualTypeOf<SuspenseSignal<Todo[]>>();
    expectTypeOf(this.todos.get()).toEqualTypeOf<SuspenseState<Todo[]>>();
    expectTypeOf(this.fetched.get().value).toEqualTypeOf<User | undefined>();
    expectTypeOf(this.fetched.get().status).toEqualTypeOf<'initial' | 'pending' | 'complete' | 'error'>();
    expectTypeOf(this.fetched.render({complete: user => user.name})).toEqualTypeOf<string | undefined>();
    // Both are signals Lit's watch() takes.
    expectTypeOf(this.user).toMatchTypeOf<Signal.Computed<User | undefined>>();
    expectTypeOf(this.todos).toMatchTypeOf<Signal.Computed<SuspenseState<Todo[]>>>();
    return html`${watch(this.user)} ${watch(this.userName)} ${watch(this.todos)}`;
  }
}
