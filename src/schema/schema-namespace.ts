/**
 * The schema classes under the names users of normalizr-style libraries know,
 * re-exported as the `schema` namespace: `schema.Array`, `schema.Values`,
 * `schema.Collection`, `schema.All`, `schema.Invalidate` (values and types).
 *
 * @example
 * ```ts
 * import {schema} from 'lit-data-elements';
 * const list = new schema.Collection([Todo]);
 * const everyTodo = new schema.All(Todo);
 * ```
 */
export {ArraySchema as Array} from './array-schema.js';
export {ValuesSchema as Values} from './values-schema.js';
export {CollectionSchema as Collection} from './collection-schema.js';
export {AllSchema as All} from './all-schema.js';
export {InvalidateSchema as Invalidate} from './invalidate-schema.js';
