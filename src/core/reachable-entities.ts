import {INVALID, resolveSchema, walkObject} from '../schema/index.js';
import type {DenormalizeDelegate, EntityLike, EntityTables} from '../schema/index.js';

/** What a walk stands in for a built entity: the walk only records, it returns nothing useful. */
const VISITED: object = Object.freeze({});

/**
 * Marks the entities a normalized value refers to, by walking it through its
 * schema the way `denormalize` does (the schemas' own `denormalize` and
 * `fill` do the walking, so every schema type, user-defined ones included,
 * is followed the same way it is read). Used by the garbage collector: what
 * is marked is kept.
 *
 * Unlike a real read, the walk never stops at an INVALID entity: the fields
 * after it are still followed, so a row that stays keeps everything it names.
 *
 * @example
 * ```ts
 * const walk = new ReachableEntities(state.entities);
 * walk.markResult([Article], ['1', '2']);
 * walk.isMarked('User', '9'); // the author of article 1 or 2
 * ```
 */
export class ReachableEntities implements DenormalizeDelegate {
  /** Marked pks by table key. */
  private readonly marked = new Map<string, Set<string>>();
  /** Tables read whole (`schema.All`): every row is kept. */
  private readonly wholeTables = new Set<string>();
  /** Rows followed in this pass (`table\0pk`); also what breaks cycles. */
  private visited = new Set<string>();

  constructor(
    private tables: EntityTables,
    /** The table adapters seen, by table key; the walk adds the ones it meets. */
    readonly adapters: Map<string, EntityLike> = new Map(),
  ) {}

  /** Walks from now on over `tables` (marks are kept): for rows that pending predictions changed. */
  useTables(tables: EntityTables): void {
    this.tables = tables;
    this.visited = new Set();
  }

  /** Marks what a normalized endpoint result (or a Query's input) refers to. */
  markResult(schema: unknown, input: unknown): void {
    this.unvisit(schema, input);
  }

  /** Marks one row and what it refers to. */
  markRow(adapter: EntityLike, pk: string): void {
    this.entity(adapter, pk);
  }

  isMarked(table: string, pk: string): boolean {
    return this.wholeTables.has(table) || (this.marked.get(table)?.has(pk) ?? false);
  }

  // --- DenormalizeDelegate -----------------------------------------------------

  unvisit(schema: unknown, input: unknown): unknown {
    const resolved = resolveSchema(schema);
    if (resolved === undefined || input === null || input === undefined) return input;
    if (resolved !== 'object') return resolved.denormalize(input, this);
    if (typeof input !== 'object') return input;
    walkObject(schema as object, input, (member, value) => this.unvisit(member, value));
    return VISITED;
  }

  entity(adapter: EntityLike, pk: string): unknown {
    const key = adapter.key;
    if (!this.adapters.has(key)) this.adapters.set(key, adapter);
    let pks = this.marked.get(key);
    if (!pks) this.marked.set(key, (pks = new Set()));
    pks.add(pk);
    const id = `${key}\u0000${pk}`;
    if (this.visited.has(id)) return VISITED;
    this.visited.add(id);
    const row = this.tables.get(key)?.get(pk);
    if (row === undefined || row === INVALID) return VISITED;
    adapter.fill(adapter.createEmpty(row), row, this);
    return VISITED;
  }

  row(key: string, pk: string): unknown {
    // A read of the row alone still keeps it, and what it names when its table is known.
    const adapter = this.adapters.get(key);
    if (adapter) this.entity(adapter, pk);
    else {
      let pks = this.marked.get(key);
      if (!pks) this.marked.set(key, (pks = new Set()));
      pks.add(pk);
    }
    return this.tables.get(key)?.get(pk);
  }

  present(key: string, pk: string): boolean {
    // Keeps the row as a read of it would: a list of pks still names it.
    const row = this.row(key, pk);
    return row !== undefined && row !== INVALID;
  }

  tableKeys(key: string): Iterable<string> | undefined {
    this.wholeTables.add(key);
    // The caller (schema.All) then asks for each row, which follows their references.
    return this.tables.get(key)?.keys();
  }
}
