import {nextLinkParam} from '../src/pagination/internal.js';
import type {Resource, RestEndpoint} from '../src/rest/index.js';

/**
 * The server broke the contract the `link-header` attribute states: its
 * `Link` header does not parse, or the `rel="next"` URL lacks the
 * `pagination-field` param. `<data-resource>` shows it as an AttributeError
 * naming itself and `link-header`.
 */
export class LinkHeaderError extends Error {
  override name = 'LinkHeaderError';
  constructor(
    /** What went wrong, as the end of a sentence about the attribute. */
    readonly problem: string,
  ) {
    super(`<data-resource>: the "link-header" attribute ${problem}`);
  }
}

/**
 * The resource with its list read as the specification's "response headers"
 * transform does: every response becomes `{link, results}` (`link` is the
 * `Link` header, `''` without one, so the shape never changes), the
 * Collection sits under `results`, and the default `nextPage` takes the
 * `field` param of the `rel="next"` URL. A header that does not parse, or a
 * next URL without `field`, fails the response with a LinkHeaderError.
 */
export function withLinkHeader(resource: Resource, field: string): Resource {
  const list = resource.getList;
  const parse = list.parseResponse;
  const paged = resource.extend({
    getList: {
      schema: {link: '', results: list.schema},
      async parseResponse(this: RestEndpoint<any>, response: Response): Promise<unknown> {
        const results = await parse.call(this, response);
        const link = response.headers.get('link') ?? '';
        try {
          nextLinkParam(link, field);
        } catch (error) {
          throw new LinkHeaderError(
            `expects the next page's URL, with the "${field}" param (pagination-field), in the Link header; the one of GET ${response.url} does not fit: ${(error as Error).message}`,
          );
        }
        return {link, results};
      },
    },
  });
  // Its list is `{link, results}` now; <data-resource> reads it untyped (and shows `results`).
  return paged as unknown as Resource;
}
