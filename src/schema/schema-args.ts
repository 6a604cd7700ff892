import type {Entity} from './entity.js';
import type {AllSchema} from './all-schema.js';
import type {EntityTables} from './types.js';

type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * A schema the cache can be read with, without an endpoint result: an Entity
 * class (read by primary key), `schema.All(Entity)`, a `schema.Collection`
 * (read by the args that fetched the list), or any schema object with a
 * `queryKey`. Lists, id maps and plain objects of schemas cannot be read on
 * their own, so `ctrl.get([Todo])` and `new Query({a: Todo})` are compile errors.
 *
 * @example
 * ```ts
 * const everyTodo: QueryableSchema = new schema.All(Todo);
 * const oneUser: QueryableSchema = User;
 * ```
 */
export interface QueryableSchema {
  /** The normalized input to denormalize for `args`, or undefined when nothing is cached. */
  queryKey(args: readonly unknown[], tables: EntityTables): unknown;
}

/**
 * The fields of an entity as data: every property that is not a method,
 * optional, with string and number fields taking either (a primary key of
 * `1` finds the row stored under `'1'`). What `ctrl.get(User, data)` and a
 * `Query(User)` take to compute the primary key.
 *
 * @example
 * ```ts
 * class User extends Entity { id = ''; name = ''; }
 * type D = EntityData<User>; // {id?: string | number; name?: string | number}
 * ```
 */
export type EntityData<T> = {
  readonly [K in keyof T as T[K] extends (...args: any[]) => unknown ? never : K]?: T[K] extends string | number ? string | number : T[K];
};

/**
 * The arguments a read of a schema takes (`ctrl.get(schema, ...args)`, the
 * default args of `new Query(schema)`): an Entity class takes the data its
 * primary key is computed from (`{id}`), `schema.All` takes none, and a
 * Collection (or another schema with a `queryKey`) takes the args of the
 * list endpoint.
 *
 * @example
 * ```ts
 * type A = SchemaArgs<typeof User>; // [data: EntityData<User>]
 * type B = SchemaArgs<schema.All<typeof Todo>>; // []
 * ```
 */
export type SchemaArgs<S> =
  IsAny<S> extends true
    ? any[]
    : S extends abstract new (...args: any[]) => infer I
      ? I extends Entity
        ? [data: EntityData<I>]
        : unknown[]
      : S extends AllSchema<any>
        ? []
        : unknown[];
