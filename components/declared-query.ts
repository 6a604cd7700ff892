import {Query} from '../src/endpoint/index.js';
import {AllSchema} from '../src/schema/index.js';
import type {DeclaredEntityClass} from './declared-entity.js';

/**
 * What `<data-query>` declares in its attributes.
 *
 * @example
 * ```ts
 * const declaration: QueryDeclaration = {entity: 'Todo', filter: {completed: false}, count: true};
 * const openCount = declarationsOf(controller).query(declaration);
 * ```
 */
export interface QueryDeclaration {
  /** The table (Entity key), shared with `<data-resource entity="…">`. */
  readonly entity: string;
  /** The pk field of that table's class (default `id`). */
  readonly pk?: string;
  /** Field equality: every key must equal the row's field. */
  readonly filter?: Readonly<Record<string, unknown>>;
  /** Field names separated by commas; `-field` sorts descending. */
  readonly sort?: string;
  /** When true, the value is the number of matching rows. */
  readonly count?: boolean;
}

type Row = Record<string, unknown>;

/**
 * A new Query of what `<data-query>` declares, over the rows of `entity`
 * (`schema.All`): kept when each `filter` field equals the row's (values
 * of different types compare as strings, `null` equals a missing field,
 * and a nested entity compares by its pk), sorted by `sort` (missing
 * values last), or counted. Undefined until a row of the table was ever
 * cached; a count of 0 is 0. `Declarations.query` makes one per
 * declaration and Controller, so equal declarations share the memoized
 * result.
 *
 * @example
 * ```ts
 * const openCount = queryOf(declarationsOf(controller).entity('Todo'), {entity: 'Todo', filter: {completed: false}, count: true});
 * controller.get(openCount); // a number once todos are cached
 * ```
 */
export function queryOf(entity: DeclaredEntityClass, declaration: QueryDeclaration): Query<AllSchema, [], unknown> {
  const {filter, sort, count = false} = declaration;
  const keys = sortKeys(sort);
  const conditions = Object.entries(filter ?? {});
  return new Query(
    new AllSchema(entity),
    (entries: unknown) => {
      let rows = (entries as Row[]).filter(row => conditions.every(([field, value]) => same(row[field], value)));
      if (keys.length > 0) rows = [...rows].sort((a, b) => compareRows(a, b, keys));
      return count ? rows.length : rows;
    },
    {name: `<data-query entity="${declaration.entity}">`},
  );
}

/** The fields of a `sort` attribute: `-completed, title` gives `[['completed', -1], ['title', 1]]`. Throws on an empty field. */
export function sortKeys(sort: string | undefined): [string, 1 | -1][] {
  if (sort === undefined || sort.trim() === '') return [];
  return sort.split(',').map(part => {
    const text = part.trim();
    const descending = text.startsWith('-');
    const field = (descending || text.startsWith('+') ? text.slice(1) : text).trim();
    if (field === '') throw new Error(`"${sort}" has an empty field name`);
    return [field, descending ? -1 : 1];
  });
}

function same(actual: unknown, expected: unknown): boolean {
  if (actual === expected) return true;
  if ((actual === null || actual === undefined) && (expected === null || expected === undefined)) return true;
  const pk = (actual as {pk?: unknown} | null | undefined)?.pk;
  if (typeof pk === 'function' && isPrimitive(expected)) return String(pk.call(actual)) === String(expected);
  return isPrimitive(actual) && isPrimitive(expected) && String(actual) === String(expected);
}

function isPrimitive(value: unknown): value is string | number | boolean | bigint {
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' || type === 'bigint';
}

/** Missing values (null, undefined) last in either direction; the others by {@link compareValues}. */
function compareRows(a: Row, b: Row, keys: readonly [string, 1 | -1][]): number {
  for (const [field, direction] of keys) {
    const x = a[field];
    const y = b[field];
    const xMissing = x === null || x === undefined;
    const yMissing = y === null || y === undefined;
    if (xMissing || yMissing) {
      if (xMissing !== yMissing) return xMissing ? 1 : -1;
      continue;
    }
    const order = compareValues(x, y);
    if (order !== 0) return order * direction;
  }
  return 0;
}

/** Numbers, booleans and dates by value, strings by locale. */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b);
  const x = a instanceof Date || typeof a === 'number' || typeof a === 'boolean' ? Number(a) : String(a);
  const y = b instanceof Date || typeof b === 'number' || typeof b === 'boolean' ? Number(b) : String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
