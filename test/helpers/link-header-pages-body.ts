// The behaviour of a list paged by its Link header, one test body for a Lit component over
// linkHeaderResource(...) with the pagination part and for <data-resource link-header>
// (test/lit-features.test.ts, test/elements-features.test.ts).
import {expect} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {until} from '../elements-fixtures.js';
import {startWorker} from './msw.js';

/** A mounted list of posts: the titles shown, whether it says there is more, and its actions. */
export interface PagedListView {
  titles(): string[];
  hasMore(): boolean;
  /** Loads the next page (resolves with the whole list, or undefined at the end; rejects when the page fails). */
  loadNextPage(): Promise<unknown>;
  create(body: Record<string, unknown>): Promise<unknown>;
}

/**
 * Mounts, under a fresh `<data-provider>`, the list of `/lh-api/posts` read with `params`,
 * paged by the `cursor` param of its Link header's rel="next" URL; resolves once it shows.
 */
export type MountPagedList = (params: Record<string, unknown>) => Promise<PagedListView>;

const posts = Array.from({length: 7}, (_, i) => ({id: i + 1, title: `post ${i + 1}`}));
/** Opaque cursors, so that nothing but the Link header can say which page comes next. */
const cursorOf = (offset: number) => btoa(`o${offset}`);
const offsetOf = (cursor: string) => Number(atob(cursor).slice(1));

/** The server's state, reset before each test. */
const api = {requested: [] as string[], badLinkAt: undefined as number | undefined};

const handlers = [
  http.get('/lh-api/posts', ({request}) => {
    const url = new URL(request.url);
    api.requested.push(url.search);
    const cursor = url.searchParams.get('cursor');
    const start = cursor === null ? 0 : offsetOf(cursor);
    const headers = new Headers();
    // Another relation first, and the limit before the cursor: only rel="next"'s cursor counts.
    if (start + 3 < posts.length) headers.set('Link', `</lh-api/posts>; rel="first", </lh-api/posts?limit=3&cursor=${encodeURIComponent(cursorOf(start + 3))}>; rel="next"`);
    if (start === api.badLinkAt) headers.set('Link', '/lh-api/posts?cursor=xyz; rel=next');
    return HttpResponse.json(posts.slice(start, start + 3), {headers});
  }),
  http.post('/lh-api/posts', async ({request}) => HttpResponse.json({...((await request.json()) as object), id: 99}, {status: 201})),
];

export function describeLinkHeaderPages(mount: MountPagedList): void {
  describe('pages by the Link header', () => {
    beforeEach(async () => {
      api.requested = [];
      api.badLinkAt = undefined;
      await startWorker(...handlers);
    });

    it('loads each page by the cursor of rel="next"; the last page (no rel="next") ends it', async () => {
      const view = await mount({});
      expect(view.titles()).to.deep.equal(['post 1', 'post 2', 'post 3']);
      expect(view.hasMore()).to.equal(true);
      await view.loadNextPage();
      await until(() => view.titles().length === 6, 'page 2 added');
      await view.loadNextPage();
      await until(() => view.titles().length === 7, 'page 3 added');
      await until(() => !view.hasMore(), 'no more after the last page');
      expect(view.titles()).to.deep.equal(posts.map(p => p.title));
      expect(await view.loadNextPage()).to.equal(undefined, 'nothing more to load');
      expect(api.requested).to.deep.equal(['', `?cursor=${encodeURIComponent(cursorOf(3))}`, `?cursor=${encodeURIComponent(cursorOf(6))}`]);
    });

    it('keeps the other params beside the cursor', async () => {
      const view = await mount({limit: 3});
      await view.loadNextPage();
      await until(() => view.titles().length === 6, 'page 2 added');
      expect(api.requested).to.deep.equal(['?limit=3', `?cursor=${encodeURIComponent(cursorOf(3))}&limit=3`]);
    });

    it('a page whose Link header does not parse fails with the reason, and the list is kept', async () => {
      const view = await mount({});
      api.badLinkAt = 3;
      const failure = await view.loadNextPage().then(
        () => undefined,
        (error: Error) => error,
      );
      expect(failure?.message).to.match(/Link header.*expected "<" at character 1/);
      expect(view.titles()).to.deep.equal(['post 1', 'post 2', 'post 3']);
      api.badLinkAt = undefined;
      await view.loadNextPage();
      await until(() => view.titles().length === 6, 'tried again, page 2 added');
    });

    it('a created post joins the list', async () => {
      const view = await mount({});
      await view.create({title: 'new post'});
      await until(() => view.titles().includes('new post'), 'the created post listed');
      await view.loadNextPage();
      await until(() => view.titles().length === 7, 'page 2 added after it');
    });
  });
}
