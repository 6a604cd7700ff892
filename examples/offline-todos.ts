// A todo list whose changes wait for the connection (test/offline-example.test.ts runs it).
// Its Controller has the offline writes part: a toggle made with no connection stays on
// screen, marked as not saved yet, and is sent when the connection comes back, also after a
// reload (the queue is kept in IndexedDB). No decorators (customElements.define), so it
// builds with any TypeScript settings.
import {css, html, LitElement, nothing} from 'lit';
import {repeat} from 'lit/directives/repeat.js';
import {Controller, createResource, Entity} from '../src/index.js';
import {useController, useSuspense} from '../src/lit/index.js';
import {OfflineWrites} from '../src/offline/index.js';
import '../components/data-provider.js';
import '../components/data-boundary.js';

export class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

// GET /api/todos and PATCH /api/todos/:id. The toggle predicts its result: offline, the
// prediction is what the list shows until the server answers.
export const TodoResource = createResource({urlPrefix: '/api', path: '/todos/:id', schema: Todo}).extend({
  partialUpdate: {getOptimisticResponse: (_snap, params, body) => ({id: params.id, ...body})},
});

/** The app's shell: it owns a Controller whose writes wait offline, and provides it below. */
export class OfflineTodoApp extends LitElement {
  private controller?: Controller;

  override connectedCallback(): void {
    // The endpoints listed are the ones a reloaded page sends again from the stored queue.
    if (!this.controller) {
      this.controller = new Controller({plugins: [new OfflineWrites({endpoints: [TodoResource], database: 'offline-todos-example'})]});
      this.requestUpdate();
    }
    super.connectedCallback();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Stops the part's listeners; a later connection starts a new Controller.
    this.controller?.dispose();
    this.controller = undefined;
  }

  override render() {
    return html`
      <data-provider .controller=${this.controller}>
        <data-boundary>
          <p slot="fallback">Loading todos…</p>
          <offline-todo-list></offline-todo-list>
        </data-boundary>
      </data-provider>
    `;
  }
}

/** The list: a toggle shows at once; while it waits for the connection the list says so. */
export class OfflineTodoList extends LitElement {
  static override styles = css`
    .done {
      text-decoration: line-through;
    }
    [role='status'] {
      color: #8a5a00;
    }
  `;

  private readonly todos = useSuspense(this, TodoResource.getList);
  private readonly ctrl = useController(this);
  private failure?: Error;

  private async toggle(todo: Todo): Promise<void> {
    try {
      // Offline, this waits (the prediction stays); back online it settles as any write does.
      await this.ctrl.fetch(TodoResource.partialUpdate, {id: todo.id}, {completed: !todo.completed});
      this.failure = undefined;
    } catch (error) {
      // An AbortError: the Controller was disposed (this list left the page) while the write
      // waited. It stays stored, and the next Controller sends it: nothing failed.
      if ((error as Error).name !== 'AbortError') this.failure = error as Error;
    }
    this.requestUpdate();
  }

  override render() {
    return html`
      ${this.todos.pendingOffline ? html`<p role="status">Not saved yet: sent when the connection is back.</p>` : nothing}
      <ul>
        ${repeat(
          this.todos.value ?? [],
          todo => todo.id,
          todo => html`
            <li class=${todo.completed ? 'done' : ''}>
              <label><input type="checkbox" .checked=${todo.completed} @change=${() => this.toggle(todo)} /> ${todo.title}</label>
            </li>
          `,
        )}
      </ul>
      ${this.failure ? html`<p role="alert">Could not save: ${this.failure.message}</p>` : nothing}
    `;
  }
}

customElements.define('offline-todo-app', OfflineTodoApp);
customElements.define('offline-todo-list', OfflineTodoList);

declare global {
  interface HTMLElementTagNameMap {
    'offline-todo-app': OfflineTodoApp;
    'offline-todo-list': OfflineTodoList;
  }
}

// In the page:
//   <offline-todo-app></offline-todo-app>
