import type {Controller} from '../src/core/index.js';
import type {Query} from '../src/endpoint/index.js';
import type {Resource} from '../src/rest/index.js';
import type {AllSchema} from '../src/schema/index.js';
import {entityClass, type DeclaredEntityClass} from './declared-entity.js';
import {queryOf, type QueryDeclaration} from './declared-query.js';
import type {ResourceDeclaration, ResourceFeatures} from './declared-resource.js';
import {shelfOf, type DeclaredSummary, type Summarized} from './declarations-shelf.js';

/**
 * What the elements under one Controller (one `<data-provider>`, unless
 * providers are given the same Controller) declare by name: the Entity
 * class of each table and pk field, the resources of `<data-resource>` and
 * the Queries of `<data-query>`. Equal declarations get the same object, so
 * elements naming the same table share its cache rows, and elements
 * declaring the same resource share its endpoints. Another provider has its
 * own, and so has another copy of the library: nothing is kept at module
 * level. Get it with {@link declarationsOf}.
 *
 * @example
 * ```ts
 * const declarations = declarationsOf(document.querySelector('data-provider')!.activeController);
 * const Todo = declarations.entity('Todo');
 * const open = new Query(new schema.All(Todo), todos => todos.filter(t => !t.completed));
 * ```
 */
export class Declarations implements Summarized {
  private readonly entities = new Map<string, {entity: DeclaredEntityClass; key: string; pk: string}>();
  private readonly resources = new Map<string, {resource: Resource<any, any>; declaration: ResourceDeclaration}>();
  private readonly adapted = new WeakMap<Resource<any, any>, Map<string, Resource<any, any>>>();
  private readonly queries = new Map<string, Query<AllSchema, [], unknown>>();

  /** The Entity class of table `key` whose `pk()` reads the `pk` field. */
  entity(key: string, pk = 'id'): DeclaredEntityClass {
    return remember(this.entities, [key, pk], () => ({entity: entityClass(key, pk), key, pk})).entity;
  }

  /**
   * The resource a `<data-resource>` of these attributes builds with `build`
   * (`resourceOf`), the same object for equal declarations; throws what
   * `build` throws. The builder is the caller's, so that a page of
   * `<data-query>` alone loads no code that builds resources.
   */
  resource(declaration: ResourceDeclaration, build: (entity: DeclaredEntityClass, declaration: ResourceDeclaration) => Resource<any, any>): Resource<any, any> {
    const {urlPrefix, path, entity, pk, paginationField, linkHeader = false, pollFrequency, optimistic} = declaration;
    const id = [urlPrefix, path, entity, pk, paginationField ?? null, linkHeader, pollFrequency ?? null, optimistic];
    return remember(this.resources, id, () => ({resource: build(this.entity(entity, pk), declaration), declaration})).resource;
  }

  /** A given resource with what the attributes ask of it, made by `adapt` (`withFeatures`), the same object each time. */
  withFeatures(resource: Resource<any, any>, features: ResourceFeatures, adapt: (resource: Resource<any, any>, features: ResourceFeatures) => Resource<any, any>): Resource<any, any> {
    let byFeatures = this.adapted.get(resource);
    if (!byFeatures) this.adapted.set(resource, (byFeatures = new Map()));
    return remember(byFeatures, [features.pk, features.optimistic, features.pollFrequency ?? null], () => adapt(resource, features));
  }

  /** The Query a `<data-query>` of these attributes runs (see `queryOf`). */
  query(declaration: QueryDeclaration): Query<AllSchema, [], unknown> {
    const {entity, pk = 'id', filter, sort, count = false} = declaration;
    return remember(this.queries, [entity, pk, filter ?? null, sort ?? '', count], () => queryOf(this.entity(entity, pk), declaration));
  }

  /** The tables and resources declared so far, as plain data. */
  summary(): DeclaredSummary {
    return {
      entities: [...this.entities.values()].map(({key, pk}) => ({key, pk})),
      resources: [...this.resources.values()].map(({declaration: {urlPrefix, path, entity}}) => ({urlPrefix, path, entity})),
    };
  }
}

/**
 * The declarations of the elements under `controller` (for this copy of
 * the library), created on first use; a fresh one for no Controller (an
 * element without a provider, whose read fails anyway).
 *
 * @example
 * ```ts
 * const Todo = declarationsOf(provider.activeController).entity('Todo');
 * provider.activeController.get(Todo, {id: 1});
 * ```
 */
export function declarationsOf(controller: Controller | undefined): Declarations {
  if (!controller) return new Declarations();
  const shelf = shelfOf(controller);
  let declarations = shelf.get(COPY) as Declarations | undefined;
  if (!declarations) shelf.set(COPY, (declarations = new Declarations()));
  return declarations;
}

/** This copy of the library, as a key of the shelf. */
const COPY = {};

function remember<T>(map: Map<string, T>, id: unknown[], make: () => T): T {
  const key = JSON.stringify(id);
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}
