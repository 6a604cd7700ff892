/**
 * The marker stored in an entity table in place of an entity that was
 * invalidated (deleted on the server, or marked by `schema.Invalidate`).
 *
 * Lists and collections drop INVALID entries when they are read; an entity that
 * is required by a result (a top-level entity, or a field of another entity)
 * makes that whole result invalid instead, so `useSuspense` fetches it again.
 *
 * @example
 * ```ts
 * if (visibleState(controller).entities.get('Article')?.get('1') === INVALID) {
 *   // article 1 was deleted
 * }
 * ```
 */
export const INVALID: unique symbol = Symbol.for('data-elements/invalid');
export type INVALID = typeof INVALID;
