import {linkHeaderResource} from '../src/pagination/index.js';
import {createResource, optimisticResource, type Resource} from '../src/rest/index.js';
import type {DeclaredEntityClass} from './declared-entity.js';

/**
 * What `<data-resource>`'s attributes ask of any resource, its own or one
 * given in its `resource` property.
 *
 * @example
 * ```ts
 * const features: ResourceFeatures = {pk: 'id', optimistic: true, pollFrequency: 5000};
 * ```
 */
export interface ResourceFeatures {
  /** The field holding the pk (`pk`), where predictions put it. */
  readonly pk: string;
  /** Default predictions on the writes (`optimistic`): {@link optimisticResource}. */
  readonly optimistic: boolean;
  /** Polling of the reads (`poll-frequency`): their `pollFrequency` option. */
  readonly pollFrequency?: number;
}

/**
 * What `<data-resource>` declares in its attributes to build a resource of
 * its own.
 *
 * @example
 * ```ts
 * const declaration: ResourceDeclaration = {urlPrefix: '/api', path: '/todos/:id', entity: 'Todo', pk: 'id', optimistic: true};
 * const todos = declarationsOf(controller).resource(declaration, resourceOf);
 * ```
 */
export interface ResourceDeclaration extends ResourceFeatures {
  readonly urlPrefix: string;
  readonly path: string;
  readonly entity: string;
  /** The param that picks a page of the list (`page`, `cursor`), when it has pages. */
  readonly paginationField?: string;
  /** The list pages by its `Link` header (`link-header`): {@link linkHeaderResource}. Needs `paginationField`. */
  readonly linkHeader?: boolean;
}

/**
 * A new resource of what the attributes declare: `createResource` over
 * `entity` with the list's `paginationField` and the reads' `pollFrequency`,
 * paged by the `Link` header and optimistic when they say so. Throws what
 * `createResource` and `linkHeaderResource` throw.
 *
 * @example
 * ```ts
 * const todos = resourceOf(Todo, {urlPrefix: '/api', path: '/todos/:id', entity: 'Todo', pk: 'id', optimistic: true});
 * ```
 */
export function resourceOf(entity: DeclaredEntityClass, declaration: ResourceDeclaration): Resource<any, any> {
  const {urlPrefix, path, paginationField, pollFrequency} = declaration;
  let resource: Resource<any, any> = createResource({
    urlPrefix,
    path,
    schema: entity,
    ...(paginationField === undefined ? {} : {paginationField}),
    ...(pollFrequency === undefined ? {} : {pollFrequency}),
  });
  if (declaration.linkHeader) resource = linkHeaderResource(resource, paginationField!);
  return declaration.optimistic ? optimisticResource(resource, {pk: declaration.pk}) : resource;
}

/**
 * A given resource with what the attributes ask of it: the reads polled at
 * `pollFrequency` (over their own), and the writes optimistic.
 *
 * @example
 * ```ts
 * const polled = withFeatures(TodoResource, {pk: 'id', optimistic: false, pollFrequency: 5000});
 * ```
 */
export function withFeatures(resource: Resource<any, any>, features: ResourceFeatures): Resource<any, any> {
  const {pollFrequency} = features;
  const polled = pollFrequency === undefined ? resource : resource.extend({get: {pollFrequency}, getList: {pollFrequency}});
  return features.optimistic ? optimisticResource(polled, {pk: features.pk}) : polled;
}
