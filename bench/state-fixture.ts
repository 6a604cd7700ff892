// The cache the state benches time (`npm run bench:state`, `npm run bench:persist`): one list
// response of articles with nested authors and tags (bench/fixture.ts, seed 0x5eed), 90% / 5%
// / 5% of the entities, `createdAt` read as a `Date`.
import {Controller, type ControllerOptions} from '../src/core/index.js';
import {makeFixture, type ArticleJSON} from './fixture.js';

export {Article, Tag, User} from './adapters/ours.js';
import {Article} from './adapters/ours.js';
import {visibleState} from '../src/internal.js';

export const getArticles = {key: () => 'GET /articles', schema: [Article], name: 'getArticles'};

/** A Controller holding `entities` rows from one response, and that response. */
export function filledController(entities: number, options: ControllerOptions = {}): {controller: Controller; articles: ArticleJSON[]} {
  const fixture = makeFixture({articles: entities * 0.9, users: entities * 0.05, tags: entities * 0.05, tagsPerArticle: 3, seed: 0x5eed});
  const controller = new Controller(options);
  controller.setResponse(getArticles, fixture.articles);
  const held = [...visibleState(controller).entities.values()].reduce((n, table) => n + table.size, 0);
  if (held !== entities) throw new Error(`the fixture gave ${held} entities, wanted ${entities}`);
  return {controller, articles: fixture.articles};
}
