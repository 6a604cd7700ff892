import {CollectionSchema, type CollectionAppender} from '../schema/index.js';
import type {ItemBody} from './item-body.js';
import {copyEndpoint} from './copy-endpoint.js';
import type {RestEndpoint} from './rest-endpoint.js';
import type {AnyRestGenerics, IsLoose} from './rest-types.js';

/** The three ways a created item joins the cached lists. */
export type AppenderMode = 'push' | 'unshift' | 'assign';

/** What `push`/`unshift` send (one item's fields) and `assign` sends (an id map of them). */
type AppenderBody<A, M extends AppenderMode> = A extends CollectionAppender<infer Item, any>
  ? M extends 'assign'
    ? Record<string, ItemBody<Item>>
    : ItemBody<Item>
  : any;

/**
 * The generics of `list.push` (and friends): the list's params, with the
 * collection's appender as schema, POST as method, and the item's fields
 * as body (an id map of them for `assign`).
 *
 * @example
 * ```ts
 * type G = AppenderGenerics<{path: '/todos'; schema: schema.Collection<[typeof Todo]>}, 'push'>;
 * ```
 */
export type AppenderGenerics<O, M extends AppenderMode> =
  IsLoose<O> extends true
    ? AnyRestGenerics
    : Omit<O, 'schema' | 'method' | 'body'> & {
        readonly schema: O extends {readonly schema: infer S} ? (S extends CollectionSchema<any> ? S[M] : never) : never;
        readonly method: 'POST';
        readonly body: O extends {readonly schema: infer S} ? (S extends CollectionSchema<any> ? AppenderBody<S[M], M> : any) : any;
      };

// Outside the instances, so that extend() (which copies own properties) never carries them over.
const made = new WeakMap<object, Partial<Record<AppenderMode, RestEndpoint<any>>>>();

/**
 * The endpoint behind `list.push` / `.unshift` / `.assign`, made once per list
 * endpoint: a copy of it that POSTs to the same path with the collection's
 * appender schema, keeping everything else (getOptimisticResponse, process,
 * headers).
 */
export function listAppender(endpoint: RestEndpoint<any>, mode: AppenderMode): RestEndpoint<any> {
  let appenders = made.get(endpoint);
  if (!appenders) made.set(endpoint, (appenders = {}));
  const cached = appenders[mode];
  if (cached) return cached;
  const collection: unknown = endpoint.schema;
  if (!(collection instanceof CollectionSchema)) {
    throw new TypeError(`${endpoint.name}: .${mode} needs a schema.Collection as the endpoint's schema`);
  }
  // The list's `body: undefined`, `sideEffect` and `retry` must not carry over: an appender is a POST with a
  // body, retried only when it says so itself.
  const created = copyEndpoint(endpoint, {method: 'POST', schema: collection[mode], name: `${endpoint.name}.${mode}`}, ['body', 'sideEffect', 'retry']);
  appenders[mode] = created;
  return created;
}
