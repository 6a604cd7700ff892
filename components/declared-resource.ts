import {createResource, type Resource} from '../src/rest/index.js';
import {declaredEntity} from './declared-entity.js';
import {withLinkHeader} from './link-header-list.js';

/**
 * What `<data-resource>` declares in its attributes.
 *
 * @example
 * ```ts
 * const declaration: ResourceDeclaration = {urlPrefix: '/api', path: '/todos/:id', entity: 'Todo', pk: 'id'};
 * const todos = declaredResource(declaration);
 * ```
 */
export interface ResourceDeclaration {
  readonly urlPrefix: string;
  readonly path: string;
  readonly entity: string;
  readonly pk: string;
  /** The param that picks a page of the list (`page`, `cursor`), when it has pages. */
  readonly paginationField?: string;
  /** The next page's URL comes in the `Link` header (`rel="next"`): the list is read as `{link, results}`. Needs `paginationField`. */
  readonly linkHeader?: boolean;
}

const resources = new Map<string, Resource>();

/**
 * The resource `<data-resource>` builds from its attributes:
 * `createResource({urlPrefix, path, schema})` over the shared
 * {@link declaredEntity} class; with `linkHeader`, its list is read as
 * `{link, results}` and pages by the `rel="next"` URL of the `Link` header. One resource per declaration, so elements
 * that declare the same one share its endpoints (and their cached lists).
 * Throws what `createResource` throws (a malformed or parameterless path).
 *
 * @example
 * ```ts
 * const todos = declaredResource({urlPrefix: '/api', path: '/todos/:id', entity: 'Todo', pk: 'id'});
 * await controller.fetch(todos.getList);
 * ```
 */
export function declaredResource(declaration: ResourceDeclaration): Resource {
  const {urlPrefix, path, entity, pk, paginationField, linkHeader = false} = declaration;
  if (linkHeader && !paginationField) throw new TypeError('a list paged by its Link header needs `paginationField` (the param of the rel="next" URL)');
  const id = JSON.stringify([urlPrefix, path, entity, pk, paginationField ?? null, linkHeader]);
  let resource = resources.get(id);
  if (!resource) {
    const paging = paginationField ? {paginationField} : {};
    resource = createResource({urlPrefix, path, schema: declaredEntity(entity, pk), ...paging});
    if (linkHeader) resource = withLinkHeader(resource, paginationField!);
    resources.set(id, resource);
  }
  return resource;
}
