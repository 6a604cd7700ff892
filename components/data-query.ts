import type {PropertyValues} from 'lit';
import type {Query} from '../src/endpoint/index.js';
import {DEV_MODE} from '../src/dev/index.js';
import type {Controller} from '../src/core/index.js';
import {CacheController} from '../src/lit/index.js';
import {ControllerResolver} from '../src/lit/internal.js';
import {AttributeError, describeElement, parseJsonObject} from './attribute-error.js';
import {sortKeys} from './declared-query.js';
import {declarationsOf} from './declarations.js';
import {defineElement} from './define-element.js';
import {NeverHeldCheck, type EmptyRead} from './query-never-held.js';
import {QueryFieldsCheck} from './query-fields-check.js';
import {TemplateHostElement, type View} from './template-host-element.js';

/**
 * The template model of `<data-query>`.
 *
 * @example
 * ```ts
 * // In the template: {{ count }}, {{ items }}, {{ data }}.
 * const model: QueryModel = {data: 2, items: [], count: 2};
 * ```
 */
export interface QueryModel {
  /** The Query's value: the matching rows, or their number with `count`; undefined until the table has rows. */
  readonly data: unknown;
  /** The rows when the value is a list, else `[]`. */
  readonly items: readonly unknown[];
  /** The number of rows (or the value itself when it is a number); undefined until the table has rows. */
  readonly count: number | undefined;
}

/**
 * A Query over the cache declared in HTML: the rows of an entity table
 * (the same table `<data-resource entity="…">` fills, under the same
 * provider: the table's class is the provider's), filtered by field
 * equality, sorted, or counted. Or give any `Query` in the `query` property,
 * with its `args`. It never fetches: it shows what the cache holds and
 * follows every change, optimistic ones included, re-rendering only when
 * its value changes.
 *
 * Template model: `data` (the value: the rows, or their number with
 * `count`), `items` (the rows, or `[]`), `count` (the number of rows).
 * `data` and `count` are undefined until a row of the table was cached; a
 * count of 0 is 0.
 *
 * A malformed attribute (bad JSON in `filter`, an empty field in `sort`, a
 * missing `entity`) shows the error state and fires `data-error` naming the
 * element and the attribute.
 *
 * @example
 * ```html
 * <data-query entity="Todo" filter='{"completed": false}' count>
 *   <template>{{ count ?? '…' }} open</template>
 * </data-query>
 * <data-query entity="Todo" sort="-createdAt,title">
 *   <template><template type="repeat" repeat="{{ items }}"><p>{{ item.title }}</p></template></template>
 * </data-query>
 * ```
 *
 * @attr entity - The table (Entity key) to read, as in `<data-resource entity>`.
 * @attr pk - The pk field of that table's entity, as in `<data-resource pk>` (default `id`).
 * @attr filter - A JSON object of field equality, such as `{"completed": false}`.
 * @attr sort - Field names separated by commas; `-field` sorts descending.
 * @attr count - Present: the value is the number of matching rows.
 * @attr error - Reflected while an error (a malformed attribute, no provider, a failing template) is shown.
 * @prop {Query | undefined} query - A Query to run instead of the declaring attributes.
 * @prop {unknown} args - The Query's arguments: an array is the argument list, any other value the one argument.
 * @fires data-error - When an attribute is malformed, there is no provider, or the template fails; `detail`: `error`, `message`, `attribute`.
 */
export class DataQuery extends TemplateHostElement {
  // Declared here rather than with decorators: their helper would weigh on every page that loads the element.
  static override properties = {
    entity: {},
    pk: {},
    filter: {},
    sort: {},
    count: {type: Boolean},
    query: {attribute: false},
    args: {attribute: false},
  };

  /** The table (Entity key) to read. */
  declare entity?: string;
  /** The pk field of that table's entity. */
  pk = 'id';
  /** A JSON object of field equality. */
  declare filter?: string;
  /** Field names separated by commas; `-field` sorts descending. */
  declare sort?: string;
  /** Whether the value is the number of matching rows. */
  count = false;
  /** A Query to run instead of the declaring attributes. */
  declare query?: Query<any, any, any>;
  /** The Query's arguments: an array is the argument list, any other value the one argument. */
  declare args?: unknown;

  private setup: {query: Query<any, any, any>; args: unknown[]} | AttributeError | undefined;
  /** The Controller whose declarations the setup's Query came from. */
  private configuredWith?: Controller;
  private readonly resolver = new ControllerResolver(this, () => this.requestUpdate());
  /** Reads the Query the attributes (or the `query` property) declare; `configure` points it at another one when they change. */
  private readonly reader = new CacheController<Query<any, any, any>>(this, undefined, () =>
    this.setup === undefined || this.setup instanceof AttributeError ? null : this.setup.args,
  );

  constructor() {
    super();
    // The element shows and announces its read errors itself (error content, data-error).
    this.reader.handlesErrors = true;
    if (DEV_MODE) this.addController(new NeverHeldCheck(this, () => this.emptyRead()));
    // Inline, so that a production build drops it with the check.
    if (DEV_MODE) {
      this.addController(
        new QueryFieldsCheck(this, () => {
          const {setup, query, filter, sort, entity} = this;
          const controller = this.reader.controller;
          if (query || !setup || setup instanceof AttributeError || !controller) return undefined;
          const filtered = filter?.trim() ? Object.keys(parseJsonObject(describeElement(this), 'filter', filter)) : [];
          return {controller, entity: entity!.trim(), filter: filtered, sort: sortKeys(sort).map(([field]) => field)};
        }),
      );
    }
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const inputs = ['entity', 'pk', 'filter', 'sort', 'count', 'query', 'args'];
    // Configured before the reader's own update, which reads what the setup says.
    if (!this.setup || this.configuredWith !== this.resolver.controller || inputs.some(name => changed.has(name))) this.configure();
  }

  protected override view(): View {
    const failure = this.setup instanceof AttributeError ? this.setup : this.reader.status === 'error' ? this.reader.error : undefined;
    if (failure !== undefined) return {state: 'error', model: {data: undefined, items: [], count: undefined}, error: failure};
    const value = this.reader.value;
    const model: QueryModel = {
      data: value,
      items: Array.isArray(value) ? value : [],
      count: Array.isArray(value) ? value.length : typeof value === 'number' ? value : undefined,
    };
    return {state: 'ready', model: model, data: value};
  }

  /** The declared (attribute) query when it shows nothing and its cache never held its table; for development mode's check. */
  private emptyRead(): EmptyRead | undefined {
    const setup = this.setup;
    const controller = this.reader.controller;
    if (this.query || !setup || setup instanceof AttributeError || !controller || this.reader.status !== 'pending') return undefined;
    return {controller, query: setup.query, entity: this.entity!.trim()};
  }

  private configure(): void {
    this.configuredWith = this.resolver.controller;
    this.setup = this.resolveSetup();
    // The reader switches at its next host update, as it does when its args change.
    this.reader.endpoint = this.setup instanceof AttributeError ? undefined : this.setup.query;
  }

  private resolveSetup(): {query: Query<any, any, any>; args: unknown[]} | AttributeError {
    if (this.query) {
      const args = this.args === undefined ? [] : Array.isArray(this.args) ? this.args : [this.args];
      return {query: this.query, args};
    }
    const element = describeElement(this);
    try {
      const entity = this.entity?.trim();
      if (!entity) throw new AttributeError(element, 'entity', 'is required (the table name, as in <data-resource entity>), unless the query property is set');
      const filter = this.filter === undefined || this.filter === null || this.filter.trim() === '' ? undefined : parseJsonObject(element, 'filter', this.filter);
      try {
        sortKeys(this.sort);
      } catch (error) {
        throw new AttributeError(element, 'sort', `is not a list of fields: ${(error as Error).message}`);
      }
      const declarations = declarationsOf(this.resolver.controller);
      return {query: declarations.query({entity, pk: this.pk?.trim() || 'id', filter, sort: this.sort, count: this.count}), args: []};
    } catch (error) {
      return error instanceof AttributeError ? error : new AttributeError(element, 'entity', String((error as Error)?.message ?? error));
    }
  }
}

defineElement('data-query', DataQuery);

declare global {
  interface HTMLElementTagNameMap {
    'data-query': DataQuery;
  }
}
