import {html, nothing, type TemplateResult} from 'lit';
import type {LoggedCommit} from './commit-log.js';
import {commitChanges, commitSize} from './commit-summary.js';
import {entitiesView} from './entities-view.js';
import {clockText} from './result-status.js';
import {resultsView} from './results-view.js';
import type {ViewContext} from './view-context.js';

/** What the commits view needs besides the log. */
export interface CommitsViewOptions {
  /** The commit whose state is shown, if one is selected. */
  readonly selected: LoggedCommit | undefined;
  readonly select: (id: number | undefined) => void;
  /** The view context of the selected commit's state (read-only: no actions). */
  readonly contextOf: (logged: LoggedCommit) => ViewContext;
  readonly limit: number;
}

/**
 * The log of the last commits, newest first, each saying what it changed;
 * a commit's "State after" button shows a read-only view of the entities
 * and results as they were right after it.
 */
export function commitsView(entries: readonly LoggedCommit[], options: CommitsViewOptions): TemplateResult {
  if (entries.length === 0) return html`<p class="empty">No commits yet (the last ${options.limit} are kept).</p>`;
  const {selected} = options;
  return html`<div class="commits">
    <ol part="commits" aria-label="Last ${options.limit} commits, newest first">
      ${entries.map(
        logged => html`<li part="commit" data-commit=${logged.commit.id} class=${selected === logged ? 'selected' : ''}>
          <div class="commit-line">
            <span class="id">#${logged.commit.id}</span>
            <span class="cause cause-${logged.commit.cause}">${logged.commit.cause}</span>
            <span class="size">${commitSize(logged.commit)}</span>
            <time>${clockText(logged.at)}</time>
            <button
              type="button"
              part="action"
              aria-pressed=${selected === logged ? 'true' : 'false'}
              @click=${() => options.select(selected === logged ? undefined : logged.commit.id)}
            >
              State after
            </button>
          </div>
          <ul class="changes">
            ${commitChanges(logged.commit).map(line => html`<li>${line}</li>`)}
          </ul>
        </li>`,
      )}
    </ol>
    ${selected ? snapshotView(selected, options.contextOf(selected)) : nothing}
  </div>`;
}

function snapshotView(logged: LoggedCommit, context: ViewContext): TemplateResult {
  return html`<section part="snapshot" class="snapshot" aria-label="State after commit #${logged.commit.id} (read-only)">
    <h3>State after commit #${logged.commit.id} <span class="muted">(read-only)</span></h3>
    <h4>Results</h4>
    ${resultsView(context)}
    <h4>Entities</h4>
    ${entitiesView(context)}
  </section>`;
}
