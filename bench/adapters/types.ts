import type {ArticleJSON, UserJSON} from '../fixture.js';

/** Write meta (client ms); every write of a run gets a later `fetchedAt`. */
export interface WriteMeta {
  fetchedAt: number;
  date: number;
  expiresAt: number;
}

/** The args of the benchmark query: articles with this tag, sorted by title. */
export interface QueryArgs {
  tag: string;
}

/** What every denormalized article looks like, whatever the library (instances or plain objects). */
export interface ArticleLike {
  id: string;
  title: string;
  tags: readonly {id: string}[];
  author: {id: string; name: string};
}

/** The query every library runs: a filter and a sort over all articles. Shared so the work is the same. */
export function articlesWithTag<A extends ArticleLike>(articles: readonly A[], {tag}: QueryArgs): A[] {
  return articles
    .filter(article => article.tags.some(t => t.id === tag))
    .sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The rows of the write-cost cases: `rows` items with ids '0'..'rows-1'. */
export interface ItemJSON {
  id: string;
  title: string;
  done: boolean;
}

/** The items of a table of `rows` rows. */
export function itemRows(rows: number): ItemJSON[] {
  return Array.from({length: rows}, (_, i) => ({id: String(i), title: `item ${i}`, done: false}));
}

/** How many pending optimistic updates a "pending" write-cost case keeps waiting (on items '0' to '9'). */
export const PENDING = 10;

/** How many items the writes of a rig cycle through, whatever the table size. */
const WRITTEN = 90;

/**
 * The `n`-th write of a rig: one of WRITTEN items past the pending ones,
 * spread evenly over the table, with a new title. The same number of items
 * whatever the table size, so the results stored by key (one per item
 * written) are as many in both and only the table's size differs.
 */
export function nthWrite(rows: number, n: number): {id: string; title: string} {
  const stride = Math.max(1, Math.floor((rows - PENDING) / WRITTEN));
  return {id: String(PENDING + (n % WRITTEN) * stride), title: `item written ${n}`};
}

/**
 * One library's controller holding one table of items (see {@link itemRows}),
 * with 0 or {@link PENDING} optimistic updates waiting on requests that never
 * settle. Each call writes the next item of {@link nthWrite} with a title it
 * never had, so every write changes a row.
 */
export interface WriteRig {
  /** `controller.setResponse` of one item's GET. */
  setOne(): void;
  /** A mutation of one item with a prediction, its request resolving at once: prediction, then the response's commit. */
  fetchOne(): Promise<unknown>;
  /** The title the item written last has now, as a reader reads it (for the check before timing). */
  lastTitle(): string | undefined;
  /** The title that write gave it. */
  expectedTitle(): string;
}

/**
 * One library, driven the way its users drive it. `Store` is whatever the
 * library keeps (tables, indexes, meta) plus the normalized result of the list.
 */
export interface Lib<Store = unknown> {
  /** Short id for `--libs=`. */
  readonly id: string;
  readonly name: string;
  /** Whether the library keeps a memo between reads (normalizr@3 does not). */
  readonly memoized: boolean;
  /** (a) Normalizes the list response into an empty store. */
  normalizeEmpty(data: ArticleJSON[], meta: WriteMeta): Store;
  /** (b) Normalizes the same response into a populated store (a refetch). */
  normalizeInto(store: Store, data: ArticleJSON[], meta: WriteMeta): Store;
  /** A reader with its own fresh memo: each call denormalizes the list from `store`. */
  newReader(): (store: Store) => readonly ArticleLike[];
  /** (e) Normalizes one user response and merges it into `store`. */
  updateUser(store: Store, user: UserJSON, meta: WriteMeta): Store;
  /** (f) The query over every article of `store`, read cold: with a fresh memo. */
  queryCold(store: Store, args: QueryArgs): readonly ArticleLike[];
  /**
   * (f) The query over every article, with a memo that lives as long as the
   * returned reader: its calls are warm reads. `data` is the list response
   * `store` was built from, for libraries whose way in is a controller fed
   * with responses.
   */
  newQuery(store: Store, data: ArticleJSON[], meta: WriteMeta): (args: QueryArgs) => readonly ArticleLike[];
  /** A controller with a table of `rows` items and `pending` optimistic updates waiting; absent for a library without one. */
  writeRig?(rows: number, pending: number): WriteRig;
}
