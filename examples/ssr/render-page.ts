// Renders the example's page on the server: prefetch into a Controller, render the Lit
// elements with @lit-labs/ssr (declarative shadow DOM the browser shows before any script
// runs), and embed the snapshot the browser's <data-provider> starts from.
import {serializeForScript} from '../../src/snapshots/index.js';
import {render} from '@lit-labs/ssr';
import {LitElementRenderer} from '@lit-labs/ssr/lib/lit-element-renderer.js';
import {collectResult} from '@lit-labs/ssr/lib/render-result.js';
import {html} from 'lit';
import {unsafeHTML} from 'lit/directives/unsafe-html.js';
import {Controller} from '../../src/index.js';
import '../../components/provider.js';
import {ArticleResource, type ArticleJson} from './articles.js';
import './elements.js';
import {dehydrate} from '../../src/snapshots/index.js';

// Readers find the provider on the server through the context protocol's events, which Lit
// SSR dispatches only for elements whose connectedCallback it calls.
LitElementRenderer.renderOptions.push(() => ({connectedCallback: true}));

/**
 * The snapshot of `controller` as a `<script type="application/json">`, for the provider in
 * the browser to start from. Lit allows no binding inside a script element, so it is written
 * as markup: safe here because `serializeForScript` escapes every `<`, `>` and `&` in the
 * JSON, so no data can close the element. Taken when called: call it once prefetched.
 */
function stateScript(controller: Controller) {
  return unsafeHTML(`<script type="application/json">${serializeForScript(dehydrate(controller))}</script>`);
}

/** What the page needs: the data (from the server's own store) and the URL of the browser script. */
export interface PageOptions {
  readonly articles: readonly ArticleJson[];
  /** The module that hydrates the page in the browser. */
  readonly clientScript: string;
  /** The Controller's clock (tests give one). */
  readonly now?: () => number;
}

/** The whole HTML document. */
export async function renderPage({articles, clientScript, now}: PageOptions): Promise<string> {
  // One Controller per request: the cache of one user's page is not shared with another's.
  const controller = new Controller({now});
  // The server has the data at hand: written as if fetched now, under the same key the browser reads.
  controller.setResponse(ArticleResource.getList, articles);
  const body = await collectResult(
    render(html`
      <data-provider .controller=${controller}>
        ${stateScript(controller)}
        <h1>Articles</h1>
        <ssr-article-count></ssr-article-count>
        <ssr-article-list></ssr-article-list>
      </data-provider>
    `),
  );
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>data-elements: server rendering</title>
    <script type="module" src="${clientScript}"></script>
  </head>
  <body>
${body}
  </body>
</html>
`;
}
