import type {PropertyValues} from 'lit';
import {property} from 'lit/decorators.js';
import {isPaginated, type FetchableEndpoint} from '../src/endpoint/index.js';
import {SuspenseController, useController} from '../src/lit/index.js';
import {MissingProviderError} from '../src/lit/internal.js';
import {fetchNextPage, nextPageArgs} from '../src/pagination/index.js';
import {pathParams, pick, shortenPath, type Resource} from '../src/rest/index.js';
import {AttributeError, describeElement, parseJsonObject} from './attribute-error.js';
import {declaredResource} from './declared-resource.js';
import {defineElement} from './define-element.js';
import {formValues} from './form-values.js';
import {LinkHeaderError} from './link-header-list.js';
import {optimisticMembers, type MutationMembers} from './optimistic-members.js';

import {TemplateHostElement, type DataLoadDetail, type View} from './template-host-element.js';

/**
 * The writes `<data-resource>` performs (its methods, and `data-action` on forms).
 *
 * @example
 * ```ts
 * const action: ResourceAction = 'partialUpdate'; // <form data-action="partialUpdate">
 * ```
 */
export type ResourceAction = 'create' | 'update' | 'partialUpdate' | 'delete';
const ACTIONS: readonly string[] = ['create', 'update', 'partialUpdate', 'delete'] satisfies ResourceAction[];

type Params = Record<string, unknown>;

/**
 * The template model of `<data-resource>`.
 *
 * @example
 * ```ts
 * // In the template: {{ item.title }}, {{ loading }},
 * // @click="{{ () => resource.delete({id: item.id}) }}".
 * const model: Partial<ResourceModel> = {items: [], loading: true};
 * ```
 */
export interface ResourceModel {
  /** What was read: the entity (`get`) or the list (`getList`, `results` of `{link, results}` with `link-header`); undefined until loaded. */
  readonly data: unknown;
  /** The list (`getList`), `[data]` (`get`), or `[]` before a load. */
  readonly items: readonly unknown[];
  /** The entity (`get`); undefined for a list (inside a repeat, `item` is the row). */
  readonly item: unknown;
  /** True while waiting for a first load. */
  readonly loading: boolean;
  /** True while `data` is that of the previous params, kept (`keep-previous`) while the new params load. */
  readonly previous: boolean;
  /** The error shown, or undefined. */
  readonly error: unknown;
  /** True when the list has a next page to load (see `loadNextPage`). */
  readonly hasMore: boolean;
  /** True while the next page loads. */
  readonly loadingMore: boolean;
  /** The element's writes and `loadNextPage`; they never reject (a failure fires `data-error`). */
  readonly resource: {
    create(body: Params, params?: Params): Promise<unknown>;
    update(params: Params, body: Params): Promise<unknown>;
    partialUpdate(params: Params, body: Params): Promise<unknown>;
    delete(params: Params): Promise<unknown>;
    loadNextPage(): Promise<unknown>;
  };
}

/** Everything the attributes and properties resolve to, or the AttributeError that stops them. */
interface Setup {
  readonly resource: Resource;
  readonly member: 'get' | 'getList';
  readonly params: Params;
  /** Params of the list path (for create). */
  readonly listParams: Params;
  /** Params of the item path, the defaults of update/partialUpdate/delete. */
  readonly itemParams: Params;
  readonly listParamNames: readonly string[];
  readonly itemParamNames: readonly string[];
  readonly pk: string;
  /** The list is read as `{link, results}` (the `link-header` attribute): the model shows `results`. */
  readonly linkHeader: boolean;
}

/**
 * A REST resource declared in HTML. It reads `get` or `getList` through
 * `useSuspense` (so a surrounding `<data-boundary>` shows its fallback and
 * errors), renders its child `<template>` with the model below, and writes
 * through the methods `create`, `replace` (PUT), `partialUpdate` and `delete`, optimistically
 * by default. A `<form data-action="…">` inside it submits through those
 * methods.
 *
 * The resource is `createResource({urlPrefix, path, schema})` where the
 * schema is the shared Entity class of `entity` with `pk()` reading the
 * `pk` field, so every element naming the same `entity` shares its cache
 * rows (and `<data-query entity="…">` reads them). Or give any resource
 * from `createResource` in the `resource` property.
 *
 * Which member is read: `member` when given; otherwise `getList` when the
 * path's last parameter is not in `params` (`/todos/:id` with no `id`),
 * else `get`.
 *
 * Template model: `data` (the list or entity), `items` (the list, `[entity]`
 * for `get`, `[]` before a load), `item` (the entity for `get`), `loading`,
 * `error`, and `resource` with the four writes, which never reject in a
 * template (a failure fires `data-error`). Rows of
 * `<template type="repeat">` keep their DOM by entity pk.
 *
 * Forms: `<form data-action="create|update|partialUpdate|delete">` (inside
 * the template or beside it). The submit is prevented and the fields become
 * the body (see `formValues`: checkboxes are booleans, number inputs
 * numbers, `data-type` forces a type). Fields named like a path parameter
 * (`<input type="hidden" name="id">`) go to the params instead, as does a
 * `data-params` JSON attribute on the form; the element's own path
 * parameters fill the rest. A create form is reset when the write succeeds.
 *
 * Optimistic writes: create shows the new row at once with a temporary pk
 * `tmp-<n>` (in every cached list it matches, through `getList.push`'s
 * schema), replaced by the server's row; update and partialUpdate merge
 * the body into the entity; delete removes the entity from lists at once.
 * A failed write is rolled back and fires a cancelable `data-error`; unless
 * a listener calls `preventDefault()`, the element shows it after its
 * content (a `<template data-state="write-error">` child with `message`,
 * `error`, `action` and `dismiss` in its model, or a default message with a
 * Dismiss button) until it is dismissed.
 *
 * Infinite lists: with `pagination-field` (or a `resource` whose `getList`
 * has `paginationField`), `loadNextPage()` adds the list's next page to
 * the list shown, and so do `<button data-action="loadNextPage">` and
 * `<form data-action="loadNextPage">`; the template reads `hasMore` and
 * `loadingMore`. A page that fails keeps the list and is shown like a
 * failed write. With `link-header` beside `pagination-field`, the next
 * page's URL comes in the response's `Link` header (`rel="next"`): the
 * `pagination-field` param of that URL loads the next page, and a response
 * without `rel="next"` was the last page. The template's `data` and `items`
 * are the list either way.
 *
 * Malformed attributes (bad JSON in `params`, an unknown `member`, a
 * missing or malformed `path`, `link-header` without `pagination-field`)
 * show the error state and fire `data-error`
 * with a message naming the element and the attribute; nothing is thrown.
 *
 * @example
 * ```html
 * <data-provider>
 *   <data-resource url-prefix="/api" path="/todos/:id" entity="Todo">
 *     <template>
 *       <ul>
 *         <template type="repeat" repeat="{{ items }}">
 *           <li>
 *             <input type="checkbox" .checked="{{ item.completed }}"
 *                    @change="{{ () => resource.partialUpdate({id: item.id}, {completed: !item.completed}) }}">
 *             {{ item.title }}
 *             <button @click="{{ () => resource.delete({id: item.id}) }}">Delete</button>
 *           </li>
 *         </template>
 *       </ul>
 *       <form data-action="create"><input name="title" required><button>Add</button></form>
 *     </template>
 *   </data-resource>
 * </data-provider>
 * ```
 *
 * @attr url-prefix - Put before the path, such as `https://api.example.com` (default `''`).
 * @attr path - The path of one item, such as `/todos/:id`; the list path drops the last parameter.
 * @attr pk - The field holding the primary key (default `id`).
 * @attr entity - The cache table (Entity key) the rows go to (default: the list URL).
 * @attr params - The params as a JSON object, such as `{"id": 1}` or `{"userId": 2}`; the `params` property wins.
 * @attr pagination-field - The list's param that picks a page (such as `page`): enables `loadNextPage`. Alone it counts page numbers; with `link-header`, it is the cursor param of the `Link` header's next URL (such as `cursor`). For a cursor in the body, give a `resource` whose `getList` has `paginationField`.
 * @attr link-header - The next page's URL comes in the response's `Link` header (`rel="next"`); needs `pagination-field`, the param of that URL that picks the page. A response without `rel="next"` was the last page.
 * @attr member - `get` or `getList`; by default `getList` when the path's last parameter is not in params, else `get`.
 * @attr optimistic - `false` turns optimistic writes off (default on).
 * @attr poll-frequency - Refetch every this many ms while the element is connected (paused while the page is hidden).
 * @attr keep-previous - While new params load, keep showing the data of the previous ones (`previous` is true in the template) instead of the loading state.
 * @attr loading - Reflected while waiting for a first load.
 * @attr error - Reflected while an error (a failed read, a malformed attribute, a failing template) is shown.
 * @prop {Resource | undefined} resource - A resource from `createResource`, used instead of `url-prefix`, `path`, `entity` and `pk`.
 * @prop {Record<string, unknown> | undefined} params - The params; when set, the `params` attribute is ignored.
 * @fires data-load - When new data is shown (first load, refetch, or a cache change such as an optimistic write); `detail.data` is the data.
 * @fires data-next-page - When `loadNextPage` added a page; `detail.data` is the whole list.
 * @fires data-error - When a read, a write or the template fails, or an attribute is malformed; `detail`: `error`, `message`, and `attribute` or `action`. For a write it is cancelable: `preventDefault()` keeps the element from showing the failure.
 */
export class DataResource extends TemplateHostElement {
  /** Put before the path, such as `https://api.example.com`. */
  @property({attribute: 'url-prefix'}) urlPrefix = '';
  /** The path of one item, such as `/todos/:id`. */
  @property() path?: string;
  /** The field holding the primary key. */
  @property() pk = 'id';
  /** The cache table (Entity key); default: the list URL. */
  @property() entity?: string;
  /** `get` or `getList`; default: see the class description. */
  @property() member?: string;
  /** Whether writes are optimistic; the attribute `optimistic="false"` turns them off. */
  @property({converter: {fromAttribute: (value: string | null) => value === null || value.trim().toLowerCase() !== 'false'}})
  optimistic = true;
  /** Refetch every this many ms while connected; overrides the resource's own `pollFrequency`. */
  @property({attribute: 'poll-frequency', type: Number}) pollFrequency?: number;
  /** While new params load, keep showing the data of the previous ones instead of the loading state. */
  @property({attribute: 'keep-previous', type: Boolean}) keepPrevious = false;
  /** The param of the list that picks a page (`page`, `cursor`): the list then has `loadNextPage`. */
  @property({attribute: 'pagination-field'}) paginationField?: string;
  /** The next page's URL comes in the response's `Link` header (`rel="next"`); needs `paginationField`. */
  @property({attribute: 'link-header', type: Boolean}) linkHeader = false;
  /** The params; when set, the `params` attribute is ignored. */
  @property({attribute: false}) params?: Params;
  /** A resource from `createResource`, instead of the declaring attributes. */
  @property({attribute: false}) resource?: Resource;
  /** The `params` attribute, as written. */
  @property({attribute: 'params'}) private paramsJson?: string;

  private setup: Setup | AttributeError | undefined;
  /** Reads the member chosen by the attributes; `configure` points it at another one when they change. */
  private readonly reader = new SuspenseController<FetchableEndpoint>(this, undefined, () =>
    this.setup === undefined || this.setup instanceof AttributeError ? null : [this.setup.params],
  );
  private readonly ctl = useController(this);
  private readonly model: ResourceModel['resource'] = {
    create: (body, params) => this.quietly(this.create(body, params)),
    update: (params, body) => this.quietly(this.replace(params, body)),
    partialUpdate: (params, body) => this.quietly(this.partialUpdate(params, body)),
    delete: params => this.quietly(this.delete(params)),
    loadNextPage: () => this.quietly(this.loadNextPage()),
  };
  /** The next page being loaded: one at a time. */
  private nextPageLoad?: Promise<unknown>;
  /** The AttributeError each LinkHeaderError is shown as (the same one each time, so it is announced once). */
  private readonly linkHeaderErrors = new WeakMap<LinkHeaderError, AttributeError>();

  constructor() {
    super();
    // The element shows and announces its read errors itself (error content, data-error).
    this.reader.handlesErrors = true;
    this.addEventListener('submit', event => this.onSubmit(event as SubmitEvent));
    this.addEventListener('click', event => this.onClick(event));
  }

  override connectedCallback(): void {
    // Resolve the attributes before the reader connects, so it fetches the right thing at once.
    this.configure();
    super.connectedCallback();
  }

  /**
   * Creates an item: POST to the list path with `body`; the created row
   * joins every cached list it matches. `params` defaults to the element's
   * params of the list path. Resolves with the created entity.
   *
   * @example
   * ```ts
   * await el.create({title: 'Buy milk', completed: false});
   * ```
   */
  create(body: Params, params?: Params): Promise<unknown> {
    return this.write('create', setup => [params ?? setup.listParams, body]);
  }

  /**
   * Replaces an item: PUT to the item path (the resource's `update` member,
   * and `data-action="update"` on a form; the element's method has another
   * name because `update` is Lit's render step). `params` is merged over
   * the element's params of the item path. Resolves with the updated entity.
   *
   * @example
   * ```ts
   * await el.replace({id: 1}, {id: 1, title: 'Buy oat milk', completed: false});
   * ```
   */
  replace(params: Params, body: Params): Promise<unknown> {
    return this.write('update', setup => [{...setup.itemParams, ...params}, body]);
  }

  /**
   * Changes fields of an item: PATCH to the item path. Resolves with the
   * updated entity.
   *
   * @example
   * ```ts
   * await el.partialUpdate({id: 1}, {completed: true});
   * ```
   */
  partialUpdate(params: Params, body: Params): Promise<unknown> {
    return this.write('partialUpdate', setup => [{...setup.itemParams, ...params}, body]);
  }

  /**
   * Deletes an item: DELETE to the item path; the entity leaves every list.
   *
   * @example
   * ```ts
   * await el.delete({id: 1});
   * ```
   */
  delete(params: Params): Promise<unknown> {
    return this.write('delete', setup => [{...setup.itemParams, ...params}]);
  }

  /**
   * Loads the next page of the list and adds it to the list shown (the
   * list needs `pagination-field`, or a `resource` whose `getList` has
   * `paginationField`). Resolves with the whole list, or undefined when
   * there is no next page; while it loads, `loadingMore` is true in the
   * template, and a second call joins the first. A page that fails leaves
   * the list as it was: it fires a cancelable `data-error` (`action`
   * `loadNextPage`) and is shown like a failed write. Also
   * `<button data-action="loadNextPage">` and `<form data-action="loadNextPage">`.
   *
   * @example
   * ```ts
   * const list = document.querySelector('data-resource')!;
   * if (await list.loadNextPage()) console.log('one more page');
   * ```
   */
  loadNextPage(): Promise<unknown> {
    if (this.nextPageLoad) return this.nextPageLoad;
    const setup = this.setup;
    const endpoint = this.reader.endpoint;
    let promise: Promise<unknown>;
    if (setup === undefined || setup instanceof AttributeError || endpoint === undefined) {
      promise = Promise.reject(setup ?? new Error(`${describeElement(this)}: not connected yet`));
    } else if (setup.member !== 'getList') {
      promise = Promise.reject(new Error(`${describeElement(this)}: loadNextPage loads a page of a list, and this element reads one item (member "get")`));
    } else {
      const controller = this.ctl.controller;
      promise = controller ? fetchNextPage(controller, endpoint, setup.params) : Promise.reject(new MissingProviderError(this));
    }
    const load = promise.then(
      value => {
        this.nextPageDone(load);
        const data = this.listOf(value);
        if (data !== undefined) {
          const detail: DataLoadDetail = {data: data};
          this.dispatchEvent(new CustomEvent('data-next-page', {detail: detail, bubbles: true, composed: true}));
        }
        return data;
      },
      (failure: unknown) => {
        this.nextPageDone(load);
        const error = this.named(failure);
        if (this.fireError(error, {action: 'loadNextPage'}, true)) this.showWriteFailure(error, 'loadNextPage');
        throw error;
      },
    );
    this.nextPageLoad = load;
    this.requestUpdate();
    return load;
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.reader.keepPrevious = this.keepPrevious;
    const inputs = ['urlPrefix', 'path', 'pk', 'entity', 'member', 'params', 'resource', 'paramsJson', 'pollFrequency', 'paginationField', 'linkHeader'] as const;
    if (inputs.some(name => changed.has(name))) this.configure();
  }

  protected override view(): View {
    const setup = this.setup;
    const failure = setup instanceof AttributeError ? setup : this.reader.status === 'error' ? this.named(this.reader.error) : undefined;
    const value = failure === undefined ? this.listOf(this.reader.value) : undefined;
    const waiting = failure === undefined && this.reader.status === 'pending';
    const isGet = setup !== undefined && !(setup instanceof AttributeError) && setup.member === 'get';
    const model: ResourceModel = {
      data: value,
      items: Array.isArray(value) ? value : value === undefined || value === null ? [] : [value],
      item: isGet ? value : undefined,
      loading: waiting,
      previous: this.reader.previous,
      error: failure,
      hasMore: failure === undefined && value !== undefined && this.nextPageArgs() !== undefined,
      loadingMore: this.nextPageLoad !== undefined,
      resource: this.model,
    };
    return {state: failure !== undefined ? 'error' : waiting ? 'loading' : 'ready', model: model, data: value, error: failure};
  }

  protected override dataShown(data: unknown): void {
    const detail: DataLoadDetail = {data: data};
    this.dispatchEvent(new CustomEvent('data-load', {detail: detail, bubbles: true, composed: true}));
  }

  /** Resolves the attributes and properties; points the reader at the member to read. */
  private configure(): void {
    let setup: Setup | AttributeError;
    try {
      setup = this.resolveSetup();
    } catch (error) {
      const culprit = this.resource ? 'resource' : 'path';
      setup = error instanceof AttributeError ? error : new AttributeError(describeElement(this), culprit, `is not usable: ${(error as Error)?.message ?? error}`);
    }
    this.setup = setup;
    // The reader switches at its next host update, as it does when its args change.
    this.reader.endpoint = setup instanceof AttributeError ? undefined : polling(setup.resource[setup.member], this.pollFrequency);
  }

  private resolveSetup(): Setup {
    const element = describeElement(this);
    const params = this.params ?? (typeof this.paramsJson === 'string' ? parseJsonObject(element, 'params', this.paramsJson) : {});
    const pk = this.pk?.trim() || 'id';
    let resource = this.resource;
    // Like the other declaring attributes, link-header is for the resource the element builds.
    const linkHeader = !resource && this.linkHeader;
    if (!resource) {
      const path = this.path?.trim();
      if (!path) throw new AttributeError(element, 'path', 'is required (the path of one item, such as /todos/:id), unless the resource property is set');
      let names: string[];
      try {
        names = pathParams(path);
      } catch (error) {
        throw new AttributeError(element, 'path', `is not a valid path template: ${(error as Error).message}`);
      }
      if (names.length === 0) throw new AttributeError(element, 'path', `("${path}") has no parameter: give the path of one item, such as /todos/:id`);
      const urlPrefix = this.urlPrefix ?? '';
      const paginationField = this.paginationField?.trim() || undefined;
      if (linkHeader && !paginationField) {
        throw new AttributeError(element, 'link-header', 'needs "pagination-field": the param of the Link header\'s rel="next" URL that picks the page, such as pagination-field="cursor"');
      }
      try {
        resource = declaredResource({urlPrefix, path, pk, entity: this.entity?.trim() || `${urlPrefix}${shortenPath(path)}`, paginationField, linkHeader});
      } catch (error) {
        throw new AttributeError(element, 'path', `could not make a resource: ${(error as Error).message}`);
      }
    }
    const itemParamNames = pathParams(resource.get.path);
    const listParamNames = pathParams(resource.getList.path);
    const last = itemParamNames[itemParamNames.length - 1];
    let member: 'get' | 'getList';
    const given = this.member?.trim();
    if (given === 'get' || given === 'getList') member = given;
    else if (given) throw new AttributeError(element, 'member', `must be "get" or "getList", got "${given}"`);
    else member = last !== undefined && params[last] !== undefined && params[last] !== null && params[last] !== '' ? 'get' : 'getList';
    return {
      resource,
      member,
      params,
      listParams: pick(params, listParamNames),
      itemParams: pick(params, itemParamNames),
      listParamNames,
      itemParamNames,
      pk,
      linkHeader,
    };
  }

  private write(action: ResourceAction, argsOf: (setup: Setup) => unknown[]): Promise<unknown> {
    const setup = this.setup;
    let promise: Promise<unknown>;
    if (setup === undefined || setup instanceof AttributeError) {
      promise = Promise.reject(setup ?? new Error(`${describeElement(this)}: not connected yet`));
    } else {
      try {
        promise = this.ctl.fetch(this.mutations(setup)[action], ...argsOf(setup)); // throws when there is no provider
      } catch (error) {
        promise = Promise.reject(error);
      }
    }
    // The rollback alone would go unseen: show the failure unless the page takes it (preventDefault).
    promise.catch(error => {
      if (this.fireError(error, {action: action}, true)) this.showWriteFailure(error, action);
    });
    return promise;
  }

  private mutations(setup: Setup): MutationMembers {
    const {resource} = setup;
    if (!this.optimistic) return resource;
    return optimisticMembers(resource, {pk: setup.pk, itemParam: setup.itemParamNames[setup.itemParamNames.length - 1]});
  }

  /** The list in a value read with `link-header` (`{link, results}`), or the value itself. */
  private listOf(value: unknown): unknown {
    const setup = this.setup;
    const paged = setup !== undefined && !(setup instanceof AttributeError) && setup.linkHeader && setup.member === 'getList';
    return paged && value !== null && typeof value === 'object' ? (value as {results?: unknown}).results : value;
  }

  /** A LinkHeaderError as an AttributeError naming this element; other errors as they are. */
  private named(error: unknown): unknown {
    if (!(error instanceof LinkHeaderError)) return error;
    let named = this.linkHeaderErrors.get(error);
    if (!named) this.linkHeaderErrors.set(error, (named = new AttributeError(describeElement(this), 'link-header', error.problem)));
    return named;
  }

  /** The params of the next page of the list shown, or undefined (no list, no pages, no provider yet). */
  private nextPageArgs(): unknown {
    const setup = this.setup;
    const endpoint = this.reader.endpoint;
    if (setup === undefined || setup instanceof AttributeError || setup.member !== 'getList' || !endpoint || !isPaginated(endpoint)) return undefined;
    const controller = this.ctl.controller;
    return controller && nextPageArgs(controller, endpoint, setup.params);
  }

  private nextPageDone(load: Promise<unknown>): void {
    if (this.nextPageLoad === load) this.nextPageLoad = undefined;
    // "hasMore" may change without the list changing (a page that brought nothing).
    this.requestUpdate();
  }

  /** `<button data-action="loadNextPage">` (outside a form of that action, whose submit loads it). */
  private onClick(event: Event): void {
    const target = event.target instanceof Element ? event.target.closest('[data-action="loadNextPage"]') : null;
    if (!target || target instanceof HTMLFormElement || target.closest('data-resource') !== this) return;
    event.preventDefault();
    void this.model.loadNextPage();
  }

  /** For the template: a write that never rejects (its failure already fired `data-error`). */
  private quietly(promise: Promise<unknown>): Promise<unknown> {
    return promise.catch(() => undefined);
  }

  private onSubmit(event: SubmitEvent): void {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.closest('data-resource') !== this) return;
    const action = form.getAttribute('data-action');
    if (action === null) return;
    event.preventDefault();
    if (action === 'loadNextPage') {
      void this.model.loadNextPage();
      return;
    }
    const element = describeElement(this);
    if (!ACTIONS.includes(action)) {
      this.fireError(new AttributeError(element, 'data-action', `of a <form> must be one of ${ACTIONS.join(', ')}, loadNextPage, got "${action}"`));
      return;
    }
    const setup = this.setup;
    let params: Params = {};
    try {
      const json = form.getAttribute('data-params');
      if (json !== null) params = parseJsonObject(`${element} (its <form data-action="${action}">)`, 'data-params', json);
    } catch (error) {
      this.fireError(error);
      return;
    }
    const body = formValues(form, event.submitter);
    const paramNames = setup === undefined || setup instanceof AttributeError ? [] : action === 'create' ? setup.listParamNames : setup.itemParamNames;
    for (const name of paramNames) {
      if (Object.prototype.hasOwnProperty.call(body, name)) {
        params[name] ??= body[name];
        delete body[name];
      }
    }
    let done: Promise<unknown>;
    if (action === 'create') {
      const listParams = setup === undefined || setup instanceof AttributeError ? {} : setup.listParams;
      done = this.create(body, {...listParams, ...params});
    } else if (action === 'delete') done = this.delete(params);
    else if (action === 'update') done = this.replace(params, body);
    else done = this.partialUpdate(params, body);
    done.then(
      () => {
        if (action === 'create') form.reset();
      },
      () => {},
    );
  }
}

/** Copies of members with another `pollFrequency`, one per member and frequency, so a reader keeps its read. */
const pollingCopies = new WeakMap<FetchableEndpoint, Map<number, FetchableEndpoint>>();

/** The member with `poll-frequency` over its own `pollFrequency` (a copy with the same key, so it shares the cache). */
function polling(member: FetchableEndpoint, frequency: number | undefined): FetchableEndpoint {
  const extend = (member as {extend?: (options: {pollFrequency: number}) => FetchableEndpoint}).extend;
  if (frequency === undefined || frequency === null || typeof extend !== 'function') return member;
  let copies = pollingCopies.get(member);
  if (!copies) pollingCopies.set(member, (copies = new Map()));
  let copy = copies.get(frequency);
  if (!copy) copies.set(frequency, (copy = extend.call(member, {pollFrequency: frequency})));
  return copy;
}

defineElement('data-resource', DataResource);

declare global {
  interface HTMLElementTagNameMap {
    'data-resource': DataResource;
  }
}
