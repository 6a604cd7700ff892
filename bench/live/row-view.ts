// What a row of the live benchmark's pages shows, and how: the page with data-elements and
// the plain Lit page render the same rows, so their frames differ only by what feeds them.
import {css, html} from 'lit';

/** The row's styles. */
export const rowStyles = css`
  :host {
    display: flex;
    gap: 0.5em;
    font: 13px/18px system-ui, sans-serif;
  }
`;

/** The row's content for an article (nothing before it has one). */
export const rowContent = (article: {readonly title: string; readonly views: number} | undefined) =>
  article ? html`<span>${article.title}</span><b>${article.views}</b>` : html``;
