import {Entity} from '../src/schema/index.js';

/**
 * An Entity class declared by name: `static key` is the table and `pk()`
 * reads one field.
 *
 * @example
 * ```ts
 * const Todo: DeclaredEntityClass = declarationsOf(provider.activeController).entity('Todo');
 * ```
 */
export type DeclaredEntityClass = typeof Entity & (new () => Entity);

/**
 * A new Entity class for the table `key` whose `pk()` reads the `pk` field.
 * `Declarations.entity` makes one per (table, pk field) and Controller.
 *
 * @example
 * ```ts
 * const Todo = entityClass('Todo', 'id');
 * ```
 */
export function entityClass(key: string, pk: string): DeclaredEntityClass {
  const entity = class extends Entity {
    override pk(): string | number | undefined {
      // Runs with `this` bound to the raw data; Entity.pk checks the value.
      return (this as unknown as Record<string, string | number | undefined>)[pk];
    }
  };
  entity.key = key;
  return entity;
}
