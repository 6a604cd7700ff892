// In development mode (the sources, as these tests run them), the parts and the helpers over
// resources refuse, when they are made, arguments that would otherwise be ignored without a word
// (a part given its name in place of its options) or fail deep inside with the engine's message (an
// endpoint given in place of a resource; a signal whose source was left out).
// test/node/dev-mode-build.test.ts holds that production builds leave these checks out.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller} from '../../src/core/index.js';
import {hookifyResource} from '../../src/lit/index.js';
import {OfflineWrites} from '../../src/offline/index.js';
import {linkHeaderResource} from '../../src/pagination/index.js';
import {Persistence} from '../../src/persist/index.js';
import {createResource} from '../../src/rest/index.js';
import {Entity} from '../../src/schema/index.js';
import {cacheSignal} from '../../src/signals/index.js';
import {TabSync} from '../../src/sync/index.js';

class Todo extends Entity {
  id = '';
  static override key = 'BadArgumentsTodo';
}
const TodoResource = createResource({urlPrefix: 'https://todos.test', path: '/todos/:id', schema: Todo});

test('a part given its name in place of its options says so, instead of taking its defaults', () => {
  assert.throws(() => new Persistence('my-app' as never), {name: 'TypeError', message: `Persistence: its options are an object such as {name: 'my-app'}, got "my-app"`});
  assert.throws(() => new TabSync('my-app' as never), {message: `TabSync: its options are an object such as {channel: 'my-app'}, got "my-app"`});
  assert.throws(() => new OfflineWrites('writes' as never), {message: 'OfflineWrites: its options are an object such as {endpoints: [TodoResource]}, got "writes"'});
  new Persistence();
  new TabSync({channel: 'my-app'});
  new OfflineWrites({endpoints: [TodoResource]});
});

test('Persistence given a storage without get, set and del names what it lacks, instead of failing at the first save', () => {
  const expected = (missing: string, shown = '') => ({
    name: 'TypeError',
    message: `Persistence "my-app": storage needs get, set and del methods (as indexedDBStorage gives); it has no ${missing}${shown}`,
  });
  // A Map has get and set, and delete where a storage has del.
  assert.throws(() => new Persistence({name: 'my-app', storage: new Map() as never}), expected('del'));
  assert.throws(() => new Persistence({name: 'my-app', storage: {get: async () => undefined} as never}), expected('set, del'));
  assert.throws(() => new Persistence({name: 'my-app', storage: 'localStorage' as never}), expected('get, set, del', ' (got "localStorage")'));
  new Persistence({name: 'my-app', storage: {get: async () => undefined, set: async () => {}, del: async () => {}}});
});

test('hookifyResource and linkHeaderResource given an endpoint, or nothing of a resource, say they take a resource', () => {
  assert.throws(() => hookifyResource(TodoResource.get as never), {name: 'TypeError', message: 'hookifyResource takes a resource (what createResource returns), got the endpoint GET /todos/:id'});
  assert.throws(() => hookifyResource({} as never), {message: 'hookifyResource takes a resource (what createResource returns), got {}'});
  assert.throws(() => linkHeaderResource(TodoResource.getList as never, 'cursor'), {message: 'linkHeaderResource takes a resource (what createResource returns), got the endpoint GET /todos'});
  assert.throws(() => linkHeaderResource({get: TodoResource.get} as never, 'cursor'), {message: "linkHeaderResource needs the resource's getList, which this one has not"});
  hookifyResource({get: TodoResource.get});
  linkHeaderResource(TodoResource, 'cursor');
});

test('a signal whose source was left out names the endpoint it got first, not the args', () => {
  assert.throws(() => (cacheSignal as (...args: unknown[]) => unknown)(TodoResource.get, {id: '1'}), {
    name: 'TypeError',
    message: 'a signal reads from its source, given first: the host element or a Controller (cacheSignal(this, endpoint, args)), got the endpoint GET /todos/:id',
  });
  cacheSignal(new Controller(), TodoResource.get, {id: '1'});
});
