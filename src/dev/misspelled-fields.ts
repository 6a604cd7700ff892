import type {Entity} from '../schema/index.js';
import {closestName} from './closest-name.js';
import {devLog} from './dev-log.js';

const looked = new WeakSet<object>();

/**
 * Warns (development mode, once per Entity class) of a `static schema` key
 * that names no field the class declares but is close to one that it does
 * (`{autor: User}` beside `author = User.fromJS()`): the field the schema
 * meant is then kept as the response gives it, not normalized, and nothing
 * else says so. A class that declares no fields (an entity declared in HTML),
 * a key far from every field (a field the class leaves undeclared), or a key
 * of fewer than four characters (one edit from too many names), is left
 * alone.
 *
 * @example
 * ```ts
 * warnMisspelledFields(Article); // Article.schema.autor names no field of Article: did you mean author? ...
 * ```
 */
export function warnMisspelledFields(entity: typeof Entity): void {
  if (looked.has(entity)) return;
  looked.add(entity);
  let declared: string[];
  try {
    declared = Object.keys(new (entity as unknown as new () => object)());
  } catch {
    return;
  }
  const fields = entity.schema as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    // A short key is one edit from too many names (`d` from `id`) to tell a typo.
    if (key.length < 4 || declared.includes(key)) continue;
    const near = closestName(key, declared);
    if (near === undefined || Object.hasOwn(fields, near)) continue;
    devLog('warn', `${entity.key}.schema.${key} names no field of ${entity.key}: did you mean ${near}? ${near} is kept as the response gives it, not normalized.`, entity);
  }
}
