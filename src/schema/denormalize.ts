import {MemoCache, type Denormalized} from './memo-cache.js';
import type {EntityTables} from './types.js';

/**
 * Rebuilds a normalized result from tables, without memory between calls.
 * Use a {@link MemoCache} where repeated reads should return identical objects.
 *
 * @example
 * ```ts
 * const {data} = denormalize([Article], ['1'], store.entities);
 * ```
 */
export function denormalize<T = unknown>(schema: unknown, input: unknown, tables: EntityTables): Denormalized<T> {
  return new MemoCache().denormalize<T>(schema, input, tables);
}
