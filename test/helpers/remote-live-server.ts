// The live test server (test/servers/live-server.mjs) seen from a browser test: the test
// runner starts one per test on 127.0.0.1 and the page drives it through /__live/.
import type {Controller} from '../../src/index.js';
import type {LiveFeed} from '../../src/live/index.js';

/** One live server for one test, driven through the test runner's /__live/ middleware. */
export class RemoteServer {
  origin = '';
  wsOrigin = '';
  private constructor(private readonly id: string) {}

  static async start(): Promise<RemoteServer> {
    const answer = await call('/__live/servers', {});
    const server = new RemoteServer(answer.id);
    Object.assign(server, {origin: answer.origin, wsOrigin: answer.wsOrigin});
    return server;
  }

  async publish(event: string, data: unknown): Promise<string> {
    return (await this.act('publish', {event, data})).id;
  }
  async burst(count: number, entities: number): Promise<string[]> {
    return (await this.act('burst', {event: 'article', count, entities})).ids;
  }
  /** Sends a binary frame to every open WebSocket. */
  binary = (bytes: number[]) => this.act('binary', {bytes});
  async malformed(event: string, raw: string): Promise<string> {
    return (await this.act('malformed', {event, raw})).id;
  }
  /** Sends an already-delivered message again (at-least-once delivery). */
  resend = (id: string) => this.act('resend', {id});
  /** From now on a resume also sends the last `count` messages the client already has. */
  overlapResumes = (count: number) => this.act('overlap', {count});
  /** Publishes a message without an id. */
  publishUnnumbered = (event: string, data: unknown) => this.act('unnumbered', {event, data});
  drop = () => this.act('drop');
  setArticle = (data: object) => this.act('article', {data});
  whenOpen = (transport: 'sse' | 'ws', count: number) => this.act('whenopen', {transport, count});
  stats = () => this.act('stats');
  async restart(): Promise<void> {
    Object.assign(this, await this.act('restart'));
  }
  close = () => this.act('close');

  private act(action: string, body: object = {}): Promise<any> {
    return call(`/__live/servers/${this.id}/${action}`, body);
  }
}

async function call(path: string, body: object): Promise<any> {
  const response = await fetch(path, {method: 'POST', body: JSON.stringify(body)});
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

/**
 * Gives each test of the file a server of its own (to `started`, before the test); after the
 * test, runs `cleanups` (the last added first) and closes the server.
 */
export function serverForEachTest(cleanups: (() => unknown)[], started: (server: RemoteServer) => void): void {
  let current: RemoteServer;
  beforeEach(async () => {
    current = await RemoteServer.start();
    started(current);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await current.close();
  });
}

/** Waits until `check` holds, re-checked after each commit of `controller` and change of `feed`. */
export function until(label: string, check: () => boolean, controller: Controller, feed?: LiveFeed): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const stops: (() => void)[] = [];
    const timer = setTimeout(() => finish(new Error(`timed out waiting for: ${label}`)), 20_000);
    const finish = (error?: Error) => {
      for (const stop of stops) stop();
      clearTimeout(timer);
      error ? reject(error) : resolve();
    };
    const later = () => queueMicrotask(() => check() && finish());
    stops.push(controller.subscribe(later));
    if (feed) stops.push(feed.subscribe(later));
  });
}
