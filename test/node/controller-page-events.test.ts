// Refetch on focus and on reconnect: stale results that connected readers show are fetched
// again when the window gains focus (or the page shows again) and when the browser comes
// back online; each can be turned off; listeners exist only where window/document do.
import {browserPageEvents, Refresh, type RefreshOptions} from '../../src/refresh/index.js';
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller} from '../../src/core/index.js';
import {createFakeClock, createPatterns, RequestQueue} from './helpers/deferred-endpoint.js';
import {createFakePage} from './helpers/fake-timers.js';

function setupPage(options: RefreshOptions = {}) {
  const clock = createFakeClock();
  const page = createFakePage();
  const queue = new RequestQueue(clock);
  const controller = new Controller({now: clock.now, dataExpiryLength: 1_000, plugins: [new Refresh({page, ...options})]});
  const patterns = createPatterns(queue);
  /** Articles 1 (stale) and 2 (fresh) cached and shown. */
  const showStaleAndFresh = () => {
    controller.setResponse(patterns.getArticle, {id: '1'}, {id: '1', title: 'old'});
    clock.advance(5_000);
    controller.setResponse(patterns.getArticle, {id: '2'}, {id: '2', title: 'fresh'});
    controller.retain(patterns.getArticle, {id: '1'});
    controller.retain(patterns.getArticle, {id: '2'});
  };
  const refetched = () => queue.sent.map(r => (r.args[0] as {id: string}).id);
  return {clock, page, queue, controller, showStaleAndFresh, refetched, ...patterns};
}

describe('refetch on focus and reconnect', () => {
  for (const [event, label] of [
    ['focus', 'the window gains focus'],
    ['visible', 'the page shows again'],
    ['online', 'the browser comes back online'],
  ] as const) {
    test(`when ${label}, only the stale results shown are refetched`, () => {
      const {page, showStaleAndFresh, refetched} = setupPage();
      showStaleAndFresh();
      page.fire(event);
      assert.deepEqual(refetched(), ['1']);
    });
  }

  test('focus and visible together send one request: the second shares the first', () => {
    const {page, showStaleAndFresh, refetched} = setupPage();
    showStaleAndFresh();
    page.fire('visible');
    page.fire('focus');
    assert.deepEqual(refetched(), ['1']);
  });

  test('refetchOnFocus: false and refetchOnReconnect: false turn each off', () => {
    const noFocus = setupPage({refetchOnFocus: false});
    noFocus.showStaleAndFresh();
    noFocus.page.fire('focus');
    noFocus.page.fire('visible');
    assert.deepEqual(noFocus.refetched(), []);
    noFocus.page.fire('online');
    assert.deepEqual(noFocus.refetched(), ['1'], 'reconnect still refetches');

    const noReconnect = setupPage({refetchOnReconnect: false});
    noReconnect.showStaleAndFresh();
    noReconnect.page.fire('online');
    assert.deepEqual(noReconnect.refetched(), []);
    noReconnect.page.fire('focus');
    assert.deepEqual(noReconnect.refetched(), ['1'], 'focus still refetches');
  });

  test('dispose removes the listeners', () => {
    const {page, controller, showStaleAndFresh, refetched} = setupPage();
    showStaleAndFresh();
    assert.ok(page.listenerCount > 0);
    controller.dispose();
    assert.equal(page.listenerCount, 0);
    page.fire('focus');
    assert.deepEqual(refetched(), []);
  });

  test('browserPageEvents listens on window and document only where they exist', () => {
    const none = browserPageEvents({});
    assert.equal(none.hidden(), false);
    assert.doesNotThrow(() => none.on('focus', () => {})());

    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), {hidden: false});
    const page = browserPageEvents({window: win, document: doc});
    const seen: string[] = [];
    const stops = (['focus', 'online', 'visible', 'hidden'] as const).map(event => page.on(event, () => seen.push(event)));
    win.dispatchEvent(new Event('focus'));
    win.dispatchEvent(new Event('online'));
    doc.hidden = true;
    doc.dispatchEvent(new Event('visibilitychange'));
    assert.equal(page.hidden(), true);
    doc.hidden = false;
    doc.dispatchEvent(new Event('visibilitychange'));
    assert.deepEqual(seen, ['focus', 'online', 'hidden', 'visible']);
    for (const stop of stops) stop();
    win.dispatchEvent(new Event('focus'));
    assert.equal(seen.length, 4, 'stopped');
  });

  test('a Controller in Node (no window, no document) works and disposes cleanly', () => {
    assert.equal(typeof (globalThis as {window?: unknown}).window, 'undefined');
    const controller = new Controller();
    controller.dispose();
  });
});
