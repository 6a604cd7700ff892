import {FeedError} from './feed-error.js';
import {LiveFeed, type FeedSession, type FeedTransport, type LiveFeedOptions} from './live-feed.js';

/**
 * The part of the `WebSocket` interface the feed uses.
 *
 * @example
 * ```ts
 * const socket: WebSocketLike = new WebSocket('wss://example.com/live');
 * ```
 */
export interface WebSocketLike {
  addEventListener(type: string, listener: (event: any) => void): void;
  close(code?: number, reason?: string): void;
}

/**
 * A `WebSocket` constructor: the browser's, or the `ws` package's in Node.
 *
 * @example
 * ```ts
 * import WebSocket from 'ws'; // in Node
 * new WebSocketFeed({url: 'ws://127.0.0.1:8080/live', events: {article: Article}, WebSocket: WebSocket as unknown as WebSocketConstructor});
 * ```
 */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;

/**
 * One message as the server sends it over a WebSocket: the fields of a server-sent event.
 *
 * @example
 * ```ts
 * const frame: WebSocketEnvelope = {event: 'article', id: '42', data: {id: '1', views: 13}};
 * socket.send(JSON.stringify(frame));
 * ```
 */
export interface WebSocketEnvelope {
  readonly event?: string;
  readonly id?: string | number;
  readonly data: unknown;
}

/**
 * Options of {@link WebSocketFeed}.
 *
 * @example
 * ```ts
 * const feed = new WebSocketFeed({url: 'wss://example.com/live', events: {article: Article}, backoff: {maxMs: 10_000}});
 * ```
 */
export interface WebSocketFeedOptions extends LiveFeedOptions {
  /** Subprotocols to ask for. */
  protocols?: string | string[];
  /** The `WebSocket` implementation. Default: the global one (browsers); in Node give the `ws` package's. */
  WebSocket?: WebSocketConstructor;
  /**
   * Turns a text frame into messages. Default: the frame is JSON, an object
   * `{"event": "article", "id": "42", "data": {...}}` (event and id
   * optional) or an array of them. Throw to report a frame that does not fit.
   */
  decode?(text: string): WebSocketEnvelope | readonly WebSocketEnvelope[];
}

/**
 * A live feed over a WebSocket. Each text frame is decoded into messages
 * (by default JSON envelopes `{event, id, data}`, the fields of a
 * server-sent event), each written through the schema of its event.
 *
 * When the socket closes the feed reconnects with exponential backoff and
 * jitter (`backoff` option), resuming where possible: the new URL carries
 * `?lastEventId=` with the last id received (or `url` is a function of it),
 * a message whose id was applied already is skipped, and the results that
 * connected readers show are refetched once.
 *
 * @example
 * ```ts
 * import {WebSocket} from 'ws'; // in Node; browsers have their own
 * const feed = new WebSocketFeed({url: 'wss://example.com/live', events: {article: Article}, WebSocket});
 * const stop = feed.connect(controller);
 * ```
 */
export class WebSocketFeed extends LiveFeed {
  declare protected readonly options: WebSocketFeedOptions;

  constructor(options: WebSocketFeedOptions) {
    super(options);
  }

  protected open(session: FeedSession): FeedTransport {
    const url = socketUrl(session.url(true));
    const Impl = this.implementation(this.options.WebSocket, 'WebSocket', url, ' (in Node 20, use the `ws` package)');
    const socket = new Impl(url, this.options.protocols);
    let opened = false;
    let closing = false;
    socket.addEventListener('open', () => {
      opened = true;
      session.opened();
    });
    socket.addEventListener('message', (event: {data: unknown}) => this.onFrame(session, url, event.data));
    socket.addEventListener('close', (event: {code?: number; reason?: string}) => {
      if (closing) return;
      const error = opened ? undefined : new FeedError({kind: 'connection', url, message: `could not connect (close code ${event.code ?? 'unknown'}${event.reason ? `: ${event.reason}` : ''})`});
      session.lost(error);
    });
    // An `error` is always followed by `close`, which reconnects.
    socket.addEventListener('error', () => {});
    return {
      close: () => {
        closing = true;
        socket.close(1000, 'no longer needed');
      },
    };
  }

  private onFrame(session: FeedSession, url: string, frame: unknown): void {
    if (typeof frame !== 'string') {
      session.report(new FeedError({kind: 'parse', url, raw: frame, message: 'a binary frame: only text frames are read'}));
      return;
    }
    let envelopes: readonly WebSocketEnvelope[];
    try {
      const decoded = this.options.decode ? this.options.decode(frame) : (JSON.parse(frame) as unknown);
      envelopes = Array.isArray(decoded) ? decoded : [decoded as WebSocketEnvelope];
      for (const envelope of envelopes) {
        if (envelope === null || typeof envelope !== 'object' || !('data' in envelope)) throw new Error('expected {"event", "id", "data"} with a data field');
      }
    } catch (error) {
      session.report(new FeedError({kind: 'parse', url, raw: frame, message: `the frame does not parse: ${(error as Error)?.message ?? error}`, cause: error}));
      return;
    }
    for (const envelope of envelopes) {
      const id = envelope.id === undefined || envelope.id === null ? undefined : String(envelope.id);
      session.receive(typeof envelope.event === 'string' ? envelope.event : 'message', id, frame, true, envelope.data);
    }
  }
}

/** `http(s):` and relative URLs become `ws(s):` ones, as the WebSocket constructor of older engines needs. */
function socketUrl(url: string): string {
  const base = (globalThis as {location?: {href: string}}).location?.href;
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return url; // the constructor will say what is wrong with it
  }
  if (parsed.protocol === 'http:') parsed.protocol = 'ws:';
  else if (parsed.protocol === 'https:') parsed.protocol = 'wss:';
  return parsed.href;
}
