import {defineOptions} from './own-options.js';
import type {RestEndpoint} from './rest-endpoint.js';

/**
 * A copy of `source` with `options` over its own properties and the `drop`
 * ones removed. It is built through the endpoint's own constructor, so a
 * subclass's constructor and private fields work; the options are then
 * defined again because a subclass's field initializers run after `super()`
 * and would otherwise win over them.
 */
export function copyEndpoint(source: RestEndpoint<any>, options: object, drop: readonly string[]): RestEndpoint<any> {
  // The own enumerable properties of the source: everything its options (and fields) set.
  const merged: Record<string, unknown> = defineOptions({}, source);
  for (const key of drop) delete merged[key];
  defineOptions(merged, options);
  const Ctor = source.constructor as new (options: object) => RestEndpoint<any>;
  const copy = new Ctor(merged);
  for (const key of drop) delete (copy as unknown as Record<string, unknown>)[key];
  return defineOptions(copy, merged);
}
