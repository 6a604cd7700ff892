import type {EndpointInterface} from './endpoint.js';
import type {FetchableEndpoint} from './endpoint-types.js';

/**
 * What is known of the last page loaded into a list, besides its params.
 *
 * @example
 * ```ts
 * const context: NextPageContext = {items: 0, added: 0}; // the last page was empty
 * ```
 */
export interface NextPageContext {
  /** How many items the last next page held (listed before or not); undefined when only the first page is loaded. */
  readonly items: number | undefined;
  /**
   * How many of those the list did not hold before: 0 when the page brought only items
   * already listed (a server that ignores the page param, or repeats its last page past the
   * end). Undefined when only the first page is loaded, or restored from a snapshot that
   * does not say.
   */
  readonly added?: number;
}

/**
 * A list endpoint that can load its next page: `paginationField` names the
 * param that picks a page. A RestEndpoint with that option is one; the
 * pagination part makes its page endpoint and reads its next params by
 * default. Another kind of endpoint gives `getNextPage` (fetches a page and
 * adds it to the list) and `nextPage` (the params of the page after the
 * one loaded with `params`, from the list's cached `value`).
 *
 * @example
 * ```ts
 * const next = nextPageArgs(controller, ArticleResource.getList, {limit: 5});
 * if (next) await fetchNextPage(controller, ArticleResource.getList, {limit: 5});
 * ```
 */
export interface PaginatedEndpoint extends FetchableEndpoint {
  readonly paginationField: string;
  /** Fetches a page (the params of `nextPage`) and adds it to the list; made by the pagination part for a RestEndpoint. */
  readonly getNextPage?: FetchableEndpoint;
  /** The params of the page after the one loaded with `params`; undefined when there is none. */
  nextPage?(value: unknown, params: any, context: NextPageContext): unknown;
}

/**
 * Whether `endpoint` can load next pages: it names a `paginationField`
 * (see {@link PaginatedEndpoint}).
 *
 * @example
 * ```ts
 * if (isPaginated(endpoint)) console.log(endpoint.paginationField);
 * ```
 */
export function isPaginated(endpoint: EndpointInterface): endpoint is PaginatedEndpoint {
  const field = (endpoint as {paginationField?: unknown}).paginationField;
  return typeof field === 'string' && field !== '';
}
