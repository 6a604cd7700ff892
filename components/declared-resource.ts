import {createResource, type Resource} from '../src/rest/index.js';
import {declaredEntity} from './declared-entity.js';

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
}

const resources = new Map<string, Resource>();

/**
 * The resource `<data-resource>` builds from its attributes:
 * `createResource({urlPrefix, path, schema})` over the shared
 * {@link declaredEntity} class. One resource per declaration, so elements
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
  const {urlPrefix, path, entity, pk, paginationField} = declaration;
  const id = JSON.stringify([urlPrefix, path, entity, pk, paginationField ?? null]);
  let resource = resources.get(id);
  if (!resource) {
    const paging = paginationField ? {paginationField} : {};
    resource = createResource({urlPrefix, path, schema: declaredEntity(entity, pk), ...paging});
    resources.set(id, resource);
  }
  return resource;
}
