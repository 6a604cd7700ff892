import type {Denormalize} from './denormalize-type.js';
import {itemRefs, type CollectionSchema} from './collection-schema.js';
import type {DenormalizeDelegate, NormalizeDelegate} from './types.js';

type ItemOf<C> = C extends CollectionSchema<infer I> ? (I extends readonly [infer S] ? S : I extends {schema: infer S} ? S : never) : never;

/**
 * The schema of a next page: the page's items are normalized as the
 * collection's items and added to the one cached list it continues, the
 * list stored under the same arguments without `field` (the cursor or page
 * number). Items already in that list keep their place (their rows take
 * the page's data); the list is made when it is not cached. The result is
 * the whole list, as the collection reads it.
 *
 * @example
 * ```ts
 * const todos = new schema.Collection([Todo]);
 * const page = new CollectionPage(todos, 'cursor');
 * // normalize(page, [{id: '3'}], [{cursor: 'c2'}]) adds Todo 3 to the list of args [{}].
 * ```
 */
export class CollectionPage<C extends CollectionSchema<any> = CollectionSchema<any>> {
  declare readonly __result?: C extends {readonly __result?: infer R} ? R : Denormalize<ItemOf<C>>[];

  constructor(
    /** The collection whose list the page continues. */
    readonly collection: C,
    /** The argument that picks the page (`cursor`, `page`); the list is keyed without it. */
    readonly field: string,
  ) {}

  /** The pk of the list a page fetched with `args` continues. */
  listPk(args: readonly unknown[]): string {
    const [first, ...rest] = args;
    if (first === null || typeof first !== 'object' || Array.isArray(first) || !Object.hasOwn(first, this.field)) {
      return this.collection.pk(args);
    }
    const {[this.field]: _page, ...others} = first as Record<string, unknown>;
    return this.collection.pk([others, ...rest]);
  }

  normalize(input: unknown, delegate: NormalizeDelegate, path: string): unknown {
    const {collection} = this;
    const asMap = collection.isMap;
    const refs = itemRefs(collection, asMap, input, delegate, path);
    const list = this.listPk(delegate.args);
    delegate.addToCollections({collection, mode: asMap ? 'assign' : 'push', filter: delegate.args, refs, list});
    return list;
  }

  denormalize(input: unknown, delegate: DenormalizeDelegate): unknown {
    return this.collection.denormalize(input, delegate);
  }
}
