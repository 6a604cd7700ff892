import {CollectionSchema, InvalidateSchema, isEntityClass} from '../schema/index.js';
import {bodyOrParams} from './body-or-params.js';
import {RestEndpoint} from './rest-endpoint.js';
import type {Resource, ResourceGenerics, ResourceGenericsOf, ResourceMember, ResourceOptions, ResourceOverrides} from './resource-types.js';
import {shortenPath} from './shorten-path.js';

type Members = Record<ResourceMember, RestEndpoint<any>>;

/**
 * The six endpoints of a REST collection from one item path and schema:
 *
 * - `get`: GET `path`, `schema`.
 * - `getList`: GET `shortenPath(path)`, `schema.Collection([schema])`; params
 *   that are not path parameters go in the query string, and each distinct
 *   params object is its own cached list. `getList.push`, `.unshift` and
 *   `.assign` POST to the list path and add the new item to the matching lists.
 * - `create`: POST `shortenPath(path)` with `getList.push`'s schema, so that
 *   a created item appears in every cached list whose params it matches
 *   (through the call's params or body). It is its own endpoint: extending
 *   `create` leaves `getList.push` alone and the other way round.
 * - `update` (PUT `path`) and `partialUpdate` (PATCH `path`), `schema`.
 * - `delete`: DELETE `path`, `schema.Invalidate(schema)`; its `process`
 *   returns the parsed body when it is an object that holds the pk, else the params.
 *
 * Other options (`urlPrefix`, `getHeaders`, `dataExpiryLength`...) go to every
 * member, but `paginationField` and `nextPage` only to `getList` (into whose cached list
 * the pagination part loads its next pages), and `retry` only to `get` and `getList` (a mutation is retried
 * only when its own member is extended with `retry`); `Endpoint` picks the RestEndpoint subclass they are made of. The
 * list's Collection is keyed by the entity and the list URL, so two resources
 * over one entity at different paths keep separate lists.
 *
 * @example
 * ```ts
 * const ArticleResource = createResource({urlPrefix: 'https://api.example.com', path: '/articles/:id', schema: Article});
 * await controller.fetch(ArticleResource.partialUpdate, {id: 1}, {title: 'New'});
 * const Optimistic = ArticleResource.extend({
 *   partialUpdate: {getOptimisticResponse: (_snap, params, body) => ({id: params.id, ...body})},
 * });
 * ```
 */
export function createResource<const O extends ResourceGenerics>(options: ResourceGenericsOf<O> & ResourceOptions): Resource<O> {
  const {path, schema, Endpoint = RestEndpoint, searchParams, body, retry, paginationField, nextPage, ...common} = options as ResourceOptions;
  if (typeof path !== 'string') throw new TypeError('createResource: the `path` option (a string) is required');
  if (schema === undefined) throw new TypeError(`createResource: the \`schema\` option is required (path "${path}")`);
  const listPath = shortenPath(path);
  const bodyMarker = 'body' in options ? {body} : {};
  const make = (member: object): RestEndpoint<any> => new Endpoint({...common, ...member});
  // Retries given to the resource are for its reads; a mutation opts in through extend().
  const reads = retry === undefined ? {} : {retry};

  const list = new CollectionSchema([schema as never], {key: `Collection(${itemName(schema)} ${common.urlPrefix ?? ''}${listPath})`});
  // Pages are the list's: the pagination part loads the next one into it.
  const paging = {...(paginationField === undefined ? {} : {paginationField}), ...(nextPage === undefined ? {} : {nextPage})};
  const getList = make({path: listPath, schema: list, method: 'GET', body: undefined, ...reads, ...paging, ...('searchParams' in options ? {searchParams} : {})});
  const members: Members = {
    get: make({path, schema, method: 'GET', body: undefined, ...reads}),
    getList,
    create: make({path: listPath, schema: list.push, method: 'POST', ...bodyMarker}),
    update: make({path, schema, method: 'PUT', ...bodyMarker}),
    partialUpdate: make({path, schema, method: 'PATCH', ...bodyMarker}),
    delete: make({
      path,
      schema: isEntityClass(schema) ? new InvalidateSchema(schema) : undefined,
      method: 'DELETE',
      body: undefined,
      // A body without the pk (`{"success": true}`) names no entity: the params do.
      process: bodyOrParams(common.process ?? Endpoint.prototype.process, isEntityClass(schema) ? body => schema.pk(body) !== undefined : undefined),
    }),
  };
  return buildResource(members) as Resource<O>;
}

function buildResource(members: Members): Resource {
  return {
    ...members,
    // The types of the extended members are worked out by Resource['extend']'s signature.
    extend: ((overrides: ResourceOverrides) => extendResource(members, overrides)) as Resource['extend'],
  };
}

function extendResource(members: Members, overrides: ResourceOverrides): Resource {
  const next: Members = {...members};
  for (const name of Object.keys(overrides)) {
    // `members` holds the six members, in the order the message lists them.
    if (!Object.hasOwn(members, name)) {
      throw new TypeError(`resource.extend: "${name}" is not a member (expected one of ${Object.keys(members).join(', ')})`);
    }
    const member = name as ResourceMember;
    next[member] = members[member].extend(overrides[member] ?? {});
  }
  // create adds to getList's lists: a getList given another Collection takes create along.
  const listSchema: unknown = next.getList.schema;
  if (listSchema !== members.getList.schema && listSchema instanceof CollectionSchema && !overrides.create?.schema) {
    next.create = next.create.extend({schema: listSchema.push});
  }
  return buildResource(next);
}

function itemName(schema: unknown): string {
  if (typeof schema === 'function') return (schema as {key?: string}).key ?? schema.name;
  return 'item';
}
