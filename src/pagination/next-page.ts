import {fullArgs, internalsOf, isController, type Controller, type FetchOptions, type LastPage} from '../core/index.js';
import {DEV_MODE, devLog, isEndpointLike, shownValue} from '../dev/index.js';
import {isPaginated, type EndpointArgs, type EndpointInterface, type EndpointResult, type FetchableEndpoint, type NextPageContext} from '../endpoint/index.js';
import type {RestEndpoint} from '../rest/index.js';
import {defaultNextPage, nextPageEndpoint} from './page-endpoint.js';

/**
 * The arguments of the page after the last one loaded into the list of
 * `endpoint` (a RestEndpoint with `paginationField`) with `args`, or
 * undefined when the list is not cached or has no more pages (its
 * `nextPage` says so). The last page is the one that last wrote the list:
 * its first page after a fetch of the list itself, else the last next page
 * loaded into it (which snapshots keep). Throws a TypeError for an endpoint
 * without pages.
 *
 * @example
 * ```ts
 * const hasMore = nextPageArgs(controller, ArticleResource.getList, {limit: 5}) !== undefined;
 * ```
 */
export function nextPageArgs<E extends FetchableEndpoint>(controller: Controller, endpoint: E, ...args: EndpointArgs<E>): EndpointArgs<E> | undefined {
  return pageAfter(controller, endpoint, fullArgs(endpoint, args)) as EndpointArgs<E> | undefined;
}

/**
 * Loads the next page of the list of `endpoint` with `args` and adds it to
 * that list (see {@link nextPageArgs}); resolves with the whole list, or
 * undefined when there is no next page. Items already listed keep their
 * place and take the page's data. A page that fails rejects this call only:
 * the list, its readers and its error stay as they were. It is a GET:
 * retried like one; {@link FetchOptions} before the endpoint (`signal`)
 * cancel this call, as with `controller.fetch`.
 *
 * @example
 * ```ts
 * await fetchNextPage(controller, ArticleResource.getList, {limit: 5});
 * await fetchNextPage(controller, {signal: abort.signal}, ArticleResource.getList, {limit: 5});
 * ```
 */
export function fetchNextPage<E extends FetchableEndpoint>(controller: Controller, endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointResult<E> | undefined>;
export function fetchNextPage<E extends FetchableEndpoint>(
  controller: Controller,
  options: FetchOptions,
  endpoint: E,
  ...args: EndpointArgs<E>
): Promise<EndpointResult<E> | undefined>;
export function fetchNextPage(controller: Controller, first: EndpointInterface | FetchOptions, ...rest: unknown[]): Promise<unknown> {
  // Nothing, or something with no key, in place of the endpoint: the options form, which says what is missing.
  const given = typeof (first as EndpointInterface | undefined)?.key === 'function';
  const endpoint = (given ? first : rest[0]) as EndpointInterface;
  const args = given ? rest : rest.slice(1);
  let next: unknown[] | undefined;
  try {
    if (DEV_MODE) checkPageCall(controller, given ? undefined : first);
    next = pageAfter(controller, endpoint, fullArgs(endpoint, args));
  } catch (error) {
    return Promise.reject(error);
  }
  if (next === undefined) return Promise.resolve(undefined);
  const signal = given ? undefined : (first as FetchOptions).signal;
  // An endpoint of another kind brings its own page endpoint; a RestEndpoint gets one made for it.
  const page = (endpoint as {getNextPage?: EndpointInterface}).getNextPage ?? nextPageEndpoint(endpoint as RestEndpoint<any>);
  return internalsOf(controller).pipeline.request(page, next, {signal, holds: true});
}

function pageAfter(controller: Controller, endpoint: EndpointInterface, full: readonly unknown[]): unknown[] | undefined {
  if (!isPaginated(endpoint)) {
    throw new TypeError(`${endpoint.name ?? 'This endpoint'} has no next page: give it the \`paginationField\` option`);
  }
  const {data} = controller.getResponse(endpoint, ...(full as never[]));
  if (data === undefined) return undefined;
  // The list's meta says which next page wrote it last; a fetch of the list itself leaves none.
  const page = internalsOf(controller).store.visible.meta.get(endpoint.key(...full))?.page;
  const last = page ? page.args : full;
  const context: NextPageContext = {items: page?.items, added: page?.added};
  const params = (last[0] ?? {}) as Record<string, unknown>;
  const next = endpoint.nextPage ? endpoint.nextPage(data, params, context) : defaultNextPage(data, params, endpoint.paginationField, context.items, context.added);
  if (DEV_MODE && next == null && !endpoint.nextPage && page) warnRepeatedPage(endpoint, page);
  return next === undefined || next === null ? undefined : [next, ...last.slice(1)];
}

/**
 * Development mode: what `fetchNextPage` was given in place of a Controller
 * or of its endpoint (a whole resource, whose list is the one with pages),
 * said before it fails on it.
 */
function checkPageCall(controller: unknown, options: unknown): void {
  if (!isController(controller)) throw new TypeError(`fetchNextPage: the first argument must be a Controller, got ${shownValue(controller)}`);
  if (isEndpointLike((options as {getList?: unknown} | null | undefined)?.getList)) {
    throw new TypeError("fetchNextPage: given a whole resource: give its list's endpoint (resource.getList)");
  }
}

const toldPages = new WeakSet<LastPage>();

/**
 * Development mode: a page that held items but none the list did not hold ends the list of
 * numbered pages, which is silent in the page; said once per page, since lists ask again on
 * every render whether there is more.
 */
function warnRepeatedPage(endpoint: EndpointInterface, page: LastPage): void {
  if (page.added !== 0 || page.items === 0 || toldPages.has(page)) return;
  toldPages.add(page);
  devLog(
    'warn',
    `${endpoint.name ?? 'next page'}: the page ${shownValue(page.args[0])} held ${page.items} items, all already in the list, so the list ends there. A server that ignores the page param, or repeats its last page past the end, does this; give the endpoint nextPage to decide otherwise.`,
  );
}
