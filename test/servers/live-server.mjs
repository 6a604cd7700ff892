// @ts-check
// A real live-data server for the tests, on 127.0.0.1 only: server-sent events at /sse, a
// WebSocket at /ws (the `ws` package), and JSON articles at /articles/:id for refetches. It
// keeps a log of every message it published, so a client that reconnects with Last-Event-ID
// (the header, as browsers send it) or ?lastEventId= gets exactly what it missed. Faults on
// demand: drop every connection mid-stream, send malformed JSON, send a burst, restart on
// another port, send an already-delivered message again (at once, or on every resume, as a
// server with at-least-once delivery does), and count the article requests per id. Node tests drive it directly; browser tests through liveServerMiddleware()
// (web-test-runner.config.mjs), each test with a server of its own.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const HOST = '127.0.0.1';

/**
 * @typedef {{id: string | undefined, event: string, data: unknown, raw?: string}} LoggedMessage
 * @typedef {{transport: 'sse' | 'ws', lastEventId: string | undefined, resumedVia: 'header' | 'query' | undefined}} ConnectionRecord
 */

export class LiveServer {
  /** @type {LoggedMessage[]} */
  log = [];
  /** Article state served at /articles/:id: the data of the last message per id. @type {Map<string, unknown>} */
  articles = new Map();
  /** Every connection made, in order. @type {ConnectionRecord[]} */
  connections = [];
  /** GET /articles/:id requests served. */
  articleRequests = 0;
  /** GET /articles/:id requests served, per id. @type {Map<string, number>} */
  articleRequestsById = new Map();
  /**
   * How many already-delivered messages a resume sends again before the missed ones
   * (at-least-once delivery). Default 0: exactly what was missed.
   */
  resumeOverlap = 0;
  port = 0;
  /** @type {import('node:http').Server | undefined} */
  #http;
  /** @type {WebSocketServer | undefined} */
  #wss;
  /** @type {Set<import('node:http').ServerResponse>} */
  #streams = new Set();
  /** @type {Set<import('ws').WebSocket>} */
  #sockets = new Set();
  /** @type {Set<import('node:net').Socket>} */
  #tcp = new Set();
  #nextId = 1;
  /** @type {Set<() => void>} */
  #waiters = new Set();

  /** Starts a server on a free port of 127.0.0.1. */
  static async start() {
    const server = new LiveServer();
    await server.#listen();
    return server;
  }

  get origin() {
    return `http://${HOST}:${this.port}`;
  }

  get wsOrigin() {
    return `ws://${HOST}:${this.port}`;
  }

  /** Open SSE streams and WebSockets now. */
  get openConnections() {
    return { sse: this.#streams.size, ws: this.#sockets.size };
  }

  /**
   * Resolves when exactly `count` connections of `transport` are open (no polling: checked on each open and close).
   * @param {'sse' | 'ws'} transport @param {number} count
   */
  whenOpen(transport, count) {
    return new Promise(resolve => {
      const check = () => {
        if (this.openConnections[transport] !== count) return;
        this.#waiters.delete(check);
        resolve(undefined);
      };
      this.#waiters.add(check);
      check();
    });
  }

  #changed() {
    for (const check of [...this.#waiters]) check();
  }

  /**
   * Publishes a message to every open connection and logs it for resumes.
   * @param {string} event @param {unknown} data @returns {string} its id
   */
  publish(event, data) {
    const message = { id: String(this.#nextId++), event, data };
    this.#record(message);
    this.#send([message]);
    return message.id;
  }

  /**
   * Publishes a message without an id (a server that numbers only some of its messages).
   * @param {string} event @param {unknown} data
   */
  publishUnnumbered(event, data) {
    const message = { id: undefined, event, data };
    this.#record(message);
    this.#send([message]);
  }

  /**
   * Publishes `count` messages in one write per connection: over a WebSocket a frame each, or
   * with `oneFrame` one frame of them all (a JSON array of envelopes, as a server batching its
   * frames sends them).
   * @param {number} count @param {(i: number) => {event: string, data: unknown}} make @param {{oneFrame?: boolean}} [options]
   */
  burst(count, make, options = {}) {
    /** @type {LoggedMessage[]} */
    const messages = [];
    for (let i = 0; i < count; i++) {
      const { event, data } = make(i);
      const message = { id: String(this.#nextId++), event, data };
      this.#record(message);
      messages.push(message);
    }
    this.#send(messages, options.oneFrame);
    return messages.map(m => m.id);
  }

  /** Sends text that is not JSON, as a message with an id of its own. @param {string} event @param {string} raw */
  malformed(event, raw) {
    const message = { id: String(this.#nextId++), event, data: undefined, raw };
    this.log.push(message);
    this.#send([message]);
    return message.id;
  }

  /** Sends a binary WebSocket frame (the event stream has none) to every open socket. @param {Uint8Array} bytes */
  binary(bytes) {
    for (const socket of this.#sockets) socket.send(bytes, { binary: true });
  }

  /**
   * Sends a logged message again, as it was, to every open connection (a server with
   * at-least-once delivery repeating itself). @param {string} id @returns {void}
   */
  resend(id) {
    const message = this.log.find(m => m.id === id);
    if (!message) throw new Error(`no message ${id} was published`);
    this.#send([message]);
  }

  /** Drops every connection mid-stream (the server stays up). */
  drop() {
    for (const stream of this.#streams) stream.destroy();
    for (const socket of this.#sockets) socket.terminate();
    this.#streams.clear();
    this.#sockets.clear();
    this.#changed();
  }

  /** Stops listening (dropping everything) and starts again on another free port; the log stays. */
  async restart() {
    const old = this.port;
    await this.#stop();
    do await this.#listen();
    while (this.port === old && (await this.#stop(), true));
    return this.port;
  }

  async close() {
    await this.#stop();
  }

  /** @param {LoggedMessage} message */
  #record(message) {
    this.log.push(message);
    const id = /** @type {{id?: unknown}} */ (message.data)?.id;
    if (id !== undefined) this.articles.set(String(id), { ...(/** @type {object} */ (this.articles.get(String(id)) ?? {})), .../** @type {object} */ (message.data) });
  }

  /** @param {LoggedMessage[]} messages @param {boolean} [oneFrame] */
  #send(messages, oneFrame = false) {
    if (messages.length === 0) return;
    const sse = messages.map(sseFrame).join('');
    for (const stream of this.#streams) stream.write(sse);
    const frames = oneFrame ? [`[${messages.map(wsFrame).join(',')}]`] : messages.map(wsFrame);
    for (const socket of this.#sockets) for (const frame of frames) socket.send(frame);
  }

  /** @param {string | undefined} lastEventId */
  #since(lastEventId) {
    if (lastEventId === undefined) return [];
    const index = this.log.findIndex(m => m.id === lastEventId);
    return index === -1 ? [] : this.log.slice(Math.max(0, index + 1 - this.resumeOverlap));
  }

  async #listen() {
    const http = createServer((req, res) => this.#handle(req, res));
    http.on('connection', socket => {
      this.#tcp.add(socket);
      socket.on('close', () => this.#tcp.delete(socket));
    });
    const wss = new WebSocketServer({ noServer: true });
    http.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', this.origin);
      if (url.pathname !== '/ws') return socket.destroy();
      wss.handleUpgrade(req, socket, head, ws => this.#onSocket(ws, url));
    });
    await new Promise((resolve, reject) => {
      http.once('error', reject);
      http.listen(0, HOST, () => resolve(undefined));
    });
    this.#http = http;
    this.#wss = wss;
    this.port = /** @type {import('node:net').AddressInfo} */ (http.address()).port;
  }

  async #stop() {
    this.drop();
    for (const socket of this.#tcp) socket.destroy();
    this.#tcp.clear();
    const http = this.#http;
    this.#http = undefined;
    this.#wss?.close();
    this.#wss = undefined;
    if (http) await new Promise(resolve => http.close(() => resolve(undefined)));
  }

  /** @param {import('ws').WebSocket} ws @param {URL} url */
  #onSocket(ws, url) {
    const lastEventId = url.searchParams.get('lastEventId') ?? undefined;
    this.connections.push({ transport: 'ws', lastEventId, resumedVia: lastEventId === undefined ? undefined : 'query' });
    this.#sockets.add(ws);
    this.#changed();
    const gone = () => this.#sockets.delete(ws) && this.#changed();
    ws.on('close', gone);
    ws.on('error', gone);
    for (const m of this.#since(lastEventId)) ws.send(wsFrame(m));
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  #handle(req, res) {
    const url = new URL(req.url ?? '/', this.origin);
    // Test pages come from the test runner's own origin.
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Headers': 'Last-Event-ID, Cache-Control, Content-Type',
        'Access-Control-Allow-Methods': 'GET',
      });
      return res.end();
    }
    if (url.pathname === '/sse') {
      const header = req.headers['last-event-id'];
      const query = url.searchParams.get('lastEventId') ?? undefined;
      const lastEventId = typeof header === 'string' && header !== '' ? header : query;
      this.connections.push({
        transport: 'sse',
        lastEventId,
        resumedVia: typeof header === 'string' && header !== '' ? 'header' : query === undefined ? undefined : 'query',
      });
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      // A short retry so browsers come back quickly after a drop.
      res.write(`retry: 50\n\n${this.#since(lastEventId).map(sseFrame).join('')}`);
      this.#streams.add(res);
      this.#changed();
      res.on('close', () => this.#streams.delete(res) && this.#changed());
      return;
    }
    const article = /^\/articles\/([^/]+)$/.exec(url.pathname);
    if (article && req.method === 'GET') {
      this.articleRequests++;
      const id = decodeURIComponent(article[1] ?? '');
      this.articleRequestsById.set(id, (this.articleRequestsById.get(id) ?? 0) + 1);
      const data = this.articles.get(id);
      res.writeHead(data ? 200 : 404, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify(data ?? { message: 'not found' }));
    }
    res.writeHead(404).end();
  }
}

/** @param {LoggedMessage} m */
function sseFrame(m) {
  const text = m.raw ?? JSON.stringify(m.data);
  return `${m.id === undefined ? '' : `id: ${m.id}\n`}event: ${m.event}\n${text.split('\n').map(line => `data: ${line}\n`).join('')}\n`;
}

/** @param {LoggedMessage} m */
function wsFrame(m) {
  return m.raw ?? JSON.stringify({ event: m.event, id: m.id, data: m.data });
}

/**
 * web-test-runner middleware: browser tests start, drive and stop LiveServers through
 * /__live/... on the test runner's own origin. Returns the middleware and closeAll() for
 * the plugin's serverStop.
 */
export function liveServerMiddleware() {
  /** @type {Map<string, LiveServer>} */
  const servers = new Map();
  let next = 1;
  /** @param {LiveServer} s */
  const describe = s => ({ origin: s.origin, wsOrigin: s.wsOrigin });
  /** @param {any} ctx @param {() => Promise<unknown>} nextMiddleware */
  async function middleware(ctx, nextMiddleware) {
    const match = /^\/__live\/servers(?:\/(\d+)(?:\/([a-z]+))?)?$/.exec(ctx.path);
    if (!match) return nextMiddleware();
    const [, id, action] = match;
    const body = ctx.method === 'POST' ? await readJson(ctx.req) : {};
    ctx.type = 'application/json';
    if (id === undefined && ctx.method === 'POST') {
      const server = await LiveServer.start();
      const key = String(next++);
      servers.set(key, server);
      ctx.body = JSON.stringify({ id: key, ...describe(server) });
      return;
    }
    const server = id === undefined ? undefined : servers.get(id);
    if (!server) {
      ctx.status = 404;
      ctx.body = JSON.stringify({ message: `no live server ${id}` });
      return;
    }
    let result = /** @type {unknown} */ ({});
    switch (action) {
      case 'publish':
        result = { id: server.publish(body.event, body.data) };
        break;
      case 'burst':
        result = {
          ids: server.burst(body.count, i => ({ event: body.event, data: { id: String(i % body.entities), views: i } })),
        };
        break;
      case 'malformed':
        result = { id: server.malformed(body.event, body.raw) };
        break;
      case 'binary':
        server.binary(new Uint8Array(body.bytes));
        break;
      case 'unnumbered':
        server.publishUnnumbered(body.event, body.data);
        break;
      case 'resend':
        server.resend(String(body.id));
        break;
      case 'overlap':
        server.resumeOverlap = body.count;
        break;
      case 'drop':
        server.drop();
        break;
      case 'article':
        server.articles.set(String(body.data.id), body.data);
        break;
      case 'whenopen':
        await server.whenOpen(body.transport, body.count);
        break;
      case 'restart':
        await server.restart();
        result = describe(server);
        break;
      case 'stats':
        result = {
          connections: server.connections,
          open: server.openConnections,
          articleRequests: server.articleRequests,
          articleRequestsById: Object.fromEntries(server.articleRequestsById),
          logLength: server.log.length,
        };
        break;
      case 'close':
        await server.close();
        servers.delete(/** @type {string} */ (id));
        break;
      default:
        ctx.status = 404;
        result = { message: `unknown action ${action}` };
    }
    ctx.body = JSON.stringify(result);
  }
  return {
    middleware,
    async closeAll() {
      await Promise.all([...servers.values()].map(s => s.close()));
      servers.clear();
    },
  };
}

/** @param {import('node:http').IncomingMessage} req */
async function readJson(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : {};
}
