/**
 * Thrown by `normalize` when a response does not fit its schema: an entity
 * without its primary key, an object where a list was expected, a field that
 * its constructor (`Date`, a decimal class) refuses. Nothing from that response
 * reaches the cache.
 *
 * The message names the entity, the path of the field inside the response and
 * the offending value, so that a server bug can be found from the log line.
 *
 * @example
 * ```ts
 * try {
 *   normalize(Article, {title: 'no id'});
 * } catch (e) {
 *   if (e instanceof SchemaError) console.log(e.entity, e.path, e.value);
 * }
 * ```
 */
export class SchemaError extends Error {
  override name = 'SchemaError';
  /** The entity (or schema) name whose data was wrong. */
  readonly entity: string;
  /** Where in the response the bad value sits, such as `[3].author.id`. */
  readonly path: string;
  /** The value that was refused (as received). */
  readonly value: unknown;

  constructor(options: {entity: string; path: string; value: unknown; reason: string}) {
    super(
      `${options.entity}: ${options.reason} at ${options.path || '(root)'} (got ${describeValue(options.value)})`,
    );
    this.entity = options.entity;
    this.path = options.path;
    this.value = options.value;
  }
}

/** The SchemaError for `value` at `path`, for the schemas to throw. */
export function schemaError(entity: string, path: string, value: unknown, reason: string): SchemaError {
  return new SchemaError({entity, path, value, reason});
}

/** A short, log-safe rendering of a value for error messages. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === '') return 'an empty string';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    return `an object with keys [${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ', …' : ''}]`;
  }
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
