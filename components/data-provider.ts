import {css, html, LitElement, type PropertyValues} from 'lit';
import {Controller, isController} from '../src/core/index.js';
import {DEV_MODE, shownValue} from '../src/dev/index.js';
import {dataContext} from '../src/lit/index.js';
import {announceFailure, ContextProvider, ensureContextRoot} from '../src/lit/internal.js';
import type {Persistence} from '../src/persist/index.js';
import {Refresh} from '../src/refresh/index.js';
import type {DehydratedState} from '../src/snapshots/index.js';
import {defineElement} from './define-element.js';
import {checkLateSnapshot, noteSnapshotRead} from './late-snapshot.js';
import {loadProviderPlugins} from './load-provider-plugins.js';
import {providerFeatures} from './provider-features.js';
import {PROVIDER_OPTION_ATTRIBUTES, providerOptions} from './provider-options.js';
import type {AttachedProviderPlugins} from './provider-plugins.js';

/**
 * Provides a Controller (the cache) to every element below it. It creates one
 * unless a Controller is given in its `controller` property; nested providers
 * scope their own subtree. Elements that connect before the provider is
 * defined still find it.
 *
 * Its own Controller keeps what readers show fresh (the refresh part:
 * polling, refetch on focus and on reconnect) and retries failed GETs.
 *
 * With `lit-data-elements/hydrate-support` loaded, its own Controller can
 * start from a snapshot (`dehydrate(controller)`, for example taken on the
 * server): the `initialState` property, or a child
 * `<script type="application/json">` holding its JSON (placed before the
 * elements that read). Either is read once, when the provider's Controller
 * is first needed (at the latest when the provider connects); a snapshot
 * that is refused is reported and the cache starts empty, and so is a
 * snapshot given without the hydrate support loaded.
 *
 * Its own Controller can also sync across tabs (`sync-tabs`), save its
 * confirmed state to IndexedDB (`persist`, `persist-version`) and hold
 * writes while offline (`queue-offline`, with `offlineEndpoints`): each is
 * opt-in, read when the provider connects, and stop when it disconnects.
 * Their code is loaded only when a provider asks for them (`await
 * provider.ready` waits until they run).
 *
 * @example
 * ```html
 * <data-provider>
 *   <script type="application/json">{"kind":"data-elements/state","version":1,…}</script>
 *   <data-resource url-prefix="/api" path="/todos/:id" member="getList">…</data-resource>
 * </data-provider>
 * <data-provider sync-tabs="my-app" persist="my-app" persist-version="3" queue-offline>…</data-provider>
 * ```
 *
 * Its own Controller's options can be set from HTML, read once when the
 * Controller is created (see `providerOptions`); a malformed value fires
 * `data-error` and is reported (`reportError`), and the default applies.
 *
 * @slot - The subtree that reads from this provider's cache.
 * @attr retry - `0` or `false` turns retries of failed reads off; a number sets how many (default 3).
 * @attr retry-delay - The wait before the first retry, in ms (default 1000; it doubles at each retry).
 * @attr retry-max-delay - The longest wait between retries, in ms (default 30000).
 * @attr error-expiry - How long a failed read stands before a reader tries it again, in ms (default 1000).
 * @attr data-expiry - How long fetched data stays fresh, in ms (default 60000).
 * @attr refetch-on-focus - `false`: stale data shown is not refetched when the page gets focus again (default on).
 * @attr refetch-on-reconnect - `false`: stale data shown is not refetched when the browser comes back online (default on).
 * @fires data-error - When an option attribute is malformed (the default applies; `detail.attribute` names it, and unless a listener calls `preventDefault()` it is also reported with `reportError`), or a snapshot cannot be read; `detail`: `error`, `message`.
 * @prop {Controller | undefined} controller - A Controller to provide instead of the provider's own.
 * @prop {DehydratedState | string | undefined} initialState - A snapshot the provider's own Controller starts from.
 */
export class DataProvider extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  // Declared here rather than with decorators: their helper would weigh on every app that loads the provider.
  static override properties = {
    controller: {attribute: false},
    initialState: {attribute: false},
    syncTabs: {attribute: 'sync-tabs'},
    persist: {},
    persistVersion: {attribute: 'persist-version'},
    queueOffline: {attribute: 'queue-offline'},
    offlineEndpoints: {attribute: false},
  };

  // The option attributes are known to the element (for the typo check), though read only at creation.
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...PROVIDER_OPTION_ATTRIBUTES];
  }

  /** A Controller to provide instead of the provider's own (an input: never changed by the element). */
  declare controller?: Controller;

  /**
   * A snapshot (object or JSON text) the provider's own Controller starts
   * from; read when the provider first connects, before a child
   * `<script type="application/json">`.
   */
  declare initialState?: DehydratedState | string;

  /**
   * Sync across tabs: the confirmed writes of the provider's own Controller
   * reach the providers of the other tabs of this origin with the same
   * channel name (the attribute's value; empty for the default one), and
   * theirs reach it. See `TabSync`.
   */
  declare syncTabs?: string;

  /**
   * Persistence: the confirmed state of the provider's own Controller is
   * saved to the IndexedDB database of this name (empty for the default
   * one) and shown, stale, when the page loads again. See `Persistence`.
   */
  declare persist?: string;

  /** The version saved state is kept under with `persist`: state saved under another is dropped. Default 1. */
  declare persistVersion?: string;

  /**
   * Offline writes: a write of the provider's own Controller that finds no
   * connection waits for it, its prediction shown (`pendingOffline`), and is
   * sent when the connection is back; the queue is kept in the IndexedDB
   * database of this name (empty for the default one). See `OfflineWrites`.
   */
  declare queueOffline?: string;

  /**
   * With `queue-offline`: the endpoints (or resources) whose queued writes a
   * reloaded page sends again, found by their names.
   */
  offlineEndpoints: Iterable<object> = [];

  private own?: Controller;
  private checkedController?: unknown;
  private acceptedController?: Controller;
  private plugins?: AttachedProviderPlugins;
  /** Counts connections, so that plugins loaded after a disconnect are not attached. */
  private connection = 0;
  private pluginsReady: Promise<void> = Promise.resolve();
  private readonly provider = new ContextProvider(this, {context: dataContext});

  constructor() {
    super();
    ensureContextRoot();
  }

  /** The Controller in use: the given one, or the provider's own. */
  get activeController(): Controller {
    return this.givenController ?? this.ownController;
  }

  /**
   * The `controller` property once it is known to be a Controller. Anything
   * else is reported (`data-error`, else `reportError`) and the Controller in
   * use stays, so the readers below keep their data instead of failing on it.
   */
  private get givenController(): Controller | undefined {
    const given = this.controller;
    if (given !== this.checkedController) {
      this.checkedController = given;
      if (given === undefined || isController(given)) this.acceptedController = given;
      else announceFailure(this, new TypeError(`<data-provider>: controller is not a Controller${DEV_MODE ? `: ${shownValue(given)}. Give a Controller of lit-data-elements, or none for the provider's own` : ''}`));
    }
    return this.acceptedController;
  }

  /**
   * The persistence of the provider's own Controller while the provider is
   * connected with `persist`: `await provider.persistence?.ready` waits
   * until the saved state is shown.
   */
  get persistence(): Persistence | undefined {
    return this.plugins?.persistence;
  }

  /**
   * Resolves when what the provider's `persist` and `sync-tabs` attributes
   * turned on runs: their code is loaded (on demand, the first time a
   * provider asks for it) and attached to the provider's own Controller, and
   * with `persist` the saved state is in the cache. Resolves at once without
   * them; never rejects (a part that cannot load is reported, and the
   * provider works without it).
   *
   * @example
   * ```ts
   * const provider = document.querySelector('data-provider')!;
   * await provider.ready;
   * await provider.persistence?.flush();
   * ```
   */
  get ready(): Promise<void> {
    return this.pluginsReady;
  }

  /** Created when first needed, so that the snapshot it starts from can be set or parsed in first. */
  private get ownController(): Controller {
    if (this.own) return this.own;
    const options = providerOptions(this, error => announceFailure(this, error, {attribute: error.attribute}));
    const controller = (this.own = new Controller({...options.controller, plugins: [new Refresh(options.refresh)]}));
    if (DEV_MODE) noteSnapshotRead(this, this.initialState);
    const snapshot = this.initialState ?? this.stateScript()?.textContent ?? undefined;
    if (snapshot === undefined) return controller;
    if (providerFeatures.hydrate) providerFeatures.hydrate(controller, snapshot);
    else {
      const error = new Error(
        DEV_MODE
          ? "<data-provider> was given a snapshot (initialState or a <script type=\"application/json\">) but cannot read it: import 'lit-data-elements/hydrate-support' before the providers connect. The cache starts empty."
          : '<data-provider>: a snapshot was given without lit-data-elements/hydrate-support; the cache starts empty',
      );
      error.name = 'SnapshotSupportError';
      announceFailure(this, error);
    }
    return controller;
  }

  /** The first child `<script type="application/json">`: the snapshot rendered into the page. */
  private stateScript(): HTMLScriptElement | undefined {
    // Server rendering runs without a DOM tree under the element: there is no child to read.
    for (const child of this.children ?? []) {
      if (child.localName === 'script' && (child as HTMLScriptElement).type.trim().toLowerCase() === 'application/json') {
        return child as HTMLScriptElement;
      }
    }
    return undefined;
  }

  override connectedCallback(): void {
    // Provide before the children connect, so their first request is answered at once.
    this.provider.setValue(this.activeController);
    this.attachPlugins();
    super.connectedCallback();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.connection++;
    this.plugins?.detach();
    this.plugins = undefined;
  }

  /** Tab sync, persistence and offline writes of the provider's own Controller, as its attributes ask, while it is connected. */
  private attachPlugins(): void {
    const connection = ++this.connection;
    const options = {
      persist: this.persist,
      persistVersion: this.persistVersion,
      syncTabs: this.syncTabs,
      queueOffline: this.queueOffline,
      // Read when the part needs them: a page may set the property after the provider connected.
      // One resource or endpoint alone is a list of one.
      offlineEndpoints: {[Symbol.iterator]: () => ((given: object) => (Symbol.iterator in given ? (given as Iterable<object>) : [given]))(this.offlineEndpoints)[Symbol.iterator]()},
    };
    if (this.givenController || (typeof options.persist !== 'string' && typeof options.syncTabs !== 'string' && typeof options.queueOffline !== 'string')) {
      this.pluginsReady = Promise.resolve();
      return;
    }
    const controller = this.ownController;
    this.pluginsReady = loadProviderPlugins().then(
      ({attachProviderPlugins}) => {
        if (connection !== this.connection) return;
        this.plugins = attachProviderPlugins(controller, options);
        return this.plugins.persistence?.ready;
      },
      error => void announceFailure(this, error),
    );
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('controller')) this.provider.setValue(this.activeController);
    if (DEV_MODE && changed.has('initialState')) checkLateSnapshot(this, this.initialState);
  }

  protected override render() {
    return html`<slot></slot>`;
  }
}

defineElement('data-provider', DataProvider);

declare global {
  interface HTMLElementTagNameMap {
    'data-provider': DataProvider;
  }
}
