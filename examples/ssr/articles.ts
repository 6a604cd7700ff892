// The data of the server-rendering example: entities, the REST resource, and the articles
// the example server starts with. Shared by the server (which prefetches and renders) and
// the browser (which hydrates and then reads and writes through the same resource).
import {createResource, Entity} from '../../src/index.js';

export class Author extends Entity {
  id = 0;
  name = '';
  static override key = 'SsrAuthor';
}

export class Article extends Entity {
  id = 0;
  title = '';
  likes = 0;
  publishedAt = new Date(0);
  author = Author.fromJS();
  static override key = 'SsrArticle';
  static override schema = {author: Author, publishedAt: Date};
}

// GET /api/articles, PATCH /api/articles/:id. A like shows at once and is rolled back if
// the server refuses it.
export const ArticleResource = createResource({urlPrefix: '/api', path: '/articles/:id', schema: Article}).extend({
  partialUpdate: {getOptimisticResponse: (_snap, params, body) => ({id: params.id, ...body})},
});

/** An article as the API sends it: `publishedAt` an ISO string, the author nested. */
export interface ArticleJson {
  id: number;
  title: string;
  likes: number;
  publishedAt: string;
  author: {id: number; name: string};
}

/** What the example server starts with (a copy each time: the server changes its own). */
export function seedArticles(): ArticleJson[] {
  return [
    {id: 1, title: 'Rendering on the server', likes: 3, publishedAt: '2024-05-01T09:30:00.000Z', author: {id: 7, name: 'Ada'}},
    {id: 2, title: 'Hydration without a second request', likes: 5, publishedAt: '2024-05-03T14:00:00.000Z', author: {id: 8, name: 'Lin'}},
    {id: 3, title: 'A title with <b>markup</b> stays text', likes: 0, publishedAt: '2024-05-07T08:15:00.000Z', author: {id: 7, name: 'Ada'}},
  ];
}
