import {html, nothing, type TemplateResult} from 'lit';
import type {EntityTable} from '../../src/schema/index.js';
import type {ViewContext} from './view-context.js';
import {valueTree} from './value-tree.js';
import {previewText, searchText} from './value-text.js';

/** Rows shown per table before "refine the search". */
const ROW_LIMIT = 200;
/** Search text of each row object (rows are immutable: a changed row is a new object). */
const haystacks = new WeakMap<object, string>();

const NO_ROWS: EntityTable = new Map();

/**
 * Every entity table of the state, and the tables elements declare that have
 * no rows yet; each row a tree; rows filtered by the search (pk, table or
 * content).
 */
export function entitiesView(context: ViewContext): TemplateResult {
  const all = new Map(context.state.entities);
  for (const name of context.declared?.keys() ?? []) if (!all.has(name)) all.set(name, NO_ROWS);
  const tables = [...all].sort(([a], [b]) => a.localeCompare(b));
  if (tables.length === 0) return html`<p class="empty">No entities cached.</p>`;
  return html`${tables.map(([name, rows]) => tableView(context, name, rows))}`;
}

function tableView(context: ViewContext, name: string, rows: EntityTable): TemplateResult | typeof nothing {
  const tableMatches = context.search !== '' && name.toLowerCase().includes(context.search);
  const matching: [string, unknown][] = [];
  for (const [pk, row] of rows) if (tableMatches || matches(context.search, pk, row)) matching.push([pk, row]);
  if (context.search !== '' && matching.length === 0) return nothing;
  const path = `${context.prefix}/entities/${encodeURIComponent(name)}`;
  const shown = matching.slice(0, ROW_LIMIT);
  const open = context.search !== '' || context.tree.isOpen(path);
  return html`<details
    class="table"
    part="entity-table"
    data-table=${name}
    ?open=${open}
    @toggle=${(event: Event) => context.tree.toggle(path, (event.currentTarget as HTMLDetailsElement).open)}
  >
    <summary>
      <span class="table-name">${name}</span> <span class="count">(${context.search ? `${matching.length} of ${rows.size}` : rows.size})</span>${declaredNote(context, name)}
    </summary>
    ${open
      ? html`<div class="rows" role="list">
          ${shown.map(([pk, row]) => html`<div role="listitem" class="row" part="entity-row">${valueTree(pk, row, `${path}/${encodeURIComponent(pk)}`, context.tree)}</div>`)}
          ${matching.length > shown.length ? html`<p class="more">${matching.length - shown.length} more rows: refine the search.</p>` : nothing}
        </div>`
      : nothing}
  </details>`;
}

function matches(search: string, pk: string, row: unknown): boolean {
  if (search === '' || pk.toLowerCase().includes(search)) return true;
  if (typeof row !== 'object' || row === null) return previewText(row).toLowerCase().includes(search);
  let text = haystacks.get(row);
  if (text === undefined) haystacks.set(row, (text = searchText(row)));
  return text.includes(search);
}

/** " declared, pk id" for a table elements declare by name. */
function declaredNote(context: ViewContext, name: string): TemplateResult | typeof nothing {
  const pk = context.declared?.get(name);
  return pk === undefined ? nothing : html` <span class="declared" part="declared">declared, pk ${pk}</span>`;
}
