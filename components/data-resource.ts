import type {PropertyValues} from 'lit';
import type {Controller} from '../src/core/index.js';
import type {FetchableEndpoint} from '../src/endpoint/index.js';
import {SuspenseController} from '../src/lit/index.js';
import {ControllerResolver} from '../src/lit/internal.js';
import {fetchNextPage} from '../src/pagination/index.js';
import type {Resource} from '../src/rest/index.js';
import {AttributeError, describeElement} from './attribute-error.js';
import {declarationsOf} from './declarations.js';
import {defineElement} from './define-element.js';
import {NextPageLoad} from './next-page-load.js';
import {listenForActions} from './resource-forms.js';
import {MEMBER_OF, type ResourceAction, type ResourceModel} from './resource-model.js';
import {asAttributeError, hasNextPage, linkHeaderAttributeError, readSetup, RESOURCE_INPUTS, resourceSetup, shownValue, writeArgs, type ResourceSetup, type Setup} from './resource-setup.js';
import {TemplateHostElement, type DataLoadDetail, type View} from './template-host-element.js';

type Params = Record<string, unknown>;

/**
 * A REST resource declared in HTML, rendered through its child `<template>`
 * (docs/elements.md). It maps its attributes to the options a Lit component
 * gives the same features, and renders: its resource is `createResource`
 * over the provider's Entity class of `entity` (`pk`), `linkHeaderResource`
 * with `link-header`, `optimisticResource` unless `optimistic="false"` (or
 * the `resource` property, with those applied). It reads `get` or `getList`
 * through `useSuspense`'s controller (`get` when `params` name the item, else
 * `getList`, unless `member` says); writes with `create`, `replace` (PUT),
 * `partialUpdate`, `delete` and `<form data-action>` (`update` is an alias
 * of `replace`); loads pages with `loadNextPage`. A failed write rolls back
 * and fires a cancelable `data-error`, shown unless prevented; a malformed
 * attribute shows the error state, naming the element and the attribute.
 *
 * @example
 * ```html
 * <data-provider>
 *   <data-resource url-prefix="/api" path="/todos/:id" entity="Todo">
 *     <template><template type="repeat" repeat="{{ items }}"><p>{{ item.title }}</p></template></template>
 *     <form data-action="create"><input name="title"><button>Add</button></form>
 *   </data-resource>
 * </data-provider>
 * ```
 *
 * @attr url-prefix - Put before the path, such as `https://api.example.com` (default `''`).
 * @attr path - The path of one item, such as `/todos/:id`; the list path drops the last parameter.
 * @attr pk - The field holding the primary key (default `id`).
 * @attr entity - The cache table (Entity key) the rows go to (default: the list URL).
 * @attr params - The params as a JSON object, such as `{"id": 1}` or `{"userId": 2}`; the `params` property wins.
 * @attr pagination-field - The list's param that picks a page (such as `page`): enables `loadNextPage`. Alone it counts page numbers; with `link-header`, it is the param of the `Link` header's next URL (such as `cursor`).
 * @attr link-header - The next page's URL comes in the response's `Link` header (`rel="next"`); needs `pagination-field`. A response without `rel="next"` was the last page.
 * @attr member - `get` or `getList`; by default `getList` when the path's last parameter is not in params, else `get`.
 * @attr optimistic - `false` turns optimistic writes off (default on).
 * @attr poll-frequency - Refetch every this many ms while the element is connected (paused while the page is hidden).
 * @attr keep-previous - While new params load, keep showing the data of the previous ones (`previous` is true in the template).
 * @attr loading - Reflected while waiting for a first load.
 * @attr error - Reflected while an error (a failed read, a malformed attribute, a failing template) is shown.
 * @prop {Resource | undefined} resource - A resource from `createResource`, used instead of `url-prefix`, `path`, `entity` and `pk`.
 * @prop {Record<string, unknown> | undefined} params - The params; when set, the `params` attribute is ignored.
 * @fires data-load - When new data is shown (first load, refetch, or a cache change such as an optimistic write); `detail.data` is the data.
 * @fires data-next-page - When `loadNextPage` added a page; `detail.data` is the whole list.
 * @fires data-error - When a read, a write or the template fails, or an attribute is malformed; `detail`: `error`, `message`, and `attribute` or `action` (`create`, `replace`, `partialUpdate`, `delete`, `loadNextPage`). For a write it is cancelable: `preventDefault()` keeps the element from showing the failure.
 */
export class DataResource extends TemplateHostElement {
  // Declared here rather than with decorators: their helper would weigh on every page that loads the element.
  // A private one keeps its name in production builds too (scripts/private-names.mjs): Lit defines it by name.
  static override properties = {
    urlPrefix: {attribute: 'url-prefix'},
    path: {},
    pk: {},
    entity: {},
    member: {},
    optimistic: {converter: {fromAttribute: (value: string | null) => value === null || value.trim().toLowerCase() !== 'false'}},
    pollFrequency: {attribute: 'poll-frequency', type: Number},
    keepPrevious: {attribute: 'keep-previous', type: Boolean},
    paginationField: {attribute: 'pagination-field'},
    linkHeader: {attribute: 'link-header', type: Boolean},
    params: {attribute: false},
    resource: {attribute: false},
    paramsJson: {attribute: 'params'},
  };

  /** Put before the path, such as `https://api.example.com`. */
  urlPrefix = '';
  /** The path of one item, such as `/todos/:id`. */
  declare path?: string;
  /** The field holding the primary key. */
  pk = 'id';
  /** The cache table (Entity key); default: the list URL. */
  declare entity?: string;
  /** `get` or `getList`; default: see the class description. */
  declare member?: string;
  /** Whether writes are optimistic; the attribute `optimistic="false"` turns them off. */
  optimistic = true;
  /** Refetch every this many ms while connected; overrides the resource's own `pollFrequency`. */
  declare pollFrequency?: number;
  /** While new params load, keep showing the data of the previous ones instead of the loading state. */
  keepPrevious = false;
  /** The param of the list that picks a page (`page`, `cursor`): the list then has `loadNextPage`. */
  declare paginationField?: string;
  /** The next page's URL comes in the response's `Link` header (`rel="next"`); needs `paginationField`. */
  linkHeader = false;
  /** The params; when set, the `params` attribute is ignored. */
  declare params?: Params;
  /** A resource from `createResource`, instead of the declaring attributes. */
  declare resource?: Resource<any, any>;
  /** The `params` attribute, as written. */
  private declare paramsJson?: string;

  /** The resource the inputs ask for, and the Controller whose declarations it came from. */
  private built?: {setup: ResourceSetup | AttributeError; controller: Controller | undefined};
  private setup?: Setup | AttributeError;
  private readonly resolver = new ControllerResolver(this, () => this.requestUpdate());
  private readonly reader = new SuspenseController<FetchableEndpoint>(this, undefined, () => (this.usable ? [this.usable.params] : null));
  private readonly model: ResourceModel['resource'] = {
    create: (body, params) => quietly(this.create(body, params)),
    replace: (params, body) => quietly(this.replace(params, body)),
    partialUpdate: (params, body) => quietly(this.partialUpdate(params, body)),
    delete: params => quietly(this.delete(params)),
    loadNextPage: () => quietly(this.loadNextPage()),
  };
  private readonly pages = new NextPageLoad(this);
  /** The AttributeError each error of the Link header is shown as (the same one each time, so it is announced once). */
  private readonly shownErrors = new WeakMap<object, unknown>();

  constructor() {
    super();
    // The element shows and announces its read errors itself (error content, data-error).
    this.reader.handlesErrors = true;
    const host = this;
    listenForActions(this, {
      get setup() {
        return host.usable;
      },
      perform: (action, params, body) => (action === 'loadNextPage' ? this.loadNextPage() : this.write(action, params, body)),
      report: error => this.fireError(error),
    });
  }

  /** Creates an item: POST to the list path (`params` default to the element's list params); it joins every cached list it matches; resolves with the created entity. @example `await el.create({title: 'Buy milk'});` */
  create(body: Params, params?: Params): Promise<unknown> {
    return this.write('create', params, body);
  }

  /** Replaces an item: PUT to the item path, `params` over the element's item params (the resource's `update` member: `update` is Lit's render step); resolves with the entity. @example `await el.replace({id: 1}, {id: 1, title: 'Buy oat milk'});` */
  replace(params: Params, body: Params): Promise<unknown> {
    return this.write('replace', params, body);
  }

  /** Changes fields of an item: PATCH to the item path, `params` over the element's item params; resolves with the entity. @example `await el.partialUpdate({id: 1}, {completed: true});` */
  partialUpdate(params: Params, body: Params): Promise<unknown> {
    return this.write('partialUpdate', params, body);
  }

  /** Deletes an item: DELETE to the item path, `params` over the element's item params; the entity leaves every list. @example `await el.delete({id: 1});` */
  delete(params: Params): Promise<unknown> {
    return this.write('delete', params, undefined);
  }

  /** Adds the next page to the list shown (a second call joins the first: `loadingMore`); resolves with the whole list, or undefined at the end; a failed page keeps the list and is shown like a failed write. @example `if (await el.loadNextPage()) console.log('more');` */
  loadNextPage(): Promise<unknown> {
    const list = (setup: Setup) => {
      if (setup.member === 'getList') return fetchNextPage(this.resolver.require(), setup.resource.getList, setup.params);
      throw new Error(`${describeElement(this)}: loadNextPage loads a page of a list, and this element reads one item (member "get")`);
    };
    return this.pages.run(() =>
      this.attempt(list).then(
        value => {
          const detail: DataLoadDetail = {data: shownValue(this.usable, value)};
          if (detail.data !== undefined) this.dispatchEvent(new CustomEvent('data-next-page', {detail, bubbles: true, composed: true}));
          return detail.data;
        },
        (failure: unknown) => {
          throw this.failed(this.named(failure), 'loadNextPage');
        },
      ),
    );
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.reader.keepPrevious = this.keepPrevious;
    const element = describeElement(this);
    const controller = this.resolver.controller;
    const rebuild = !this.built || this.built.controller !== controller || RESOURCE_INPUTS.some(name => changed.has(name));
    if (rebuild) this.built = {setup: asAttributeError(element, () => resourceSetup(element, this, declarationsOf(controller))), controller};
    if (!rebuild && !['params', 'paramsJson', 'member'].some(name => changed.has(name))) return;
    const built = this.built!.setup;
    const read = {params: this.params, paramsJson: this.paramsJson, member: this.member};
    this.setup = built instanceof AttributeError ? built : asAttributeError(element, () => readSetup(element, read, built));
    // The reader switches at its own update, right after this one, as it does when its args change.
    this.reader.endpoint = this.usable?.resource[this.usable.member];
  }

  protected override view(): View {
    const failure = this.setup instanceof AttributeError ? this.setup : this.reader.status === 'error' ? this.named(this.reader.error) : undefined;
    const value = failure === undefined ? shownValue(this.usable, this.reader.value) : undefined;
    const waiting = failure === undefined && this.reader.status === 'pending';
    const model: ResourceModel = {
      data: value,
      items: Array.isArray(value) ? value : value === undefined || value === null ? [] : [value],
      item: this.usable?.member === 'get' ? value : undefined,
      loading: waiting,
      previous: this.reader.previous,
      error: failure,
      hasMore: failure === undefined && value !== undefined && hasNextPage(this.resolver.controller, this.usable),
      loadingMore: this.pages.loading,
      pendingOffline: this.reader.pendingOffline,
      resource: this.model,
    };
    return {state: failure !== undefined ? 'error' : waiting ? 'loading' : 'ready', model, data: value, error: failure};
  }

  protected override dataShown(data: unknown): void {
    const detail: DataLoadDetail = {data};
    this.dispatchEvent(new CustomEvent('data-load', {detail, bubbles: true, composed: true}));
  }

  /** The setup, when the inputs are usable. */
  private get usable(): Setup | undefined {
    return this.setup instanceof AttributeError ? undefined : this.setup;
  }

  /** Runs `run` with the setup, as a promise (a malformed or missing setup, or a throw, rejects it). */
  private attempt(run: (setup: Setup) => Promise<unknown>): Promise<unknown> {
    try {
      const setup = this.usable;
      if (!setup) throw this.setup ?? new Error(`${describeElement(this)}: not connected yet`);
      return run(setup);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private write(action: ResourceAction, params: Params | undefined, body: Params | undefined): Promise<unknown> {
    const promise = this.attempt(setup => this.resolver.require().fetch(setup.resource[MEMBER_OF[action]], ...writeArgs(action, setup, params, body)));
    // The rollback alone would go unseen: show the failure unless the page takes it (preventDefault).
    promise.catch(error => this.failed(error, action));
    return promise;
  }

  /** Announces a failed write or page (cancelable), shows it unless prevented, and gives it back. */
  private failed(error: unknown, action: string): unknown {
    if (this.fireError(error, {action}, true)) this.showWriteFailure(error, action);
    return error;
  }

  /** An error of the Link header as the AttributeError of `link-header` (the same one each time); other errors, and those of a given resource, as they are. */
  private named(error: unknown): unknown {
    if (error === null || typeof error !== 'object' || this.resource) return error;
    if (!this.shownErrors.has(error)) this.shownErrors.set(error, linkHeaderAttributeError(describeElement(this), error) ?? error);
    return this.shownErrors.get(error);
  }
}

/** For the template: a write that never rejects (its failure already fired `data-error`). */
function quietly(promise: Promise<unknown>): Promise<unknown> {
  return promise.catch(() => undefined);
}

defineElement('data-resource', DataResource);

declare global {
  interface HTMLElementTagNameMap {
    'data-resource': DataResource;
  }
}
