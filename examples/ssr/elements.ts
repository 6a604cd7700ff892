// The elements of the server-rendering example: plain Lit elements reading the cache with
// useSuspense and useCache. Nothing in them is about the server: the same code renders in
// Node (Lit SSR) and in the browser, where it hydrates the server's HTML.
import {css, html, LitElement} from 'lit';
import {repeat} from 'lit/directives/repeat.js';
import {useCache, useController, useSuspense} from '../../src/lit/index.js';
import {ArticleResource, type Article} from './articles.js';

/** A day that reads the same on the server and in every browser, whatever their time zone. */
const day = (date: Date) => date.toISOString().slice(0, 10);

export class SsrArticleList extends LitElement {
  static override styles = css`
    li {
      margin: 8px 0;
    }
    .byline {
      opacity: 0.7;
    }
  `;

  private readonly articles = useSuspense(this, ArticleResource.getList);
  private readonly ctrl = useController(this);

  override render() {
    return this.articles.render({
      pending: () => html`<p class="loading">Loading articles…</p>`,
      error: error => html`<p class="error">Could not load the articles: ${(error as Error).message}</p>`,
      complete: articles => html`
        <ul>
          ${repeat(
            articles,
            article => article.id,
            article => html`
              <li data-id=${article.id}>
                <strong class="title">${article.title}</strong>
                <span class="byline">${article.author.name}, <time datetime=${article.publishedAt.toISOString()}>${day(article.publishedAt)}</time></span>
                <button class="like" @click=${() => this.like(article)}>♥ <span class="likes">${article.likes}</span></button>
              </li>
            `,
          )}
        </ul>
        <button class="reload" @click=${() => this.reload()}>Reload</button>
      `,
    });
  }

  /** Optimistic: the count goes up at once, and back if the server refuses. */
  private like(article: Article): void {
    this.ctrl.fetch(ArticleResource.partialUpdate, {id: article.id}, {likes: article.likes + 1}).catch(() => undefined);
  }

  private reload(): void {
    this.ctrl.fetch(ArticleResource.getList).catch(() => undefined);
  }
}

export class SsrArticleCount extends LitElement {
  // Reads the list the page already holds; never fetches.
  private readonly articles = useCache(this, ArticleResource.getList);

  override render() {
    const count = this.articles.value?.length;
    return html`<p class="count">${count === undefined ? 'No articles yet' : `${count} articles`}</p>`;
  }
}

customElements.define('ssr-article-list', SsrArticleList);
customElements.define('ssr-article-count', SsrArticleCount);

declare global {
  interface HTMLElementTagNameMap {
    'ssr-article-list': SsrArticleList;
    'ssr-article-count': SsrArticleCount;
  }
}
