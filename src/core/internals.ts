import type {Controller} from './controller.js';
import type {RequestPipeline} from './request-pipeline.js';
import type {Store} from './store.js';
import type {Timers} from './timers.js';

/**
 * The working parts behind a Controller's facade, for the parts of this
 * package that plug into it (refresh, snapshots, the reactive controllers,
 * devtools). Unstable: not part of the public API.
 *
 * @example
 * ```ts
 * const {store} = internalsOf(controller);
 * store.retainHooks.push((endpoint, args, key) => undefined);
 * ```
 */
export interface ControllerInternals {
  readonly store: Store;
  readonly pipeline: RequestPipeline;
  readonly timers: Timers;
}

// A registered symbol, not a module's WeakMap: the devtools' CDN file and the main one are two
// copies of this module, and both must reach the internals of the one Controller on the page.
const INTERNALS = Symbol.for('data-elements/controller-internals');

/** Called by the Controller's constructor, once. */
export function registerInternals(controller: Controller, internals: ControllerInternals): void {
  Object.defineProperty(controller, INTERNALS, {value: internals});
}

/**
 * Whether `value` is a Controller of this package, from any copy of it on the
 * page (an npm copy and a CDN copy make different classes).
 *
 * @example
 * ```ts
 * isController(new Controller()); // true
 * isController({}); // false
 * ```
 */
export function isController(value: unknown): value is Controller {
  return typeof value === 'object' && value !== null && INTERNALS in value;
}

/**
 * The internals of `controller`. Throws a TypeError for anything that is
 * not a Controller.
 *
 * @example
 * ```ts
 * const requests = internalsOf(controller).pipeline.registry.size;
 * ```
 */
export function internalsOf(controller: Controller): ControllerInternals {
  const internals = (controller as unknown as {[INTERNALS]?: ControllerInternals})[INTERNALS];
  if (!internals) throw new TypeError('Expected a Controller of lit-data-elements');
  return internals;
}
