import type {EndpointResult} from '../endpoint/index.js';

/**
 * The value a reactive controller gives for an endpoint or Query (while it
 * has one): the Query's result, or the endpoint's denormalized schema.
 *
 * @example
 * ```ts
 * type V = FetchValue<typeof ArticleResource.getList>; // Article[]
 * ```
 */
export type FetchValue<E> = EndpointResult<E>;
