import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {reportError, type Controller} from '../core/index.js';
import type {FeedError, FeedStatus, LiveFeed} from '../live/index.js';
import {announceFailure} from './announce-failure.js';
import {ControllerResolver} from './controller-resolver.js';
import {MissingProviderError} from './missing-provider-error.js';
import {afterPageLoad} from './page-load.js';

/**
 * A feed, or a function giving the feed now (re-read on every host update); undefined for none.
 *
 * @example
 * ```ts
 * const input: LiveFeedInput = () => (this.enabled ? articleFeed : undefined);
 * useLiveFeed(this, input);
 * ```
 */
export type LiveFeedInput = LiveFeed | undefined | (() => LiveFeed | undefined);

/**
 * Keeps a live feed open into the nearest `<data-provider>`'s Controller
 * while the host is connected: `feed.connect(controller)` at connect, let go
 * at disconnect. Feeds are reference counted, so many components can hold
 * one feed and it stays open while any of them is connected. Exposes the
 * feed's `status` and last `error`, and re-renders the host when they
 * change. The data itself reaches readers (`useSuspense`, `useCache`)
 * through the cache.
 *
 * @example
 * ```ts
 * const articleFeed = new EventSourceFeed({url: '/api/live', events: {article: Article}});
 *
 * class ArticleList extends LitElement {
 *   private articles = useSuspense(this, ArticleResource.getList);
 *   private live = useLiveFeed(this, articleFeed);
 *   render() {
 *     return html`${this.live.status === 'open' ? 'Live' : 'Connecting…'} ${this.articles.render({complete: list => list.map(a => html`<p>${a.title}: ${a.views}</p>`)})}`;
 *   }
 * }
 * ```
 */
export function useLiveFeed(host: ReactiveControllerHost, feed: LiveFeedInput): LiveFeedController {
  return new LiveFeedController(host, feed);
}

/**
 * The reactive controller behind {@link useLiveFeed}.
 *
 * @example
 * ```ts
 * class LiveBadge extends LitElement {
 *   private live: LiveFeedController = useLiveFeed(this, articleFeed);
 *   render() {
 *     return html`${this.live.status}`;
 *   }
 * }
 * ```
 */
export class LiveFeedController implements ReactiveController {
  private readonly resolver: ControllerResolver;
  private connected = false;
  private held?: {feed: LiveFeed; controller: Controller; release: () => void; unsubscribe: () => void};
  private seen: {status: FeedStatus | undefined; error: FeedError | undefined} = {status: undefined, error: undefined};
  /** The last input refused as not a feed: reported once, not on every update. */
  private refused: unknown;
  /** The failure of a feed held with no provider above: announced once the page has loaded, if it still is. */
  private missing: MissingProviderError | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly input: LiveFeedInput,
  ) {
    this.resolver = new ControllerResolver(host, () => this.hold());
    host.addController(this);
  }

  /** The feed held now. */
  get feed(): LiveFeed | undefined {
    return this.held?.feed;
  }

  /** The feed's connection state (`idle` while nothing is held). */
  get status(): FeedStatus {
    return this.held?.feed.status ?? 'idle';
  }

  /** The feed's last error. */
  get error(): FeedError | undefined {
    return this.held?.feed.error;
  }

  /** Gives a Controller directly (outside a `<data-provider>`, or in Node). */
  provide(controller: Controller): void {
    this.resolver.provide(controller);
    this.hold();
  }

  hostConnected(): void {
    this.connected = true;
    this.hold();
  }

  hostUpdate(): void {
    this.hold();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.hold();
  }

  /** Holds the current feed in the current Controller while connected; lets go of anything else. */
  private hold(): void {
    const feed = this.connected ? (typeof this.input === 'function' ? this.input() : this.input) : undefined;
    const controller = feed ? this.resolver.controller : undefined;
    if (this.held?.feed === feed && this.held?.controller === controller) return;
    this.held?.unsubscribe();
    this.held?.release();
    this.held = undefined;
    if (feed && !controller && this.connected && !this.missing) {
      // No provider is a failure only once the page has loaded, as for readers: a provider
      // defined by a script still loading answers before then.
      const missing = (this.missing = new MissingProviderError(this.host));
      afterPageLoad(() => {
        if (this.missing === missing && this.connected && !this.resolver.controller) announceFailure(this.host, missing);
      });
    } else if (controller) this.missing = undefined;
    if (feed && controller && typeof feed.subscribe !== 'function') {
      // Not a feed (its options, say): told once, never thrown into the page; nothing is held.
      if (this.refused !== feed) reportError(new TypeError('useLiveFeed: not a live feed (an EventSourceFeed or a WebSocketFeed)'));
      this.refused = feed;
    } else if (feed && controller) {
      const unsubscribe = feed.subscribe(() => this.onFeedChange());
      this.held = {feed, controller, release: feed.connect(controller), unsubscribe};
    }
    this.onFeedChange();
  }

  private onFeedChange(): void {
    const now = {status: this.held?.feed.status, error: this.held?.feed.error};
    if (now.status === this.seen.status && now.error === this.seen.error) return;
    this.seen = now;
    this.host.requestUpdate();
  }
}
