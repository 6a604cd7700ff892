// In development mode (the sources, as these tests run them), mistakes in what a Controller is
// given fail at once, with an error that names the option or says what was expected, instead of
// later (an expiry that keeps data fresh forever, retry delays that throw at the first retry in
// place of the server's error) or deep inside (a method given no endpoint). The cache keeps what
// it had. test/node/dev-mode-build.test.ts holds that production builds leave the checks out.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller, GCPolicy} from '../../src/core/index.js';
import {Refresh} from '../../src/refresh/index.js';
import {createResource} from '../../src/rest/index.js';
import {Entity} from '../../src/schema/index.js';

class Note extends Entity {
  id = '';
  text = '';
  static override key = 'BadOptionsNote';
}
const Notes = createResource({urlPrefix: 'https://notes.test', path: '/notes/:id', schema: Note});

test('an expiry that is not a number of milliseconds is refused, naming the option', () => {
  for (const [option, value, shown] of [
    ['dataExpiryLength', NaN, 'NaN'],
    ['dataExpiryLength', '30000', '"30000"'],
    ['errorExpiryLength', 'x', '"x"'],
  ] as const) {
    assert.throws(
      () => new Controller({[option]: value} as never),
      {name: 'TypeError', message: `Controller: ${option} must be a number of milliseconds, got ${shown}`},
    );
  }
  // Any number is a length: 0 or less is stale at once, Infinity never.
  new Controller({dataExpiryLength: -1, errorExpiryLength: Infinity});
  new Controller({dataExpiryLength: 0});
});

test('retry delays are checked when the Controller is made, not at the first retry', () => {
  assert.throws(() => new Controller({retry: {initialDelay: -5}}), {name: 'RangeError', message: 'backoff: initialDelay must be a finite number >= 0, got -5'});
  assert.throws(() => new Controller({retry: {maxDelay: NaN}}), {name: 'RangeError', message: /maxDelay.*NaN/});
  new Controller({retry: false});
  new Controller({retry: {retries: 2, initialDelay: 10}});
});

test('a method given something that is not an endpoint says so; the cache keeps what it had', async () => {
  const controller = new Controller();
  // What a JavaScript caller (or a cast) can pass: the methods typed loosely.
  const loose = controller as unknown as {[method: string]: (...args: unknown[]) => unknown};
  controller.setResponse(Notes.get, {id: '1'}, {id: '1', text: 'kept'});
  const before = controller.getResponse(Notes.get, {id: '1'}).data;
  const expected = (shown: string) => ({name: 'TypeError', message: `Controller: not an endpoint: ${shown}`});
  await assert.rejects(loose.fetch!(undefined) as Promise<unknown>, expected('undefined'));
  await assert.rejects(loose.fetch!('/api/notes') as Promise<unknown>, expected('"/api/notes"'));
  assert.throws(() => loose.setResponse!({}, {id: '2'}), expected('{}'));
  assert.throws(() => loose.getResponse!(undefined), expected('undefined'));
  assert.throws(() => loose.invalidate!(null), expected('null'));
  assert.equal(controller.getResponse(Notes.get, {id: '1'}).data, before, 'the same data, identical');
  controller.dispose();
});

test('watch given its params in place of the list of arguments, or no listener, and setError given no error, say so; the cache keeps what it had', () => {
  const controller = new Controller();
  const loose = controller as unknown as {[method: string]: (...args: unknown[]) => unknown};
  controller.setResponse(Notes.get, {id: '1'}, {id: '1', text: 'kept'});
  const before = controller.getResponse(Notes.get, {id: '1'});
  // The list's filter would be dropped without a word; the item's id said to be missing while given.
  assert.throws(() => loose.watch!(Notes.getList, {text: 'x'}, () => {}), {
    name: 'TypeError',
    message: `Controller.watch: args is the list of arguments, such as [{id: '1'}], got {"text":"x"}`,
  });
  assert.throws(() => loose.watch!(Notes.get, {id: '1'}, () => {}), {message: `Controller.watch: args is the list of arguments, such as [{id: '1'}], got {"id":"1"}`});
  // Without the check it fails at the next commit, as if a subscriber had thrown.
  assert.throws(() => loose.watch!(Notes.get, [{id: '1'}]), {message: 'Controller.watch: the listener must be a function, got undefined'});
  // A failure with nothing in it would read as no failure.
  assert.throws(() => loose.setError!(Notes.get, {id: '1'}, undefined), {
    name: 'TypeError',
    message: 'Controller.setError: the error is undefined: give what failed (an Error)',
  });
  assert.deepEqual(controller.getResponse(Notes.get, {id: '1'}), before, 'the same data and meta');
  assert.equal(controller.getResponse(Notes.get, {id: '1'}).data, before.data, 'identical');
  controller.dispose();
});

test('plugins that are not plugins and a GC policy that is not one are refused, naming what was given', () => {
  assert.throws(() => new Controller({plugins: {} as never}), {name: 'TypeError', message: 'Controller: plugins must be a list of plugins, got {}'});
  // A plugin's class in place of an instance: the usual slip.
  assert.throws(() => new Controller({plugins: [Refresh] as never}), {message: 'Controller: plugins[0] is the class Refresh: give an instance (new Refresh())'});
  assert.throws(() => new Controller({plugins: [new Refresh(), {}] as never}), {message: 'Controller: plugins[1] is {}, which has no attach()'});
  assert.throws(() => new Controller({gcPolicy: {} as never}), {message: 'Controller: gcPolicy must be a GCPolicy (new GCPolicy()), got {}'});
  assert.throws(() => new Controller({gcPolicy: GCPolicy as never}), {message: 'Controller: gcPolicy must be a GCPolicy (new GCPolicy()), got the class GCPolicy'});
  new Controller({plugins: [], gcPolicy: new GCPolicy()}).dispose();
  new Controller({plugins: [new Refresh(), {attach: () => () => {}}]}).dispose();
});
