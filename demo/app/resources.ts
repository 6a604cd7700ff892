// What the demo's screens read and write: entities (normalized by primary key), endpoints,
// and a Query over the cache. This is the part of an app that knows the API.
import {createResource, Entity, Query, RestEndpoint, schema, type AnyRestGenerics} from '../../src/index.js';

export class User extends Entity {
  id = 0;
  name = '';
  handle = '';
  /** Avatar hue, 0-359. */
  hue = 0;
  // Set explicitly: minified builds rename classes.
  static override key = 'User';

  get initials(): string {
    return this.name
      .split(' ')
      .map(part => part[0])
      .join('');
  }
}

export class Article extends Entity {
  id = 0;
  title = '';
  excerpt = '';
  /** A real Date: the wire has an ISO string, the schema converts it. */
  publishedAt = new Date(0);
  readingMinutes = 0;
  /** Updated live by the server's pushes (see ArticleFeed's useLiveFeed). */
  views = 0;
  /** Nested in each response, stored once in the User table. */
  author = User.fromJS();
  static override key = 'Article';
  static override schema = {author: User, publishedAt: Date};
}

export class Todo extends Entity {
  id: number | string = 0;
  title = '';
  completed = false;
  /** The mock server refuses to delete a locked todo. */
  locked = false;
  createdAt = new Date(0);
  static override key = 'Todo';
  static override schema = {createdAt: Date};

  /** True until the server has answered the create: the id is still the temporary one. */
  get saving(): boolean {
    return typeof this.id === 'string' && this.id.startsWith('tmp-');
  }
}

/**
 * The specification's "response headers" transform: the body is the list, the `Link`
 * header says where the next page is; `parseResponse` keeps both as `{link, results}`.
 */
export class LinkEndpoint<const O = AnyRestGenerics> extends RestEndpoint<O> {
  override async parseResponse(response: Response): Promise<unknown> {
    const results = await super.parseResponse(response);
    const link = response.headers.get('link');
    return link !== null || Array.isArray(results) ? {link: link ?? '', results} : results;
  }
}

export const ARTICLES_PER_PAGE = 5;
/** The params of the article list: its first page; the next ones add the Link header's `cursor`. */
export const FEED_PARAMS = {limit: ARTICLES_PER_PAGE};

/**
 * GET /api/articles?limit=5[&cursor=…], each article with its author nested. One cached
 * list: `nextPageEndpoint(getArticles)` (through `fetchNextPage` of the pagination part)
 * appends the page the Link header points at, and `link` becomes that page's.
 */
export const getArticles = new LinkEndpoint({
  urlPrefix: '/api',
  path: '/articles',
  searchParams: {} as {limit: number; cursor?: string},
  paginationField: 'cursor',
  schema: {results: new schema.Collection([Article]), link: ''},
  name: 'getArticles',
});

let tmpCounter = 0;
const tmpIds = new WeakMap<object, string>();
/**
 * One temporary id per create call. `getOptimisticResponse` must be pure (the Controller
 * may replay it), so the id is remembered per body object instead of made anew each call.
 */
const tmpIdFor = (body: object) => {
  let id = tmpIds.get(body);
  if (!id) tmpIds.set(body, (id = `tmp-${++tmpCounter}`));
  return id;
};

/**
 * /api/todos/:id with every write optimistic: the screen changes at once, the server's
 * answer replaces the prediction, and a refused request rolls back just that change.
 */
export const TodoResource = createResource({urlPrefix: '/api', path: '/todos/:id', schema: Todo}).extend({
  create: {
    getOptimisticResponse: (snap, _params, body) => ({
      completed: false,
      locked: false,
      createdAt: new Date(snap.fetchedAt).toISOString(),
      ...body,
      id: tmpIdFor(body),
    }),
  },
  partialUpdate: {
    getOptimisticResponse: (_snap, params, body) => ({...body, id: params.id}),
  },
  delete: {
    // Invalidate(Todo) only needs the pk: the row leaves every list at once.
    getOptimisticResponse: (_snap, params) => params,
  },
});

/** The number of open todos, derived from the cache: it never fetches. */
export const openTodoCount = new Query(new schema.All(Todo), todos => todos.filter(todo => !todo.completed).length, {
  name: 'openTodoCount',
});

/**
 * The most viewed of the articles loaded (undefined before any is): it follows the live view
 * counts. A count pushed for an article not loaded yet is cached as a partial row, with no
 * title: those are left out.
 */
export const mostViewed = new Query(
  new schema.All(Article),
  articles =>
    articles.reduce<Article | undefined>((top, article) => (article.title !== '' && (top === undefined || article.views > top.views) ? article : top), undefined),
  {name: 'mostViewed'},
);
