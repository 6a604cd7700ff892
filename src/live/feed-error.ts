/**
 * What went wrong with a live feed: the kind says whether the feed goes on (it always does, but for `closed`).
 *
 * @example
 * ```ts
 * feed.subscribe(() => {
 *   if (feed.error?.kind === 'parse') console.warn('the server sent something that is not JSON');
 * });
 * ```
 */
export type FeedErrorKind = 'parse' | 'schema' | 'unknown-event' | 'connection' | 'closed';

/**
 * An error of a live feed, reported through its `onError` option, its
 * `error` property and (for `<data-live>`) a `data-error` event. The
 * message names the feed's URL, the event and the message id when known.
 * A message that does not parse or does not fit its schema writes nothing
 * and the feed keeps going.
 *
 * @example
 * ```ts
 * const feed = new EventSourceFeed({url: '/live', schema: Article, onError: error => {
 *   if (error.kind === 'schema') console.warn(error.message, error.raw);
 * }});
 * ```
 */
export class FeedError extends Error {
  override name = 'FeedError';
  readonly kind: FeedErrorKind;
  /** The feed's URL at the time. */
  readonly url: string;
  /** The event name of the message, when the error is about one. */
  readonly event: string | undefined;
  /** The message id, when it had one. */
  readonly id: string | undefined;
  /** The message as received (its text), when the error is about one. */
  readonly raw: unknown;

  constructor(options: {kind: FeedErrorKind; url: string; message: string; event?: string; id?: string; raw?: unknown; cause?: unknown}) {
    const where = [options.event === undefined ? '' : `event "${options.event}"`, options.id === undefined ? '' : `id ${options.id}`]
      .filter(Boolean)
      .join(', ');
    super(`live feed ${options.url}${where ? ` (${where})` : ''}: ${options.message}`, options.cause === undefined ? undefined : {cause: options.cause});
    this.kind = options.kind;
    this.url = options.url;
    this.event = options.event;
    this.id = options.id;
    this.raw = options.raw;
  }
}
