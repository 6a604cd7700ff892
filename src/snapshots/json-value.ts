import {setOwn} from '../schema/index.js';
import {HydrateError, type JsonValue} from './dehydrated-state.js';

/**
 * The JSON form of a stored value, as `JSON.stringify` would write it: a
 * value's `toJSON` is used (a `Date` becomes its ISO string, a decimal its
 * string), `undefined` and functions are dropped from objects and are `null`
 * in arrays, as are non-finite numbers. A value JSON cannot carry (a bigint, a
 * symbol, a cycle) is a TypeError naming `path`. Keys such as `__proto__` stay
 * ordinary data.
 */
export function toJsonValue(value: unknown, path: string, ancestors: unknown[] = []): JsonValue | undefined {
  if (value !== null && typeof value === 'object' && typeof (value as {toJSON?: unknown}).toJSON === 'function') {
    value = (value as {toJSON(key: string): unknown}).toJSON('');
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'undefined':
    case 'function':
      return undefined;
    case 'bigint':
    case 'symbol':
      throw new TypeError(`data-elements: cannot dehydrate ${path}: a ${typeof value} has no JSON form.`);
  }
  if (value === null) return null;
  if (ancestors.includes(value)) throw new TypeError(`data-elements: cannot dehydrate ${path}: it refers to itself.`);
  ancestors.push(value);
  let out: JsonValue;
  if (Array.isArray(value)) {
    const list: JsonValue[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) list[i] = toJsonValue(value[i], `${path}[${i}]`, ancestors) ?? null;
    out = list;
  } else {
    const object: Record<string, JsonValue> = {};
    for (const key of Object.keys(value as object)) {
      const item = toJsonValue((value as Record<string, unknown>)[key], `${path}.${key}`, ancestors);
      if (item !== undefined) setOwn(object, key, item);
    }
    out = object;
  }
  ancestors.pop();
  return out;
}

/**
 * A copy of `value` made of JSON values only, or a {@link HydrateError}
 * naming `path`: anything else (a class instance, a function, a getter's
 * object, a non-finite number) is refused rather than stored. Objects are
 * plain, and a `__proto__` key stays an own data property: nothing from a
 * snapshot can reach `Object.prototype`.
 */
export function copyJsonValue(value: unknown, path: string, depth = 0): JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(value)) return value;
      throw new HydrateError(path, 'a number that is not finite');
    case 'object':
      break;
    default:
      throw new HydrateError(path, `a ${typeof value}, which JSON has not`);
  }
  if (value === null) return null;
  // JSON text nests only as deep as it is long; this bounds an object built in code with a cycle.
  if (depth > MAX_DEPTH) throw new HydrateError(path, `values nested deeper than ${MAX_DEPTH}`);
  if (Array.isArray(value)) {
    const list: JsonValue[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) list[i] = copyJsonValue(value[i], `${path}[${i}]`, depth + 1);
    return list;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw new HydrateError(path, 'an object that is not plain JSON');
  const object: Record<string, JsonValue> = {};
  for (const key of Object.keys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if (!('value' in descriptor)) throw new HydrateError(`${path}.${key}`, 'an accessor property');
    setOwn(object, key, copyJsonValue(descriptor.value, `${path}.${key}`, depth + 1));
  }
  return object;
}

const MAX_DEPTH = 1000;
