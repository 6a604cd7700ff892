import {internalsOf, type Controller} from '../../src/core/index.js';

/**
 * The Controller's clock now (its `now` option; `Date.now` by default). The
 * devtools compute every status and age with it, so they agree with what
 * `controller.getResponse()` says under a fake or shifted clock.
 *
 * @example
 * ```ts
 * const controller = new Controller({now: () => 5_000});
 * controllerNow(controller); // 5000
 * ```
 */
export function controllerNow(controller: Controller): number {
  return internalsOf(controller).store.now();
}
