export {Entity, isEntityClass} from './entity.js';
export {INVALID} from './invalid.js';
export {SchemaError} from './schema-error.js';
export {ArraySchema} from './array-schema.js';
export {ValuesSchema} from './values-schema.js';
export {CollectionSchema, CollectionAppender, type CollectionOptions} from './collection-schema.js';
export {CollectionPage} from './collection-page.js';
export {AllSchema} from './all-schema.js';
export {PkListSchema} from './pk-list-schema.js';
export {InvalidateSchema} from './invalidate-schema.js';
/**
 * The schema classes under the names normalizr users know: `schema.Array`,
 * `schema.Values`, `schema.Collection`, `schema.All`, `schema.Invalidate`.
 *
 * @example
 * ```ts
 * const todoLists = new schema.Collection([Todo]);
 * const everyTodo = new schema.All(Todo);
 * ```
 */
export * as schema from './schema-namespace.js';
export {normalize, type NormalizedResponse, type TableWrite} from './normalize.js';
export {mergeResponse, mergeResponses, emptyStore, type EntityStore, type MergeInput, type RowSink} from './merge-store.js';
export {PersistentMap, MapDraft, draftOf} from './persistent-map.js';
export {MemoCache, presenceKey, type Denormalized} from './memo-cache.js';
export {READ_RUN, eachRead, extendsReads, type ReadRun} from './read-runs.js';
export {denormalize} from './denormalize.js';
export {jsonEqual} from './json-equal.js';
export {RecentMap} from './recent-map.js';
export {setOwn, isPlainObject} from './own-property.js';
export {resolveSchema, walkObject} from './visit-schema.js';
export type {Denormalize} from './denormalize-type.js';
export type * from './types.js';
export type {QueryableSchema, EntityData, SchemaArgs} from './schema-args.js';
