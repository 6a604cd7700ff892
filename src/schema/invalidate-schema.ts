import {isPlainObject} from './own-property.js';
import {schemaError} from './schema-error.js';
import type {Entity} from './entity.js';
import type {EntityData} from './schema-args.js';
import type {DenormalizeDelegate, NormalizeDelegate} from './types.js';

type EntityClass = typeof Entity & (abstract new (...args: any[]) => Entity);

/**
 * Marks the entity identified by the response as INVALID: it drops out of
 * every list and collection, and a direct read of it reports invalid so the
 * next read refetches. Only the pk is read from the input, so the params of a
 * DELETE (`{id}`) are enough when the server answers with an empty body.
 *
 * @example
 * ```ts
 * const remove = new RestEndpoint({path: '/users/:id', method: 'DELETE', schema: new schema.Invalidate(User)});
 * // batch delete: the response is built from the ids in the params
 * const removeMany = new RestEndpoint({
 *   path: '/users/delete', method: 'POST', schema: [new schema.Invalidate(User)],
 *   process: (_value, {ids}: {ids: string[]}) => ids.map(id => ({id})),
 * });
 * ```
 */
export class InvalidateSchema<E extends EntityClass = EntityClass> {
  /**
   * The entity is INVALID once this is written, so a fetch resolves with the
   * processed response itself (a DELETE's params or body): data with the pk,
   * not an instance.
   */
  declare readonly __result?: EntityData<InstanceType<E>>;
  constructor(readonly schema: E) {}

  normalize(input: unknown, delegate: NormalizeDelegate, path: string): unknown {
    // A bare pk is accepted as well as an object carrying it.
    const pk =
      typeof input === 'string' || typeof input === 'number'
        ? String(input)
        : isPlainObject(input)
          ? this.schema.pk(input)
          : undefined;
    if (!pk) {
      throw schemaError(this.schema.key, path, input, 'cannot invalidate: no primary key in the response or params');
    }
    delegate.invalidate(this.schema.key, pk);
    return pk;
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return this.schema.denormalize(input, delegate);
  }
}
