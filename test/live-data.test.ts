// Live data in real browsers against real servers: the test runner starts an SSE + WebSocket
// server on 127.0.0.1 per test (test/servers/live-server.mjs, driven through /__live/), and
// the page connects with the engine's own EventSource and WebSocket, and with a WebSocket in a
// worker (WorkerWebSocket). Faults: a connection
// dropped mid-stream, malformed JSON, 10,000 messages in a burst, a restart on another port.
import {EventSourceFeed, WebSocketFeed, WorkerWebSocket, type FeedError, type FeedUrl, type LiveMessage} from '../src/live/index.js';
import {expect, fixture, html as testHtml, oneEvent, waitUntil} from '@open-wc/testing';
import {html, LitElement} from 'lit';
import {Controller, Entity, Query, RestEndpoint} from '../src/index.js';
import {useCache, useLiveFeed, useSuspense} from '../src/lit/index.js';
import {Refresh} from '../src/refresh/index.js';
import '../components/index.js';
import type {DataLive, DataProvider, DataResource} from '../components/index.js';
import {retainedCount} from '../src/internal.js';
import {capturingReports} from './helpers/frames.js';
import {serverForEachTest, until, type RemoteServer} from './helpers/remote-live-server.js';

class Article extends Entity {
  id = '';
  title = '';
  views = 0;
  static override key = 'LiveArticle';
}

/** The engine's EventSource, its WebSocket, or a WebSocket in a worker (WorkerWebSocket). */
type Transport = 'sse' | 'ws' | 'worker';
/** How the server counts a transport's connections. */
const serverSide = (transport: Transport) => (transport === 'sse' ? 'sse' : 'ws');
const streamPath = (transport: Transport) => (transport === 'sse' ? '/sse' : '/ws');
const originOf = (transport: Transport) => (transport === 'sse' ? server.origin : server.wsOrigin);
const transportNames: Record<Transport, string> = {sse: "the browser's EventSource", ws: "the browser's WebSocket", worker: 'a WebSocket in a worker (WorkerWebSocket)'};

let server: RemoteServer;
const cleanups: (() => unknown)[] = [];
serverForEachTest(cleanups, started => (server = started));

/** `promise`, or an error naming what did not come within 10 s (instead of the test's bare timeout). */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited 10 s for ${what}`)), 10_000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function connectFeed(transport: Transport, url?: FeedUrl) {
  const controller = new Controller();
  const applied: LiveMessage[] = [];
  const errors: FeedError[] = [];
  // Whether the engine's own EventSource gave up (CLOSED) at some error: only then may the feed
  // open a new one. Engines differ, and one engine under load differs from run to run.
  const engine = {closed: false};
  class WatchedEventSource extends EventSource {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener('error', () => {
        if (this.readyState === EventSource.CLOSED) engine.closed = true;
      });
    }
  }
  const options = {
    url: url ?? `${originOf(transport)}${streamPath(transport)}`,
    EventSource: WatchedEventSource,
    events: {article: Article},
    backoff: {initialDelay: 20, maxDelay: 200},
    onMessage: (message: LiveMessage) => applied.push(message),
    onError: (error: FeedError) => errors.push(error),
  };
  const feed =
    transport === 'sse' ? new EventSourceFeed(options) : new WebSocketFeed(transport === 'worker' ? {...options, WebSocket: WorkerWebSocket} : options);
  cleanups.push(feed.connect(controller), () => controller.dispose());
  const ids = () => applied.map(m => m.id);
  const article = (id: string) => controller.get(Article, {id});
  return {controller, feed, applied, errors, ids, article, engine};
}

for (const transport of ['sse', 'ws', 'worker'] as const) {
  describe(`live feed over ${transportNames[transport]}`, () => {
    it('writes messages into the cache and reports malformed ones without stopping', async () => {
      const {controller, feed, errors, ids, article} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      const first = await server.publish('article', {id: '1', title: 'Hello', views: 1});
      await server.malformed('article', '{"id": ');
      const last = await server.publish('article', {id: '2', title: 'World'});
      await until('two applied', () => ids().length === 2, controller);
      expect(ids()).to.deep.equal([first, last]);
      expect(article('1')).to.be.instanceOf(Article);
      expect(article('1')!.title).to.equal('Hello');
      expect(errors.map(e => e.kind)).to.deep.equal(['parse']);
      expect(feed.status).to.equal('open');
    });

    it('resumes after a drop mid-stream: nothing lost, nothing twice, shown results refetched once', async () => {
      const {controller, feed, ids, article, engine} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      const sent = [await server.publish('article', {id: 'a', title: 'one'})];
      await until('one applied', () => ids().length === 1, controller);
      const getArticle = new RestEndpoint({urlPrefix: server.origin, path: '/articles/:id', schema: Article});
      await controller.fetch(getArticle, {id: 'a'});
      cleanups.push(controller.retain(getArticle, {id: 'a'}));
      const before = (await server.stats()).articleRequests;

      await server.drop();
      sent.push(await server.publish('article', {id: 'a', title: 'two'}));
      sent.push(await server.publish('article', {id: 'a', title: 'three'}));
      await until('three applied', () => ids().length === 3, controller);
      expect(ids()).to.deep.equal(sent);
      expect(article('a')!.title).to.equal('three');
      const stats = await server.stats();
      const resumed = stats.connections.at(-1);
      expect(resumed.lastEventId).to.equal(sent[0]);
      // An EventSource the engine keeps reconnecting resumes by itself with the Last-Event-ID
      // header; the feed opens its own connection, with the id in the URL, only when the engine
      // has given up (or for a WebSocket, which never resumes by itself).
      expect(resumed.resumedVia).to.equal(transport === 'sse' && !engine.closed ? 'header' : 'query');
      await waitUntil(async () => (await server.stats()).articleRequests === before + 1, 'refetched', {timeout: 10_000});
      sent.push(await server.publish('article', {id: 'a', title: 'four'}));
      await until('four applied', () => ids().length === 4, controller);
      expect((await server.stats()).articleRequests).to.equal(before + 1, 'once');
    });

    it('does not apply again a message the server sends again after a later one (at-least-once delivery)', async () => {
      const {controller, feed, ids, article} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      const first = await server.publish('article', {id: 'd', title: 'v1'});
      const second = await server.publish('article', {id: 'd', title: 'v2'});
      await until('two applied', () => ids().length === 2, controller);
      await server.resend(first);
      // A connection delivers in order: once the marker is applied, the repeat has come and gone.
      const marker = await server.publish('article', {id: 'marker', title: 'after the repeat'});
      await until('the marker', () => article('marker') !== undefined, controller);
      expect(article('d')!.title).to.equal('v2', 'the repeat of v1 did not turn the title back');
      expect(ids()).to.deep.equal([first, second, marker]);
    });

    it('applies each message once when a resume sends already-delivered ones again', async () => {
      await server.overlapResumes(2);
      const {controller, feed, ids, article} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      const sent = [await server.publish('article', {id: 'o', title: 'v1'})];
      sent.push(await server.publish('article', {id: 'o', title: 'v2'}));
      sent.push(await server.publish('article', {id: 'o', title: 'v3'}));
      await until('three applied', () => ids().length === 3, controller);
      const connections = (await server.stats()).connections.length;

      await server.drop();
      await server.whenOpen(serverSide(transport), 1);
      const resumed = (await server.stats()).connections;
      expect(resumed.length).to.equal(connections + 1);
      expect(resumed.at(-1).lastEventId).to.equal(sent[2]);
      sent.push(await server.publish('article', {id: 'o', title: 'v4'}));
      await until('the new message', () => ids().includes(sent[3]!), controller);
      expect(ids()).to.deep.equal(sent, 'the two messages sent again were skipped');
      expect(article('o')!.title).to.equal('v4');
    });

    it('applies every message without an id, also after numbered ones', async () => {
      const {controller, feed, applied, article} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      const numbered = await server.publish('article', {id: 'u', title: 'numbered'});
      // The engine's EventSource gives these the previous id: they must not pass for repeats of it.
      await server.publishUnnumbered('article', {id: 'u', title: 'unnumbered 1', views: 1});
      await server.publishUnnumbered('article', {id: 'u', title: 'unnumbered 2', views: 2});
      await until('three applied', () => applied.length === 3, controller);
      expect(article('u')!.title).to.equal('unnumbered 2');
      expect(applied[0]!.id).to.equal(numbered);
    });

    it('applies a burst of 10,000 messages, each once and in order, at most one commit a frame', async function () {
      this.timeout(120_000); // three engines share two cores during npm test
      const {controller, feed, applied, article} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      let frames = 0;
      let counting = true;
      const frame = () => {
        frames++;
        if (counting) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      let commits = 0;
      cleanups.push(controller.subscribe(() => commits++));
      const ids = await server.burst(10_000, 100);
      await until('all applied', () => applied.length === 10_000, controller);
      counting = false;
      expect(applied.map(m => m.id)).to.deep.equal(ids);
      expect(article('99')!.views).to.equal(9_999);
      // One commit for what a task hands over, then at most one a frame while the burst goes on.
      expect(commits, `${commits} commits in ${frames} frames`).to.be.at.most(frames + 1);
    });

    it('follows a server that restarts on another port, resuming after the last id', async () => {
      let origin = originOf(transport);
      const {controller, feed, ids} = connectFeed(transport, (lastEventId: string | undefined) => {
        const url = new URL(`${origin}${streamPath(transport)}`);
        if (lastEventId !== undefined) url.searchParams.set('lastEventId', lastEventId);
        return url;
      });
      await until('open', () => feed.status === 'open', controller, feed);
      const sent = [await server.publish('article', {id: 'r', title: 'before'})];
      await until('one applied', () => ids().length === 1, controller);
      const oldOrigin = server.origin;
      await server.restart();
      expect(server.origin).not.to.equal(oldOrigin);
      sent.push(await server.publish('article', {id: 'r', title: 'while away'}));
      origin = originOf(transport);
      await until('two applied', () => ids().length === 2, controller);
      sent.push(await server.publish('article', {id: 'r', title: 'after'}));
      await until('three applied', () => ids().length === 3, controller);
      expect(ids()).to.deep.equal(sent);
    });
  });
}

describe('<data-live>', () => {
  it('updates what <data-resource> shows, reflects its status, fires data-error, and closes when removed', async function () {
    // Its steps are network round trips in sequence (to the test server, the live server and
    // the REST load): on a busy machine they can add up past the suite's 20 s with none stuck.
    // A step that is stuck fails on its own, naming itself.
    this.timeout(40_000);
    await server.setArticle({id: '7', title: 'From REST', views: 0});
    const page = await fixture<DataProvider>(testHtml`
      <data-provider>
        <data-live src="${server.origin}/sse" events='{"article": "LiveArticle"}'><span>live</span></data-live>
        <data-resource url-prefix="${server.origin}" path="/articles/:id" entity="LiveArticle" params='{"id": "7"}'>
          <template><p>{{ item.title }}: {{ item.views }}</p></template>
        </data-resource>
      </data-provider>
    `);
    const live = page.querySelector('data-live')! as DataLive;
    const resource = page.querySelector('data-resource')! as DataResource;
    await waitUntil(() => resource.querySelector('p')?.textContent === 'From REST: 0', 'the REST load', {timeout: 5000});
    await waitUntil(() => live.getAttribute('status') === 'open', 'open', {timeout: 5000});
    await server.publish('article', {id: '7', title: 'From REST', views: 42});
    await waitUntil(() => resource.querySelector('p')?.textContent === 'From REST: 42', 'the push shows', {timeout: 5000});

    const failed = within(oneEvent(page, 'data-error'), 'a data-error for the malformed message');
    await server.malformed('article', 'not json');
    const event = (await failed) as CustomEvent;
    expect(event.detail.error.kind).to.equal('parse');
    expect(event.detail.message).to.contain('event "article"');
    await server.publish('article', {id: '7', views: 43});
    await waitUntil(() => resource.querySelector('p')?.textContent === 'From REST: 43', 'it keeps going', {timeout: 5000});

    live.remove();
    await within(server.whenOpen('sse', 0), 'the server to see the SSE stream closed');
  });

  it('reports a malformed attribute through data-error and connects to nothing', async () => {
    const page = await fixture<DataProvider>(testHtml`<data-provider></data-provider>`);
    const failed = oneEvent(page, 'data-error');
    const live = document.createElement('data-live');
    live.setAttribute('src', `${server.origin}/sse`);
    live.setAttribute('events', '{"article": 5}');
    page.append(live);
    const event = (await failed) as CustomEvent;
    expect(event.detail.attribute).to.equal('events');
    expect(event.detail.message).to.contain('<data-live>');
    expect(live.hasAttribute('status')).to.equal(false);
  });
});

/** How many GET /articles/:id requests the server answered for `id`. */
async function requestsFor(id: string): Promise<number> {
  return (await server.stats()).articleRequestsById[id] ?? 0;
}

/**
 * How many requests for `gone` the server sees while the reader of `kept`, polled at the same
 * frequency and still connected, polls `polls` more times: time for that many polls is
 * measured by polls, not by a timer.
 */
async function requestsWhileAnotherPolls(gone: string, kept: string, polls = 5): Promise<number> {
  const goneBefore = await requestsFor(gone);
  const keptBefore = await requestsFor(kept);
  await waitUntil(async () => (await requestsFor(kept)) >= keptBefore + polls, `${polls} more polls of the reader still connected`, {timeout: 10_000});
  return (await requestsFor(gone)) - goneBefore;
}

let readerTags = 0;

describe('polling and refetch in the page', () => {
  it('<data-resource poll-frequency> refetches while connected, and stops when removed', async () => {
    await server.setArticle({id: '1', title: 'first', views: 0});
    await server.setArticle({id: 'kept', title: 'kept', views: 0});
    const page = await fixture<DataProvider>(testHtml`
      <data-provider>
        <data-resource id="removed" poll-frequency="30" url-prefix="${server.origin}" path="/articles/:id" entity="PolledArticle" params='{"id": "1"}'>
          <template><p>{{ item.title }}</p></template>
        </data-resource>
        <data-resource id="kept" poll-frequency="30" url-prefix="${server.origin}" path="/articles/:id" entity="PolledArticle" params='{"id": "kept"}'>
          <template><p>{{ item.title }}</p></template>
        </data-resource>
      </data-provider>
    `);
    const resource = page.querySelector('#removed')!;
    await waitUntil(() => resource.querySelector('p')?.textContent === 'first', 'loaded', {timeout: 10_000});
    await server.setArticle({id: '1', title: 'second', views: 0});
    await waitUntil(() => resource.querySelector('p')?.textContent === 'second', 'polled', {timeout: 10_000});
    resource.remove();
    expect(retainedCount(page.activeController)).to.equal(1, 'released: only the other element\'s read is left');
    // At most one request that had left before the removal.
    expect(await requestsWhileAnotherPolls('1', 'kept')).to.be.at.most(1, 'requests after the element was removed');
  });

  for (const hook of ['useSuspense', 'useCache'] as const) {
    it(`a Lit reader (${hook}) of a polled endpoint stops its polls when it is removed`, async () => {
      await server.setArticle({id: 'gone', title: 'first', views: 0});
      await server.setArticle({id: 'kept', title: 'kept', views: 0});
      const getArticle = new RestEndpoint({urlPrefix: server.origin, path: '/articles/:id', schema: Article, pollFrequency: 30});
      class PolledReader extends LitElement {
        articleId = '';
        article = hook === 'useSuspense' ? useSuspense(this, getArticle, () => ({id: this.articleId})) : useCache(this, getArticle, () => ({id: this.articleId}));
        override render() {
          return html`<p>${(this.article.value as Article | undefined)?.title ?? '-'}</p>`;
        }
      }
      const tag = `polled-reader-${++readerTags}`;
      customElements.define(tag, PolledReader);
      const page = await fixture<DataProvider>(testHtml`<data-provider></data-provider>`);
      const reader = (id: string) => Object.assign(document.createElement(tag) as PolledReader, {articleId: id});
      const gone = reader('gone');
      page.append(gone, reader('kept'));
      const shown = () => gone.shadowRoot?.querySelector('p')?.textContent;
      // useCache never fetches: what it shows first comes from a poll.
      await waitUntil(() => shown() === 'first', 'the first title', {timeout: 10_000});
      await server.setArticle({id: 'gone', title: 'second', views: 0});
      await waitUntil(() => shown() === 'second', 'polled while connected', {timeout: 10_000});

      gone.remove();
      expect(await requestsWhileAnotherPolls('gone', 'kept')).to.be.at.most(1, 'requests after the reader was removed');
    });
  }

  it('focus refetches stale shown results; refetchOnFocus: false turns it off while online still works', async () => {
    await server.setArticle({id: '1', title: 'old'});
    const getArticle = new RestEndpoint({urlPrefix: server.origin, path: '/articles/:id', schema: Article});
    const run = async (options: {refetchOnFocus?: boolean}) => {
      const controller = new Controller({dataExpiryLength: 0, plugins: [new Refresh(options)]});
      cleanups.push(() => controller.dispose());
      await controller.fetch(getArticle, {id: '1'});
      cleanups.push(controller.retain(getArticle, {id: '1'}));
      return controller;
    };
    const on = await run({});
    const off = await run({refetchOnFocus: false});
    const before = (await server.stats()).articleRequests;
    await server.setArticle({id: '1', title: 'new'});
    window.dispatchEvent(new Event('focus'));
    const title = (c: Controller) => (c.getResponse(getArticle, {id: '1'}).data as Article).title;
    await until('focus refetched', () => title(on) === 'new', on);
    expect((await server.stats()).articleRequests).to.equal(before + 1, 'only the Controller with refetchOnFocus');
    window.dispatchEvent(new Event('online'));
    await until('online refetched', () => title(off) === 'new', off);
  });
});

describe('useLiveFeed', () => {
  it('keeps a shared feed open while components hold it and renders the pushes', async () => {
    const feed = new WebSocketFeed({url: `${server.wsOrigin}/ws`, events: {article: Article}, onError: () => {}});
    class LiveCount extends LitElement {
      live = useLiveFeed(this, feed);
      article = useCache(this, new Query(Article), () => ({id: '1'}));
      override render() {
        return html`<span>${this.live.status}</span> <b>${(this.article.value as Article | undefined)?.views ?? '-'}</b>`;
      }
    }
    if (!customElements.get('live-count')) customElements.define('live-count', LiveCount);
    const page = await fixture<DataProvider>(testHtml`<data-provider><live-count></live-count><live-count></live-count></data-provider>`);
    const [one, two] = [...page.querySelectorAll('live-count')] as LiveCount[];
    await waitUntil(() => one!.shadowRoot!.querySelector('span')?.textContent === 'open', 'open', {timeout: 5000});
    await server.whenOpen('ws', 1);
    await server.publish('article', {id: '1', views: 5});
    await waitUntil(() => two!.shadowRoot!.querySelector('b')?.textContent === '5', 'pushed', {timeout: 5000});
    one!.remove();
    expect(feed.status).to.equal('open', 'the other component still holds it');
    two!.remove();
    expect(feed.status).to.equal('closed');
    await server.whenOpen('ws', 0);
  });
  it('with no <data-provider> above, fires data-error with a MissingProviderError once, as readers do, and connects nothing', async () => {
    await capturingReports(window, async reported => {
      const feed = new WebSocketFeed({url: `${server.wsOrigin}/ws`, events: {article: Article}, onError: () => {}});
      class AloneLive extends LitElement {
        live = useLiveFeed(this, feed);
        override render() {
          return html`${this.live.status}`;
        }
      }
      customElements.define('live-alone', AloneLive);
      const errors: unknown[] = [];
      const el = await fixture<AloneLive>(testHtml`<live-alone @data-error=${(e: CustomEvent<{error: unknown}>) => errors.push(e.detail.error)}></live-alone>`);
      await waitUntil(() => errors.length === 1, 'data-error fired', {timeout: 5000});
      expect(errors[0]).to.have.property('name', 'MissingProviderError');
      expect(String((errors[0] as Error).message)).to.contain('<live-alone>');
      el.requestUpdate();
      await el.updateComplete;
      expect(errors.length, 'once').to.equal(1);
      expect(reported).to.deep.equal(errors);
      expect(feed.status).to.equal('idle');
    });
  });

  it('<data-live> with no <data-provider> above fires data-error with a MissingProviderError naming it', async () => {
    await capturingReports(window, async () => {
      const errors: unknown[] = [];
      await fixture(testHtml`<data-live src="${server.origin}/sse" events='{"article": "LiveAloneArticle"}' @data-error=${(e: CustomEvent<{error: unknown}>) => errors.push(e.detail.error)}></data-live>`);
      await waitUntil(() => errors.length === 1, 'data-error fired', {timeout: 5000});
      expect(errors[0]).to.have.property('name', 'MissingProviderError');
      expect(String((errors[0] as Error).message)).to.contain('<data-live>');
    });
  });

  it('given something that is not a feed (its options), reports it once and holds nothing, without throwing into the page', async () => {
    await capturingReports(window, async reported => {
      class NotAFeed extends LitElement {
        live = useLiveFeed(this, {url: `${server.wsOrigin}/ws`, events: {article: Article}} as never);
        override render() {
          return html`${this.live.status}`;
        }
      }
      customElements.define('live-not-a-feed', NotAFeed);
      const page = await fixture<DataProvider>(testHtml`<data-provider><live-not-a-feed></live-not-a-feed></data-provider>`);
      const el = page.querySelector('live-not-a-feed') as NotAFeed;
      el.requestUpdate();
      await el.updateComplete;
      expect(el.shadowRoot!.textContent).to.equal('idle');
      expect(reported.map(error => String(error))).to.deep.equal(['TypeError: useLiveFeed: not a live feed (an EventSourceFeed or a WebSocketFeed)']);
    });
  });
});
