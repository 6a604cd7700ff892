import type {Resource, ResourceMember, RestEndpoint} from '../rest/index.js';
import {checkResource, DEV_MODE} from '../dev/index.js';
import {nextLinkParam} from './link-header.js';

/**
 * A list response whose `Link` header does not say where the next page is
 * in the way {@link linkHeaderResource} was told: the header does not
 * parse, or its `rel="next"` URL lacks the page param. The response fails
 * with it (a page that fails leaves the list as it was).
 *
 * @example
 * ```ts
 * try {
 *   await fetchNextPage(controller, PostResource.getList, {});
 * } catch (error) {
 *   if (error instanceof LinkHeaderError) console.warn(error.url, error.reason);
 * }
 * ```
 */
export class LinkHeaderError extends Error {
  override name = 'LinkHeaderError';
  constructor(
    /** The URL of the response. */
    readonly url: string,
    /** The page param the next URL should carry (`paginationField`). */
    readonly field: string,
    /** What is wrong with the header. */
    readonly reason: string,
  ) {
    super(`GET ${url}: its Link header does not give the next page's "${field}" param: ${reason}`);
  }
}

type MemberGenerics = {readonly [K in ResourceMember]: unknown};
type SchemaOf<G> = G extends {readonly schema: infer S} ? S : unknown;

/**
 * The members of a resource after {@link linkHeaderResource}: its list is
 * read as `{link, results}`.
 *
 * @example
 * ```ts
 * type M = LinkHeaderMembers<ResourceMembers<{path: '/posts/:id'; schema: typeof Post}>>;
 * ```
 */
export type LinkHeaderMembers<M extends MemberGenerics> = Omit<M, 'getList'> & {
  readonly getList: Omit<M['getList'], 'schema'> & {readonly schema: {readonly link: string; readonly results: SchemaOf<M['getList']>}};
};

/**
 * The resource with its list paged by the `Link` header (RFC 8288), as
 * GitHub's API and many others page: each list response is read as
 * `{link, results}`, where `link` is the header (`''` without one) and
 * `results` the list, and the next page is the `paginationField` param of
 * the `rel="next"` URL; a response without `rel="next"` was the last page.
 * `fetchNextPage` and `nextPageArgs` of this part load and find the pages
 * (`getList` gets `paginationField`). A header that does not parse, or a
 * next URL without the param, fails the response with a
 * {@link LinkHeaderError}. `create` still adds to the list (the same
 * Collection, under `results`). The resource given is left unchanged.
 * `<data-resource link-header pagination-field="cursor">` reads this.
 *
 * @example
 * ```ts
 * const PostResource = linkHeaderResource(createResource({path: '/posts/:id', schema: Post}), 'cursor');
 * const {results} = await controller.fetch(PostResource.getList, {limit: 20});
 * await fetchNextPage(controller, PostResource.getList, {limit: 20}); // GET /posts?cursor=…&limit=20
 * ```
 */
export function linkHeaderResource<O, M extends MemberGenerics>(resource: Resource<O, M>, paginationField: string): Resource<O, LinkHeaderMembers<M>>;
export function linkHeaderResource(resource: Resource<any, any>, paginationField: string): Resource<any, any> {
  if (typeof paginationField !== 'string' || paginationField === '') {
    throw new TypeError('linkHeaderResource: give the param of the rel="next" URL that picks the page (paginationField), such as "cursor"');
  }
  if (DEV_MODE) checkResource(resource, 'linkHeaderResource', true);
  const list = resource.getList;
  const parse = list.parseResponse;
  return resource.extend({
    getList: {
      schema: {link: '', results: list.schema},
      paginationField,
      async parseResponse(this: RestEndpoint<any>, response: Response): Promise<unknown> {
        const results = await parse.call(this, response);
        const link = response.headers.get('link') ?? '';
        try {
          nextLinkParam(link, paginationField);
        } catch (error) {
          throw new LinkHeaderError(response.url, paginationField, (error as Error).message);
        }
        return {link, results};
      },
    },
  });
}
