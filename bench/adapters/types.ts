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
}
