import {Entity} from '../src/schema/index.js';

type DeclaredEntityClass = typeof Entity & (new () => Entity);

const classes = new Map<string, DeclaredEntityClass>();

/**
 * The Entity class that `<data-resource entity="…" pk="…">` and
 * `<data-query entity="…">` use for a table: `static key` is the table name
 * and `pk()` reads the `pk` field (default `id`). There is one class per
 * (entity, pk) pair, so every element that names the same table shares its
 * cache rows; JS code can ask for the same class to read those rows.
 *
 * @example
 * ```ts
 * const Todo = declaredEntity('Todo');
 * const open = new Query(new schema.All(Todo), todos => todos.filter(t => !t.completed));
 * ```
 */
export function declaredEntity(key: string, pk = 'id'): DeclaredEntityClass {
  const id = JSON.stringify([key, pk]);
  let entity = classes.get(id);
  if (!entity) {
    entity = class extends Entity {
      override pk(): string | number | undefined {
        // Runs with `this` bound to the raw data; Entity.pk checks the value.
        return (this as unknown as Record<string, string | number | undefined>)[pk];
      }
    };
    entity.key = key;
    classes.set(id, entity);
  }
  return entity;
}
