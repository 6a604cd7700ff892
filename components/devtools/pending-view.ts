import {html, type TemplateResult} from 'lit';
import type {PendingUpdate} from '../../src/core/index.js';
import {ageText} from './result-status.js';
import type {ViewContext} from './view-context.js';
import {valueTree} from './value-tree.js';

/**
 * The pending optimistic predictions in the order they are replayed, each
 * with the request it belongs to (its endpoint, key and args) and whether
 * that request is still in flight.
 */
export function pendingView(context: ViewContext, inFlight: ReadonlySet<number>): TemplateResult {
  const pending = context.state.optimistic;
  if (pending.length === 0) return html`<p class="empty">No optimistic predictions pending.</p>`;
  return html`<ol part="pending">
    ${pending.map(update => pendingItem(context, update, inFlight.has(update.id)))}
  </ol>`;
}

function pendingItem(context: ViewContext, update: PendingUpdate, flying: boolean): TemplateResult {
  const key = update.endpoint.key(...update.args);
  return html`<li part="pending-item" data-prediction=${update.id}>
    <span class="id">#${update.id}</span>
    <span class="name">${update.endpoint.name ?? 'endpoint'}</span>
    <code class="key">${key}</code>
    <span class="age">${ageText(update.fetchedAt, context.now)} ago</span>
    <span class="request">${flying ? 'request in flight' : 'request settled'}</span>
    ${valueTree('args', update.args, `${context.prefix}/pending/${update.id}`, context.tree)}
  </li>`;
}
