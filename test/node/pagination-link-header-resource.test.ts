// linkHeaderResource: a resource whose list pages by the rel="next" URL of its Link header, read
// through a Controller over an in-memory server (fetchResponse), with the pagination part.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller} from '../../src/core/index.js';
import {fetchNextPage, linkHeaderResource, LinkHeaderError, nextPageArgs} from '../../src/pagination/index.js';
import {createResource} from '../../src/rest/index.js';
import {Entity} from '../../src/schema/index.js';

class Post extends Entity {
  id = 0;
  title = '';
  static override key = 'LhrPost';
}

const posts = Array.from({length: 5}, (_, i) => ({id: i + 1, title: `post ${i + 1}`}));

/** Pages of 2 by an opaque cursor in the Link header; `link` (when set) replaces the header of every page. */
function server(options: {link?: string} = {}) {
  const requested: string[] = [];
  const fetchResponse = async (url: string, init: RequestInit) => {
    const parsed = new URL(url, 'http://api.test');
    requested.push(`${init.method ?? 'GET'} ${parsed.pathname}${parsed.search}`);
    if (init.method === 'POST') return Response.json({id: 99, ...JSON.parse(String(init.body))}, {status: 201});
    const start = Number(parsed.searchParams.get('cursor')?.slice(1) ?? 0);
    const headers = new Headers();
    if (start + 2 < posts.length) headers.set('Link', `</posts>; rel="first", </posts?limit=2&cursor=c${start + 2}>; rel="next"`);
    if (options.link !== undefined) headers.set('Link', options.link);
    return Response.json(posts.slice(start, start + 2), {headers});
  };
  return {requested, fetchResponse};
}

describe('linkHeaderResource', () => {
  test('reads the list as {link, results} and loads each page by the cursor of rel="next" until there is none', async () => {
    const api = server();
    const PostResource = linkHeaderResource(createResource({path: '/posts/:id', schema: Post, fetchResponse: api.fetchResponse}), 'cursor');
    const controller = new Controller();
    const first = await controller.fetch(PostResource.getList, {limit: 2});
    assert.deepEqual(
      first.results.map(p => p.id),
      [1, 2],
    );
    assert.match(first.link, /rel="next"/);
    assert.deepEqual(nextPageArgs(controller, PostResource.getList, {limit: 2}), [{limit: 2, cursor: 'c2'}]);
    await fetchNextPage(controller, PostResource.getList, {limit: 2});
    const all = await fetchNextPage(controller, PostResource.getList, {limit: 2});
    assert.deepEqual(
      all!.results.map(p => p.id),
      [1, 2, 3, 4, 5],
    );
    assert.equal(nextPageArgs(controller, PostResource.getList, {limit: 2}), undefined, 'the last page had no rel="next"');
    assert.equal(await fetchNextPage(controller, PostResource.getList, {limit: 2}), undefined);
    assert.deepEqual(api.requested, ['GET /posts?limit=2', 'GET /posts?cursor=c2&limit=2', 'GET /posts?cursor=c4&limit=2']);
  });

  test('a created item joins the list under results', async () => {
    const api = server();
    const PostResource = linkHeaderResource(createResource({path: '/posts/:id', schema: Post, fetchResponse: api.fetchResponse}), 'cursor');
    const controller = new Controller();
    await controller.fetch(PostResource.getList, {});
    await controller.fetch(PostResource.create, {title: 'new'});
    assert.deepEqual(
      controller.getResponse(PostResource.getList, {}).data!.results.map(p => p.id),
      [1, 2, 99],
    );
  });

  for (const [what, link, reason] of [
    ['a header that does not parse', '/posts?cursor=c2; rel=next', /expected "<" at character 1/],
    ['a next URL without the param', '</posts?after=2>; rel="next"', /URL \/posts\?after=2 has no "cursor" param/],
  ] as const) {
    test(`${what} fails the response with a LinkHeaderError`, async () => {
      const api = server({link});
      const PostResource = linkHeaderResource(createResource({path: '/posts/:id', schema: Post, fetchResponse: api.fetchResponse}), 'cursor');
      const error = await new Controller().fetch(PostResource.getList, {}).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(error instanceof LinkHeaderError, String(error));
      assert.equal(error.field, 'cursor');
      assert.match(error.url, /\/posts$/);
      assert.match(error.reason, reason);
      assert.match(error.message, /^GET \S*\/posts: its Link header does not give the next page's "cursor" param: /);
    });
  }

  test('needs the page param; leaves the resource given unchanged', () => {
    const base = createResource({path: '/posts/:id', schema: Post});
    assert.throws(() => linkHeaderResource(base, ''), /paginationField/);
    const paged = linkHeaderResource(base, 'cursor');
    assert.equal(paged.getList.paginationField, 'cursor');
    assert.equal(base.getList.paginationField, undefined);
    assert.equal(paged.getList.key({}), base.getList.key({}), 'the same list key');
    assert.equal(paged.get, base.get);
  });
});
