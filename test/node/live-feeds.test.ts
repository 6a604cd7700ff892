// Live feeds against real servers on 127.0.0.1: server-sent events (read in Node 20 with the
// `eventsource` package, the WHATWG EventSource) and a WebSocket server (`ws`). The same
// checks run over both transports: messages reach the cache, and the faults (a connection
// dropped mid-stream, malformed JSON, 10,000 messages in a burst, a restart on another port)
// lose nothing the server sent after the reconnect and apply nothing twice.
import {EventSourceFeed, FeedError, WebSocketFeed, type FeedUrl, type LiveFeed, type LiveFeedOptions, type LiveMessage} from '../../src/live/index.js';
import {after, afterEach, before, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {EventSource} from 'eventsource';
import {WebSocket} from 'ws';
import {Controller, Entity, RestEndpoint} from '../../src/index.js';
import {LiveServer} from '../servers/live-server.mjs';
import {until} from './helpers/live.js';

class Article extends Entity {
  id = '';
  title = '';
  views = 0;
  static override key = 'Article';
}

type Transport = 'sse' | 'ws';

function makeFeed(transport: Transport, url: FeedUrl, options: Partial<LiveFeedOptions> = {}): LiveFeed {
  const common = {url, events: {article: Article, ping: null}, backoff: {initialDelay: 10, maxDelay: 100}, ...options};
  return transport === 'sse'
    ? new EventSourceFeed({...common, EventSource: EventSource as never})
    : new WebSocketFeed({...common, WebSocket: WebSocket as never});
}

const path = (transport: Transport) => (transport === 'sse' ? '/sse' : '/ws');

let server: LiveServer;
const cleanups: (() => void | Promise<void>)[] = [];
before(async () => {
  server = await LiveServer.start();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  server.drop();
});
after(() => server.close());

/** A Controller with a feed connected to the test server, recording what it applies and reports. */
function connectFeed(transport: Transport, url?: FeedUrl, options: Partial<LiveFeedOptions> = {}) {
  const controller = new Controller();
  const applied: LiveMessage[] = [];
  const errors: FeedError[] = [];
  const feed = makeFeed(transport, url ?? `${server.origin}${path(transport)}`, {
    onMessage: message => applied.push(message),
    onError: error => errors.push(error),
    ...options,
  });
  const stop = feed.connect(controller);
  cleanups.push(stop, () => controller.dispose());
  const article = (id: string) => controller.get(Article, {id});
  const ids = () => applied.map(m => m.id);
  return {controller, feed, stop, applied, errors, article, ids};
}

const range = (from: number, to: number) => Array.from({length: to - from + 1}, (_, i) => String(from + i));

for (const transport of ['sse', 'ws'] as const) {
  describe(`live feed over ${transport === 'sse' ? 'server-sent events' : 'WebSocket'}`, () => {
    test('messages of a named event are written into the cache through its schema', async () => {
      const {controller, feed, article, applied} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      server.publish('article', {id: '1', title: 'Hello', views: 3});
      server.publish('ping', {});
      server.publish('article', [{id: '2', title: 'Two'}, {id: '3', title: 'Three'}]);
      await until('three articles', () => article('3') !== undefined, controller);
      assert.equal(article('1')?.title, 'Hello');
      assert.equal(article('1')?.views, 3);
      assert.ok(article('1') instanceof Article);
      assert.equal(article('2')?.title, 'Two');
      assert.deepEqual(applied.map(m => m.event), ['article', 'article'], 'the ping (schema null) is ignored');
    });

    test("the feed's lastEventId follows the messages, and its subscribers hear each one", async () => {
      const {controller, feed, applied} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      const heard: (string | undefined)[] = [];
      cleanups.push(feed.subscribe(() => heard.push(feed.lastEventId)));
      const sent = [server.publish('article', {id: '1', views: 1}), server.publish('article', {id: '2', views: 2})];
      await until('two messages', () => applied.length === 2, controller);
      assert.equal(feed.lastEventId, sent[1]);
      assert.deepEqual(heard, sent);
    });

    test('a connection dropped mid-stream resumes after the last id: nothing lost, nothing twice, shown results refetched once', async () => {
      const first = server.log.length;
      const {controller, feed, ids, article} = connectFeed(transport);
      const getArticle = new RestEndpoint({urlPrefix: server.origin, path: '/articles/:id', schema: Article});
      await until('open', () => feed.status === 'open', controller, feed);
      const sent = [1, 2, 3].map(n => server.publish('article', {id: 'a', title: `v${n}`}));
      await until('three applied', () => ids().length === 3, controller);
      await controller.fetch(getArticle, {id: 'a'});
      const release = controller.retain(getArticle, {id: 'a'});
      cleanups.push(release);
      const requestsBefore = server.articleRequests;
      const connectionsBefore = server.connections.length;

      server.drop();
      await until('the loss is seen', () => feed.status !== 'open', controller, feed);
      sent.push(...[4, 5, 6].map(n => server.publish('article', {id: 'a', title: `v${n}`})));
      await until('six applied', () => ids().length === 6, controller);
      assert.deepEqual(ids(), sent);
      assert.equal(article('a')?.title, 'v6');
      const resumed = server.connections.slice(connectionsBefore);
      assert.equal(resumed[0]?.lastEventId, sent[2], 'resumed after the last id received');
      assert.equal(resumed[0]?.resumedVia, transport === 'sse' ? 'header' : 'query', transport === 'sse' ? 'Last-Event-ID, as EventSource sends it' : 'the resume parameter');
      await until('refetched', () => server.articleRequests === requestsBefore + 1, controller);
      sent.push(server.publish('article', {id: 'a', title: 'v7'}));
      await until('seven applied', () => ids().length === 7, controller);
      assert.equal(server.articleRequests, requestsBefore + 1, 'the shown article was refetched once');
      assert.ok(server.log.length - first >= 7);
    });

    test('a message the server sends again after a later one is not applied again (at-least-once delivery)', async () => {
      const {controller, feed, ids, article} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      const first = server.publish('article', {id: 'd', title: 'v1'});
      const second = server.publish('article', {id: 'd', title: 'v2'});
      await until('two applied', () => ids().length === 2, controller);
      server.resend(first);
      // A connection delivers in order: once the marker is applied, the repeat has come and gone.
      const marker = server.publish('article', {id: 'marker', title: 'after the repeat'});
      await until('the marker', () => article('marker') !== undefined, controller);
      assert.equal(article('d')?.title, 'v2', 'the repeat of v1 did not turn the title back');
      assert.deepEqual(ids(), [first, second, marker]);
    });

    test('a resume that sends already-delivered messages again applies each message once', async () => {
      server.resumeOverlap = 2;
      cleanups.push(() => void (server.resumeOverlap = 0));
      const {controller, feed, ids, article} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      const sent = [1, 2, 3].map(n => server.publish('article', {id: 'o', title: `v${n}`}));
      await until('three applied', () => ids().length === 3, controller);
      const connections = server.connections.length;

      server.drop();
      await until('resumed', () => feed.status === 'open' && server.connections.length > connections, controller, feed);
      assert.equal(server.connections.at(-1)?.lastEventId, sent[2]);
      sent.push(server.publish('article', {id: 'o', title: 'v4'}));
      await until('the new message', () => ids().includes(sent[3]!), controller);
      assert.deepEqual(ids(), sent, 'the two messages sent again were skipped');
      assert.equal(article('o')?.title, 'v4');
    });

    test('messages without an id are all applied, also after numbered ones', async () => {
      const {controller, feed, applied, article} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      const numbered = server.publish('article', {id: 'u', title: 'numbered'});
      server.publishUnnumbered('article', {id: 'u', title: 'unnumbered 1', views: 1});
      server.publishUnnumbered('article', {id: 'u', title: 'unnumbered 2', views: 2});
      await until('three applied', () => applied.length === 3, controller);
      assert.equal(article('u')?.title, 'unnumbered 2');
      assert.equal(applied[0]!.id, numbered);
    });

    test('malformed JSON and data that does not fit the schema are reported, and the feed keeps going', async () => {
      const {controller, feed, errors, article, ids} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      const bad = server.malformed('article', '{"id": "1", "title": ');
      const noPk = server.publish('article', {title: 'no id'});
      const good = server.publish('article', {id: '9', title: 'fine'});
      await until('the good one', () => article('9') !== undefined, controller);
      assert.deepEqual(ids(), [good]);
      assert.deepEqual(errors.map(e => e.kind), ['parse', 'schema']);
      assert.ok(errors.every(e => e instanceof FeedError));
      assert.equal(errors[0]!.id, transport === 'sse' ? bad : undefined, 'an undecodable frame has no id to read');
      assert.equal(errors[1]!.id, noPk);
      assert.equal(errors[1]!.event, 'article');
      assert.match(errors[1]!.message, /live feed .*event "article".*Article/);
      assert.equal(feed.error, errors[1]);
      assert.equal(feed.status, 'open');
    });

    test('10,000 messages in one burst are all applied, in order, once, in a few commits', async () => {
      const {controller, feed, applied, article} = connectFeed(transport);
      await until('open', () => feed.status === 'open', controller, feed);
      let commits = 0;
      cleanups.push(controller.subscribe(() => commits++));
      const ids = server.burst(10_000, i => ({event: 'article', data: {id: String(i % 100), views: i}}));
      await until('all applied', () => applied.length === 10_000, controller, undefined, 60_000);
      assert.deepEqual(applied.map(m => m.id), ids);
      // The messages a socket read hands over in one task are one commit; the burst is a few reads.
      assert.ok(commits <= 100, `${commits} commits for 10,000 messages`);
      assert.equal(article('0')?.views, 9_900);
      assert.equal(article('99')?.views, 9_999);
    });

    test('a server that restarts on another port is followed by a URL function, resuming after the last id', async () => {
      let origin = server.origin;
      const {controller, feed, ids, article} = connectFeed(transport, lastEventId => {
        const url = new URL(`${origin}${path(transport)}`);
        if (lastEventId !== undefined) url.searchParams.set('lastEventId', lastEventId);
        return url;
      });
      await until('open', () => feed.status === 'open', controller, feed);
      const sent = [server.publish('article', {id: 'r', title: 'before'})];
      await until('one applied', () => ids().length === 1, controller);
      const oldPort = server.port;
      await server.restart();
      assert.notEqual(server.port, oldPort);
      sent.push(server.publish('article', {id: 'r', title: 'while away'}));
      origin = server.origin;
      await until('two applied', () => ids().length === 2, controller);
      sent.push(server.publish('article', {id: 'r', title: 'after'}));
      await until('three applied', () => ids().length === 3, controller);
      assert.deepEqual(ids(), sent);
      assert.equal(article('r')?.title, 'after');
      assert.equal(server.connections.at(-1)?.lastEventId, sent[0]);
    });

    test('reference counted: one connection for two holders, closed when the last lets go', async () => {
      const controller = new Controller();
      cleanups.push(() => controller.dispose());
      const feed = makeFeed(transport, `${server.origin}${path(transport)}`, {onError: () => {}});
      const open = () => server.openConnections[transport];
      const first = feed.connect(controller);
      const second = feed.connect(controller);
      await until('open', () => feed.status === 'open', controller, feed);
      assert.equal(open(), 1);
      assert.equal(feed.holderCount, 2);
      first();
      first();
      assert.equal(feed.status, 'open', 'the second holder keeps it open');
      second();
      assert.equal(feed.status, 'closed');
      assert.equal(feed.holderCount, 0);
      await server.whenOpen(transport, 0); // the server sees the connection close
      const again = feed.connect(controller);
      cleanups.push(again);
      await until('open again', () => feed.status === 'open', controller, feed);
      assert.equal(open(), 1);
    });
  });
}

describe('live feed errors and reconnection', () => {
  test('a WebSocket message for an unknown event is reported; a frame without data too', async () => {
    const {controller, feed, errors, ids} = connectFeed('ws');
    await until('open', () => feed.status === 'open', controller, feed);
    server.publish('comment', {id: '1'});
    server.malformed('article', '{"event": "article"}');
    const good = server.publish('article', {id: '5', title: 'ok'});
    await until('the good one', () => ids().length === 1, controller);
    assert.deepEqual(ids(), [good]);
    assert.deepEqual(errors.map(e => e.kind), ['unknown-event', 'parse']);
    assert.match(errors[0]!.message, /event "comment".*no schema/);
  });

  test('without an EventSource implementation the feed reports it and stays closed, throwing nothing', () => {
    assert.equal(typeof (globalThis as {EventSource?: unknown}).EventSource, 'undefined', 'Node 20 has none');
    const errors: FeedError[] = [];
    const feed = new EventSourceFeed({url: `${server.origin}/sse`, schema: Article, onError: error => errors.push(error)});
    const stop = feed.connect(new Controller());
    assert.equal(feed.status, 'closed');
    assert.equal(errors[0]?.kind, 'closed');
    assert.match(errors[0]!.message, /EventSource.*option/);
    stop();
  });

  test('an event stream the server refuses (404) is reported and retried with backoff', async () => {
    const {controller, feed, errors} = connectFeed('sse', `${server.origin}/nothing-here`);
    await until('two attempts', () => errors.length >= 2, controller, feed);
    assert.ok(errors.every(e => e.kind === 'connection'));
    assert.match(errors[0]!.message, /nothing-here/);
    assert.equal(feed.status, 'reconnecting');
  });

  test('the options are checked where the feed is made', () => {
    assert.throws(() => new WebSocketFeed({url: '', schema: Article}), /`url` option is required/);
    assert.throws(() => new WebSocketFeed({url: 'ws://127.0.0.1:1/'}), /give a `schema` or `events`/);
    assert.throws(() => new WebSocketFeed({url: 'ws://127.0.0.1:1/', schema: Article, backoff: {jitter: 2}}), /jitter/);
  });
});
