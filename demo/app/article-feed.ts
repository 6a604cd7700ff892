// Articles with their authors, page by page. Each page element suspends on its own
// request (the surrounding <data-boundary> shows a skeleton for the first one); "Load
// more" prefetches the next page with useLoading, so the new page appears complete.
import {html, LitElement} from 'lit';
import {customElement, property, state} from 'lit/decorators.js';
import {repeat} from 'lit/directives/repeat.js';
import {EventSourceFeed} from '../../src/live/index.js';
import {useCache, useController, useLiveFeed, useLoading, useSuspense} from '../../src/lit/index.js';
import {Article, getArticlePage, pageParams, type LinkPage} from './resources.js';

/** View counts pushed by the server (server-sent events, mocked by msw in the page). */
const liveViews = new EventSourceFeed({url: '/api/live', events: {article: Article}});

const dateFormat = new Intl.DateTimeFormat('en-GB', {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'});

/** One page of articles: `cursor` undefined is the first page. */
@customElement('demo-article-page')
export class ArticlePage extends LitElement {
  @property({attribute: false}) cursor?: string;

  private page = useSuspense(this, getArticlePage, () => pageParams(this.cursor));

  // Light DOM: the page's stylesheet styles the demo.
  protected override createRenderRoot() {
    return this;
  }

  protected override render() {
    const page = this.page.value as LinkPage<Article> | undefined;
    if (!page) return html``;
    return repeat(page.results, article => article.id, article => this.card(article));
  }

  private card(article: Article) {
    const {author} = article;
    return html`
      <article class="card article" data-id=${article.id}>
        <h3>${article.title}</h3>
        <p class="excerpt">${article.excerpt}</p>
        <footer class="byline">
          <span class="avatar" style="--hue: ${author.hue}" aria-hidden="true">${author.initials}</span>
          <span class="author">${author.name}</span>
          <span class="muted">
            <time datetime=${article.publishedAt.toISOString()}>${dateFormat.format(article.publishedAt)}</time>
            · ${article.readingMinutes} min read · <span class="views">${article.views.toLocaleString('en')} views</span>
          </span>
        </footer>
      </article>
    `;
  }
}

/** The list: pages so far, and a button for the next one while the last page has a next link. */
@customElement('demo-article-feed')
export class ArticleFeed extends LitElement {
  /** The cursors of the pages shown; the first page has none. */
  @state() private cursors: (string | undefined)[] = [undefined];

  private ctrl = useController(this);
  // Open while the feed is shown and has articles: every card's view count follows the
  // server's pushes. (Waiting for the first page also means the mock server is up.)
  private live = useLiveFeed(this, () => (this.lastPage.value ? liveViews : undefined));
  // The last page, read from the cache only: its Link header says where the next page is.
  private lastPage = useCache(this, getArticlePage, () => pageParams(this.cursors.at(-1)));
  private more = useLoading(this, async (cursor: string) => {
    await this.ctrl.fetch(getArticlePage, pageParams(cursor));
    this.cursors = [...this.cursors, cursor];
  });

  protected override createRenderRoot() {
    return this;
  }

  protected override render() {
    const last = this.lastPage.value as LinkPage<Article> | undefined;
    const {handler: loadMore, loading, error} = this.more;
    const shown = this.cursors.length;
    const status = this.live.status;
    return html`
      <p class="muted live-status" aria-live="polite">${status === 'open' ? '● live: view counts update from the server' : status === 'reconnecting' ? '○ reconnecting…' : '○ connecting…'}</p>
      ${repeat(
        this.cursors,
        cursor => cursor ?? '',
        cursor => html`<demo-article-page .cursor=${cursor}></demo-article-page>`,
      )}
      <div class="more">
        ${last?.nextCursor
          ? html`<button type="button" class="secondary" ?disabled=${loading} @click=${() => loadMore(last.nextCursor!)}>
              ${loading ? 'Loading…' : 'Load more'}
            </button>`
          : last
            ? html`<p class="muted">All ${shown} pages loaded.</p>`
            : ''}
        ${error ? html`<p class="notice error" role="alert">Could not load more: ${(error as Error).message}</p>` : ''}
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'demo-article-page': ArticlePage;
    'demo-article-feed': ArticleFeed;
  }
}
