import {copyEndpoint, type AnyRestGenerics, type IsLoose, type RestEndpoint} from '../rest/index.js';
import {CollectionPage, CollectionSchema, resolveSchema} from '../schema/index.js';
import {closestName, DEV_MODE, devLog} from '../dev/index.js';
import {nextLinkParam} from './link-header.js';

/**
 * The generics of `nextPageEndpoint(endpoint)`: the list endpoint's own (same
 * params, same result: the whole list), always a GET without a body.
 *
 * @example
 * ```ts
 * type G = NextPageGenerics<{path: '/articles'; searchParams: {cursor?: string}; schema: schema.Collection<[typeof Article]>}>;
 * ```
 */
export type NextPageGenerics<O> = IsLoose<O> extends true ? AnyRestGenerics : Omit<O, 'method' | 'body'> & {readonly method: 'GET'; readonly body: undefined};

// Outside the instances, so that extend() (which copies own properties) never carries them over.
const made = new WeakMap<object, RestEndpoint<any>>();
const pages = new WeakMap<CollectionSchema<any>, Map<string, CollectionPage>>();

/**
 * The endpoint that loads a next page into the list of `endpoint` (a
 * RestEndpoint with `paginationField` and a `schema.Collection` in its
 * schema), made once per list endpoint: a copy of it whose schema adds the
 * page to the cached list of the same params without `paginationField`,
 * and whose response is stored into that list's result (so the fields
 * beside the list, such as a next cursor or a `link`, are those of the
 * last page loaded). It resolves with the whole list. Its own key, which
 * names the page, is what requests share and where a failure is kept: a
 * failed or aborted page leaves the list as it was. {@link fetchNextPage}
 * finds the page's params itself.
 *
 * @example
 * ```ts
 * const getArticles = new RestEndpoint({path: '/articles', paginationField: 'cursor', schema: {results: new schema.Collection([Article]), cursor: ''}});
 * await controller.fetch(nextPageEndpoint(getArticles), {cursor: 'b2'});
 * ```
 */
export function nextPageEndpoint<O>(endpoint: RestEndpoint<O>): RestEndpoint<NextPageGenerics<O>>;
export function nextPageEndpoint(endpoint: RestEndpoint<any>): RestEndpoint<any> {
  const cached = made.get(endpoint);
  if (cached) return cached;
  const field = endpoint.paginationField;
  if (typeof field !== 'string' || field === '') {
    throw new TypeError(`${endpoint.name}: a next page needs the \`paginationField\` option${DEV_MODE ? ' (the param that picks a page, such as "cursor" or "page")' : ''}`);
  }
  const schema = pageSchema(endpoint.schema, field);
  if (schema === undefined) {
    throw new TypeError(`${endpoint.name}: a next page needs a schema.Collection as the endpoint's schema, or as a field of an object schema`);
  }
  const pageKey = (endpoint.constructor as typeof RestEndpoint).prototype.key;
  const copy = copyEndpoint(
    endpoint,
    {
      schema,
      method: 'GET',
      name: `${endpoint.name} (next page)`,
      key(this: RestEndpoint<any>, ...args: any[]): string {
        return `${pageKey.apply(this, args)} (next page)`;
      },
      appendsTo(this: RestEndpoint<any>, ...args: any[]) {
        const [params] = this.normalizeArgs(args) as [Record<string, unknown>];
        return {endpoint, args: [withoutField(params, field)]};
      },
    },
    ['body', 'sideEffect', 'pollFrequency'],
  );
  made.set(endpoint, copy);
  return copy;
}

/**
 * The params of the page after the one loaded with `params`, read from the
 * list's cached value, or undefined when it was the last. The default of
 * `RestEndpoint`'s `nextPage` option: a `link` field (the `Link` header kept
 * by `parseResponse`, as `{link, results}`) and its `rel="next"` URL's
 * param; a field of the value named like the param (a cursor; empty or null
 * at the end); else a page number, one more than `params` has (1 when
 * absent), until a page comes back empty or adds no item the list did not
 * hold (`added`: 0).
 */
export function defaultNextPage(
  value: unknown,
  params: Record<string, unknown>,
  field: string,
  items: number | undefined,
  added?: number,
): Record<string, unknown> | undefined {
  if (value === null || value === undefined) return undefined;
  const fields = typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  // The Link header, as the specification's parseResponse keeps it ({link, results}).
  if (fields && typeof fields.link === 'string') {
    let next: string | undefined;
    try {
      next = nextLinkParam(fields.link, field);
    } catch {
      // A header that does not parse, or a next URL without the param, names no next page.
      next = undefined;
    }
    return next === undefined ? undefined : {...params, [field]: next};
  }
  // A cursor in a field of the response named like the param.
  if (fields && Object.hasOwn(fields, field)) {
    const next = fields[field];
    return next === null || next === undefined || next === '' || next === false ? undefined : {...params, [field]: next};
  }
  if (DEV_MODE && fields) warnCursorLike(fields, field);
  // A page number: the one after the last page loaded (the first page has none: 1), while
  // pages add items: an API of bare pages has no other end. A page of items the list already
  // held ends it too, or a server that ignores the param (or repeats its last page past the
  // end) would be asked for pages forever by an infinite list.
  if (items === 0 || added === 0) return undefined;
  const current = params[field] === undefined ? 1 : Number(params[field]);
  if (!Number.isFinite(current)) return undefined;
  return {...params, [field]: current + 1};
}

const toldCursors = new Set<string>();

/**
 * Development mode: a response that names its cursor otherwise than the
 * param (`nextCursor` for `paginationField: 'cursor'`) is read as numbered
 * pages (`cursor=2`), which the server does not know. Warned once per name.
 */
function warnCursorLike(fields: Record<string, unknown>, field: string): void {
  const lower = field.toLowerCase();
  // A cursor is text: a number beside the pages (`totalPages`, `nextPage: 3`) agrees with counting them.
  const names = Object.keys(fields).filter(name => typeof fields[name] === 'string');
  const like = names.find(name => name.toLowerCase().includes(lower)) ?? closestName(field, names);
  const told = `${field} ${like}`;
  if (like === undefined || toldCursors.has(told)) return;
  toldCursors.add(told);
  devLog(
    'warn',
    `next page: the response has no "${field}" field (the paginationField), so pages are counted (${field}=2, 3, ...); it has "${like}". If that is the cursor, give the endpoint nextPage: (value, params) => value.${like} ? {...params, ${field}: value.${like}} : undefined.`,
  );
}

/** The endpoint's schema with its Collection replaced by the page schema, or undefined when it has none. */
function pageSchema(schema: unknown, field: string): unknown {
  if (schema instanceof CollectionSchema) return pageOf(schema, field);
  if (resolveSchema(schema) !== 'object') return undefined;
  let found = false;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema as object)) {
    const member = (schema as Record<string, unknown>)[key];
    const page = found ? undefined : pageSchema(member, field);
    if (page !== undefined) found = true;
    Object.defineProperty(out, key, {value: page ?? member, enumerable: true, writable: true, configurable: true});
  }
  return found ? out : undefined;
}

function pageOf(collection: CollectionSchema<any>, field: string): CollectionPage {
  let byField = pages.get(collection);
  if (!byField) pages.set(collection, (byField = new Map()));
  let page = byField.get(field);
  if (!page) byField.set(field, (page = new CollectionPage(collection, field)));
  return page;
}

function withoutField(params: Record<string, unknown>, field: string): Record<string, unknown> {
  if (!Object.hasOwn(params, field)) return params;
  const {[field]: _page, ...rest} = params;
  return rest;
}
