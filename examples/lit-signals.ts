// Articles whose view counts follow the server's pushes, bound with signals
// (test/signals-example.test.ts runs it; `npm install @lit-labs/signals` beside the package). The list reads which articles there are; each row
// binds its title and view count with Lit's watch() to signals of its article, so a push
// changes the text of one binding and renders no element: each row says how often it rendered.
// No decorators (customElements.define), so it builds with any TypeScript settings.
import {computed, SignalWatcher, watch} from '@lit-labs/signals';
import {css, html, LitElement} from 'lit';
import {repeat} from 'lit/directives/repeat.js';
import {createResource, Entity, pksOf} from '../src/index.js';
import {useLiveFeed} from '../src/lit/index.js';
import {EventSourceFeed} from '../src/live/index.js';
import {cacheSignal, suspenseSignal} from '../src/signals/index.js';
import '../components/data-provider.js';
import '../components/data-boundary.js';

export class Article extends Entity {
  id = 0;
  title = '';
  views = 0;
  static override key = 'Article';
}

// GET /api/articles?limit=5 for the list, GET /api/articles/:id for one.
export const ArticleResource = createResource({urlPrefix: '/api', path: '/articles/:id', schema: Article});
// Server-sent events: `article` events carry {id, views}, merged into the cached Article.
const liveViews = new EventSourceFeed({url: '/api/live', events: {article: Article}});

/** One article: its fields follow the cache through watch(), and the row never renders again. */
export class ArticleRow extends LitElement {
  static override properties = {articleId: {type: Number}};
  static override styles = css`
    :host {
      display: flex;
      justify-content: space-between;
      gap: 1em;
      padding: 4px 0;
    }
    .views {
      font-variant-numeric: tabular-nums;
    }
    .renders {
      opacity: 0.6;
    }
  `;
  declare articleId: number;
  private readonly article = cacheSignal(this, ArticleResource.get, () => ({id: this.articleId}));
  // Not `title`: an element already has that property (the title attribute).
  private readonly heading = computed(() => this.article.get()?.title ?? '');
  private readonly views = computed(() => (this.article.get()?.views ?? 0).toLocaleString('en'));
  private renders = 0;

  override render() {
    this.renders++;
    return html`
      <span>${watch(this.heading)}</span>
      <span><span class="views">${watch(this.views)}</span> views · <span class="renders">rendered ${this.renders}×</span></span>
    `;
  }
}

/** The list: fetches the first page (a suspenseSignal of its ids) and keeps the live feed open. */
export class LiveArticles extends SignalWatcher(LitElement) {
  private readonly ids = suspenseSignal(this, pksOf(ArticleResource.getList), {limit: 5});
  private readonly live = useLiveFeed(this, liveViews);

  override render() {
    return html`
      <p>${this.live.status === 'open' ? '● live' : '○ connecting…'}</p>
      ${this.ids.render({
        complete: ids => repeat(ids, id => id, id => html`<article-row .articleId=${Number(id)}></article-row>`),
      })}
    `;
  }
}

customElements.define('article-row', ArticleRow);
customElements.define('live-articles', LiveArticles);

declare global {
  interface HTMLElementTagNameMap {
    'article-row': ArticleRow;
    'live-articles': LiveArticles;
  }
}

// In the page:
//   <data-provider>
//     <data-boundary>
//       <p slot="fallback">Loading articles…</p>
//       <live-articles></live-articles>
//     </data-boundary>
//   </data-provider>
