import {isPaginated, type EndpointInterface, type NextPageContext} from '../endpoint/index.js';
import type {NormalizedResponse} from '../schema/index.js';
import type {State} from './state.js';

/** What the next-page helpers read from a Controller. */
interface Reader {
  getResponse(endpoint: EndpointInterface, ...args: unknown[]): {readonly data: unknown};
  readonly state: State;
}

/**
 * The arguments that load the page after the last one in the list of
 * `endpoint` with `args`, or undefined when there is none (the list is not
 * cached, or `nextPage` says it was the last page). The last page is the
 * one that last wrote the list: its first page after a fetch of the list
 * itself, else the last next page loaded into it (`ResultMeta.page`, which
 * snapshots keep).
 */
export function nextPageArgs(reader: Reader, endpoint: EndpointInterface, full: readonly unknown[]): unknown[] | undefined {
  if (!isPaginated(endpoint)) {
    throw new TypeError(`${endpoint.name ?? 'This endpoint'} has no next page: give it the \`paginationField\` option`);
  }
  const {data} = reader.getResponse(endpoint, ...full);
  if (data === undefined) return undefined;
  // The list's meta says which next page wrote it last; a fetch of the list itself leaves none.
  const page = reader.state.meta.get(endpoint.key(...full))?.page;
  const last = page ? page.args : full;
  const context: NextPageContext = {items: page?.items};
  const next = endpoint.nextPage(data, last[0] ?? {}, context);
  return next === undefined || next === null ? undefined : [next, ...last.slice(1)];
}

/** How many items the next pages of `response` held (their items already listed included). */
export function pageItems(response: NormalizedResponse): number {
  let items = 0;
  for (const op of response.collectionOps) {
    if (op.list !== undefined) items += Array.isArray(op.refs) ? op.refs.length : Object.keys(op.refs).length;
  }
  return items;
}
