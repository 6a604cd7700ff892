import {reportError, reportFailure, type Controller, type ControllerPlugin, type State} from '../core/index.js';
import {checkOptionsObject, DEV_MODE} from '../dev/index.js';
import {merge, type DehydratedState} from '../snapshots/index.js';
import {dehydrateState, unsavedOnce} from '../snapshots/internal.js';
import {ConfirmedChanges} from './confirmed-changes.js';

/**
 * What {@link TabSync} needs of a `BroadcastChannel`: the browser's and
 * Node's both fit.
 *
 * @example
 * ```ts
 * const channel: BroadcastChannelLike = new BroadcastChannel('my-app');
 * ```
 */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  addEventListener(type: 'message' | 'messageerror', listener: (event: {readonly data: unknown}) => void): void;
}

/**
 * A `BroadcastChannel` constructor.
 *
 * @example
 * ```ts
 * const sync = new TabSync({BroadcastChannel: BroadcastChannel satisfies BroadcastChannelConstructor});
 * ```
 */
export type BroadcastChannelConstructor = new (name: string) => BroadcastChannelLike;

/**
 * Options of {@link TabSync}.
 *
 * @example
 * ```ts
 * const options: TabSyncOptions = {channel: 'my-app v3'};
 * ```
 */
export interface TabSyncOptions {
  /**
   * The channel's name: the tabs of one origin that use the same name share
   * their writes. Default `data-elements`. Give each app its own, and a new
   * one when a release changes what its entities hold (tabs still running
   * the old release then stay apart).
   */
  channel?: string;
  /** The `BroadcastChannel` to use. Default: the global one. */
  BroadcastChannel?: BroadcastChannelConstructor;
}

/**
 * The channel name when none is given.
 *
 * @example
 * ```ts
 * const channel = new BroadcastChannel(DEFAULT_CHANNEL); // hears what TabSync sends
 * ```
 */
export const DEFAULT_CHANNEL = 'data-elements';

/**
 * Sync across tabs, opt-in: the confirmed writes of a Controller (settled
 * fetches, `setResponse`, server pushes, invalidations, deletions) reach the
 * Controllers of the other tabs of the same origin on the same channel,
 * through `BroadcastChannel`, and update their readers.
 *
 * - Only confirmed data travels: an optimistic prediction stays in its own
 *   tab until its server response confirms it (then that is sent).
 * - A message is written with the order of fetches (`useIncoming`, fetch
 *   times): data older than what a tab holds is disregarded there.
 * - What a tab applied from another is not sent on: no echo.
 * - A tab that opens later gets nothing of the past (it fetches, or reads
 *   what persistence saved); errors, garbage collection and
 *   `resetEntireStore()` stay in their tab.
 * - The writes of one task are sent as one message, after it.
 *
 * Where there is no `BroadcastChannel` it reports so once and does nothing.
 *
 * @example
 * ```ts
 * const controller = new Controller({plugins: [new TabSync({channel: 'my-app'})]});
 * ```
 */
export class TabSync implements ControllerPlugin {
  /** The channel's name. */
  readonly channel: string;
  private readonly Channel: BroadcastChannelConstructor | undefined;

  constructor(options: TabSyncOptions = {}) {
    if (DEV_MODE) checkOptionsObject(options, 'TabSync', "{channel: 'my-app'}");
    if (options.channel !== undefined && (typeof options.channel !== 'string' || options.channel === '')) {
      throw new TypeError(`TabSync: \`channel\` must be a non-empty string, got ${JSON.stringify(options.channel)}`);
    }
    this.channel = options.channel ?? DEFAULT_CHANNEL;
    this.Channel = options.BroadcastChannel;
  }

  /** Starts sharing `controller`'s confirmed writes; returns the function that stops. */
  attach(controller: Controller): () => void {
    const Channel = this.Channel ?? (globalThis as {BroadcastChannel?: BroadcastChannelConstructor}).BroadcastChannel;
    if (typeof Channel !== 'function') {
      reportError(new Error(`data-elements: there is no BroadcastChannel here; channel "${this.channel}" is not synced across tabs.`), 'tab sync is off');
      return () => {};
    }
    let channel: BroadcastChannelLike;
    try {
      channel = new Channel(this.channel);
    } catch (error) {
      reportFailure(`tab sync could not open channel "${this.channel}"`, error);
      return () => {};
    }
    const link = new Link(controller, channel, this.channel);
    return () => link.close();
  }
}

/** One Controller on one channel. */
class Link {
  private readonly changes = new ConfirmedChanges();
  private readonly stop: () => void;
  private latest: State | undefined;
  private scheduled = false;
  private closed = false;
  /** A row or result with no JSON form stays in this tab, the rest of its write goes; each is reported once. */
  private readonly unsendable = unsavedOnce((_message, error) =>
    reportFailure(`a value could not be sent to the other tabs on channel "${this.name}" (the rest of the write was)`, error),
  );

  constructor(
    private readonly controller: Controller,
    private readonly channel: BroadcastChannelLike,
    private readonly name: string,
  ) {
    channel.addEventListener('message', event => this.receive(event.data));
    channel.addEventListener('messageerror', () =>
      reportError(new Error(`data-elements: a message on channel "${name}" could not be read.`), 'a message from another tab was refused'),
    );
    this.stop = controller.subscribe(commit => {
      // `restore` is what came from elsewhere (another tab, saved state): sending it on would echo.
      if (commit.cause !== 'receive' && commit.cause !== 'invalidate') return;
      this.changes.add(commit);
      this.latest = commit.confirmed;
      if (this.scheduled) return;
      this.scheduled = true;
      queueMicrotask(() => this.send());
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stop();
    this.channel.close();
  }

  private send(): void {
    this.scheduled = false;
    if (this.closed || !this.latest) return;
    const partial = this.changes.take(this.latest);
    if (!partial) return;
    try {
      this.channel.postMessage(dehydrateState(partial, Date.now(), this.unsendable));
    } catch (error) {
      reportFailure(`a write could not be sent to the other tabs on channel "${this.name}"`, error);
    }
  }

  private receive(data: unknown): void {
    if (this.closed) return;
    try {
      merge(this.controller, data as DehydratedState);
    } catch (error) {
      reportFailure(`a message from another tab on channel "${this.name}" was refused`, error);
    }
  }
}
