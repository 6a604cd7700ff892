import {Backoff, globalTimers, type BackoffOptions, type Controller, type Timers} from '../core/index.js';
import type {EndpointInterface} from '../endpoint/index.js';
import {checkSchema, DEV_MODE} from '../dev/index.js';
import {isEntityClass} from '../schema/index.js';
import {FeedError} from './feed-error.js';
import {feedUrl, type FeedUrl} from './feed-url.js';
import {queuePush, type PushOwner} from './push-batch.js';
import {RecentIds} from './recent-ids.js';

/**
 * `idle` before the first connect, `connecting`, `open`, `reconnecting` after a loss, `closed` when nothing needs it.
 *
 * @example
 * ```ts
 * const status: FeedStatus = feed.status; // 'open' once connected
 * ```
 */
export type FeedStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/**
 * One message a feed applied.
 *
 * @example
 * ```ts
 * const message: LiveMessage = {event: 'article', id: '41', data: {id: '1', views: 12}};
 * ```
 */
export interface LiveMessage {
  /** The event name (`message` when the server named none). */
  readonly event: string;
  /** The parsed data, as written to the cache. */
  readonly data: unknown;
  /** The message id, when the server gave one. */
  readonly id?: string;
}

/**
 * Options every live feed takes.
 *
 * @example
 * ```ts
 * const options: LiveFeedOptions = {events: {article: Article}, onError: error => console.warn(error.message)};
 * ```
 */
export interface LiveFeedOptions {
  /** Where to connect; a function is called again for every connection (see {@link FeedUrl}). */
  url: FeedUrl;
  /** The schema of messages of the default event (`message`): an Entity, `[Entity]`, `schema.Invalidate(Entity)`… */
  schema?: unknown;
  /**
   * A schema per event name, such as `{article: Article, 'article-deleted': new schema.Invalidate(Article)}`.
   * `null` ignores an event (a heartbeat). A message whose data is an array
   * while its schema is one Entity is read as a list of that Entity.
   */
  events?: Readonly<Record<string, unknown>>;
  /** After a reconnect, refetch what connected readers show, once (messages may have been missed). Default true. */
  refetchOnReconnect?: boolean;
  /** Called with each error; the feed keeps going (see {@link FeedError}). Without it errors go to `console.warn`. */
  onError?(error: FeedError): void;
  /** Called after each message was written to the cache (messages of one task are written together, then each is reported in order). */
  onMessage?(message: LiveMessage): void;
  /** Delays between the feed's own reconnection attempts. */
  backoff?: BackoffOptions;
  /** The timers reconnection delays run on. Default: the global ones. */
  timers?: Timers;
}

/**
 * What a transport (EventSource, WebSocket) tells its session.
 *
 * @example
 * ```ts
 * const open = (session: FeedSession): FeedTransport => {
 *   const source = new EventSource(session.url(false));
 *   source.onopen = () => session.opened();
 *   return {close: () => source.close()};
 * };
 * ```
 */
export interface FeedSession {
  /** The URL for a new connection (with the resume parameter when `resume`). */
  url(resume: boolean): string;
  /** The event names with a schema (what to listen for). */
  readonly eventNames: readonly string[];
  opened(): void;
  /**
   * A message the transport decoded: `data`, from `raw` as it came. `dedupe`:
   * whether `id` is surely the message's own, to skip it when it was applied
   * already.
   */
  receive(event: string, id: string | undefined, raw: unknown, dedupe: boolean, data: unknown): void;
  /**
   * A message whose data is JSON `text`, parsed when the message is written
   * (one that does not parse is reported then); otherwise as {@link receive}.
   */
  receiveText(event: string, id: string | undefined, text: string, dedupe: boolean): void;
  /** The connection is down and its transport retries by itself. */
  interrupted(): void;
  /** The connection is gone: the feed opens a new one after a backoff delay. */
  lost(error?: FeedError): void;
  report(error: FeedError): void;
}

/**
 * A connection opened by a feed, closed by it.
 *
 * @example
 * ```ts
 * const transport: FeedTransport = {close: () => socket.close()};
 * ```
 */
export interface FeedTransport {
  close(): void;
}

/**
 * A live feed: a connection to a server that pushes data, each message
 * written into a Controller's cache through a schema (as `controller.setPushed`
 * does: entities only, through `useIncoming`, under pending optimistic
 * predictions), so every element showing those entities updates. The
 * messages that come before a frame are written together, in order, as one
 * commit in that frame (at the end of their task where no frames run):
 * readers are told once per commit, not once per message.
 *
 * Reference counted per Controller: `connect(controller)` opens the
 * connection when the first holder comes and the returned function closes
 * it when the last one goes. After a reconnect the results that connected
 * readers show are refetched once. A message that does not parse, names an
 * unknown event or does not fit its schema is reported (`onError`, `error`)
 * and the feed keeps going.
 *
 * Subclasses: {@link EventSourceFeed}, {@link WebSocketFeed}.
 *
 * @example
 * ```ts
 * const feed = new EventSourceFeed({url: '/api/live', events: {article: Article}});
 * const stop = feed.connect(controller);
 * // ... later, when nothing shows live data any more
 * stop();
 * ```
 */
export abstract class LiveFeed {
  /** The state of the most recent connection. */
  status: FeedStatus = 'idle';
  /** The last error, or undefined. */
  error: FeedError | undefined = undefined;
  /** The id of the last message received (what a reconnect resumes after). */
  lastEventId: string | undefined = undefined;

  protected readonly options: LiveFeedOptions;
  private readonly sessions = new Map<Controller, Session>();
  private readonly listeners = new Set<() => void>();
  private readonly schemas: ReadonlyMap<string, unknown>;

  constructor(options: LiveFeedOptions) {
    if (options === null || typeof options !== 'object' || options.url === undefined || options.url === null || options.url === '') {
      throw new TypeError('live feed: the `url` option is required');
    }
    this.options = options;
    const schemas = new Map<string, unknown>();
    if (options.schema !== undefined) schemas.set('message', options.schema);
    for (const [event, schema] of Object.entries(options.events ?? {})) schemas.set(event, schema);
    if (schemas.size === 0) throw new TypeError(`live feed ${String(options.url)}: give a \`schema\` or \`events\` (event name → schema)`);
    // null ignores an event.
    if (DEV_MODE) for (const [event, schema] of schemas) if (schema !== null) checkSchema(schema, `live feed ${String(options.url)}: ${event === 'message' ? 'schema' : `events.${event}`}`);
    this.schemas = schemas;
    new Backoff(options.backoff); // checks its options here, where the feed is declared
  }

  /** How many holders keep the feed open, over every Controller (for leak checks). */
  get holderCount(): number {
    let count = 0;
    for (const session of this.sessions.values()) count += session.holders;
    return count;
  }

  /**
   * Opens the feed into `controller` (on the first holder) and returns the
   * function that lets go (the last one closes the connection; calling it
   * twice lets go once).
   *
   * @example
   * ```ts
   * const stop = feed.connect(controller);
   * stop();
   * ```
   */
  connect(controller: Controller): () => void {
    let session = this.sessions.get(controller);
    if (!session) {
      session = new Session(this, controller, this.options, this.schemas, this.hooks);
      this.sessions.set(controller, session);
      session.holders++;
      session.start();
    } else session.holders++;
    const held = session;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--held.holders > 0) return;
      held.close();
      if (this.sessions.get(controller) === held) this.sessions.delete(controller);
    };
  }

  /** Calls `listener` when `status`, `error` or `lastEventId` change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    const entry = () => listener();
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  /** Opens one connection for a session; the transport calls the session back. */
  protected abstract open(session: FeedSession): FeedTransport;

  /** The constructor given in an option, else the global of that name; a FeedError saying so when neither exists. */
  protected implementation<T>(given: T | undefined, name: 'EventSource' | 'WebSocket', url: string, hint: string): T {
    const found = given ?? (globalThis as Record<string, unknown>)[name];
    if (typeof found !== 'function') throw new FeedError({kind: 'closed', url, message: `there is no ${name} here${hint}: pass one in the \`${name}\` option`});
    return found as T;
  }

  private readonly hooks: FeedHooks = {
    open: session => this.open(session),
    status: status => this.update({status}),
    error: error => {
      this.update({error});
      if (this.options.onError) {
        try {
          this.options.onError(error);
        } catch (thrown) {
          reportCallbackError(thrown);
        }
      } else console.warn(error);
    },
    lastEventId: id => {
      this.lastEventId = id;
      this.tell();
    },
  };

  private update(change: {status?: FeedStatus; error?: FeedError; lastEventId?: string}): void {
    Object.assign(this, change);
    this.tell();
  }

  private tell(): void {
    // Called at every message (its id): nothing to copy when nobody listens.
    if (this.listeners.size === 0) return;
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (thrown) {
        reportCallbackError(thrown);
      }
    }
  }
}

interface FeedHooks {
  open(session: FeedSession): FeedTransport;
  status(status: FeedStatus): void;
  error(error: FeedError): void;
  lastEventId(id: string): void;
}

/** A message waiting to be written: parsed, when it came as text, and read through its schema only then. */
interface QueuedMessage {
  readonly event: string;
  readonly id: string | undefined;
  readonly raw: unknown;
  readonly schema: unknown;
  data: unknown;
  /** False until its text parsed: a message that fails to be read before then does not parse. */
  parsed: boolean;
}

/** One feed's connection into one Controller, across reconnects. */
class Session implements FeedSession, PushOwner<QueuedMessage> {
  holders = 0;
  readonly eventNames: readonly string[];
  private transport: FeedTransport | undefined;
  private everOpened = false;
  private closed = false;
  private lastEventId: string | undefined;
  private retryTimer: unknown;
  private retryPending = false;
  private readonly backoff: Backoff;
  private readonly timers: Timers;
  private readonly recent = new RecentIds();
  private readonly endpoints = new Map<string, EndpointInterface>();
  private currentUrl = '';

  constructor(
    private readonly feed: LiveFeed,
    private readonly controller: Controller,
    private readonly options: LiveFeedOptions,
    private readonly schemas: ReadonlyMap<string, unknown>,
    private readonly hooks: FeedHooks,
  ) {
    this.eventNames = [...schemas.keys()];
    this.backoff = new Backoff(options.backoff);
    this.timers = options.timers ?? globalTimers;
  }

  start(): void {
    this.connect('connecting');
  }

  close(): void {
    this.closed = true;
    this.cancelRetry();
    this.transport?.close();
    this.transport = undefined;
    this.hooks.status('closed');
  }

  url(resume: boolean): string {
    this.currentUrl = feedUrl(this.options.url, this.lastEventId, resume);
    return this.currentUrl;
  }

  opened(): void {
    if (this.closed) return;
    this.backoff.reset();
    this.hooks.status('open');
    if (this.everOpened && this.options.refetchOnReconnect !== false) void this.controller.refetchShown();
    this.everOpened = true;
  }

  receive(event: string, id: string | undefined, raw: unknown, dedupe: boolean, data: unknown): void {
    this.queue(event, id, raw, dedupe, data, true);
  }

  receiveText(event: string, id: string | undefined, text: string, dedupe: boolean): void {
    this.queue(event, id, text, dedupe, undefined, false);
  }

  private queue(event: string, id: string | undefined, raw: unknown, dedupe: boolean, data: unknown, parsed: boolean): void {
    if (this.closed) return;
    if (id !== undefined && id !== '') {
      if (dedupe && !this.recent.add(id)) return; // sent again after a resume: applied already
      this.lastEventId = id;
      this.hooks.lastEventId(id);
    } else id = undefined;
    if (!this.schemas.has(event)) {
      this.report(new FeedError({kind: 'unknown-event', url: this.currentUrl, event, id, raw, message: `no schema for this event (known: ${this.eventNames.join(', ')})`}));
      return;
    }
    const schema = this.schemas.get(event);
    if (schema === null) return;
    // Written with the other messages that came before the next frame, in one commit: a burst
    // tells each reader once. It waits as it came: a chunk of thousands costs little more than
    // its own delivery, and the parse is paid in the frames that write it.
    queuePush<QueuedMessage>(this.controller, this, {event, id, raw, schema, data, parsed});
  }

  /** The endpoint and data of a queued message, parsed now if it came as text. */
  read(message: QueuedMessage): {endpoint: EndpointInterface; data: unknown} {
    if (!message.parsed) {
      message.data = JSON.parse(message.raw as string); // only receiveText queues a message unparsed
      message.parsed = true;
    }
    return {endpoint: this.endpointFor(message.event, message.schema, Array.isArray(message.data)), data: message.data};
  }

  /** After a queued message's write: `onMessage`, or the report of why it could not be written. */
  settled({event, id, raw, data, parsed}: QueuedMessage, written: boolean, error?: unknown): void {
    if (!written) {
      if (!parsed) {
        this.report(new FeedError({kind: 'parse', url: this.currentUrl, event, id, raw, message: `the message does not parse: ${(error as Error)?.message ?? error}`, cause: error}));
      } else this.unfit(event, id, raw, error);
    } else if (this.options.onMessage) {
      try {
        this.options.onMessage(id === undefined ? {event, data} : {event, data, id});
      } catch (thrown) {
        reportCallbackError(thrown);
      }
    }
  }

  /** Reports a message that does not fit its schema, or whose write failed (found when it is written). */
  private unfit(event: string, id: string | undefined, raw: unknown, error: unknown): void {
    this.report(new FeedError({kind: 'schema', url: this.currentUrl, event, id, raw, message: `the message does not fit its schema: ${(error as Error)?.message ?? error}`, cause: error}));
  }

  interrupted(): void {
    if (!this.closed) this.hooks.status('reconnecting');
  }

  lost(error?: FeedError): void {
    if (this.closed) return;
    this.transport?.close();
    this.transport = undefined;
    if (error) this.report(error);
    if (this.retryPending) return;
    this.retryPending = true;
    this.hooks.status('reconnecting');
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryPending = false;
      if (!this.closed) this.connect('reconnecting');
    }, this.backoff.next());
  }

  report(error: FeedError): void {
    this.hooks.error(error);
  }

  private connect(status: FeedStatus): void {
    this.hooks.status(status);
    try {
      this.transport = this.hooks.open(this);
    } catch (error) {
      // No transport at all (no EventSource here, a URL the constructor refuses): say so and stop.
      const failure =
        error instanceof FeedError
          ? error
          : new FeedError({kind: 'closed', url: this.currentUrl || String(this.options.url), message: `cannot connect: ${(error as Error)?.message ?? error}`, cause: error});
      this.report(failure);
      this.closed = true;
      this.hooks.status('closed');
    }
  }

  private cancelRetry(): void {
    if (!this.retryPending) return;
    this.retryPending = false;
    this.timers.clearTimeout(this.retryTimer);
  }

  /** A side-effect endpoint per event (and per shape), so a push stores entities only. */
  private endpointFor(event: string, schema: unknown, isList: boolean): EndpointInterface {
    const list = isList && isEntityClass(schema);
    const name = list ? `${event}[]` : event;
    let endpoint = this.endpoints.get(name);
    if (!endpoint) {
      const key = `live ${String(this.feed.constructor.name)} ${name}`;
      endpoint = {key: () => key, schema: list ? [schema] : schema, sideEffect: true, name: `live feed event "${name}"`};
      this.endpoints.set(name, endpoint);
    }
    return endpoint;
  }
}

/** Reports an error thrown by a user callback without stopping the feed. */
function reportCallbackError(error: unknown): void {
  const report = (globalThis as {reportError?: (error: unknown) => void}).reportError;
  if (typeof report === 'function') report(error);
  else console.error('data-elements: a live feed callback threw', error);
}
