import type {FetchableEndpoint, SnapshotInterface} from '../src/endpoint/index.js';
import type {Resource} from '../src/rest/index.js';
import {isEntityClass} from '../src/schema/index.js';

/** The writing members `<data-resource>` calls. */
export interface MutationMembers {
  readonly create: FetchableEndpoint;
  readonly update: FetchableEndpoint;
  readonly partialUpdate: FetchableEndpoint;
  readonly delete: FetchableEndpoint;
}

/** How predictions find the pk: the entity's pk field, and the item path parameter that holds it. */
export interface PredictionShape {
  readonly pk: string;
  readonly itemParam: string | undefined;
}

let tmpCounter = 0;
// One temporary pk per create call: predictions are replayed, and must give the same row each time.
const tmpIds = new WeakMap<object, string>();

/** The temporary pk of a created row until the server answers: `tmp-1`, `tmp-2`, … */
function tmpIdFor(body: object): string {
  let id = tmpIds.get(body);
  if (!id) tmpIds.set(body, (id = `tmp-${++tmpCounter}`));
  return id;
}

const cache = new WeakMap<Resource, Map<string, MutationMembers>>();

/**
 * The resource's writing members with `getOptimisticResponse` added, built
 * from the call's params and body alone (pure, as the Controller replays
 * them):
 *
 * - `create` (POST to the list, `getList.push`'s schema): the body with a
 *   temporary pk `tmp-<n>` (unless the body has one), so the new row is in
 *   every matching list at once; the server's row replaces it.
 * - `update` / `partialUpdate`: the body with the pk taken from the body or
 *   from the item path parameter; fields merge over the cached entity.
 * - `delete`: the pk from the params, which invalidates the entity at once.
 *
 * A prediction that cannot name its entity's pk is skipped (`snap.abort`):
 * the request still goes ahead. The resource itself is not changed.
 *
 * @example
 * ```ts
 * const {partialUpdate} = optimisticMembers(TodoResource, {pk: 'id', itemParam: 'id'});
 * controller.fetch(partialUpdate, {id: 1}, {completed: true}); // visible at once
 * ```
 */
export function optimisticMembers(resource: Resource, shape: PredictionShape): MutationMembers {
  let byShape = cache.get(resource);
  if (!byShape) cache.set(resource, (byShape = new Map()));
  const id = JSON.stringify([shape.pk, shape.itemParam]);
  let members = byShape.get(id);
  if (!members) byShape.set(id, (members = build(resource, shape)));
  return members;
}

function build(resource: Resource, {pk, itemParam}: PredictionShape): MutationMembers {
  const entity: unknown = resource.get.schema;
  const checked = (snap: SnapshotInterface, prediction: Record<string, unknown>) => {
    if (isEntityClass(entity) && entity.pk(prediction) === undefined) throw snap.abort;
    return prediction;
  };
  const itemPk = (params: unknown, body: Record<string, unknown>) =>
    body[pk] ?? (itemParam === undefined ? undefined : (params as Record<string, unknown> | undefined)?.[itemParam]);
  const change = (snap: SnapshotInterface, params: unknown, body: unknown) => {
    if (!isObject(body)) throw snap.abort;
    return checked(snap, {...body, [pk]: itemPk(params, body)});
  };
  return {
    create: resource.create.extend({
      getOptimisticResponse(snap: SnapshotInterface, _params: unknown, body: unknown) {
        if (!isObject(body)) throw snap.abort;
        return checked(snap, {...body, [pk]: body[pk] ?? tmpIdFor(body)});
      },
    }),
    update: resource.update.extend({getOptimisticResponse: change}),
    partialUpdate: resource.partialUpdate.extend({getOptimisticResponse: change}),
    delete: resource.delete.extend({
      getOptimisticResponse(snap: SnapshotInterface, params: unknown) {
        const value = itemParam === undefined ? undefined : (params as Record<string, unknown> | undefined)?.[itemParam];
        if (typeof value !== 'string' && typeof value !== 'number') throw snap.abort;
        return value;
      },
    }),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
