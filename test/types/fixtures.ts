// Entities, endpoints and queries the type tests share (types only matter here: nothing runs).
import {createResource, Entity, Query, RestEndpoint, schema} from '../../src/index.js';

export class User extends Entity {
  id = '';
  name = '';
  static override key = 'User';
}

export class Tag extends Entity {
  id = 0;
  label = '';
  static override key = 'Tag';
}

export class Article extends Entity {
  id = '';
  title = '';
  author = User.fromJS();
  tags: Tag[] = [];
  publishedAt = new Date(0);
  static override key = 'Article';
  static override schema = {author: User, tags: [Tag], publishedAt: Date};
}

export class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  userId = '';
  static override key = 'Todo';
}

/** GET /users/:id, one User. */
export const getUser = new RestEndpoint({path: '/users/:id', schema: User});

export const UserResource = createResource({urlPrefix: 'https://api.example.com', path: '/users/:id', schema: User});

export const TodoResource = createResource({
  path: '/todos/:id',
  schema: Todo,
  searchParams: {} as {userId?: string},
});

export const ArticleResource = createResource({path: '/articles/:id', schema: Article});

/** Open todos, optionally of one user: the args of `process` after the entries, with a default. */
export const openCount = new Query(new schema.All(Todo), (todos, {userId}: {userId?: string} = {}) =>
  todos.filter(t => !t.completed && (userId === undefined || t.userId === userId)).length,
);

/** A Query with required args. */
export const todosOf = new Query(new schema.All(Todo), (todos, userId: string) => todos.filter(t => t.userId === userId));
