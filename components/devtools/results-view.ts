import {html, nothing, type TemplateResult} from 'lit';
import {ageText, metaStatus, type ResultStatus} from './result-status.js';
import type {ViewContext} from './view-context.js';
import {errorText} from './value-text.js';
import {valueTree} from './value-tree.js';

/**
 * Every stored result: key, status, age and error, its normalized value as a
 * tree, and in the live view the Refetch and Invalidate actions.
 */
export function resultsView(context: ViewContext): TemplateResult {
  const keys = new Set([...context.state.endpoints.keys(), ...context.state.meta.keys()]);
  if (keys.size === 0) return html`<p class="empty">No results cached.</p>`;
  return html`<table part="results">
    <thead>
      <tr>
        <th scope="col">Key</th>
        <th scope="col">Status</th>
        <th scope="col">Age</th>
        <th scope="col">Error</th>
        ${context.live ? html`<th scope="col">Actions</th>` : nothing}
      </tr>
    </thead>
    <tbody>
      ${[...keys].sort().map(key => resultRow(context, key))}
    </tbody>
  </table>`;
}

function resultRow(context: ViewContext, key: string): TemplateResult {
  const meta = context.state.meta.get(key);
  const status: ResultStatus = context.live ? context.live.status(key) : metaStatus(meta, context.now);
  const value = context.state.endpoints.get(key);
  const path = `${context.prefix}/results/${encodeURIComponent(key)}`;
  return html`<tr part="result" data-key=${key}>
    <td class="key">${value === undefined ? html`<code>${key}</code>` : valueTree(key, value, path, context.tree)}</td>
    <td><span class="status status-${status}" part="status status-${status}">${status}</span></td>
    <td class="age">${meta ? ageText(meta.date, context.now) : '–'}</td>
    <td class="error">${meta?.error === undefined ? '' : errorText(meta.error)}</td>
    ${context.live ? actions(context, key) : nothing}
  </tr>`;
}

function actions(context: ViewContext, key: string): TemplateResult {
  const live = context.live!;
  const origin = live.origin(key);
  const why = origin ? nothing : 'The endpoint of this result is not known (a mutation, or a result restored from a snapshot)';
  return html`<td class="actions">
    <button type="button" part="action" ?disabled=${!origin} title=${why} @click=${() => live.refetch(key)}>Refetch</button>
    <button type="button" part="action" ?disabled=${!origin} title=${why} @click=${() => live.invalidate(key)}>Invalidate</button>
  </td>`;
}
