// The README's Lit example (examples/lit-todo-list.ts): a todo list with an
// optimistic toggle (PATCH) and an optimistic delete (DELETE, schema.Invalidate).
import {expect, fixture, html} from '@open-wc/testing';
import type {DataBoundary} from '../components/data-boundary.js';
import type {DataProvider} from '../components/data-provider.js';
import {Controller} from '../src/core/index.js';
import type {LoadingController} from '../src/lit/index.js';
import {deferred, itemServer, rendered, type Deferred, waitFor} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import '../examples/lit-todo-list.js';
import type {TodoList} from '../examples/lit-todo-list.js';

after(() => stopWorker());

const initial = () => [
  {id: 1, title: 'Write the README', completed: false},
  {id: 2, title: 'Test the example', completed: false},
  {id: 3, title: 'Ship it', completed: true},
];

/** The page of the README: provider, boundary with a fallback, the list. */
async function mountExample(controller: Controller) {
  const provider = await fixture<DataProvider>(html`
    <data-provider .controller=${controller}>
      <data-boundary>
        <p slot="fallback">Loading todos…</p>
        <todo-list></todo-list>
      </data-boundary>
    </data-provider>
  `);
  const boundary = provider.querySelector('data-boundary') as DataBoundary;
  const list = provider.querySelector('todo-list') as TodoList;
  return {provider, boundary, list};
}

/** What the list shows: one line per row, `[x] title` or `[ ] title`, plus any alert. */
function view(list: TodoList): string[] {
  const rows = [...list.shadowRoot!.querySelectorAll('li')].map(li => {
    const box = li.querySelector('input')!;
    const done = li.classList.contains('done');
    if (box.checked !== done) throw new Error(`row "${li.textContent}" has checked=${box.checked} but done=${done}`);
    return `${box.checked ? '[x]' : '[ ]'} ${li.querySelector('label')!.textContent!.trim()}`;
  });
  const alert = list.shadowRoot!.querySelector('[role="alert"]');
  return alert ? [...rows, `alert: ${alert.textContent!.trim()}`] : rows;
}

/** The example's private useLoading controllers, for waiting on them. */
function internals(list: TodoList) {
  return list as unknown as {toggleTodo: LoadingController<[unknown], unknown>; deleteTodo: LoadingController<[unknown], unknown>};
}

function row(list: TodoList, title: string): HTMLLIElement {
  const li = [...list.shadowRoot!.querySelectorAll('li')].find(el => el.textContent!.includes(title));
  if (!li) throw new Error(`no row "${title}"`);
  return li;
}

describe('README example: <todo-list>', () => {
  it('shows the boundary fallback, then the todos', async () => {
    const server = itemServer(initial(), '/api/todos');
    const gate = deferred();
    server.hold = () => gate.promise;
    await startWorker(...server.handlers);
    const {boundary, list} = await mountExample(new Controller());
    await boundary.updateComplete;
    expect(boundary.hasAttribute('loading')).to.equal(true);

    gate.resolve();
    await waitFor(() => !boundary.hasAttribute('loading'), 'list loaded');
    await list.updateComplete;
    expect(view(list)).to.deep.equal(['[ ] Write the README', '[ ] Test the example', '[x] Ship it']);
    expect(server.log.count('GET', '/api/todos')).to.equal(1);
  });

  it('toggle shows at once, and the PATCH reaches the server', async () => {
    const server = itemServer(initial(), '/api/todos');
    await startWorker(...server.handlers);
    const {boundary, list} = await mountExample(new Controller());
    await waitFor(() => !boundary.hasAttribute('loading'));
    await list.updateComplete;

    let gate: Deferred<void> | undefined = deferred();
    server.hold = request => (request.method === 'PATCH' ? gate?.promise : undefined);
    row(list, 'Write the README').querySelector('input')!.click();
    await rendered(list);
    // Before the server answered:
    expect(view(list)).to.deep.equal(['[x] Write the README', '[ ] Test the example', '[x] Ship it']);
    await waitFor(() => server.log.count('PATCH', '/api/todos/1') === 1, 'PATCH received');
    const patch = server.log.entries.find(e => e.method === 'PATCH')!;
    expect(patch.body).to.deep.equal({completed: true});
    expect(patch.headers.get('content-type')).to.contain('application/json');

    gate.resolve();
    gate = undefined;
    await waitFor(() => server.rows.get('1')!.completed === true);
    await waitFor(() => !list.shadowRoot!.querySelector('[role="alert"]') && view(list)[0] === '[x] Write the README');
    expect(view(list)).to.deep.equal(['[x] Write the README', '[ ] Test the example', '[x] Ship it']);

    // And back.
    row(list, 'Write the README').querySelector('input')!.click();
    await rendered(list);
    expect(view(list)[0]).to.equal('[ ] Write the README');
    await waitFor(() => server.rows.get('1')!.completed === false, 'second PATCH applied');
    await waitFor(() => !internals(list).toggleTodo.loading, 'second PATCH answered');
  });

  it('a failing toggle rolls back and says so', async () => {
    const server = itemServer(initial(), '/api/todos');
    await startWorker(...server.handlers);
    const {boundary, list} = await mountExample(new Controller());
    await waitFor(() => !boundary.hasAttribute('loading'));
    await list.updateComplete;

    const gate = deferred();
    server.hold = request => (request.method === 'PATCH' ? gate.promise : undefined);
    server.fail = request => request.method === 'PATCH';
    row(list, 'Test the example').querySelector('input')!.click();
    await rendered(list);
    expect(view(list)[1]).to.equal('[x] Test the example');

    gate.resolve();
    await waitFor(() => list.shadowRoot!.querySelector('[role="alert"]'), 'the error shows');
    await list.updateComplete;
    expect(view(list)).to.deep.equal([
      '[ ] Write the README',
      '[ ] Test the example',
      '[x] Ship it',
      `alert: Could not save: ${(internals(list).toggleTodo.error as Error).message}`,
    ]);
    expect(view(list).at(-1)).to.contain('500');
  });

  it('delete removes the row at once, and the DELETE reaches the server', async () => {
    const server = itemServer(initial(), '/api/todos');
    await startWorker(...server.handlers);
    const {boundary, list} = await mountExample(new Controller());
    await waitFor(() => !boundary.hasAttribute('loading'));
    await list.updateComplete;

    const gate = deferred();
    server.hold = request => (request.method === 'DELETE' ? gate.promise : undefined);
    row(list, 'Ship it').querySelector('button')!.click();
    await rendered(list);
    expect(view(list)).to.deep.equal(['[ ] Write the README', '[ ] Test the example']);
    await waitFor(() => server.log.count('DELETE', '/api/todos/3') === 1, 'DELETE received');

    gate.resolve();
    await waitFor(() => !server.rows.has('3'));
    // A successful delete of an optional list member needs no refetch of the list.
    await list.updateComplete;
    expect(view(list)).to.deep.equal(['[ ] Write the README', '[ ] Test the example']);
    expect(server.log.count('GET', '/api/todos')).to.equal(1);
    expect(boundary.hasAttribute('loading')).to.equal(false);
  });

  it('a failing delete rolls back visibly: the row comes back and the error shows', async () => {
    const server = itemServer(initial(), '/api/todos');
    await startWorker(...server.handlers);
    const {boundary, list} = await mountExample(new Controller());
    await waitFor(() => !boundary.hasAttribute('loading'));
    await list.updateComplete;
    const rowBefore = row(list, 'Test the example');

    const gate = deferred();
    server.hold = request => (request.method === 'DELETE' ? gate.promise : undefined);
    server.fail = request => request.method === 'DELETE';
    rowBefore.querySelector('button')!.click();
    await rendered(list);
    expect(view(list)).to.deep.equal(['[ ] Write the README', '[x] Ship it']);

    gate.resolve();
    await waitFor(() => list.shadowRoot!.querySelector('[role="alert"]'), 'the error shows');
    await list.updateComplete;
    const shown = view(list);
    expect(shown.slice(0, 3)).to.deep.equal(['[ ] Write the README', '[ ] Test the example', '[x] Ship it']);
    expect(shown[3]).to.match(/^alert: Could not save: .*500/);
    expect(server.rows.has('2')).to.equal(true);
  });
});
