import {FeedError} from './feed-error.js';
import {LiveFeed, type FeedSession, type FeedTransport, type LiveFeedOptions} from './live-feed.js';

/**
 * The part of the `EventSource` interface the feed uses.
 *
 * @example
 * ```ts
 * const source: EventSourceLike = new EventSource('/api/live');
 * ```
 */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: any) => void): void;
  close(): void;
}

/**
 * An `EventSource` constructor: the browser's, Node 22's, or a package's (`eventsource` in Node 20).
 *
 * @example
 * ```ts
 * import {EventSource} from 'eventsource'; // Node 20 has none of its own
 * new EventSourceFeed({url, events: {article: Article}, EventSource: EventSource as EventSourceConstructor});
 * ```
 */
export type EventSourceConstructor = new (url: string, init?: {withCredentials?: boolean}) => EventSourceLike;

/**
 * Options of {@link EventSourceFeed}.
 *
 * @example
 * ```ts
 * const options: EventSourceFeedOptions = {url: '/api/live', events: {article: Article, ping: null}};
 * const feed = new EventSourceFeed(options);
 * ```
 */
export interface EventSourceFeedOptions extends LiveFeedOptions {
  /** Send cookies to another origin. Default false. */
  withCredentials?: boolean;
  /**
   * The `EventSource` implementation. Default: the global one (every browser,
   * Node 22+). In Node 20 give one, such as the `eventsource` package's.
   */
  EventSource?: EventSourceConstructor;
}

const CLOSED = 2;

/**
 * A live feed over server-sent events, through the browser's `EventSource`:
 * named events (`event: article`) go to the schema of that name, unnamed
 * ones to `schema` (event `message`); each `data:` is JSON.
 *
 * Reconnection is the browser's, as it does it: it waits the server's
 * `retry:` delay and sends `Last-Event-ID`, and the server resumes after
 * that id. The feed steps in when the browser gives up (an HTTP error, a
 * wrong content type): it opens a new `EventSource` after a backoff delay,
 * with `?lastEventId=` in the URL (a new `EventSource` cannot send the
 * header). When `url` is a function the feed reconnects itself on every
 * loss, so the function can point at a server that moved. After each
 * reconnect the results connected readers show are refetched once.
 *
 * A message whose id was applied already (a server that sends some again
 * after a resume) is skipped, except one with the same id as the message
 * just before it: `EventSource` gives a message without an id the previous
 * id, so the two cannot be told apart, and such a message is applied.
 *
 * @example
 * ```ts
 * const feed = new EventSourceFeed({
 *   url: '/api/live',
 *   events: {article: Article, 'article-deleted': new schema.Invalidate(Article), ping: null},
 *   onError: error => console.warn(error.message),
 * });
 * const stop = feed.connect(controller);
 * ```
 */
export class EventSourceFeed extends LiveFeed {
  declare protected readonly options: EventSourceFeedOptions;

  // Narrows the options type for users; the base class does the work.
  constructor(options: EventSourceFeedOptions) {
    super(options);
  }

  protected open(session: FeedSession): FeedTransport {
    const url = session.url(true);
    const Impl = this.implementation(this.options.EventSource, 'EventSource', url, ' (Node 20 has none)');
    const source = new Impl(url, this.options.withCredentials ? {withCredentials: true} : undefined);
    const followsUrl = typeof this.options.url === 'function';
    let opened = false;
    // `lastEventId` repeats the previous id on a message that has none: only an id that differs
    // from the previous message's is surely the message's own, and only such an id is checked
    // against the ids applied (a server with at-least-once delivery sends some again).
    let previousId = '';
    for (const name of session.eventNames) {
      source.addEventListener(name, (event: {data: unknown; lastEventId?: string}) => {
        const id = event.lastEventId || undefined;
        const own = id !== undefined && id !== previousId;
        previousId = event.lastEventId ?? '';
        session.receiveText(name, id, String(event.data), own);
      });
    }
    source.addEventListener('open', () => {
      opened = true;
      session.opened();
    });
    source.addEventListener('error', () => {
      if (source.readyState === CLOSED || followsUrl) {
        const error = opened || followsUrl ? undefined : new FeedError({kind: 'connection', url, message: 'the server refused the event stream (an HTTP error or not text/event-stream)'});
        session.lost(error);
      } else session.interrupted();
    });
    return {close: () => source.close()};
  }
}
