import {INVALID} from './invalid.js';
import {joinPath} from './join-path.js';
import {jsonEqual} from './json-equal.js';
import {copyOwn, isPlainObject, setOwn} from './own-property.js';
import {schemaError} from './schema-error.js';
import {resolveSchema} from './visit-schema.js';
import type {DenormalizeDelegate, EntityMeta, EntityTables, NormalizeDelegate, NormalizedRow, SchemaSimple} from './types.js';

type AnyEntityClass = (abstract new (...args: any[]) => Entity) & typeof Entity;

/**
 * The base class of everything stored by primary key. Extend it, declare the
 * fields as class fields with defaults (they fix the types and fill gaps), and
 * say which fields hold other entities or need a constructor in `static schema`.
 *
 * Instances are built by the cache; treat them as immutable and write through
 * the Controller instead.
 *
 * @example
 * ```ts
 * class User extends Entity {
 *   id = '';
 *   name = '';
 *   static key = 'User';
 * }
 * class Article extends Entity {
 *   id = '';
 *   title = '';
 *   author = User.fromJS();
 *   publishedAt = new Date(0);
 *   static key = 'Article';
 *   static schema = {author: User, publishedAt: Date};
 * }
 * ```
 */
export abstract class Entity {
  /**
   * The table name. Defaults to the class name; set it explicitly in code that
   * is minified, where class names are mangled.
   */
  static get key(): string {
    return this.name;
  }
  static set key(value: string) {
    Object.defineProperty(this, 'key', {value, writable: true, configurable: true, enumerable: true});
  }

  /**
   * Nested schemas by field name: another Entity class (a join), `[Entity]`, a
   * `schema.*` instance, or a constructor such as `Date` or a decimal class
   * that turns the wire string into an instance.
   */
  static schema: Record<string, unknown> = {};

  /**
   * The primary key. Runs with `this` bound to the raw data being normalized
   * (not to an instance), so a class-field default never stands in for a
   * missing key. Override it for other key fields, compound keys or singletons.
   */
  pk(): string | number | undefined {
    return (this as unknown as {id?: string | number}).id;
  }

  /**
   * Whether incoming data may replace what is stored. The default keeps the
   * data from the fetch that was triggered last; override it for server-side
   * ordering such as an `updatedAt` field.
   *
   * @example
   * ```ts
   * static useIncoming(_a: EntityMeta, _b: EntityMeta, existing: any, incoming: any) {
   *   return existing.updatedAt <= incoming.updatedAt;
   * }
   * ```
   */
  static useIncoming(
    existingMeta: EntityMeta,
    incomingMeta: EntityMeta,
    _existing: any,
    _incoming: any,
  ): boolean {
    return incomingMeta.fetchedAt >= existingMeta.fetchedAt;
  }

  /**
   * Builds an instance from a plain object: defaults for missing fields.
   * Nested values are taken as given (no schema conversion).
   *
   * @example
   * ```ts
   * const draft = Article.fromJS({title: 'Draft'});
   * ```
   */
  static fromJS<T extends Entity>(this: abstract new () => T, partial: Partial<T> | Record<string, unknown> = {}): T {
    return copyOwn(new (this as unknown as new () => T)(), partial);
  }

  /** The primary key of raw data, as the string used in the tables, or undefined. */
  static pk(this: AnyEntityClass, data: object): string | undefined {
    const pk: unknown = this.prototype.pk.call(data as Entity);
    // Only strings and finite numbers are keys: an object or a list
    // (`{"id": {"$oid": ...}}`) would stringify to one key shared by all, so it
    // counts as a missing pk (a SchemaError).
    if (typeof pk === 'string') return pk || undefined;
    if (typeof pk === 'number' && Number.isFinite(pk)) return String(pk);
    if (typeof pk === 'bigint') return String(pk);
    return undefined;
  }

  /** @internal Normalizes one entity: validates, records its row, and returns its pk. */
  static normalize(this: AnyEntityClass, raw: unknown, delegate: NormalizeDelegate, path: string): unknown {
    if (raw === null || raw === undefined) return raw;
    // Instances are accepted too: a prediction may spread a cached entity or use fromJS.
    if (!isPlainObject(raw) && !(raw instanceof Entity)) {
      throw schemaError(this.key, path, raw, 'expected an object');
    }
    const input = raw as Record<string, unknown>;
    let pk: string | undefined;
    try {
      pk = this.pk(input);
    } catch (error) {
      // The class's own pk() (`${this.org.id}-...` on a row without org): named like a missing pk.
      throw schemaError(this.key, path, input, `pk() threw (${(error as Error)?.message ?? String(error)})`);
    }
    if (pk === undefined) {
      // The field the default pk() reads, for the message; none for a custom pk().
      const field = this.prototype.pk === Entity.prototype.pk ? 'id' : undefined;
      throw schemaError(this.key, field ? joinPath(path, field) : path, field ? input[field] : input, `missing primary key${field ? ` field "${field}"` : ''}`);
    }
    const table = this.asTable();
    const plan = table.fieldPlan();
    // The same entity again in this response (a shared author, a tag): when
    // every field it has equals the row recorded earlier, merging would keep
    // that row, so none is built. Its values were validated with the earlier row.
    const earlier = delegate.recorded?.(table, pk);
    if (earlier !== undefined && sameAsRecorded(input, earlier as NormalizedRow, plan)) return pk;
    const row = new table.Row();
    for (const key of Object.keys(input)) {
      let value = input[key];
      const field = plan.get(key);
      if (field !== undefined && value !== null && value !== undefined) {
        if (field.nested) value = delegate.visit(field.schema, value, joinPath(path, key));
        else checkConstructible(this.key, field.schema as new (v: unknown) => unknown, value, path, key);
      }
      setOwn(row, key, value);
    }
    delegate.addRow(table, pk, row);
    return pk;
  }

  /** @internal Looks an entity up by pk; returns the instance, undefined or INVALID. */
  static denormalize(this: AnyEntityClass, input: unknown, delegate: DenormalizeDelegate): unknown {
    if (input === null || input === undefined) return input;
    // Already denormalized (an optimistic response that holds instances).
    if (typeof input === 'object') return input;
    return delegate.entity(this.asTable(), typeof input === 'string' ? input : String(input));
  }

  /** @internal For `Query(Entity)` and `ctrl.get(Entity, {id})`: the pk from the args. */
  static queryKey(this: AnyEntityClass, args: readonly unknown[], tables: EntityTables): unknown {
    const first = args[0];
    if (first === null || typeof first !== 'object') return undefined;
    const pk = this.pk(first);
    return pk !== undefined && tables.get(this.key)?.has(pk) ? pk : undefined;
  }

  /** @internal The table adapter the store and memo use; one per class. */
  static asTable(this: AnyEntityClass): EntityTableAdapter {
    // An own static slot (not inherited: a subclass has its own adapter), read
    // on every entity read; a WeakMap lookup cost more.
    const adapter = Object.hasOwn(this, TABLE) ? (this as unknown as {[TABLE]: EntityTableAdapter})[TABLE] : undefined;
    if (adapter !== undefined) return adapter;
    const created = new EntityTableAdapter(this);
    Object.defineProperty(this, TABLE, {value: created});
    return created;
  }
}

const TABLE: unique symbol = Symbol('data-elements table adapter');

/** Connects an Entity class to the store merge and the memo. */
class EntityTableAdapter {
  readonly key: string;
  /**
   * Makes this table's rows: plain objects (their prototype is Object.prototype),
   * but each table's rows come from a constructor of their own, so the engine sizes
   * them for the fields they hold (a `{}` holds four fields in itself and puts the
   * rest in a second array, a third more bytes for a row of six).
   */
  readonly Row: new () => NormalizedRow;
  constructor(readonly entity: AnyEntityClass) {
    this.key = entity.key;
    const Row = function () {};
    Row.prototype = Object.prototype;
    this.Row = Row as unknown as new () => NormalizedRow;
  }

  mergeRows(existing: NormalizedRow, incoming: NormalizedRow): NormalizedRow {
    let merged: NormalizedRow | undefined;
    for (const key of Object.keys(incoming)) {
      // An equal sub-value keeps the stored one, so nested arrays keep their identity too.
      const same = jsonEqual(existing[key], incoming[key]);
      if (same && Object.hasOwn(existing, key)) continue;
      merged ??= copyOwn(new this.Row(), existing);
      setOwn(merged, key, same ? existing[key] : incoming[key]);
    }
    return merged ?? existing;
  }

  shouldReplace(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: unknown, incoming: unknown): boolean {
    return this.entity.useIncoming(existingMeta, incomingMeta, existing, incoming);
  }

  createEmpty(): object {
    return new (this.entity as unknown as new () => Entity)();
  }

  fill(target: object, row: NormalizedRow, delegate: DenormalizeDelegate): object | INVALID {
    const out = target as Record<string, unknown>;
    // Every field as it is stored, then the few of `static schema` built over them: a
    // schema lookup per field of every row cost more than the copy. `Object.assign` copies
    // fastest, but it would set a `__proto__` key through the setter: such a row is copied
    // key by key.
    if (!Object.hasOwn(row, '__proto__')) Object.assign(out, row);
    else copyOwn(target, row);
    this.fieldPlan();
    const built = this.plan!.built;
    for (let i = 0; i < built.length; i++) {
      const field = built[i]!;
      const key = field.key;
      let value = row[key];
      if (value === null || value === undefined || !Object.hasOwn(row, key)) continue;
      if (field.nested) {
        // The resolved schema directly (what unvisit would resolve on every read).
        const resolved = field.resolved!;
        value = resolved !== 'object' ? resolved.denormalize(value, delegate) : delegate.unvisit(field.schema, value);
        // A required nested entity that is invalid invalidates this one too.
        if (value === INVALID) return INVALID;
      } else if (field.schema === Date && typeof value === 'string') {
        value = new Date(parseDate(value));
      } else {
        value = new (field.schema as new (v: unknown) => unknown)(value);
      }
      setOwn(target, key, value);
    }
    return target;
  }

  private plan: FieldPlan | undefined;

  /** The fields of `static schema` that need work, resolved once per schema object. */
  fieldPlan(): FieldPlan['fields'] {
    const fields = this.entity.schema;
    let plan = this.plan;
    if (plan === undefined || plan.source !== fields) {
      const byKey = new Map<string, FieldSchema>();
      // Own names, enumerable or not: what `hasOwnProperty` on the schema saw.
      for (const key of Object.getOwnPropertyNames(fields)) {
        const schema = fields[key];
        if (schema === undefined) continue;
        const resolved = resolveSchema(schema);
        byKey.set(key, {key, schema, nested: resolved !== undefined, resolved});
      }
      this.plan = plan = {source: fields, fields: byKey, built: [...byKey.values()]};
    }
    return plan.fields;
  }
}

/** A field of `static schema`: a schema walked by normalize (`nested`), or a constructor such as `Date`. */
interface FieldSchema {
  readonly key: string;
  readonly schema: unknown;
  readonly nested: boolean;
  /** The nested schema resolved (`[S]` to its shared `schema.Array`), or undefined for a constructor. */
  readonly resolved: SchemaSimple | 'object' | undefined;
}

interface FieldPlan {
  /** The `static schema` object the plan was made from: a new object gives a new plan. */
  readonly source: Record<string, unknown>;
  readonly fields: ReadonlyMap<string, FieldSchema>;
  /** The same fields as a list, in the order of `static schema`. */
  readonly built: readonly FieldSchema[];
}

export type {EntityTableAdapter};

/**
 * Whether every field of `input` equals the same field of `recorded` (a row
 * of this response), so that merging a row built from `input` would keep
 * `recorded`. A nested schema field (a pk in the row, an object in the input)
 * is never taken as equal: it is normalized the usual way.
 */
function sameAsRecorded(input: Record<string, unknown>, recorded: NormalizedRow, plan: FieldPlan['fields']): boolean {
  for (const key of Object.keys(input)) {
    const value = input[key];
    if (value !== null && value !== undefined && plan.get(key)?.nested) return false;
    if (!Object.hasOwn(recorded, key) || !jsonEqual(recorded[key], value)) return false;
  }
  return true;
}

/**
 * Refuses a wire value that its field's constructor cannot take (an unparsable
 * date, a bad decimal). The path of the field is built only for the error.
 */
function checkConstructible(entity: string, ctor: new (v: unknown) => unknown, value: unknown, path: string, key: string): void {
  let reason: string | undefined;
  if (ctor === Date && typeof value === 'string') {
    // What `new Date(text)` does, without building the Date.
    if (Number.isNaN(parseDate(value))) reason = 'not a valid date';
  } else {
    let built: unknown;
    try {
      built = new ctor(value);
    } catch (error) {
      reason = `${ctor.name || 'the field type'} refused the value (${(error as Error)?.message ?? error})`;
    }
    if (built instanceof Date && Number.isNaN(built.getTime())) reason = 'not a valid date';
  }
  if (reason !== undefined) throw schemaError(entity, joinPath(path, key), value, reason);
}

/** True for Entity subclasses. */
export function isEntityClass(value: unknown): value is AnyEntityClass {
  return typeof value === 'function' && value.prototype instanceof Entity;
}

/**
 * The time of a date string, as `new Date(text)` gives it (`Date.parse` is
 * the same algorithm). Times of recent UTC ISO strings (`…T…Z`, which do not
 * depend on the time zone) are remembered: normalize validates each date with
 * this, and the read that follows builds its Date from the number instead of
 * parsing the text again (a parse costs about 0.4 µs, the lookup 0.03 µs).
 */
export function parseDate(text: string): number {
  const length = text.length;
  if ((length !== 20 && length !== 24) || text.charCodeAt(10) !== 84 /* T */ || text.charCodeAt(length - 1) !== 90 /* Z */) {
    return Date.parse(text);
  }
  let time = EPOCHS.get(text);
  if (time === undefined) {
    time = Date.parse(text);
    if (EPOCHS.size >= MAX_EPOCHS) EPOCHS.clear();
    EPOCHS.set(text, time);
  }
  return time;
}

/** Times of recent ISO strings; bounded (cleared when full). */
const EPOCHS = new Map<string, number>();
const MAX_EPOCHS = 4096;
