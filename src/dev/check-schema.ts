import {AllSchema, ArraySchema, CollectionSchema, InvalidateSchema, isEntityClass, ValuesSchema} from '../schema/index.js';
import {warnMisspelledFields} from './misspelled-fields.js';
import {shownValue} from './shown-value.js';

/**
 * Where a schema value sits, which decides what else it may be:
 * - `'schema'`: an endpoint's schema, or the schema a `schema.*` class holds,
 *   which must be one;
 * - `'field'`: a member of an Entity's `static schema`, which may also be a
 *   constructor the field's value is given to (`Date`, a decimal class);
 * - `'member'`: a member of an object schema, where a plain value is a
 *   placeholder (`{results: [Article], next: ''}`).
 */
type SchemaPlace = 'schema' | 'field' | 'member';

/** Each Entity class whose `static schema` (this object) was walked without a fault. */
const passed = new WeakMap<object, object>();

const CYCLE =
  'A class imported from a module that is still loading (an import cycle) is undefined in a bundle: import it from a module that does not import this one back, or assign the schema once both classes are defined.';

/**
 * Refuses a value that cannot be a schema where an endpoint, a Query or a
 * live feed declares one, naming where: anything else is taken as "no
 * schema", and responses are kept as they came, unnormalized, with nothing
 * said. The layers above call it in development mode (production builds drop
 * the calls): the usual cause is an import cycle, where a bundle hands a
 * module the class of a module that is still loading as `undefined`.
 *
 * Object schemas and lists are looked through, and so are the `schema.*`
 * classes (`schema.Collection(Todo)` without its list is refused) and the
 * `static schema` of each Entity met, whose members may also be
 * constructors such as `Date`, and whose keys that look like a misspelled
 * field are warned of.
 *
 * @example
 * ```ts
 * checkSchema({results: [undefined]}, 'GET /articles: schema');
 * // TypeError: GET /articles: schema.results[0] is undefined. A class imported ...
 * ```
 */
export function checkSchema(schema: unknown, where: string, place: SchemaPlace = 'schema', seen = new Set<object>()): void {
  if (schema === undefined) throw new TypeError(`${where} is undefined. ${CYCLE}`);
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) {
    if (place === 'member') return;
    const hint = typeof schema === 'string' ? ': a string does not name an Entity, give the class itself' : '';
    throw new TypeError(`${where} is ${shownValue(schema)}, not a schema${hint}.`);
  }
  if (seen.has(schema)) return;
  seen.add(schema);
  if (typeof schema === 'function') {
    if (isEntityClass(schema)) {
      // The key names the table: an anonymous class would store its rows under "".
      if (typeof schema.key !== 'string' || schema.key === '') throw new TypeError(`${where} is an Entity class with no name and no static key: give it static key = '...', the name of its table.`);
      const fields = schema.schema as Record<string, unknown>;
      // Every endpoint of a resource reaches the same entities: each static schema is walked once.
      if (passed.get(schema) === fields) return;
      for (const key of Object.keys(fields)) checkSchema(fields[key], `${schema.key}.schema.${key}`, 'field', seen);
      warnMisspelledFields(schema);
      passed.set(schema, fields);
      return;
    }
    if (typeof (schema as {normalize?: unknown}).normalize === 'function') return;
    const name = schema.name || 'a function';
    if (place !== 'field') throw new TypeError(`${where} is ${name}, which is not a schema: an Entity class extends Entity.`);
    if (schema.prototype === undefined) throw new TypeError(`${where} is ${name}, which cannot be called with new: a field's type is a class or a constructor such as Date.`);
    return;
  }
  if (Array.isArray(schema)) {
    if (schema.length === 1) checkSchema(schema[0], `${where}[0]`, place === 'member' ? 'member' : 'schema', seen);
    else if (place !== 'member') throw new TypeError(`${where} is a list of ${schema.length} values: a list schema holds one schema, as in [Article].`);
    return;
  }
  if (schema instanceof AllSchema || schema instanceof InvalidateSchema) {
    const name = schema instanceof AllSchema ? 'schema.All' : 'schema.Invalidate';
    checkSchema(schema.schema, `the class given to ${name} in ${where}`, 'schema', seen);
    if (!isEntityClass(schema.schema)) throw new TypeError(`${name} in ${where} takes an Entity class.`);
    return;
  }
  if (schema instanceof CollectionSchema) {
    if (!(schema.schema instanceof ArraySchema || schema.schema instanceof ValuesSchema)) {
      throw new TypeError(`schema.Collection in ${where} takes a list ([Todo], schema.Array(Todo)) or an id map (schema.Values(Todo)) of the items it holds.`);
    }
    checkSchema(schema.itemSchema, `the items of ${schema.key} in ${where}`, 'schema', seen);
    return;
  }
  if (schema instanceof ArraySchema || schema instanceof ValuesSchema) {
    checkSchema(schema.schema, `the items of ${where}`, 'schema', seen);
    return;
  }
  if (typeof (schema as {normalize?: unknown}).normalize === 'function') return;
  for (const key of Object.keys(schema)) checkSchema((schema as Record<string, unknown>)[key], `${where}.${key}`, 'member', seen);
}
