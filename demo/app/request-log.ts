// The mock server's view of the traffic: the last requests, with their status once
// answered. Watching it next to the lists shows optimistic changes landing before their
// request does, and a refused delete coming back after its 500. Its "Flaky network" switch
// makes every other GET answer 503 first: the library retries it (after about a second,
// then two, with jitter) and the reader keeps waiting rather than showing the error.
import {html, LitElement} from 'lit';
import {customElement} from 'lit/decorators.js';
import {repeat} from 'lit/directives/repeat.js';

const SHOWN = 7;

@customElement('demo-request-log')
export class RequestLogView extends LitElement {
  private readonly onChange = () => this.requestUpdate();

  protected override createRenderRoot() {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.demoApi.log.addEventListener('change', this.onChange);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.demoApi.log.removeEventListener('change', this.onChange);
  }

  /** The mock's connection; coming back is announced as the browser announces it, with an `online` event. */
  private setOffline(offline: boolean): void {
    window.demoApi.network.offline = offline;
    if (!offline) window.dispatchEvent(new Event('online'));
    this.requestUpdate();
  }

  protected override render() {
    const entries = window.demoApi.log.entries.slice(-SHOWN).reverse();
    const network = window.demoApi.network;
    return html`
      <label class="flaky">
        <input
          type="checkbox"
          name="flaky"
          .checked=${network.flaky}
          @change=${(event: Event) => (network.flaky = (event.target as HTMLInputElement).checked)}
        />
        Flaky network: every other GET answers 503 first, and is retried
      </label>
      <label class="flaky">
        <input type="checkbox" name="offline" data-testid="offline" .checked=${network.offline} @change=${(event: Event) => this.setOffline((event.target as HTMLInputElement).checked)} />
        Offline: no request gets an answer; writes wait, shown as not yet saved, and are sent when you switch back
      </label>
      <ol class="requests">
        ${repeat(
          entries,
          entry => entry.id,
          entry => {
            const status = entry.status;
            const kind = status === undefined ? 'pending' : status >= 400 || status === 0 ? 'failed' : 'ok';
            return html`<li class=${kind}>
              <span class="method">${entry.method}</span>
              <span class="url">${entry.url}</span>
              <span class="status">
                ${status === undefined ? 'waiting…' : status === 0 ? 'no connection' : `${status} · ${Math.round(entry.endedAt! - entry.startedAt)} ms`}
              </span>
            </li>`;
          },
        )}
      </ol>
      ${entries.length === 0 ? html`<p class="muted">No requests yet.</p>` : ''}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'demo-request-log': RequestLogView;
  }
}
