import type {SnapshotInterface} from '../endpoint/index.js';
import {isEntityClass} from '../schema/index.js';
import {pathParams} from './path-params.js';
import type {Resource} from './resource-types.js';

/**
 * Options of {@link optimisticResource}.
 *
 * @example
 * ```ts
 * const options: OptimisticOptions = {pk: 'slug'};
 * ```
 */
export interface OptimisticOptions {
  /** The field of an item that holds its primary key (default `id`): where a prediction puts it. */
  readonly pk?: string;
}

type Fields = Record<string, unknown>;

let tmpCounter = 0;
// One temporary pk per create call: the Controller replays predictions, and each replay must give the same row.
const tmpIds = new WeakMap<object, string>();

function tmpIdFor(body: object): string {
  let id = tmpIds.get(body);
  if (!id) tmpIds.set(body, (id = `tmp-${++tmpCounter}`));
  return id;
}

/**
 * The resource with default predictions on its four writes, so each shows
 * at once and is replaced by the server's answer (or rolled back when the
 * server refuses it). Each is built from the call's params and body alone,
 * pure as the Controller needs:
 *
 * - `create`: the body with a temporary pk `tmp-1`, `tmp-2`... (unless it has
 *   one), so the new item is in every cached list it matches at once;
 * - `update` and `partialUpdate`: the body with the pk taken from the body
 *   or from the item path's last parameter, merged over the cached entity;
 * - `delete`: the pk from that parameter: the entity leaves every list.
 *
 * A call whose prediction cannot name its entity's pk predicts nothing
 * (`snap.abort`); its request still goes. Members already extended with a
 * `getOptimisticResponse` get the default instead: extend the result to
 * change one. The resource given is left unchanged. `<data-resource>`'s
 * writes are this, unless its `optimistic` attribute is `false`.
 *
 * @example
 * ```ts
 * const TodoResource = optimisticResource(createResource({path: '/todos/:id', schema: Todo}));
 * await controller.fetch(TodoResource.partialUpdate, {id: 1}, {completed: true}); // shown before the server answers
 * ```
 */
export function optimisticResource<R extends Resource<any, any>>(resource: R, options: OptimisticOptions = {}): R {
  const pk = options.pk ?? 'id';
  const names = pathParams(resource.get.path);
  const itemParam = names[names.length - 1];
  const entity: unknown = resource.get.schema;
  const paramPk = (params: unknown) => (itemParam === undefined ? undefined : (params as Fields | undefined)?.[itemParam]);
  const named = (snap: SnapshotInterface, body: unknown, pkOf: (body: Fields) => unknown): Fields => {
    if (!isFields(body)) throw snap.abort;
    const prediction = {...body, [pk]: body[pk] ?? pkOf(body)};
    if (isEntityClass(entity) && entity.pk(prediction) === undefined) throw snap.abort;
    return prediction;
  };
  const change = (snap: SnapshotInterface, params: unknown, body: unknown) => named(snap, body, () => paramPk(params));
  return resource.extend({
    create: {getOptimisticResponse: (snap: SnapshotInterface, _params: unknown, body: unknown) => named(snap, body, tmpIdFor)},
    update: {getOptimisticResponse: change},
    partialUpdate: {getOptimisticResponse: change},
    delete: {
      getOptimisticResponse(snap: SnapshotInterface, params: unknown) {
        const value = paramPk(params);
        if (typeof value !== 'string' && typeof value !== 'number') throw snap.abort;
        return value;
      },
    },
  }) as R;
}

function isFields(value: unknown): value is Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
