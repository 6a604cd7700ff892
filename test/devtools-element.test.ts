// <data-devtools>: what it shows after real fetches (msw), how it follows commits, its
// actions, the keyboard, the badge, and the commit log with the state after a commit.
import {expect} from '@open-wc/testing';
import {Controller} from '../src/core/index.js';
import {deferred, getItem, getItems, itemServer, makeItems, patchItem} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import type {Item} from './helpers/lit-fixtures.js';
import {mountDevtools, part, parts, press, resultRows, showTab, text, until} from './devtools-helpers.js';
import {visibleState} from '../src/internal.js';

after(() => stopWorker());

/** Resolves in a new task (a message event), as a network response would arrive. */
function nextTask(): Promise<void> {
  return new Promise(resolve => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** PATCH with a prediction: the body over the cached row. */
const patchOptimistic = patchItem.extend({
  getOptimisticResponse: (_snap: unknown, params: {id: number | string}, body: Partial<Item>) => ({...body, id: Number(params.id)}),
});

describe('<data-devtools>', () => {
  it('shows entity tables, each row a tree, with a search', async () => {
    const server = itemServer(makeItems(3));
    await startWorker(...server.handlers);
    const controller = new Controller();
    await controller.fetch(getItems);
    const devtools = await mountDevtools(controller);

    const table = part<HTMLDetailsElement>(devtools, '[data-table="LitTestItem"]');
    expect(text(table.querySelector('summary')!)).to.equal('LitTestItem (3)');
    table.querySelector('summary')!.click();
    await until(devtools, () => parts(devtools, '[part="entity-row"]').length === 3, 'three rows');
    const row = parts(devtools, '[part="entity-row"]')[1]!;
    expect(text(row.querySelector('summary')!)).to.equal('2: {id: 2, title: "item 2", completed: false}');
    row.querySelector('summary')!.click();
    await until(devtools, () => row.querySelectorAll('[part="tree-leaf"]').length === 3, 'the row expanded');
    expect(parts(devtools, '[part="entity-row"]')[1]!.querySelector('[part="tree-leaf"]')!.textContent!.replace(/\s+/g, '')).to.equal('id:2');

    const search = part<HTMLInputElement>(devtools, '[part="search"]');
    search.value = 'ITEM 3';
    search.dispatchEvent(new Event('input'));
    await devtools.updateComplete;
    expect(parts(devtools, '[part="entity-table"]').map(t => text(t.querySelector('summary')!))).to.deep.equal(['LitTestItem (1 of 3)']);
    expect(parts(devtools, '[part="entity-row"]').map(r => text(r.querySelector('summary')!).split(':')[0])).to.deep.equal(['3']);
    search.value = 'nothing like it';
    search.dispatchEvent(new Event('input'));
    await devtools.updateComplete;
    expect(parts(devtools, '[part="entity-table"]')).to.have.length(0);
  });

  it('shows results with status valid, stale, invalid and error, their age and error text', async () => {
    const server = itemServer(makeItems(3));
    server.fail = request => request.url.endsWith('/items/3');
    await startWorker(...server.handlers);
    const controller = new Controller();
    const staleLater = new Controller({dataExpiryLength: -1});
    await controller.fetch(getItems);
    await controller.fetch(getItem, {id: 1});
    await controller.fetch(getItem, {id: 2});
    controller.invalidate(getItem, {id: 2});
    await controller.fetch(getItem, {id: 3}).catch(() => undefined);
    const devtools = await mountDevtools(controller, {tab: 'results'});
    const rows = resultRows(devtools);
    expect(rows.get(getItems.key())).to.deep.equal(['valid', '']);
    expect(rows.get(getItem.key({id: 1}))).to.deep.equal(['valid', '']);
    expect(rows.get(getItem.key({id: 2}))).to.deep.equal(['invalid', '']);
    const [status, error] = rows.get(getItem.key({id: 3}))!;
    expect(status).to.equal('error');
    expect(error).to.match(/^NetworkError: .*500/);
    expect(text(part(devtools, `[data-key="${getItems.key()}"] .age`))).to.match(/^\d+ (ms|s)$/);

    await staleLater.fetch(getItem, {id: 1});
    devtools.controller = staleLater;
    await until(devtools, () => resultRows(devtools).get(getItem.key({id: 1}))?.[0] === 'stale', 'a stale result');
  });

  it("computes every status and age with the Controller's clock (its now option), not the wall clock", async () => {
    // An hour behind the wall clock: by the wall clock, everything it writes is long stale.
    let now = Date.now() - 3_600_000;
    const controller = new Controller({now: () => now});
    const devtools = await mountDevtools(controller, {tab: 'results'});
    controller.setResponse(getItem, {id: 1}, {id: 1, title: 'one', completed: false});
    const key = getItem.key({id: 1});
    await until(devtools, () => resultRows(devtools).has(key), 'the result');
    expect(controller.getResponse(getItem, {id: 1}).expiryStatus).to.equal('valid', 'the premise');
    expect(resultRows(devtools).get(key)).to.deep.equal(['valid', '']);
    expect(text(part(devtools, `[data-key="${key}"] .age`))).to.equal('0 ms');

    // Past its expiry (60 s by default) by the Controller's clock, while the wall clock is still an hour before it.
    now += 61_000;
    expect(controller.getResponse(getItem, {id: 1}).expiryStatus).to.equal('stale', 'the premise');
    devtools.requestUpdate();
    await until(devtools, () => resultRows(devtools).get(key)?.[0] === 'stale', 'the result stale by the Controller');
    expect(text(part(devtools, `[data-key="${key}"] .age`))).to.equal('1 min');

    // A past commit's state is read at the Controller's time of that commit: the result was valid then.
    await showTab(devtools, 'Commits');
    const commit = parts(devtools, '[part="commit"]').at(-1)!;
    [...commit.querySelectorAll('button')].find(b => text(b) === 'State after')!.click();
    await devtools.updateComplete;
    const after = part(devtools, '[part="snapshot"]');
    expect(text(after.querySelector(`[data-key="${key}"] .status`)!)).to.equal('valid');
    expect(text(after.querySelector(`[data-key="${key}"] .age`)!)).to.equal('0 ms');
  });

  it('follows commits live, rendering once per animation frame, and nothing while collapsed', async () => {
    const server = itemServer(makeItems(2));
    await startWorker(...server.handlers);
    const controller = new Controller();
    const devtools = await mountDevtools(controller);
    let renders = 0;
    const render = (devtools as unknown as {render: () => unknown}).render.bind(devtools);
    (devtools as unknown as {render: () => unknown}).render = () => (renders++, render());

    await Promise.all([controller.fetch(getItems), controller.fetch(getItem, {id: 1}), controller.fetch(getItem, {id: 2})]);
    await until(devtools, () => text(part(devtools, '#tab-results')) === 'Results 3', 'three results');

    // Twenty commits, each in its own task (as responses arrive): a render per frame, not per
    // commit. How many frames pass meanwhile depends on the machine's load, so count them (and
    // the scheduler's fallback timer, for frames withheld), and allow one render for each.
    renders = 0;
    let frames = 0;
    let counting = true;
    const countFrame = () => counting && (frames++, requestAnimationFrame(countFrame));
    requestAnimationFrame(countFrame);
    const started = performance.now();
    for (let id = 10; id < 30; id++) {
      controller.setResponse(getItem, {id}, {id, title: `pushed ${id}`, completed: false});
      await nextTask();
    }
    await until(devtools, () => text(part(devtools, '#tab-results')) === 'Results 23', 'twenty-three results');
    counting = false;
    const chances = frames + Math.floor((performance.now() - started) / 250) + 1;
    expect(renders).to.be.at.most(chances, `${renders} renders for 20 commits in ${frames} frames`);

    devtools.collapse();
    await devtools.updateComplete;
    renders = 0;
    await controller.fetch(getItem, {id: 1}, ).then(() => controller.fetch(getItems));
    controller.invalidate(getItems);
    await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(renders).to.equal(0, 'no render while collapsed');
    devtools.expand();
    await devtools.updateComplete;
    expect(text(part(devtools, '#tab-commits'))).to.match(/^Commits \d+$/);
    await showTab(devtools, 'Commits');
    expect(text(parts(devtools, '[part="commit"]')[0]!)).to.contain('invalidate');
  });

  it('lists requests in flight and pending predictions in order, each with its request', async () => {
    const server = itemServer(makeItems(2));
    await startWorker(...server.handlers);
    const controller = new Controller();
    await controller.fetch(getItems);
    const gate = deferred();
    server.hold = () => gate.promise;
    const devtools = await mountDevtools(controller, {tab: 'requests'});

    const read = controller.fetch(getItem, {id: 1});
    const first = controller.fetch(patchOptimistic, {id: 1}, {title: 'first'});
    const second = controller.fetch(patchOptimistic, {id: 2}, {completed: true});
    await until(devtools, () => parts(devtools, '[part="request"]').length === 3, 'three requests');
    const [p1, p2] = visibleState(controller).optimistic.map(u => u.id);
    expect(parts(devtools, '[part="request"]').map(r => [text(r.querySelector('.kind')!), text(r.querySelector('.prediction') ?? r).startsWith('settles') ? text(r.querySelector('.prediction')!) : ''])).to.deep.equal([
      ['read', ''],
      ['mutation', `settles prediction #${p1}`],
      ['mutation', `settles prediction #${p2}`],
    ]);

    await showTab(devtools, 'Pending');
    const items = parts(devtools, '[part="pending-item"]');
    expect(items.map(i => i.dataset['prediction'])).to.deep.equal([String(p1), String(p2)]);
    expect(text(items[0]!.querySelector('.key')!)).to.equal(patchOptimistic.key({id: 1}, {title: 'first'}));
    expect(text(items[0]!.querySelector('.request')!)).to.equal('request in flight');

    gate.resolve();
    await Promise.all([read, first, second]);
    await until(devtools, () => text(part(devtools, '[part="tabpanel"]')) === 'No optimistic predictions pending.', 'no predictions');
    await showTab(devtools, 'Requests');
    expect(text(part(devtools, '[part="tabpanel"]'))).to.equal('No requests in flight.');
  });

  it('refetches, invalidates and resets from its buttons', async () => {
    const server = itemServer(makeItems(2));
    await startWorker(...server.handlers);
    const controller = new Controller();
    await controller.fetch(getItem, {id: 1});
    controller.setResponse(getItem, {id: 2}, {id: 2, title: 'given', completed: false});
    const devtools = await mountDevtools(controller, {tab: 'results'});
    const key = getItem.key({id: 1});
    const button = (label: string) => [...part(devtools, `[data-key="${key}"]`).querySelectorAll('button')].find(b => text(b) === label)!;

    button('Invalidate').click();
    await until(devtools, () => resultRows(devtools).get(key)?.[0] === 'invalid', 'the result invalid');
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(1);
    button('Refetch').click();
    await until(devtools, () => resultRows(devtools).get(key)?.[0] === 'valid', 'the result valid again');
    expect(server.log.count('GET', '/lit-api/items/1')).to.equal(2, 'Refetch sent a request');

    part(devtools, '[part="reset"]').click();
    await until(devtools, () => text(part(devtools, '[part="tabpanel"]')) === 'No results cached.', 'an empty cache');
    expect(visibleState(controller).entities.size).to.equal(0);
  });

  it('disables the actions of a result it cannot refetch (a failed mutation), saying why', async () => {
    const server = itemServer(makeItems(1));
    server.fail = request => request.method === 'PATCH';
    await startWorker(...server.handlers);
    const controller = new Controller();
    const devtools = await mountDevtools(controller, {tab: 'results'});
    await controller.fetch(patchItem, {id: 1}, {title: 'x'}).catch(() => undefined);
    const key = patchItem.key({id: 1}, {title: 'x'});
    await until(devtools, () => resultRows(devtools).get(key)?.[0] === 'error', 'the failed mutation');
    const buttons = [...part(devtools, `[data-key="${key}"]`).querySelectorAll('button')];
    expect(buttons.map(b => [text(b), b.disabled])).to.deep.equal([
      ['Refetch', true],
      ['Invalidate', true],
    ]);
    expect(buttons[0]!.title).to.match(/not known/);
  });

  it('is usable from the keyboard: arrow keys, Home and End move between tabs; Escape collapses to the badge', async () => {
    const controller = new Controller();
    const devtools = await mountDevtools(controller, {open: false});
    const badge = part<HTMLButtonElement>(devtools, '[part="badge"]');
    expect(badge.localName).to.equal('button');
    expect(badge.getAttribute('aria-expanded')).to.equal('false');
    badge.click();
    await devtools.updateComplete;
    await devtools.updateComplete;
    const focused = () => (devtools.shadowRoot!.activeElement as HTMLElement | null)?.id;
    expect(focused()).to.equal('tab-entities', 'opening focuses the selected tab');
    expect(parts(devtools, '[role="tab"]').map(t => t.tabIndex)).to.deep.equal([0, -1, -1, -1, -1], 'one tab stop');

    press(devtools, 'ArrowRight');
    await devtools.updateComplete;
    await devtools.updateComplete;
    expect(focused()).to.equal('tab-results');
    expect(part(devtools, '#tab-results').getAttribute('aria-selected')).to.equal('true');
    expect(part(devtools, '[role="tabpanel"]').getAttribute('aria-labelledby')).to.equal('tab-results');
    press(devtools, 'ArrowLeft');
    await devtools.updateComplete;
    press(devtools, 'ArrowLeft');
    await devtools.updateComplete;
    await devtools.updateComplete;
    expect(focused()).to.equal('tab-commits', 'ArrowLeft wraps around');
    press(devtools, 'Home');
    await devtools.updateComplete;
    await devtools.updateComplete;
    expect(focused()).to.equal('tab-entities');
    press(devtools, 'End');
    await devtools.updateComplete;
    await devtools.updateComplete;
    expect(focused()).to.equal('tab-commits');

    press(devtools, 'Escape');
    await devtools.updateComplete;
    await devtools.updateComplete;
    expect(devtools.hasAttribute('expanded')).to.equal(false);
    expect(devtools.shadowRoot!.activeElement).to.equal(part(devtools, '[part="badge"]'), 'focus returns to the badge');
    expect(devtools.open).to.equal(false, 'the open input is not changed by the user');
    expect(parts(devtools, '[part="panel"]')).to.have.length(0);
  });

  it('keeps the last commits, says what each changed, and shows the state after one read-only', async () => {
    const server = itemServer(makeItems(2));
    await startWorker(...server.handlers);
    const controller = new Controller();
    const devtools = await mountDevtools(controller, {tab: 'commits'});
    devtools.history = 2;
    await controller.fetch(getItems);
    await controller.fetch(patchItem, {id: 1}, {title: 'renamed'});
    await until(devtools, () => parts(devtools, '[part="commit"]').length === 2, 'two commits');
    controller.invalidate(getItems);
    await until(devtools, () => text(parts(devtools, '[part="commit"]')[0]!).includes('invalidate'), 'the invalidation');
    const commits = parts(devtools, '[part="commit"]');
    expect(commits).to.have.length(2, 'only the last two are kept');
    expect([...commits[0]!.querySelectorAll('.changes li')].map(text)).to.deep.equal([`results: ${getItems.key()}`]);
    expect([...commits[1]!.querySelectorAll('.changes li')].map(text)).to.deep.equal(['LitTestItem rows: 1']);

    // The state after the PATCH's commit, before the invalidation: the list is still valid there.
    [...commits[1]!.querySelectorAll('button')].find(b => text(b) === 'State after')!.click();
    await devtools.updateComplete;
    const snapshot = part(devtools, '[part="snapshot"]');
    const rows = new Map([...snapshot.querySelectorAll<HTMLElement>('[part="result"]')].map(r => [r.dataset['key'], text(r.querySelector('.status')!)]));
    expect(rows.get(getItems.key())).to.equal('valid');
    expect(snapshot.querySelectorAll('button')).to.have.length(0, 'read-only: no actions');
    const table = snapshot.querySelector<HTMLDetailsElement>('[data-table="LitTestItem"]')!;
    table.querySelector('summary')!.click();
    await until(devtools, () => snapshot.querySelectorAll('[part="entity-row"]').length === 2, 'the rows after that commit');
    expect(text(snapshot.querySelector('[part="entity-row"] summary')!)).to.contain('"renamed"');
    expect(controller.getResponse(getItems).expiryStatus).to.equal('invalid', 'while the live list is invalid');
  });

  it('renders server data as text, never as HTML', async () => {
    const controller = new Controller();
    controller.setResponse(getItem, {id: 7}, {id: 7, title: '<img src=x onerror="window.__pwned=1">', completed: false});
    const devtools = await mountDevtools(controller);
    part(devtools, '[data-table="LitTestItem"] summary').click();
    await until(devtools, () => parts(devtools, '[part="entity-row"]').length === 1, 'the row');
    expect(devtools.shadowRoot!.querySelector('img')).to.equal(null);
    expect(text(part(devtools, '[part="entity-row"] summary'))).to.contain('<img src=x');
  });
});
