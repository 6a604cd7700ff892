import type {Controller} from '../src/core/index.js';
import {isPaginated} from '../src/endpoint/index.js';
import {checkResource, DEV_MODE} from '../src/dev/index.js';
import {LinkHeaderError, nextPageArgs} from '../src/pagination/index.js';
import {pathParams, pick, shortenPath, type Resource} from '../src/rest/index.js';
import {AttributeError, parseJsonObject} from './attribute-error.js';
import type {ResourceAction} from './resource-model.js';
import {resourceOf, withFeatures} from './declared-resource.js';
import type {Declarations} from './declarations.js';

type Params = Record<string, unknown>;

/** `<data-resource>`'s attributes and properties, as it holds them. */
export interface ResourceInputs {
  readonly urlPrefix?: string;
  readonly path?: string;
  readonly pk?: string;
  readonly entity?: string;
  readonly optimistic: boolean;
  readonly pollFrequency?: number;
  readonly paginationField?: string;
  readonly linkHeader: boolean;
  readonly resource?: Resource<any, any>;
}

/** What to read of the resource: the `params` property, else the `params` attribute's JSON, and `member`. */
export interface ReadInputs {
  readonly params: Params | undefined;
  readonly paramsJson: string | undefined;
  readonly member: string | undefined;
}

/** The inputs that change the resource; the others (params, member) only change what is read of it. */
export const RESOURCE_INPUTS = ['urlPrefix', 'path', 'pk', 'entity', 'optimistic', 'pollFrequency', 'paginationField', 'linkHeader', 'resource'] as const;

/** The resource the inputs ask for, with the parameter names of its paths. */
export interface ResourceSetup {
  readonly resource: Resource<any, any>;
  readonly listParamNames: readonly string[];
  readonly itemParamNames: readonly string[];
  /** The list is read as `{link, results}` (`link-header`, or a given `linkHeaderResource`): the element shows `results`. */
  readonly linkHeader: boolean;
}

/** What is read of the resource, and the params each write starts from. */
export interface Setup extends ResourceSetup {
  readonly member: 'get' | 'getList';
  readonly params: Params;
  /** Params of the list path (for create). */
  readonly listParams: Params;
  /** Params of the item path, the defaults of replace, partialUpdate and delete. */
  readonly itemParams: Params;
}

/**
 * The resource `<data-resource>`'s inputs ask for: the `resource` property
 * with the features the attributes ask of it, or the one they declare,
 * from `declarations`. Throws an AttributeError naming `element` and the
 * attribute at fault.
 */
export function resourceSetup(element: string, inputs: ResourceInputs, declarations: Declarations): ResourceSetup {
  const pk = inputs.pk?.trim() || 'id';
  const poll = inputs.pollFrequency;
  // Checked here, where the attribute can be named: the resource would refuse it, as the path's fault.
  if (poll !== undefined && poll !== null && !(poll > 0)) throw new AttributeError(element, 'poll-frequency', `must be a number of ms above 0, got ${poll}`);
  const features = {pk, optimistic: inputs.optimistic, ...(typeof inputs.pollFrequency === 'number' ? {pollFrequency: inputs.pollFrequency} : {})};
  // Like the other declaring attributes, link-header is for the resource the element builds.
  const linkHeader = !inputs.resource && inputs.linkHeader;
  let resource: Resource<any, any>;
  if (inputs.resource) {
    const given = inputs.resource;
    resource = attempt(
      element,
      'resource',
      'is not usable',
      () => {
        // Development mode says what was given instead (an endpoint of the resource, say); production fails on it as it goes.
        if (DEV_MODE) checkResource(given, 'it', true);
        return declarations.withFeatures(given, features, withFeatures);
      },
      'resource property',
    );
  } else {
    const path = inputs.path?.trim();
    if (!path) throw new AttributeError(element, 'path', 'is required (the path of one item, such as /todos/:id), unless the resource property is set');
    const names = attempt(element, 'path', 'is not a valid path template', () => pathParams(path));
    if (names.length === 0) throw new AttributeError(element, 'path', `("${path}") has no parameter: give the path of one item, such as /todos/:id`);
    const urlPrefix = inputs.urlPrefix ?? '';
    const paginationField = inputs.paginationField?.trim() || undefined;
    if (linkHeader && !paginationField) {
      throw new AttributeError(element, 'link-header', 'needs "pagination-field": the param of the Link header\'s rel="next" URL that picks the page, such as pagination-field="cursor"');
    }
    const entity = inputs.entity?.trim() || `${urlPrefix}${shortenPath(path)}`;
    resource = attempt(element, 'path', 'could not make a resource', () => declarations.resource({urlPrefix, path, entity, paginationField, linkHeader, ...features}, resourceOf));
  }
  return {resource, itemParamNames: pathParams(resource.get.path), listParamNames: pathParams(resource.getList.path), linkHeader: linkHeader || readsLinkHeader(resource)};
}

/** Whether the list of a given resource is read as `{link, results}`, as `linkHeaderResource` makes it. */
function readsLinkHeader(resource: Resource<any, any>): boolean {
  const schema = resource.getList.schema as {link?: unknown; results?: unknown} | undefined;
  return schema !== null && typeof schema === 'object' && schema.link === '' && schema.results !== undefined;
}

/**
 * What is read: the params (the `params` property, else the attribute's
 * JSON) and the member (`member`, else `get` when the params name the item,
 * else `getList`). Throws an AttributeError naming `element`.
 */
export function readSetup(element: string, inputs: ReadInputs, setup: ResourceSetup): Setup {
  const params = inputs.params ?? (typeof inputs.paramsJson === 'string' ? parseJsonObject(element, 'params', inputs.paramsJson) : {});
  const last = setup.itemParamNames[setup.itemParamNames.length - 1];
  const given = inputs.member?.trim();
  let member: 'get' | 'getList';
  if (given === 'get' || given === 'getList') member = given;
  else if (given) throw new AttributeError(element, 'member', `must be "get" or "getList", got "${given}"`);
  else member = last !== undefined && params[last] !== undefined && params[last] !== null && params[last] !== '' ? 'get' : 'getList';
  return {...setup, member, params, listParams: pick(params, setup.listParamNames), itemParams: pick(params, setup.itemParamNames)};
}

function attempt<T>(element: string, attribute: string, problem: string, run: () => T, input?: string): T {
  try {
    return run();
  } catch (error) {
    throw new AttributeError(element, attribute, `${problem}: ${(error as Error)?.message ?? error}`, input);
  }
}

/**
 * The result of `run`, or what it throws as an AttributeError (naming the
 * `path` attribute unless it names one): what `<data-resource>` shows.
 */
export function asAttributeError<T>(element: string, run: () => T): T | AttributeError {
  try {
    return run();
  } catch (error) {
    return error instanceof AttributeError ? error : new AttributeError(element, 'path', `is not usable: ${(error as Error)?.message ?? error}`);
  }
}

/** The list of a value read as `{link, results}` (`link-header`), or the value itself. */
export function shownValue(setup: Setup | undefined, value: unknown): unknown {
  const paged = setup !== undefined && setup.linkHeader && setup.member === 'getList';
  return paged && value !== null && typeof value === 'object' ? (value as {results?: unknown}).results : value;
}

/** Whether the list read has a next page (false for an item, a list without pages, or no Controller). */
export function hasNextPage(controller: Controller | undefined, setup: Setup | undefined): boolean {
  if (!controller || setup?.member !== 'getList' || !isPaginated(setup.resource.getList)) return false;
  return nextPageArgs(controller, setup.resource.getList, setup.params) !== undefined;
}

/** A LinkHeaderError as the AttributeError of the `link-header` attribute; undefined for another error. */
export function linkHeaderAttributeError(element: string, error: unknown): AttributeError | undefined {
  if (!(error instanceof LinkHeaderError)) return undefined;
  const problem = `expects the next page's URL, with the "${error.field}" param (pagination-field), in the Link header; the one of GET ${error.url} does not fit: ${error.reason}`;
  return new AttributeError(element, 'link-header', problem);
}

/**
 * The arguments of a write: a create's params default to the list params
 * read; the other writes' params go over the item params read.
 */
export function writeArgs(action: ResourceAction, setup: Setup, params: Params | undefined, body: Params | undefined): unknown[] {
  if (action === 'create') return [params ?? setup.listParams, body];
  const item = {...setup.itemParams, ...params};
  return action === 'delete' ? [item] : [item, body];
}
