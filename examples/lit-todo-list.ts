// A todo list with optimistic toggle and delete, in Lit (test/lit-todo-example.test.ts runs it).
// No decorators (customElements.define), so it builds with any TypeScript settings.
import {css, html, LitElement} from 'lit';
import {repeat} from 'lit/directives/repeat.js';
import {createResource, Entity} from '../src/index.js';
import {useController, useLoading, useSuspense} from '../src/lit/index.js';
import '../components/data-provider.js';
import '../components/data-boundary.js';

export class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'Todo';
}

// GET /api/todos, GET/PATCH/DELETE /api/todos/:id ... Toggle and delete are optimistic:
// the change shows at once, and is rolled back if the server refuses it.
export const TodoResource = createResource({urlPrefix: '/api', path: '/todos/:id', schema: Todo}).extend({
  partialUpdate: {getOptimisticResponse: (_snap, params, body) => ({id: params.id, ...body})},
  delete: {getOptimisticResponse: (_snap, params) => params},
});

export class TodoList extends LitElement {
  static override styles = css`
    .done {
      text-decoration: line-through;
    }
  `;

  // Reads the list (fetching it when missing); the nearest <data-boundary> shows its
  // fallback until it arrives, and its error slot if it fails.
  private readonly todos = useSuspense(this, TodoResource.getList);
  private readonly ctrl = useController(this);
  private readonly toggleTodo = useLoading(this, (todo: Todo) =>
    this.ctrl.fetch(TodoResource.partialUpdate, {id: todo.id}, {completed: !todo.completed}),
  );
  private readonly deleteTodo = useLoading(this, (todo: Todo) => this.ctrl.fetch(TodoResource.delete, {id: todo.id}));

  override render() {
    const failed = this.toggleTodo.error ?? this.deleteTodo.error;
    return html`
      <ul>
        ${repeat(
          this.todos.value ?? [],
          todo => todo.id,
          todo => html`
            <li class=${todo.completed ? 'done' : ''}>
              <label>
                <input type="checkbox" .checked=${todo.completed} @change=${() => this.toggleTodo.handler(todo)} />
                ${todo.title}
              </label>
              <button @click=${() => this.deleteTodo.handler(todo)} aria-label="Delete ${todo.title}">✕</button>
            </li>
          `,
        )}
      </ul>
      ${failed ? html`<p role="alert">Could not save: ${(failed as Error).message}</p>` : ''}
    `;
  }
}

customElements.define('todo-list', TodoList);

declare global {
  interface HTMLElementTagNameMap {
    'todo-list': TodoList;
  }
}

// In the page:
//   <data-provider>
//     <data-boundary>
//       <p slot="fallback">Loading todos…</p>
//       <todo-list></todo-list>
//     </data-boundary>
//   </data-provider>
