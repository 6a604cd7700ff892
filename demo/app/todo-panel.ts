// The todo list: an open-todos count derived from the cache (a Query, shown by
// <data-query>), optimistic toggle, create (a temporary id until the server answers) and
// delete (rolled back, with a message, when the server refuses).
import {html, LitElement, nothing} from 'lit';
import {customElement, state} from 'lit/decorators.js';
import {repeat} from 'lit/directives/repeat.js';
import {useController, useLoading, useSuspense} from '../../src/lit/index.js';
import {NetworkError} from '../../src/index.js';
import {openTodoCount, Todo, TodoResource} from './resources.js';

/** What the server said (its JSON `message`), else the error's own message. */
async function serverMessage(error: unknown): Promise<string> {
  if (error instanceof NetworkError && error.response) {
    try {
      const body = (await error.response.clone().json()) as {message?: unknown};
      if (typeof body?.message === 'string') return `${body.message} (HTTP ${error.status})`;
    } catch {
      // Not JSON: fall back to the error's message.
    }
  }
  return error instanceof Error ? error.message : String(error);
}

/** Header with the count, the add form, and the list (inside a boundary). */
@customElement('demo-todo-panel')
export class TodoPanel extends LitElement {
  private ctrl = useController(this);
  private add = useLoading(this, async (title: string) => {
    try {
      return await this.ctrl.fetch(TodoResource.create, {title, completed: false});
    } catch (error) {
      throw new Error(await serverMessage(error));
    }
  });

  protected override createRenderRoot() {
    return this;
  }

  private onSubmit(event: SubmitEvent) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const input = form.elements.namedItem('title') as HTMLInputElement;
    const title = input.value.trim();
    if (!title) return;
    void this.add.handler(title);
    form.reset();
  }

  protected override render() {
    const [, , addError] = this.add;
    // The count is a Query over the cache, shown by <data-query>: it never fetches and
    // follows every change, optimistic ones included.
    return html`
      <header class="panel-head">
        <h2>Todos</h2>
        <data-query class="badge" data-testid="open-count" .query=${openTodoCount}>
          <template>{{ count ?? '…' }} open</template>
        </data-query>
      </header>
      <form class="add" @submit=${this.onSubmit}>
        <input name="title" placeholder="What needs doing?" autocomplete="off" aria-label="New todo" required />
        <button type="submit">Add</button>
      </form>
      ${addError ? html`<p class="notice error" role="alert">Could not add: ${(addError as Error).message}</p>` : nothing}
      <data-boundary>
        <ul slot="fallback" class="todos skeleton" aria-hidden="true">
          ${[1, 2, 3, 4].map(() => html`<li class="todo"><span class="bar"></span></li>`)}
        </ul>
        <demo-todo-list></demo-todo-list>
      </data-boundary>
      <p class="hint muted">
        <span class="lock">locked</span> todos cannot be deleted: the server answers 500 and the row comes back.
      </p>
    `;
  }
}

/** The rows. Each write is optimistic; a refused delete puts the row back and says why. */
@customElement('demo-todo-list')
export class TodoList extends LitElement {
  private todos = useSuspense(this, TodoResource.getList);
  private ctrl = useController(this);
  /** The last refused write, shown above the list; and the row it restored, highlighted. */
  @state() private failure?: {text: string; id: Todo['id']};

  private toggle = useLoading(this, async (todo: Todo) => {
    try {
      await this.ctrl.fetch(TodoResource.partialUpdate, {id: todo.id}, {completed: !todo.completed});
    } catch (error) {
      this.failure = {text: `Could not update “${todo.title}”: ${await serverMessage(error)}. The change was undone.`, id: todo.id};
    }
  });

  private deleteTodo = useLoading(this, async (todo: Todo) => {
    this.failure = undefined;
    try {
      await this.ctrl.fetch(TodoResource.delete, {id: todo.id});
    } catch (error) {
      this.failure = {text: `${await serverMessage(error)}. It is back in the list.`, id: todo.id};
    }
  });

  protected override createRenderRoot() {
    return this;
  }

  protected override render() {
    const todos = (this.todos.value ?? []) as Todo[];
    const failure = this.failure;
    return html`
      ${this.todos.pendingOffline
        ? html`<p class="notice" role="status" data-testid="pending-offline">Offline: your changes are shown, and sent when the connection is back.</p>`
        : nothing}
      ${failure
        ? html`<p class="notice error" role="alert">
            ${failure.text}
            <button type="button" class="link" @click=${() => (this.failure = undefined)}>Dismiss</button>
          </p>`
        : nothing}
      <ul class="todos">
        ${repeat(
          todos,
          todo => todo.id,
          todo => html`
            <li class="todo ${todo.completed ? 'done' : ''} ${todo.saving ? 'saving' : ''} ${failure?.id === todo.id ? 'restored' : ''}"
                data-id=${todo.id}>
              <label>
                <input type="checkbox" .checked=${todo.completed} ?disabled=${todo.saving}
                       @change=${() => this.toggle.handler(todo)} />
                <span class="title">${todo.title}</span>
              </label>
              ${todo.locked ? html`<span class="lock" title="The server refuses to delete this one">locked</span>` : nothing}
              <span class="id muted">${todo.saving ? 'saving…' : `#${todo.id}`}</span>
              <button type="button" class="icon" title="Delete" aria-label="Delete “${todo.title}”"
                      ?disabled=${todo.saving} @click=${() => this.deleteTodo.handler(todo)}>✕</button>
            </li>
          `,
        )}
      </ul>
      ${todos.length === 0 ? html`<p class="muted empty">Nothing to do. Add something above.</p>` : nothing}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'demo-todo-panel': TodoPanel;
    'demo-todo-list': TodoList;
  }
}
