import type {Controller} from './controller.js';

/**
 * Something that works alongside a Controller for its whole life, such as
 * sync across tabs or persistence: given in the `plugins` option, attached
 * when the Controller is built and detached by `controller.dispose()`. The
 * core never imports a plugin; a plugin only uses the Controller's public
 * methods (`subscribe`, `merge`, `dehydrate`).
 *
 * @example
 * ```ts
 * const logCommits: ControllerPlugin = {
 *   attach(controller) {
 *     return controller.subscribe(commit => console.log(commit.cause));
 *   },
 * };
 * const controller = new Controller({plugins: [logCommits]});
 * ```
 */
export interface ControllerPlugin {
  /**
   * Starts working with `controller`; returns the function that stops. It
   * must not throw: a plugin that cannot work here (no BroadcastChannel, no
   * IndexedDB) reports why and does nothing.
   */
  attach(controller: Controller): () => void;
}
