import {PkListSchema} from '../schema/index.js';
import type {EndpointInterface} from './endpoint.js';

/**
 * The endpoint {@link pksOf} gives: the list's primary keys instead of its entities.
 *
 * @example
 * ```ts
 * const ids: PksEndpoint<typeof TodoResource.getList> = pksOf(TodoResource.getList);
 * const list = ids.list; // TodoResource.getList
 * ```
 */
export interface PksEndpoint<E extends EndpointInterface = EndpointInterface> extends EndpointInterface {
  /** The list endpoint it reads. */
  readonly list: E;
  /** Fetches the list; the Controller resolves with its pks (as strings, in list order). */
  fetch(...args: any[]): Promise<string[]>;
}

const made = new WeakMap<EndpointInterface, PksEndpoint<any>>();

/**
 * The same list as `endpoint` (a GET whose schema is `[Entity]` or a
 * `schema.Collection([Entity])`), read as the primary keys of its entities.
 * It shares the endpoint's cached result and its requests (fetching it
 * fetches the list), but its readers depend only on which entities the list
 * holds and in what order: a change to an entity's fields tells the readers
 * of that entity, not the list. The way to render a long list whose rows
 * each read their own entity: an update of one entity then renders one row
 * and not the list. One object per endpoint, so readers share it.
 *
 * @example
 * ```ts
 * class TodoList extends LitElement {
 *   private ids = useSuspense(this, pksOf(TodoResource.getList));
 *   render() {
 *     return repeat(this.ids.value ?? [], id => id, id => html`<todo-row .todoId=${id}></todo-row>`);
 *   }
 * }
 * ```
 */
export function pksOf<E extends EndpointInterface>(endpoint: E): PksEndpoint<E> {
  let pks = made.get(endpoint) as PksEndpoint<E> | undefined;
  if (pks) return pks;
  const fetch = endpoint.fetch;
  if (typeof fetch !== 'function') throw new TypeError(`pksOf needs a list endpoint that fetches; ${endpoint.name ?? 'this one'} has no fetch`);
  const schema = new PkListSchema(endpoint.schema);
  pks = {
    list: endpoint,
    schema,
    name: `pksOf(${endpoint.name ?? 'endpoint'})`,
    sideEffect: false,
    dataExpiryLength: endpoint.dataExpiryLength,
    key: (...args: unknown[]) => endpoint.key(...args),
    ...(endpoint.normalizeArgs ? {normalizeArgs: (args: readonly unknown[]) => endpoint.normalizeArgs!(args)} : {}),
    // The raw response goes to the Controller, which stores it as the list does and reads it back as pks.
    fetch: (...args: unknown[]) => fetch.apply(endpoint, args) as Promise<string[]>,
  };
  made.set(endpoint, pks);
  return pks;
}
