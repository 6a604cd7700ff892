// Type tests of next pages: `nextPageEndpoint(list)` takes the list's params and resolves with the whole
// list; `nextPage` sees the list's value and params; the pagination functions are typed
// from the list endpoint. Each `@ts-expect-error` line is a compile error.
import {type NextPageContext} from '../../src/internal.js';
import {expectTypeOf} from 'expect-type';
import {Controller, createResource, RestEndpoint, schema} from '../../src/index.js';
import {Article} from './fixtures.js';
import {fetchNextPage, linkHeaderResource, nextPageArgs, nextPageEndpoint} from '../../src/pagination/index.js';

declare const ctrl: Controller;

export async function cursorList(): Promise<void> {
  const getArticles = new RestEndpoint({
    path: '/articles',
    searchParams: {} as {limit: number; cursor?: string},
    paginationField: 'cursor',
    schema: {results: new schema.Collection([Article]), cursor: ''},
    nextPage(value, params, context) {
      expectTypeOf(value.results).toEqualTypeOf<Article[]>();
      expectTypeOf(params).toEqualTypeOf<{limit: number; cursor?: string}>();
      expectTypeOf(context).toEqualTypeOf<NextPageContext>();
      return value.cursor ? {...params, cursor: value.cursor} : undefined;
    },
  });
  const page = await ctrl.fetch(nextPageEndpoint(getArticles), {limit: 5, cursor: 'c5'});
  expectTypeOf(page.results).toEqualTypeOf<Article[]>();
  // @ts-expect-error limit is required, as for the list
  await ctrl.fetch(nextPageEndpoint(getArticles), {cursor: 'c5'});
  // @ts-expect-error the cursor is a string
  await ctrl.fetch(nextPageEndpoint(getArticles), {limit: 5, cursor: 5});

  const more = await fetchNextPage(ctrl, getArticles, {limit: 5});
  expectTypeOf(more).toEqualTypeOf<typeof page | undefined>();
  expectTypeOf(nextPageArgs(ctrl, getArticles, {limit: 5})).toEqualTypeOf<[params: {limit: number; cursor?: string}] | undefined>();
  // @ts-expect-error the list's params, not another shape
  nextPageArgs(ctrl, getArticles, {size: 5});

  new RestEndpoint({
    path: '/articles',
    searchParams: {} as {cursor?: string},
    paginationField: 'cursor',
    schema: new schema.Collection([Article]),
    // @ts-expect-error nextPage returns the list's params (or undefined)
    nextPage: () => ({after: 1}),
  });
}

export async function pagedResource(): Promise<void> {
  const Articles = createResource({path: '/articles/:id', schema: Article, searchParams: {} as {page?: number}, paginationField: 'page'});
  expectTypeOf(await ctrl.fetch(nextPageEndpoint(Articles.getList), {page: 2})).toEqualTypeOf<Article[]>();
  expectTypeOf(await fetchNextPage(ctrl, Articles.getList)).toEqualTypeOf<Article[] | undefined>();
  // @ts-expect-error a page is a number here
  await ctrl.fetch(nextPageEndpoint(Articles.getList), {page: 'two'});
}

export async function linkHeaderPages(): Promise<void> {
  const Articles = linkHeaderResource(createResource({path: '/articles/:id', schema: Article, searchParams: {} as {cursor?: string; limit?: number}}), 'cursor');
  const page = await ctrl.fetch(Articles.getList, {limit: 20});
  expectTypeOf(page).toEqualTypeOf<{readonly link: string; readonly results: Article[]}>();
  expectTypeOf(await fetchNextPage(ctrl, Articles.getList, {limit: 20})).toEqualTypeOf<typeof page | undefined>();
  // The other members are the resource's own.
  expectTypeOf(await ctrl.fetch(Articles.get, {id: 1})).toEqualTypeOf<Article>();
  expectTypeOf(await ctrl.fetch(Articles.create, {title: 'x'})).toEqualTypeOf<Article>();
  // @ts-expect-error the list keeps its params
  await ctrl.fetch(Articles.getList, {limit: 'all'});
  // @ts-expect-error the param of the next URL that picks the page is required
  linkHeaderResource(createResource({path: '/articles/:id', schema: Article}));
}
