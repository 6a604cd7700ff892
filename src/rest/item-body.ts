import type {Denormalize} from '../schema/index.js';

type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * The body a resource sends by default for an item of `schema`: the item's
 * fields (not its methods), each optional, so a misspelled field is a compile
 * error. A resource whose API takes another shape says so with a `body`
 * type marker; a schema that is not an object leaves the body untyped.
 *
 * @example
 * ```ts
 * class Todo extends Entity { id = 0; title = ''; completed = false; }
 * type B = ItemBody<typeof Todo>; // {id?: number; title?: string; completed?: boolean}
 * ```
 */
export type ItemBody<S> =
  IsAny<S> extends true
    ? any
    : unknown extends S
      ? any
      : Denormalize<S> extends infer T
        ? T extends object
          ? {[K in keyof T as T[K] extends (...args: any[]) => unknown ? never : K]?: T[K]}
          : any
        : any;
