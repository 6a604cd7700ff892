import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {visibleState, type Controller} from '../src/core/index.js';
import {closestName, devLog} from '../src/dev/index.js';
import {describeElement} from './attribute-error.js';

/** The fields a declared query filters and sorts on, with the Controller and table it reads. */
export interface QueryFields {
  readonly controller: Controller;
  readonly entity: string;
  readonly filter: readonly string[];
  readonly sort: readonly string[];
}

/**
 * Development mode: warns once per element and field when a `<data-query>`
 * declared in HTML filters or sorts on a field that no row of its table has
 * (`filter='{"don": true}'`, `sort="titel"`): such a filter matches nothing
 * and such a sort keeps the rows in their own order, without a word. The
 * table must hold rows first; the message lists the fields the rows have
 * and says "did you mean" when one is close.
 *
 * @example
 * ```ts
 * if (DEV_MODE) this.addController(new QueryFieldsCheck(this, () => this.queryFields()));
 * ```
 */
export class QueryFieldsCheck implements ReactiveController {
  /** Fields found in a row, or told about: not looked for again (keyed by table, attribute and field). */
  private readonly settled = new Set<string>();

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    /** What the element's declared query reads now; undefined for a query given in JavaScript. */
    private readonly fields: () => QueryFields | undefined,
  ) {}

  hostUpdated(): void {
    const read = this.fields();
    if (!read) return;
    const idOf = (attribute: string, name: string) => `${read.entity}\u0000${attribute}\u0000${name}`;
    const open = [...read.filter.map(name => ['filter', name] as const), ...read.sort.map(name => ['sort', name] as const)].filter(
      ([attribute, name]) => !this.settled.has(idOf(attribute, name)),
    );
    if (open.length === 0) return;
    const rows = visibleState(read.controller).entities.get(read.entity);
    if (!rows || rows.size === 0) return;
    // Each row is looked at until every open field is found in one: a dev-mode cost, once per field.
    const missing = new Set(open.map(([, name]) => name));
    for (const row of rows.values()) {
      for (const name of missing) if (Object.hasOwn(row as object, name)) missing.delete(name);
      if (missing.size === 0) break;
    }
    // The fields the rows have, gathered once for every warning of this update.
    let fields: string[] | undefined;
    for (const [attribute, name] of open) {
      this.settled.add(idOf(attribute, name));
      if (!missing.has(name)) continue;
      if (!fields) {
        const had = new Set<string>();
        for (const row of rows.values()) for (const field of Object.keys(row as object)) had.add(field);
        fields = [...had];
      }
      this.tell(read, attribute, name, fields);
    }
  }

  private tell(read: QueryFields, attribute: 'filter' | 'sort', name: string, fields: readonly string[]): void {
    const suggestion = closestName(name, fields);
    devLog(
      'warn',
      `${describeElement(this.host)}: its ${attribute} names the field "${name}", which no ${read.entity} row has, ` +
        `${attribute === 'filter' ? 'so it matches nothing' : 'so it does not order the rows'}` +
        `${suggestion ? `: did you mean "${suggestion}"?` : ''} (the rows have: ${fields.join(', ')})`,
      this.host,
    );
  }
}
