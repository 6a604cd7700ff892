import type {Controller} from '../src/core/index.js';

/**
 * What one copy of the library declared on a Controller, as plain data: the
 * entity tables its elements name (with the pk field of each), and the
 * resources they build.
 *
 * @example
 * ```ts
 * const summary: DeclaredSummary = {entities: [{key: 'Todo', pk: 'id'}], resources: [{urlPrefix: '/api', path: '/todos/:id', entity: 'Todo'}]};
 * ```
 */
export interface DeclaredSummary {
  readonly entities: readonly {readonly key: string; readonly pk: string}[];
  readonly resources: readonly {readonly urlPrefix: string; readonly path: string; readonly entity: string}[];
}

/** One copy's declarations, as every copy may read them. */
export interface Summarized {
  summary(): DeclaredSummary;
}

// A registered symbol, as for the Controller's internals: the devtools' CDN file is another copy
// of this code and must find the declarations of the elements' copy on the one Controller. Each
// copy keeps its own entry (keyed by a token of its own), so copies never share entity classes.
const SHELF = Symbol.for('data-elements/declarations');

/**
 * The declarations kept on a Controller, one entry per copy of the library
 * (created on first use). The entries of other copies are to be read through
 * `summary()` only.
 */
export function shelfOf(controller: Controller): Map<object, Summarized> {
  const holder = controller as unknown as {[SHELF]?: Map<object, Summarized>};
  let shelf = holder[SHELF];
  if (!shelf) Object.defineProperty(holder, SHELF, {value: (shelf = new Map())});
  return shelf;
}

/**
 * What the elements of every copy of the library declared on `controller`,
 * merged: for tools such as `<data-devtools>`.
 *
 * @example
 * ```ts
 * declaredOn(provider.activeController).entities; // [{key: 'Todo', pk: 'id'}]
 * ```
 */
export function declaredOn(controller: Controller): DeclaredSummary {
  const entities: DeclaredSummary['entities'][number][] = [];
  const resources: DeclaredSummary['resources'][number][] = [];
  for (const declarations of shelfOf(controller).values()) {
    const summary = declarations.summary();
    entities.push(...summary.entities);
    resources.push(...summary.resources);
  }
  return {entities, resources};
}
