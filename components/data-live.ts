import {html, LitElement, type PropertyValues} from 'lit';
import type {Controller} from '../src/core/index.js';
import {useLiveFeed} from '../src/lit/index.js';
import {ControllerResolver} from '../src/lit/internal.js';
import {EventSourceFeed, WebSocketFeed, WorkerWebSocket, type FeedError, type FeedStatus, type LiveFeed} from '../src/live/index.js';
import {AttributeError, describeElement, parseJsonObject} from './attribute-error.js';
import {declarationsOf} from './declarations.js';
import {defineElement} from './define-element.js';
import {errorMessage} from './error-message.js';
import type {DataErrorDetail} from './template-host-element.js';

/**
 * A live feed declared in HTML: while it is connected, it keeps a
 * server-sent events or WebSocket connection open into the nearest
 * `<data-provider>`'s cache, so every `<data-resource>`, `<data-query>` and
 * Lit reader showing the pushed entities updates. Messages of the default
 * event are rows of `entity`; `events` maps event names to entities. The
 * entity classes are the ones `<data-resource entity="…">` uses under the
 * same provider, so rows meet in one table. After a reconnect, what connected readers show is
 * refetched once.
 *
 * Several `<data-live>` elements (or Lit components) can share one feed
 * through the `feed` property; it stays open while any of them is connected.
 *
 * A message that does not parse or fit its entity, and a malformed
 * attribute, fire `data-error`; the feed keeps going. The `status`
 * attribute reflects the connection for CSS.
 *
 * @example
 * ```html
 * <data-provider>
 *   <data-live src="/api/live" events='{"article": "Article"}'></data-live>
 *   <data-resource url-prefix="/api" path="/articles/:id" entity="Article">…</data-resource>
 * </data-provider>
 * ```
 *
 * @attr src - The feed's URL: `http(s):` or a path for server-sent events, `ws(s):` for a WebSocket.
 * @attr type - `sse` or `websocket`; by default from the URL's scheme.
 * @attr entity - The entity (cache table) messages of the default event (`message`) carry.
 * @attr pk - The primary key field of those entities (default `id`).
 * @attr events - JSON mapping event names to entity names, such as `{"article": "Article", "ping": null}` (`null` ignores an event).
 * @attr worker - A WebSocket feed only: the socket runs in a worker (`WorkerWebSocket`), for servers that send thousands of frames a second.
 * @attr status - Reflected: `connecting`, `open`, `reconnecting` or `closed`.
 * @prop {LiveFeed | undefined} feed - A feed object (`EventSourceFeed`, `WebSocketFeed`), used instead of the attributes.
 * @fires data-error - A message that does not parse or fit its schema, a failed connection, or a malformed attribute; `detail`: `error`, `message`, and `attribute` for an attribute.
 * @slot - Content shown as it is (a "live" badge, say).
 */
export class DataLive extends LitElement {
  // Declared here rather than with decorators: their helper would weigh on every page that loads the element.
  static override properties = {
    src: {},
    type: {},
    entity: {},
    pk: {},
    eventsJson: {attribute: 'events'},
    worker: {type: Boolean},
    feed: {attribute: false},
    status: {reflect: true},
  };

  /** The feed's URL. */
  declare src?: string;
  /** `sse` or `websocket`; default from the URL's scheme. */
  declare type?: string;
  /** The entity of default-event messages. */
  declare entity?: string;
  /** The primary key field. */
  pk = 'id';
  /** The `events` attribute (JSON), as written. */
  declare eventsJson?: string;
  /** A WebSocket feed's socket runs in a worker (`WorkerWebSocket`). */
  worker = false;
  /** A feed object, instead of the attributes. */
  declare feed?: LiveFeed;
  /** The connection's state, reflected for CSS. */
  status: FeedStatus | undefined = undefined;

  /** The feed the attributes declare, by the attributes' values (undefined when they are malformed). */
  private declared?: {key: string; controller: Controller | undefined; feed: LiveFeed | undefined};
  /** The provider's Controller, whose declarations give the entity classes. */
  private readonly resolver = new ControllerResolver(this, () => this.requestUpdate());
  private lastError: FeedError | undefined;
  private readonly live = useLiveFeed(this, () => this.currentFeed());

  protected override render() {
    return html`<slot></slot>`;
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    // The feed's changes re-render the element (through useLiveFeed); reflect its status in the same update.
    const status = this.live.feed ? this.live.status : undefined;
    if (status !== this.status) this.status = status;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const error = this.live.error;
    if (error !== undefined && error !== this.lastError) {
      this.lastError = error;
      this.fireError(error);
    }
  }

  /** The feed given in `feed`, or the one the attributes declare (kept while they do not change). */
  private currentFeed(): LiveFeed | undefined {
    if (this.feed) return this.feed;
    const key = JSON.stringify([this.src, this.type, this.entity, this.pk, this.eventsJson, this.worker]);
    const controller = this.resolver.controller;
    if (this.declared?.key === key && this.declared.controller === controller) return this.declared.feed;
    let feed: LiveFeed | undefined;
    try {
      feed = this.declare();
    } catch (error) {
      // Reported once per attribute change; the element then holds no feed.
      queueMicrotask(() => this.fireError(error));
    }
    this.declared = {key, controller, feed};
    return feed;
  }

  private declare(): LiveFeed {
    const element = describeElement(this);
    const src = this.src?.trim();
    if (!src) throw new AttributeError(element, 'src', 'is required (the URL of the event stream or WebSocket), unless the feed property is set');
    const pk = this.pk?.trim() || 'id';
    const declarations = declarationsOf(this.resolver.controller);
    const events: Record<string, unknown> = {};
    if (this.eventsJson !== undefined && this.eventsJson !== null) {
      for (const [event, entity] of Object.entries(parseJsonObject(element, 'events', this.eventsJson))) {
        if (entity !== null && (typeof entity !== 'string' || entity.trim() === '')) {
          throw new AttributeError(element, 'events', `maps "${event}" to ${JSON.stringify(entity)}: give an entity name or null`);
        }
        events[event] = entity === null ? null : declarations.entity(entity.trim(), pk);
      }
    }
    const entity = this.entity?.trim();
    if (entity) events['message'] = declarations.entity(entity, pk);
    if (Object.keys(events).length === 0) throw new AttributeError(element, 'entity', 'or "events" is required: what the messages carry');
    const type = this.type?.trim().toLowerCase() || (/^wss?:/i.test(src) ? 'websocket' : 'sse');
    const options = {url: src, events, onError: () => {}};
    if (type === 'websocket') return new WebSocketFeed(this.worker ? {...options, WebSocket: WorkerWebSocket} : options);
    if (type === 'sse' && this.worker) throw new AttributeError(element, 'worker', 'applies to a WebSocket feed only; this one is server-sent events');
    if (type === 'sse') return new EventSourceFeed(options);
    throw new AttributeError(element, 'type', `must be "sse" or "websocket", got "${this.type}"`);
  }

  private fireError(error: unknown): void {
    const detail: DataErrorDetail = {
      error,
      message: errorMessage(error),
      ...(error instanceof AttributeError ? {attribute: error.attribute} : {}),
    };
    this.dispatchEvent(new CustomEvent('data-error', {detail, bubbles: true, composed: true}));
  }
}

defineElement('data-live', DataLive);

declare global {
  interface HTMLElementTagNameMap {
    'data-live': DataLive;
  }
}
