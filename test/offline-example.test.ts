// The offline writes guide's live example (examples/offline-todos.ts): a toggle made while the
// mock API answers nothing stays shown and marked, and is sent once when the page is told it
// is online; taken off the page and put back, the example starts a new Controller that sends
// the stored toggle. Real IndexedDB, msw answering with network errors as "offline".
import {expect, fixture, html} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {waitFor} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import '../examples/offline-todos.js';
import type {OfflineTodoApp, OfflineTodoList} from '../examples/offline-todos.js';

after(() => stopWorker());

const DATABASE = 'offline-todos-example';

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    // A connection still closing (a Controller disposed just now) delays the deletion until it has closed.
    request.onerror = () => reject(request.error);
  });
}

/** The mock API: three todos; while `offline`, no request gets an answer. */
function server() {
  const todos = [
    {id: 1, title: 'Review the pagination pull request', completed: false},
    {id: 2, title: 'Write the release notes', completed: true},
    {id: 3, title: 'Book travel for the conference', completed: false},
  ];
  const state = {offline: false, patches: [] as {id: string; body: unknown}[], attempts: 0};
  const handlers = [
    http.get('/api/todos', () => (state.offline ? HttpResponse.error() : HttpResponse.json(todos))),
    http.patch('/api/todos/:id', async ({params, request}) => {
      state.attempts++;
      if (state.offline) return HttpResponse.error();
      const body = (await request.json()) as Record<string, unknown>;
      state.patches.push({id: String(params.id), body});
      const todo = todos.find(t => String(t.id) === params.id)!;
      Object.assign(todo, body);
      return HttpResponse.json(todo);
    }),
  ];
  return {handlers, state};
}

const listOf = (app: OfflineTodoApp) => app.shadowRoot?.querySelector('offline-todo-list') as OfflineTodoList | null;

/** What the list shows: `[x] title` per row, then the status and alert lines, if any. */
function view(app: OfflineTodoApp): string[] {
  const root = listOf(app)?.shadowRoot;
  if (!root) return [];
  const rows = [...root.querySelectorAll('li')].map(li => `${li.querySelector('input')!.checked ? '[x]' : '[ ]'} ${li.textContent!.trim()}`);
  const notes = [...root.querySelectorAll('[role="status"], [role="alert"]')].map(p => `${p.getAttribute('role')}: ${p.textContent!.trim()}`);
  return [...rows, ...notes];
}

const WAITING = 'status: Not saved yet: sent when the connection is back.';

function toggle(app: OfflineTodoApp, index: number): void {
  listOf(app)!.shadowRoot!.querySelectorAll('input')[index]!.click();
}

describe('offline writes example: <offline-todo-app>', () => {
  beforeEach(() => deleteDatabase(DATABASE));

  it('keeps a toggle made offline on screen, marked, and sends it once when the page is back online', async () => {
    const api = server();
    await startWorker(...api.handlers);
    const app = await fixture<OfflineTodoApp>(html`<offline-todo-app></offline-todo-app>`);
    await waitFor(() => view(app).length === 3, 'the todos');

    api.state.offline = true;
    toggle(app, 0);
    await waitFor(() => view(app).includes(WAITING), 'the list says the toggle waits');
    expect(view(app)).to.deep.equal(['[x] Review the pagination pull request', '[x] Write the release notes', '[ ] Book travel for the conference', WAITING]);
    expect(api.state.attempts).to.be.greaterThan(0, 'sent, and got no answer');
    expect(api.state.patches).to.deep.equal([]);

    api.state.offline = false;
    window.dispatchEvent(new Event('online'));
    // The mark goes when the write is sent again (it is then under way, as any write), and the
    // request reaches the mock a moment later.
    await waitFor(() => !view(app).includes(WAITING) && api.state.patches.length > 0, 'the write is sent, and no longer marked');
    expect(api.state.patches).to.deep.equal([{id: '1', body: {completed: true}}]);
    expect(view(app)).to.deep.equal(['[x] Review the pagination pull request', '[x] Write the release notes', '[ ] Book travel for the conference']);
  });

  it('taken off the page while a toggle waits and put back, starts a new Controller that shows and sends the stored toggle', async function () {
    // The new Controller opens the database, reads the stored toggle, claims it, loads the list
    // and sends the toggle, each through IndexedDB or the service worker: seconds apiece when
    // three engines and other jobs share two cores.
    this.timeout(45_000);
    const api = server();
    await startWorker(...api.handlers);
    const app = await fixture<OfflineTodoApp>(html`<offline-todo-app></offline-todo-app>`);
    await waitFor(() => view(app).length === 3, 'the todos');
    api.state.offline = true;
    toggle(app, 2);
    await waitFor(() => view(app).includes(WAITING), 'the toggle waits');
    const before = listOf(app);

    const parent = app.parentElement!;
    app.remove();
    api.state.offline = false;
    parent.append(app);
    await waitFor(() => api.state.patches.length === 1 && view(app).length === 3, 'the stored toggle is sent by the new Controller', 20_000).catch(error => {
      throw new Error(`${error.message}: attempts ${api.state.attempts}, patches ${JSON.stringify(api.state.patches)}, view ${JSON.stringify(view(app))}`);
    });
    expect(listOf(app)).to.equal(before, 'the same list element, given the new Controller');
    expect(api.state.patches).to.deep.equal([{id: '3', body: {completed: true}}]);
    expect(view(app)).to.deep.equal(['[ ] Review the pagination pull request', '[x] Write the release notes', '[x] Book travel for the conference']);
  });
});
