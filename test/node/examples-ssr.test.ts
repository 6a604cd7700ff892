// The server-rendering example (examples/ssr) in Node: the page Lit SSR renders holds the
// data in the elements' declarative shadow DOM and the snapshot a browser Controller starts
// from; readers on the server read the cache only; the runnable server serves the page, the
// browser script and the API on 127.0.0.1. (test/ssr-hydration.test.ts hydrates the page
// in the three engines.)
import {hydrate, type DehydratedState} from '../../src/snapshots/index.js';
import {after, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {render} from '@lit-labs/ssr';
import {collectResult} from '@lit-labs/ssr/lib/render-result.js';
import {html} from 'lit';
import {Controller} from '../../src/index.js';
import {Article, ArticleResource, seedArticles} from '../../examples/ssr/articles.js';
import {renderPage} from '../../examples/ssr/render-page.js';
import {startSsrServer, type SsrServer} from '../../examples/ssr/server.js';
import {listenerCount, requestCount} from '../../src/internal.js';

/** The JSON of the page's `<script type="application/json">`. */
function snapshotIn(page: string): string {
  const match = /<script type="application\/json">(.*?)<\/script>/s.exec(page);
  assert.ok(match, 'the page embeds a snapshot script');
  return match[1]!;
}

describe('the server-rendered page', () => {
  test('shows the prefetched data in the elements and embeds the snapshot', async () => {
    const page = await renderPage({articles: seedArticles(), clientScript: '/client.js'});
    assert.match(page, /<ssr-article-list><template shadowroot="open" shadowrootmode="open">/, 'declarative shadow DOM');
    for (const title of ['Rendering on the server', 'Hydration without a second request']) assert.ok(page.includes(title), title);
    assert.ok(page.includes('A title with &lt;b&gt;markup&lt;/b&gt; stays text'), 'server data is escaped text');
    assert.match(page, /Lin<!--\/lit-part-->, <!--lit-node \d+--><time datetime="2024-05-03T14:00:00.000Z"><!--lit-part-->2024-05-03/);
    assert.match(page, /<p class="count"><!--lit-part-->3 articles<!--\/lit-part--><\/p>/, 'useCache read the same list');
    assert.match(page, /<script type="module" src="\/client.js"><\/script>/);

    const snapshot = JSON.parse(snapshotIn(page)) as DehydratedState;
    assert.equal(snapshot.kind, 'data-elements/state');
    const client = hydrate(new Controller(), snapshot);
    const response = client.getResponse(ArticleResource.getList);
    assert.equal(response.expiryStatus, 'valid');
    const articles = response.data!;
    assert.deepEqual(articles.map(a => a.title), seedArticles().map(a => a.title));
    assert.ok(articles[0] instanceof Article);
    assert.ok(articles[0]!.publishedAt instanceof Date, 'the Date comes back through the schema');
    assert.equal(articles[1]!.author.name, 'Lin');
  });

  test('a title that holds </script> cannot end the snapshot script early', async () => {
    const articles = seedArticles();
    articles[0]!.title = '</script><script>alert(1)</script><!--';
    const page = await renderPage({articles, clientScript: '/client.js'});
    assert.equal(page.match(/<\/script>/gi)?.length, 2, 'only the page script and the snapshot script close');
    const client = hydrate(new Controller(), snapshotIn(page));
    assert.equal(client.getResponse(ArticleResource.getList).data?.[0]?.title, articles[0]!.title);
  });

  test('readers on the server read the cache only: what was not prefetched renders as pending, and nothing is fetched', async () => {
    const controller = new Controller();
    const body = await collectResult(
      render(html`<data-provider .controller=${controller}><ssr-article-count></ssr-article-count><ssr-article-list></ssr-article-list></data-provider>`),
    );
    assert.match(body, /<p class="loading">Loading articles…<\/p>/);
    assert.match(body, /No articles yet/);
    assert.equal(requestCount(controller), 0, 'no request started');
    assert.equal(listenerCount(controller), 0, 'no reader follows the server Controller after the render');
  });
});

describe('the example server', () => {
  let server: SsrServer;
  before(async () => {
    server = await startSsrServer({port: 0});
  });
  after(() => server.close());

  test('listens on 127.0.0.1 and serves the page, the browser script and the API', async () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await (await fetch(`${server.url}/`)).text();
    assert.ok(page.includes('Rendering on the server'));
    const script = await fetch(`${server.url}/client.js`);
    assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
    const code = await script.text();
    assert.ok(code.includes('ssr-article-list') && code.includes('data-provider'), 'the bundle defines the provider and the elements');
    const list = (await (await fetch(`${server.url}/api/articles`)).json()) as unknown[];
    assert.equal(list.length, 3);
  });

  test('a write through the API shows in the next render and its snapshot', async () => {
    const patched = await fetch(`${server.url}/api/articles/2`, {method: 'PATCH', body: JSON.stringify({likes: 42}), headers: {'content-type': 'application/json'}});
    assert.equal(((await patched.json()) as {likes: number}).likes, 42);
    const page = await (await fetch(`${server.url}/`)).text();
    assert.match(page, /<span class="likes"><!--lit-part-->42<!--\/lit-part--><\/span>/);
    const client = hydrate(new Controller(), snapshotIn(page));
    assert.equal(client.getResponse(ArticleResource.getList).data?.[1]?.likes, 42);
  });
});
