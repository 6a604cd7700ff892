// Articles with their authors, in Lit. useSuspense reads the list and fetches it when it is
// not cached; the nearest <data-boundary> shows its fallback until it arrives. Each author
// is stored once in the Author table, however many articles name it, and `publishedAt`
// arrives as an ISO string and is read as a Date.
import {css, html, LitElement} from 'lit';
import {createResource, Entity} from '../src/index.js';
import {useSuspense} from '../src/lit/index.js';
import '../components/data-provider.js';
import '../components/data-boundary.js';

export class Author extends Entity {
  id = 0;
  name = '';
  static override key = 'Author';
}

export class Article extends Entity {
  id = 0;
  title = '';
  excerpt = '';
  publishedAt = new Date(0);
  author = Author.fromJS();
  static override key = 'Article';
  static override schema = {author: Author, publishedAt: Date};
}

// GET /api/articles?limit=3 for the list, GET /api/articles/:id for one.
export const ArticleResource = createResource({urlPrefix: '/api', path: '/articles/:id', schema: Article});

const day = new Intl.DateTimeFormat('en', {dateStyle: 'medium', timeZone: 'UTC'});

export class ArticleList extends LitElement {
  static override styles = css`
    article + article {
      margin-top: 12px;
    }
    h3 {
      margin: 0;
      font-size: 1rem;
    }
    p {
      margin: 2px 0;
    }
    .byline {
      opacity: 0.7;
      font-size: 0.875rem;
    }
  `;

  private readonly articles = useSuspense(this, ArticleResource.getList, {limit: 3});

  override render() {
    return (this.articles.value ?? []).map(
      article => html`
        <article>
          <h3>${article.title}</h3>
          <p class="byline">${article.author.name}, ${day.format(article.publishedAt)}</p>
          <p>${article.excerpt}</p>
        </article>
      `,
    );
  }
}

customElements.define('article-list', ArticleList);

declare global {
  interface HTMLElementTagNameMap {
    'article-list': ArticleList;
  }
}

// In the page:
//   <data-provider>
//     <data-boundary>
//       <p slot="fallback">Loading articles…</p>
//       <article-list></article-list>
//     </data-boundary>
//   </data-provider>
