import type {EndpointInterface} from '../endpoint/index.js';
import {PersistentMap, type EntityMetaTables, type EntityTables} from '../schema/index.js';

/** What the Controller knows about one endpoint result. Times are client ms. */
export interface ResultMeta {
  /** When the fetch that gave the current data was triggered. */
  readonly fetchedAt: number;
  /** When the current data was written. */
  readonly date: number;
  /** After this the data is stale: still shown, but refetched. */
  readonly expiresAt: number;
  /** The error of the last fetch, when it failed (the data, if any, is kept). */
  readonly error?: unknown;
  /** Until this time the error stands: readers show it rather than try again. */
  readonly errorExpiresAt?: number;
  /** Set by `invalidate`: the data must be fetched again before it is shown. */
  readonly invalidated?: boolean;
  /**
   * When `invalidate` was called. A response from a fetch triggered before this
   * leaves the result invalid.
   */
  readonly invalidatedAt?: number;
  /**
   * Set when a next page wrote the result: its list holds pages appended
   * here since the list itself was fetched. Another tab's copy of the
   * result does not replace it (its cursor is the last page's).
   */
  readonly grown?: true;
  /**
   * The page that last wrote a list grown by next pages: its args, how
   * many items it held and how many of them were new to the list. The next page follows it, also in a Controller that
   * starts from a snapshot of this one (page numbers live nowhere else).
   */
  readonly page?: LastPage;
}

/**
 * The last next page loaded into a list (see `ResultMeta.page`).
 *
 * @example
 * ```ts
 * const page: LastPage | undefined = visibleState(controller).meta.get(ArticleResource.getList.key({}))?.page;
 * page?.args; // [{cursor: 'c2'}]
 * ```
 */
export interface LastPage {
  readonly args: readonly unknown[];
  /** How many items the page held, listed before or not. */
  readonly items: number;
  /** How many of them the list did not hold before; undefined in a snapshot that does not say. */
  readonly added?: number;
}

/** A mutation's prediction, waiting for its own request to settle. */
export interface PendingUpdate {
  /** Unique per fetch: each prediction is paired with its own request, never by key. */
  readonly id: number;
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  /** When the fetch was triggered; the prediction is written with this time. */
  readonly fetchedAt: number;
}

/**
 * The whole state of a Controller. Every member is immutable: a change makes a
 * new state that shares what did not change.
 */
export interface State {
  readonly entities: EntityTables;
  readonly entitiesMeta: EntityMetaTables;
  /** Normalized results by endpoint key. */
  readonly endpoints: ReadonlyMap<string, unknown>;
  readonly meta: ReadonlyMap<string, ResultMeta>;
  /** Pending predictions in request order. */
  readonly optimistic: readonly PendingUpdate[];
}

/** A state with nothing in it. Its maps are persistent: a commit shares what it did not change. */
export function emptyState(): State {
  const empty = PersistentMap.empty<never>();
  return {entities: empty, entitiesMeta: empty, endpoints: empty, meta: empty, optimistic: []};
}

/**
 * `map` with one entry set, as a new map that shares the rest (maps in a
 * state are never changed in place); `map` itself when it holds that value.
 */
export function withEntry<V>(map: ReadonlyMap<string, V>, key: string, value: V): ReadonlyMap<string, V> {
  return PersistentMap.from(map).set(key, value);
}
