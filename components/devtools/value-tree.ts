import {html, nothing, type TemplateResult} from 'lit';
import {entriesOf, isBranch, leafText, previewText} from './value-text.js';

/** Which branches of the trees are open, by path; the element keeps it across renders. */
export interface TreeState {
  isOpen(path: string): boolean;
  toggle(path: string, open: boolean): void;
}

/** Entries shown per branch before "n more". */
const BRANCH_LIMIT = 100;

/**
 * A value as an expandable tree: each object or array is a `<details>`
 * (keyboard-usable through its summary) whose children render only while it
 * is open; leaves are `key: value` lines. Everything is bound as text.
 */
export function valueTree(label: string, value: unknown, path: string, tree: TreeState, seen: ReadonlySet<object> = new Set()): TemplateResult {
  if (!isBranch(value)) {
    return html`<div class="leaf" part="tree-leaf"><span class="key">${label}</span>: <span class="value">${leafText(value)}</span></div>`;
  }
  if (seen.has(value)) return html`<div class="leaf" part="tree-leaf"><span class="key">${label}</span>: <span class="value">(cycle)</span></div>`;
  const open = tree.isOpen(path);
  return html`<details
    part="tree-branch"
    ?open=${open}
    @toggle=${(event: Event) => {
      event.stopPropagation();
      tree.toggle(path, (event.currentTarget as HTMLDetailsElement).open);
    }}
  >
    <summary><span class="key">${label}</span>: <span class="value">${previewText(value, 60)}</span></summary>
    ${open ? branchChildren(value, path, tree, new Set([...seen, value])) : nothing}
  </details>`;
}

function branchChildren(value: object, path: string, tree: TreeState, seen: ReadonlySet<object>): TemplateResult {
  const entries = entriesOf(value);
  const shown = entries.slice(0, BRANCH_LIMIT);
  return html`<div class="children">
    ${shown.map(([key, child]) => valueTree(key, child, `${path}/${key}`, tree, seen))}
    ${entries.length > shown.length ? html`<div class="more">${entries.length - shown.length} more</div>` : nothing}
  </div>`;
}
