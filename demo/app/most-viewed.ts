// The most viewed article, bound with signals: a Query over the cached articles, read as a
// signal (cacheSignal), its title and view count bound with Lit's watch(). The server's pushes
// change the text; the element renders once (it says so in `data-renders`).
import {computed, watch} from '@lit-labs/signals';
import {html, LitElement} from 'lit';
import {customElement} from 'lit/decorators.js';
import {cacheSignal} from '../../src/signals/index.js';
import {mostViewed} from './resources.js';

@customElement('demo-most-viewed')
export class MostViewed extends LitElement {
  private readonly top = cacheSignal(this, mostViewed);
  // Not `title`: an element already has that property.
  private readonly heading = computed(() => this.top.get()?.title ?? '…');
  private readonly views = computed(() => (this.top.get()?.views ?? 0).toLocaleString('en'));
  private renders = 0;

  // Light DOM: the page's stylesheet styles the demo.
  protected override createRenderRoot() {
    return this;
  }

  protected override render() {
    this.setAttribute('data-renders', String(++this.renders));
    return html`Most viewed: <strong class="most-viewed-title">${watch(this.heading)}</strong> ·
      <span class="most-viewed-views">${watch(this.views)}</span> views`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'demo-most-viewed': MostViewed;
  }
}
