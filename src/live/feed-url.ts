/**
 * Where a feed connects: a URL, or a function of the last event id seen
 * (undefined before the first message) that is called again for every new
 * connection, so a feed can follow a server that moved.
 *
 * @example
 * ```ts
 * const url: FeedUrl = lastEventId => `${currentOrigin()}/api/live${lastEventId ? `?lastEventId=${lastEventId}` : ''}`;
 * ```
 */
export type FeedUrl = string | URL | ((lastEventId: string | undefined) => string | URL);

/**
 * The query parameter a resumed connection carries the last event id in, when the feed builds the URL.
 *
 * @example
 * ```ts
 * const resumedFrom = new URL(request.url).searchParams.get(RESUME_PARAM); // on the server
 * ```
 */
export const RESUME_PARAM = 'lastEventId';

/**
 * The URL of a new connection. A function builds it itself; for a fixed URL
 * the last event id, when there is one and `resume` is true, is added as
 * `?lastEventId=` (a new `EventSource` or `WebSocket` cannot send a
 * `Last-Event-ID` header). Relative URLs resolve against the page.
 *
 * @example
 * ```ts
 * feedUrl('/live', '41', true); // 'http://localhost:8000/live?lastEventId=41' in a page at that origin
 * ```
 */
export function feedUrl(url: FeedUrl, lastEventId: string | undefined, resume: boolean): string {
  if (typeof url === 'function') return String(url(lastEventId));
  if (!resume || lastEventId === undefined) return String(url);
  const base = (globalThis as {location?: {href: string}}).location?.href;
  const resolved = new URL(String(url), base);
  resolved.searchParams.set(RESUME_PARAM, lastEventId);
  return resolved.href;
}
