import {html, nothing, type TemplateResult} from 'lit';
import type {RequestInFlight} from '../../src/core/index.js';
import {ageText} from './result-status.js';
import type {ViewContext} from './view-context.js';
import {valueTree} from './value-tree.js';

/** The requests in flight, oldest first: read or mutation, key, age and the prediction it settles. */
export function requestsView(context: ViewContext, requests: readonly RequestInFlight[]): TemplateResult {
  if (requests.length === 0) return html`<p class="empty">No requests in flight.</p>`;
  return html`<ol part="requests">
    ${requests.map(
      (request, index) => html`<li part="request" data-key=${request.key}>
        <span class="kind">${request.mutation ? 'mutation' : 'read'}</span>
        <span class="name">${request.endpoint.name ?? 'endpoint'}</span>
        <code class="key">${request.key}</code>
        <span class="age">${ageText(request.fetchedAt, context.now)}</span>
        ${request.prediction === undefined ? nothing : html`<span class="prediction">settles prediction #${request.prediction}</span>`}
        ${valueTree('args', request.args, `${context.prefix}/requests/${index}/${encodeURIComponent(request.key)}`, context.tree)}
      </li>`,
    )}
  </ol>`;
}
