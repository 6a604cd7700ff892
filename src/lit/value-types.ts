import type {Query} from '../endpoint/index.js';

/** The value a reactive controller gives for an endpoint or Query. */
export type FetchValue<E> = E extends Query<any, any, infer R>
  ? R
  : E extends {fetch(...args: any[]): Promise<infer R>}
    ? R
    : unknown;
