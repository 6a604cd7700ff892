import type {PropertyValues} from 'lit';
import {property} from 'lit/decorators.js';
import type {Query} from '../src/endpoint/index.js';
import {ControllerResolver, MissingProviderError} from '../src/lit/index.js';
import {AttributeError, describeElement, parseJsonObject} from './attribute-error.js';
import {declaredQuery, sortKeys} from './declared-query.js';
import {defineElement} from './define-element.js';
import {TemplateHostElement, type View} from './template-host-element.js';

/** The template model of `<data-query>`. */
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
 * (the same table `<data-resource entity="…">` fills), filtered by field
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
  /** The table (Entity key) to read. */
  @property() entity?: string;
  /** The pk field of that table's entity. */
  @property() pk = 'id';
  /** A JSON object of field equality. */
  @property() filter?: string;
  /** Field names separated by commas; `-field` sorts descending. */
  @property() sort?: string;
  /** Whether the value is the number of matching rows. */
  @property({type: Boolean}) count = false;
  /** A Query to run instead of the declaring attributes. */
  @property({attribute: false}) query?: Query<any, any, any>;
  /** The Query's arguments: an array is the argument list, any other value the one argument. */
  @property({attribute: false}) args?: unknown;

  private setup: {query: Query<any, any, any>; args: unknown[]} | AttributeError | undefined;
  private value: unknown = undefined;
  private readError: unknown = undefined;
  private unsubscribe?: () => void;
  /** Keeps what the query reads from the Controller's garbage collection while connected. */
  private release?: () => void;
  private readonly lookup = new ControllerResolver(this, () => this.listen());

  override connectedCallback(): void {
    this.configure();
    super.connectedCallback();
    // The context answered during super.connectedCallback(): the Controller is known here.
    this.listen();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.retain();
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const inputs = ['entity', 'pk', 'filter', 'sort', 'count', 'query', 'args'];
    if (inputs.some(name => changed.has(name))) {
      this.configure();
      this.retain();
      this.read();
    }
  }

  protected override view(): View {
    const failure = this.setup instanceof AttributeError ? this.setup : this.readError;
    if (failure !== undefined) return {state: 'error', model: {data: undefined, items: [], count: undefined}, error: failure};
    const value = this.value;
    const model: QueryModel = {
      data: value,
      items: Array.isArray(value) ? value : [],
      count: Array.isArray(value) ? value.length : typeof value === 'number' ? value : undefined,
    };
    return {state: 'ready', model: model, data: value};
  }

  private configure(): void {
    if (this.query) {
      const args = this.args === undefined ? [] : Array.isArray(this.args) ? this.args : [this.args];
      this.setup = {query: this.query, args};
      return;
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
      this.setup = {query: declaredQuery({entity, pk: this.pk?.trim() || 'id', filter, sort: this.sort, count: this.count}), args: []};
    } catch (error) {
      this.setup = error instanceof AttributeError ? error : new AttributeError(element, 'entity', String((error as Error)?.message ?? error));
    }
  }

  /** Subscribes to the current Controller (again, when the provider changes) and reads. */
  private listen(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (!this.isConnected) return;
    this.unsubscribe = this.lookup.controller?.subscribe(() => this.read());
    this.retain();
    this.read();
  }

  /** Retains the current query's read (connected, well configured) and releases the previous one. */
  private retain(): void {
    this.release?.();
    this.release = undefined;
    const controller = this.lookup.controller;
    const setup = this.setup;
    if (this.isConnected && controller && setup !== undefined && !(setup instanceof AttributeError)) {
      this.release = controller.retain(setup.query, ...setup.args);
    }
  }

  /** Reads the Query; asks for a render only when the value (or the error) changed. */
  private read(): void {
    const before = [this.value, this.readError];
    const controller = this.lookup.controller;
    const setup = this.setup;
    if (setup === undefined || setup instanceof AttributeError) {
      this.value = undefined;
      this.readError = undefined;
    } else if (!controller) {
      this.value = undefined;
      if (!(this.readError instanceof MissingProviderError)) this.readError = new MissingProviderError(this);
    } else {
      try {
        this.value = controller.getResponse(setup.query, ...setup.args).data;
        this.readError = undefined;
      } catch (error) {
        // A Query's own process threw: show it rather than throw into the page.
        this.value = undefined;
        this.readError = error;
      }
    }
    if (before[0] !== this.value || before[1] !== this.readError) this.requestUpdate();
  }
}

defineElement('data-query', DataQuery);

declare global {
  interface HTMLElementTagNameMap {
    'data-query': DataQuery;
  }
}
