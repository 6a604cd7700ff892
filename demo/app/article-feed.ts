// Articles with their authors, as one infinite list: the surrounding <data-boundary> shows a
// skeleton for the first page; "Load more" asks the Controller for the next page, which it
// appends to the same cached list (the Link header says where it is and whether there is one).
// "Per page" changes the list's params: the reader keeps showing the list it has (dimmed,
// `previous`) until the new one arrives, rather than falling back to the skeleton.
import {html, LitElement} from 'lit';
import {customElement, state} from 'lit/decorators.js';
import {repeat} from 'lit/directives/repeat.js';
import {EventSourceFeed} from '../../src/live/index.js';
import {fetchNextPage, nextPageArgs} from '../../src/pagination/index.js';
import {useController, useLiveFeed, useLoading, useSuspense} from '../../src/lit/index.js';
import {Article, FEED_PARAMS, getArticles} from './resources.js';

/** View counts pushed by the server (server-sent events, mocked by msw in the page). */
const liveViews = new EventSourceFeed({url: '/api/live', events: {article: Article}});

const dateFormat = new Intl.DateTimeFormat('en-GB', {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'});

/** The list, page after page, and a button for the next page while there is one. */
@customElement('demo-article-feed')
export class ArticleFeed extends LitElement {
  /** Articles per page: the list's params. */
  @state() private perPage = FEED_PARAMS.limit;
  private readonly params = () => ({...FEED_PARAMS, limit: this.perPage});
  private list = useSuspense(this, getArticles, this.params, {keepPrevious: true});
  private ctrl = useController(this);
  // Open while the feed is shown and has articles: every card's view count follows the
  // server's pushes. (Waiting for the first page also means the mock server is up.)
  private live = useLiveFeed(this, () => (this.list.value ? liveViews : undefined));
  private more = useLoading(this, () => fetchNextPage(this.ctrl.controller!, getArticles, this.params()));

  // Light DOM: the page's stylesheet styles the demo.
  protected override createRenderRoot() {
    return this;
  }

  protected override render() {
    const list = this.list.value;
    const {handler: loadMore, loading, error} = this.more;
    const status = this.live.status;
    // Read at each render: a new page changes the list, which renders this element again.
    const previous = this.list.previous;
    const hasMore = list !== undefined && !previous && nextPageArgs(this.ctrl.controller!, getArticles, this.params()) !== undefined;
    return html`
      <div class="feed-tools">
        <p class="muted live-status" aria-live="polite">${status === 'open' ? '● live: view counts update from the server' : status === 'reconnecting' ? '○ reconnecting…' : '○ connecting…'}</p>
        <label class="muted">
          Per page
          <select name="per-page" @change=${(event: Event) => (this.perPage = Number((event.target as HTMLSelectElement).value))}>
            ${[5, 10].map(n => html`<option value=${n} ?selected=${n === this.perPage}>${n}</option>`)}
          </select>
        </label>
      </div>
      <div class=${previous ? 'articles-list previous' : 'articles-list'} aria-busy=${previous ? 'true' : 'false'}>
        ${list ? repeat(list.results, article => article.id, article => this.card(article)) : ''}
      </div>
      <div class="more">
        ${hasMore
          ? html`<button type="button" class="secondary" ?disabled=${loading} @click=${() => loadMore()}>${loading ? 'Loading…' : 'Load more'}</button>`
          : list
            ? html`<p class="muted">All ${list.results.length} articles loaded.</p>`
            : ''}
        ${error ? html`<p class="notice error" role="alert">Could not load more: ${(error as Error).message}</p>` : ''}
      </div>
    `;
  }

  // A hook for the page and its tests: the list shown is the previous params' one.
  protected override updated(): void {
    this.toggleAttribute('data-previous', this.list.previous);
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

declare global {
  interface HTMLElementTagNameMap {
    'demo-article-feed': ArticleFeed;
  }
}
