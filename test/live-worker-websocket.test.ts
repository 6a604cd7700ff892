// WorkerWebSocket in real browsers against the live test server on 127.0.0.1: frames handed
// to the page together, a listener's error kept from the frames after it, closing (also before
// the socket opened), the socket ended when the page is left, binary frames, refused
// connections, a worker that fails to start, malformed URLs, and `<data-live worker>`. The feed's behaviours over it (order, resume, repeats, bursts, a
// server that moves) run in live-data.test.ts with the other transports.
import {expect, fixture, html, waitUntil} from '@open-wc/testing';
import {Controller, Entity} from '../src/index.js';
import {WebSocketFeed, WorkerWebSocket, type FeedError, type LiveMessage} from '../src/live/index.js';
import '../components/index.js';
import type {DataLive, DataProvider} from '../components/index.js';
import {declarationsOf} from '../components/declarations.js';
import {RemoteServer, serverForEachTest, until} from './helpers/remote-live-server.js';
import {recordReports} from './helpers/reported-errors.js';

class Tick extends Entity {
  id = '';
  views = 0;
  static override key = 'WorkerTick';
}

let server: RemoteServer;
const cleanups: (() => unknown)[] = [];
serverForEachTest(cleanups, started => (server = started));

/** A WorkerWebSocket to the server, with what it delivered: each frame, and how many tasks they came in. */
function openSocket(url = `${server.wsOrigin}/ws`) {
  const socket = new WorkerWebSocket(url);
  const frames: unknown[] = [];
  const closes: {code: number; reason: string}[] = [];
  let tasks = 0;
  let inTask = false;
  let opened = false;
  socket.addEventListener('open', () => (opened = true));
  socket.addEventListener('message', (event: {data: unknown}) => {
    // Frames handed over together are delivered in one task: a microtask marks its end.
    if (!inTask) {
      inTask = true;
      tasks++;
      queueMicrotask(() => (inTask = false));
    }
    frames.push(event.data);
  });
  socket.addEventListener('close', (event: {code: number; reason: string}) => closes.push(event));
  cleanups.push(() => socket.close());
  return {socket, frames, closes, tasks: () => tasks, opened: () => opened};
}

function connectFeed(url = `${server.wsOrigin}/ws`) {
  const controller = new Controller();
  const applied: LiveMessage[] = [];
  const errors: FeedError[] = [];
  const feed = new WebSocketFeed({
    url,
    WebSocket: WorkerWebSocket,
    events: {tick: Tick},
    backoff: {initialDelay: 20, maxDelay: 200},
    onMessage: message => applied.push(message),
    onError: error => errors.push(error),
  });
  cleanups.push(feed.connect(controller), () => controller.dispose());
  return {controller, feed, applied, errors};
}

describe('WorkerWebSocket', () => {
  const reports = recordReports();

  it('hands the frames that come together to the page together, in order', async () => {
    const {frames, tasks, opened} = openSocket();
    await waitUntil(opened, 'open', {timeout: 10_000});
    const ids = await server.burst(1_000, 10);
    await waitUntil(() => frames.length === 1_000, 'every frame', {timeout: 20_000});
    expect(frames.map(frame => JSON.parse(frame as string).id)).to.deep.equal(ids);
    // The worker hands over at most once every 4 ms: 1,000 frames come in far fewer tasks than
    // the 1,000 a page's own socket may take (unless their arrival spread over seconds).
    expect(tasks(), `${tasks()} tasks`).to.be.below(200);
  });

  it('reports a listener that throws and still delivers the frames after it to every listener', async () => {
    const {socket, frames, opened} = openSocket();
    await waitUntil(opened, 'open', {timeout: 10_000});
    const seen: unknown[] = [];
    socket.addEventListener('message', (event: {data: string}) => {
      seen.push(event.data);
      if (seen.length === 2) throw new Error('a listener failed');
    });
    await server.burst(5, 5);
    await waitUntil(() => frames.length === 5 && seen.length === 5, 'every frame', {timeout: 10_000});
    expect(reports.reported().map(error => (error as Error).message)).to.deep.equal(['a listener failed']);
  });

  it('closes its socket on close(), then tells `close`', async () => {
    const {socket, closes, opened} = openSocket();
    await waitUntil(opened, 'open', {timeout: 10_000});
    await server.whenOpen('ws', 1);
    socket.close(1000, 'done');
    await server.whenOpen('ws', 0);
    await waitUntil(() => closes.length === 1, 'close', {timeout: 10_000});
    expect(closes[0]!.code).to.equal(1000);
  });

  it('ends its socket when the page is left, and the feed reconnects and resumes if it comes back', async () => {
    const {controller, feed, applied} = connectFeed();
    await until('open', () => feed.status === 'open', controller, feed);
    const first = await server.publish('tick', {id: 'a', views: 1});
    await until('one applied', () => applied.length === 1, controller);
    const connections = (await server.stats()).connections.length;
    // A page kept in the back/forward cache keeps its workers: leaving it must close the socket.
    window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}));
    expect(feed.status).to.equal('reconnecting');
    await until('open again', () => feed.status === 'open', controller, feed);
    const stats = await server.stats();
    expect(stats.connections.length).to.equal(connections + 1);
    expect(stats.connections.at(-1).lastEventId).to.equal(first);
    expect(stats.open.ws).to.equal(1, 'the old socket is closed');
    const second = await server.publish('tick', {id: 'a', views: 2});
    await until('two applied', () => applied.length === 2, controller);
    expect(applied.map(m => m.id)).to.deep.equal([first, second]);
  });

  it('passes a binary frame on, which the feed reports, and goes on', async () => {
    const {controller, feed, applied, errors} = connectFeed();
    await until('open', () => feed.status === 'open', controller, feed);
    await server.binary([1, 2, 3]);
    const id = await server.publish('tick', {id: 'b', views: 1});
    await until('applied', () => applied.length === 1, controller);
    expect(applied[0]!.id).to.equal(id);
    expect(errors.map(e => [e.kind, e.message.includes('binary frame')])).to.deep.equal([['parse', true]]);
  });

  it('reports a refused connection with its close code, and keeps trying', async () => {
    // A port where a server listened a moment ago, and nothing listens now.
    const gone = await RemoteServer.start();
    const url = `${gone.wsOrigin}/ws`;
    await gone.close();
    const {controller, feed, errors} = connectFeed(url);
    await until('a report', () => errors.length > 0, controller, feed);
    expect(errors[0]!.kind).to.equal('connection');
    expect(errors[0]!.message).to.match(/could not connect \(close code 1006/);
    expect(feed.status).to.equal('reconnecting');
  });

  it('closes a socket that was closed before it opened, and tells `close` once', async () => {
    const {socket, closes, opened} = openSocket();
    socket.close(1000, 'not needed');
    await waitUntil(() => closes.length === 1, 'close', {timeout: 10_000});
    expect(opened()).to.equal(false);
    socket.close(); // a second close() tells nothing more
    await server.whenOpen('ws', 0); // a round trip to the test server meanwhile
    expect(closes.length).to.equal(1);
  });

  it('reports a worker that fails to start as a connection that did not open, naming the worker', async () => {
    const original = window.Worker;
    // A worker whose script does not parse fails as one refused by a Content-Security-Policy does: an error event, no socket.
    window.Worker = class extends original {
      constructor(_url: string | URL, options?: WorkerOptions) {
        super(URL.createObjectURL(new Blob(['this is not a script {'], {type: 'text/javascript'})), options);
      }
    };
    try {
      const {controller, feed, errors} = connectFeed();
      await until('a report', () => errors.length > 0, controller, feed);
      expect(errors[0]!.kind).to.equal('connection');
      expect(errors[0]!.message).to.contain("the socket's worker failed");
    } finally {
      window.Worker = original;
    }
  });

  it('refuses a malformed URL at once, as the page\'s WebSocket does, and the feed says so', () => {
    expect(() => new WorkerWebSocket('ws://[not a host')).to.throw(TypeError);
    const {feed, errors} = connectFeed('ws://[not a host');
    expect(feed.status).to.equal('closed');
    expect(errors.map(e => e.kind)).to.deep.equal(['closed']);
    expect(errors[0]!.message).to.contain('cannot connect');
  });
});

describe('<data-live worker>', () => {
  let workers = 0;
  let original: typeof Worker;
  beforeEach(() => {
    workers = 0;
    original = window.Worker;
    window.Worker = class extends original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        workers++;
      }
    };
  });
  afterEach(() => {
    window.Worker = original;
  });

  it('runs the WebSocket in a worker and writes its messages into the cache', async () => {
    const page = await fixture<DataProvider>(html`
      <data-provider>
        <data-live src="${server.wsOrigin}/ws" events='{"tick": "WorkerTick"}' worker></data-live>
      </data-provider>
    `);
    const live = page.querySelector<DataLive>('data-live')!;
    await waitUntil(() => live.status === 'open', 'open', {timeout: 10_000});
    expect(workers).to.equal(1);
    await server.publish('tick', {id: 'w', views: 7});
    // The entity class the element declared for that name, as `<data-resource entity="WorkerTick">` would use it.
    const declared = declarationsOf(page.activeController).entity('WorkerTick', 'id');
    await waitUntil(() => (page.activeController.get(declared, {id: 'w'}) as {views?: number} | undefined)?.views === 7, 'applied', {timeout: 10_000});
  });

  it('fires data-error naming the attribute on an event-stream feed', async () => {
    const page = await fixture<DataProvider>(html`<data-provider></data-provider>`);
    const live = document.createElement('data-live');
    live.setAttribute('src', `${server.origin}/sse`);
    live.setAttribute('events', '{"tick": "WorkerTick"}');
    live.toggleAttribute('worker', true);
    const reported = new Promise<CustomEvent>(resolve => page.addEventListener('data-error', event => resolve(event as CustomEvent), {once: true}));
    page.append(live);
    const event = await reported;
    expect(event.detail.attribute).to.equal('worker');
    expect(event.detail.message).to.contain('WebSocket feed only');
    expect(workers).to.equal(0);
  });
});
