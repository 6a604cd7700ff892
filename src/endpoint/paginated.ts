import type {EndpointInterface} from './endpoint.js';
import type {FetchableEndpoint} from './endpoint-types.js';

/**
 * What is known of the last page loaded into a list, besides its params.
 *
 * @example
 * ```ts
 * const context: NextPageContext = {items: 0}; // the last page was empty
 * ```
 */
export interface NextPageContext {
  /** How many items the last next page held (listed before or not); undefined when only the first page is loaded. */
  readonly items: number | undefined;
}

/**
 * A list endpoint that can load its next page (a RestEndpoint with
 * `paginationField`): `getNextPage` fetches a page into the list, and
 * `nextPage` says which params load the page after the last one.
 *
 * @example
 * ```ts
 * const next = nextPageArgs(controller, ArticleResource.getList, {limit: 5});
 * if (next) await controller.fetch(ArticleResource.getList.getNextPage, ...next);
 * ```
 */
export interface PaginatedEndpoint extends FetchableEndpoint {
  /** Fetches a page (the params of `nextPage`) and adds it to the list. */
  readonly getNextPage: FetchableEndpoint;
  /**
   * The params of the page after the one loaded with `params`, from the
   * list's cached `value`; undefined when there is none.
   */
  nextPage(value: unknown, params: any, context: NextPageContext): unknown;
}

/**
 * Whether `endpoint` can load next pages (see {@link PaginatedEndpoint}).
 * Reading `getNextPage` of a RestEndpoint without `paginationField` throws,
 * so it is not read here.
 *
 * @example
 * ```ts
 * if (isPaginated(endpoint)) console.log(endpoint.paginationField);
 * ```
 */
export function isPaginated(endpoint: EndpointInterface): endpoint is PaginatedEndpoint & {readonly paginationField: string} {
  const field = (endpoint as {paginationField?: unknown}).paginationField;
  return typeof field === 'string' && field !== '' && typeof (endpoint as {nextPage?: unknown}).nextPage === 'function';
}
