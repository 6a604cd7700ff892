// Public properties are inputs and the element never changes them: after <data-query> ran the
// Query given in `query` with its `args`, and after <data-provider> started its Controller from
// `initialState`, each property still holds the very object the page gave, unmodified. A frozen
// input works (nothing writes into it), and an input left unfrozen still equals a copy taken
// before the element read it.
import {expect, fixture, html} from '@open-wc/testing';
import '../components/hydrate-support.js';
import '../components/data-provider.js';
import '../components/data-query.js';
import type {DataProvider} from '../components/data-provider.js';
import type {DataQuery} from '../components/data-query.js';
import {Controller} from '../src/core/index.js';
import {Query} from '../src/endpoint/index.js';
import {AllSchema} from '../src/schema/index.js';
import {dehydrate, type DehydratedState} from '../src/snapshots/index.js';
import {startWorker} from './helpers/msw.js';
import {defineUnique, getItem, getItems, Item, ItemOneTitle, itemServer, makeItems, shadowText, waitFor} from './helpers/lit-fixtures.js';
import {elementSuiteHooks, makeTodos, text} from './elements-fixtures.js';

/** Titles of the cached items whose title ends with the one argument. */
const titled = new Query(new AllSchema(Item), (rows: Item[], suffix: string) => rows.filter(t => t.title.endsWith(suffix)).map(t => t.title));
/** Titles of the cached items whose `completed` is the params object's. */
const byState = new Query(new AllSchema(Item), (rows: Item[], {completed}: {completed: boolean}) =>
  rows.filter(t => t.completed === completed).map(t => t.title),
);

/** `value`, and everything in it, frozen: any write into it throws (module code is strict). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A <data-query> running `query` with `args` over a cache that holds items 1–5 (even ones completed). */
async function queryFixture(query: Query<any, any, any>, args: unknown): Promise<DataQuery> {
  const controller = new Controller();
  controller.setResponse(getItems, makeTodos(5));
  const provider = await fixture<DataProvider>(html`
    <data-provider .controller=${controller}>
      <data-query .query=${query} .args=${args}><template>{{ data.join(',') }}</template></data-query>
    </data-provider>
  `);
  const el = provider.querySelector('data-query')!;
  await el.updateComplete;
  return el;
}

// One msw worker for the file (starting a second one on a page is slow), and each test checked for uncaught errors.
elementSuiteHooks();

describe('<data-query> leaves its query and args as given', () => {
  it('an argument list: the same frozen array, and the same Query, after rendering and after an update', async () => {
    const args = deepFreeze(['1']);
    const el = await queryFixture(titled, args);
    expect(text(el)).to.equal('todo 1');
    expect(el.args === args, 'args is the array given').to.equal(true);
    expect(el.query === titled, 'query is the Query given').to.equal(true);

    const next = deepFreeze(['5']);
    el.args = next;
    await el.updateComplete;
    expect(text(el)).to.equal('todo 5');
    expect(el.args === next, 'args is the array given next').to.equal(true);
    expect(el.query === titled, 'query is still the Query given').to.equal(true);
  });

  it('one argument (a params object): the very object stays in args, not wrapped in a list, and unmodified', async () => {
    const params = {completed: true};
    const copy = structuredClone(params);
    const el = await queryFixture(byState, params);
    expect(text(el)).to.equal('todo 2,todo 4');
    expect(el.args === params, 'args is the object given').to.equal(true);
    expect(params).to.deep.equal(copy);

    const frozen = deepFreeze({completed: false});
    el.args = frozen;
    await el.updateComplete;
    expect(text(el)).to.equal('todo 1,todo 3,todo 5');
    expect(el.args === frozen, 'args is the frozen object given next').to.equal(true);
  });
});

const ITEM_TITLE = defineUnique('inputs-item-title', class extends ItemOneTitle {});

/** A snapshot holding item 1 with `title`, taken from a Controller in this page. */
function snapshotOf(title: string): DehydratedState {
  const source = new Controller();
  source.setResponse(getItem, {id: 1}, {id: 1, title, completed: false});
  return dehydrate(source);
}

/** A provider started from `snapshot` (its initialState) with a reader of item 1 below it, once the reader shows a title. */
async function hydratedFixture(snapshot: DehydratedState): Promise<DataProvider> {
  const provider = await fixture<DataProvider>(html`<data-provider .initialState=${snapshot}></data-provider>`);
  const reader = document.createElement(ITEM_TITLE);
  provider.append(reader);
  await waitFor(() => shadowText(reader).startsWith('title:'), 'the reader shows a title');
  expect(shadowText(reader)).to.equal('title: from the snapshot');
  return provider;
}

describe('<data-provider> leaves its initialState as given', () => {
  it('hydrates from a frozen snapshot, and initialState is still that object', async () => {
    const server = itemServer(makeItems(1, () => 'from the server'));
    await startWorker(...server.handlers);
    const snapshot = deepFreeze(snapshotOf('from the snapshot'));
    const provider = await hydratedFixture(snapshot);
    expect(provider.initialState === snapshot, 'initialState is the snapshot given').to.equal(true);
    expect(server.log.entries, 'the snapshot was read: nothing fetched').to.deep.equal([]);
  });

  it('leaves a snapshot it hydrated from unmodified, also after the cache changes', async () => {
    const server = itemServer(makeItems(1, () => 'from the server'));
    await startWorker(...server.handlers);
    const snapshot = snapshotOf('from the snapshot');
    const copy = structuredClone(snapshot);
    const provider = await hydratedFixture(snapshot);
    provider.activeController.setResponse(getItem, {id: 1}, {id: 1, title: 'changed in the cache', completed: true});
    expect(provider.initialState === snapshot, 'initialState is the snapshot given').to.equal(true);
    expect(snapshot).to.deep.equal(copy);
  });
});
