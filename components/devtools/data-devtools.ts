import {html, LitElement, nothing, type PropertyValues, type TemplateResult} from 'lit';
import {requestsInFlight, resultOrigin, visibleState, type Controller, type State} from '../../src/core/index.js';
import type {FetchableEndpoint} from '../../src/endpoint/index.js';
import {declaredOn} from '../declarations-shelf.js';
import {defineElement} from '../define-element.js';
import type {LoggedCommit} from './commit-log.js';
import {commitsView} from './commits-view.js';
import {controllerNow} from './controller-clock.js';
import {DevtoolsFeed} from './devtools-feed.js';
import {devtoolsStyles} from './devtools-styles.js';
import {entitiesView} from './entities-view.js';
import {pendingView} from './pending-view.js';
import {requestsView} from './requests-view.js';
import {metaStatus, type ResultStatus} from './result-status.js';
import {resultsView} from './results-view.js';
import {nextTab} from './tab-keys.js';
import type {TreeState} from './value-tree.js';
import type {LiveActions, ViewContext} from './view-context.js';

/**
 * The views of `<data-devtools>`, in tab order.
 *
 * @example
 * ```ts
 * const tab: DevtoolsTab = 'commits';
 * document.querySelector('data-devtools')!.tab = tab;
 * ```
 */
export type DevtoolsTab = 'entities' | 'results' | 'pending' | 'requests' | 'commits';

const TABS: readonly DevtoolsTab[] = ['entities', 'results', 'pending', 'requests', 'commits'];
const LABELS: Record<DevtoolsTab, string> = {
  entities: 'Entities',
  results: 'Results',
  pending: 'Pending',
  requests: 'Requests',
  commits: 'Commits',
};

/**
 * Shows a Controller's cache live, for development: entity tables (searchable,
 * each row an expandable tree), results with their status (valid, stale,
 * invalid, error), age and error, the pending optimistic predictions in order
 * with the request each belongs to, the requests in flight, and a log of the
 * last commits with what each changed and a read-only view of the state after
 * it. Results can be refetched or invalidated, and the cache reset.
 *
 * It attaches to the nearest `<data-provider>` (or the Controller in its
 * `controller` property). Collapsed it is a small badge and renders nothing
 * new; open, it renders at most once per animation frame. Server data is
 * shown as text only. Load it from its own entry point
 * (`import 'lit-data-elements/devtools'`), which no other entry imports.
 *
 * @example
 * ```html
 * <data-provider>
 *   <article-list></article-list>
 *   <data-devtools></data-devtools>
 * </data-provider>
 * <script type="module">import 'lit-data-elements/devtools';</script>
 * ```
 *
 * @csspart badge - The collapsed button that opens the panel.
 * @csspart panel - The open panel.
 * @csspart header - The panel's title bar with the Reset and Collapse buttons.
 * @csspart reset - The "Reset cache" button.
 * @csspart collapse - The "Collapse" button.
 * @csspart tabs - The tab list.
 * @csspart tab - Each tab.
 * @csspart tabpanel - The area of the selected view.
 * @csspart search - The entity search field.
 * @csspart entity-table - An entity table (a `<details>`).
 * @csspart entity-row - A row of an entity table.
 * @csspart declared - The note on a table that elements declare by name (`entity="…"`), with its pk field.
 * @csspart tree-branch - An object or array in a value tree (a `<details>`).
 * @csspart tree-leaf - A `key: value` line in a value tree.
 * @csspart results - The results table.
 * @csspart result - A result's row.
 * @csspart status - A result's status; with `status-valid`, `status-stale`, `status-invalid` or `status-error`.
 * @csspart action - The Refetch, Invalidate and "State after" buttons.
 * @csspart pending - The list of pending predictions; `pending-item` each.
 * @csspart requests - The list of requests in flight; `request` each.
 * @csspart commits - The commit log; `commit` each.
 * @csspart snapshot - The read-only view of the state after a commit.
 * @cssprop --data-devtools-background - Panel background.
 * @cssprop --data-devtools-color - Text colour.
 * @cssprop --data-devtools-muted - Secondary text colour.
 * @cssprop --data-devtools-accent - Keys, the selected tab.
 * @cssprop --data-devtools-border - Borders.
 * @cssprop --data-devtools-focus - The focus ring.
 * @cssprop --data-devtools-font - The font.
 * @attr open - Start open (an input: the user's collapse and expand do not change it).
 * @attr tab - The view shown first: entities, results, pending, requests or commits.
 * @attr history - How many commits the log keeps (default 50).
 * @attr inline - Lay out in the page flow instead of fixed to the bottom-right corner.
 * @attr expanded - Reflected while the panel is open.
 */
export class DataDevtools extends LitElement {
  static override styles = devtoolsStyles;

  // Declared here rather than with decorators: their helper would weigh on the devtools file.
  // A state is `attribute: false` as well, as `@state()` has it (and the manifest lists no attribute for it).
  // A private one keeps its name in production builds too (scripts/private-names.mjs): Lit defines it by name.
  static override properties = {
    controller: {attribute: false},
    open: {type: Boolean},
    tab: {},
    history: {type: Number},
    inline: {type: Boolean, reflect: true},
    expanded: {state: true, attribute: false},
    current: {state: true, attribute: false},
    search: {state: true, attribute: false},
    selectedCommit: {state: true, attribute: false},
  };

  /** A Controller to show instead of the nearest provider's (an input: never changed by the element). */
  declare controller?: Controller;
  /** Start open. Setting it opens or collapses the panel; the user's toggling does not change it. */
  open = false;
  /** The view to show (set it to switch); the user's tab choice does not change it. */
  tab: DevtoolsTab = 'entities';
  /** How many commits the log keeps for the "State after" view. */
  history = 50;
  /** Lay out in the page flow instead of fixed to the bottom-right corner. */
  inline = false;

  /** Whether the panel is open now; reflected as the `expanded` attribute. */
  private expanded = false;
  private current: DevtoolsTab = 'entities';
  private search = '';
  private declare selectedCommit: number | undefined;
  private readonly openPaths = new Set<string>();
  private readonly feed = new DevtoolsFeed(this, this.history);
  private readonly tree: TreeState = {
    isOpen: path => this.openPaths.has(path),
    toggle: (path, open) => {
      if (open === this.openPaths.has(path)) return;
      if (open) this.openPaths.add(path);
      else this.openPaths.delete(path);
      this.requestUpdate();
    },
  };

  /** The Controller shown: the given one, else the nearest `<data-provider>`'s. */
  get activeController(): Controller | undefined {
    return this.feed.controller;
  }

  /** Opens the panel (and focuses its selected tab). */
  expand(): void {
    this.setExpanded(true, true);
  }

  /** Collapses the panel to its badge (and focuses the badge). */
  collapse(): void {
    this.setExpanded(false, true);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('controller')) this.feed.override = this.controller;
    if (changed.has('open')) this.setExpanded(this.open, false);
    if (changed.has('tab') && TABS.includes(this.tab)) this.current = this.tab;
    if (changed.has('history')) this.feed.log.resize(Number.isFinite(this.history) && this.history > 0 ? Math.floor(this.history) : 50);
    this.toggleAttribute('expanded', this.expanded);
  }

  protected override render(): TemplateResult {
    if (!this.expanded) {
      return html`<button type="button" part="badge" aria-expanded="false" @click=${() => this.expand()}>data-elements</button>`;
    }
    const controller = this.feed.controller;
    return html`<section part="panel" aria-label="data-elements devtools" @keydown=${this.onPanelKey}>
      <header part="header">
        <h2>data-elements</h2>
        <button type="button" part="reset" ?disabled=${!controller} @click=${() => controller?.resetEntireStore()}>Reset cache</button>
        <button type="button" part="collapse" aria-expanded="true" @click=${() => this.collapse()}>Collapse</button>
      </header>
      ${controller ? this.renderViews(controller) : html`<p class="empty" part="tabpanel">No Controller: put this element inside a &lt;data-provider&gt;, or set its controller property.</p>`}
    </section>`;
  }

  private renderViews(controller: Controller): TemplateResult {
    const state = visibleState(controller);
    // The Controller's clock, not the wall clock: a status shown is the status the Controller reads.
    const now = controllerNow(controller);
    const requests = requestsInFlight(controller);
    let rows = 0;
    for (const table of state.entities.values()) rows += table.size;
    const counts: Record<DevtoolsTab, number> = {
      entities: rows,
      results: new Set([...state.endpoints.keys(), ...state.meta.keys()]).size,
      pending: state.optimistic.length,
      requests: requests.length,
      commits: this.feed.log.entries.length,
    };
    const declared = new Map(declaredOn(controller).entities.map(({key, pk}) => [key, pk]));
    const live = {...this.contextOf(state, now, 'live', this.liveActions(controller, now)), declared};
    let view: TemplateResult;
    switch (this.current) {
      case 'entities':
        view = html`${this.searchField()}${entitiesView(live)}`;
        break;
      case 'results':
        view = resultsView(live);
        break;
      case 'pending':
        view = pendingView(live, new Set(requests.flatMap(r => (r.prediction === undefined ? [] : [r.prediction]))));
        break;
      case 'requests':
        view = requestsView(live, requests);
        break;
      case 'commits':
        view = commitsView(this.feed.log.entries, {
          selected: this.selectedCommit === undefined ? undefined : this.feed.log.find(this.selectedCommit),
          select: id => (this.selectedCommit = id),
          contextOf: logged => this.contextOf(logged.commit.state, logged.at, `commit-${logged.commit.id}`),
          limit: this.feed.log.limit,
        });
        break;
    }
    return html`<div role="tablist" part="tabs" aria-label="Views" @keydown=${this.onTabKey}>
        ${TABS.map(
          tab => html`<button
            type="button"
            role="tab"
            part="tab"
            id="tab-${tab}"
            aria-selected=${tab === this.current ? 'true' : 'false'}
            aria-controls="view"
            tabindex=${tab === this.current ? 0 : -1}
            @click=${() => (this.current = tab)}
          >
            ${LABELS[tab]} <span class="count">${counts[tab]}</span>
          </button>`,
        )}
      </div>
      <div role="tabpanel" part="tabpanel" id="view" aria-labelledby="tab-${this.current}" tabindex="0">${view}</div>`;
  }

  private searchField(): TemplateResult {
    return html`<input
      part="search"
      type="search"
      aria-label="Search entities by table, pk or content"
      placeholder="Search entities (table, pk or content)"
      .value=${this.search}
      @input=${(event: Event) => (this.search = (event.target as HTMLInputElement).value)}
    />`;
  }

  private contextOf(state: State, now: number, prefix: string, live?: LiveActions): ViewContext {
    const context = {state, now, tree: this.tree, prefix, search: this.search.trim().toLowerCase()};
    return live ? {...context, live} : context;
  }

  private liveActions(controller: Controller, now: number): LiveActions {
    return {
      origin: key => resultOrigin(controller, key),
      status: key => liveStatus(controller, key, now),
      refetch: key => {
        const origin = resultOrigin(controller, key);
        // The failure lands on the result's error, which the view shows: nothing to throw into the page.
        if (origin) controller.fetch(origin.endpoint as FetchableEndpoint, ...(origin.args as never[])).catch(() => undefined);
      },
      invalidate: key => {
        const origin = resultOrigin(controller, key);
        if (origin) controller.invalidate(origin.endpoint, ...(origin.args as never[]));
      },
    };
  }

  private setExpanded(expanded: boolean, focus: boolean): void {
    if (expanded === this.expanded) return;
    this.expanded = expanded;
    this.feed.active = expanded;
    if (!focus) return;
    void this.updateComplete.then(() => {
      const root = this.renderRoot;
      const target = expanded
        ? (root.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ?? root.querySelector<HTMLElement>('[part="collapse"]'))
        : root.querySelector<HTMLElement>('[part="badge"]');
      target?.focus();
    });
  }

  private readonly onTabKey = (event: KeyboardEvent): void => {
    const tab = nextTab(TABS, this.current, event.key);
    if (!tab) return;
    event.preventDefault();
    this.current = tab;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`#tab-${tab}`)?.focus());
  };

  private readonly onPanelKey = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    this.collapse();
  };
}

/** A result's status as the Controller reads it at `now` (its clock): its meta, and the deleted required entities it may hold. */
function liveStatus(controller: Controller, key: string, now: number): ResultStatus {
  const status = metaStatus(visibleState(controller).meta.get(key), now);
  const origin = resultOrigin(controller, key);
  if (status === 'error' || status === 'invalid' || !origin) return status;
  try {
    return controller.getResponse(origin.endpoint, ...(origin.args as never[])).expiryStatus === 'invalid' ? 'invalid' : status;
  } catch {
    return status;
  }
}

defineElement('data-devtools', DataDevtools);

declare global {
  interface HTMLElementTagNameMap {
    'data-devtools': DataDevtools;
  }
}
