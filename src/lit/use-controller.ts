import type {ReactiveControllerHost} from 'lit';
import type {Controller} from '../core/index.js';
import {ControllerResolver} from './controller-resolver.js';

/**
 * The Controller's methods, resolved from the nearest provider when called.
 *
 * @example
 * ```ts
 * class TodoItem extends LitElement {
 *   private ctrl: ControllerMethods = useController(this);
 * }
 * ```
 */
export type ControllerMethods = Pick<
  Controller,
  | 'fetch'
  | 'invalidate'
  | 'getResponse'
  | 'get'
  | 'snapshot'
  | 'subscribe'
  | 'setResponse'
  | 'setError'
  | 'resetEntireStore'
>;

const METHODS = [
  'fetch',
  'invalidate',
  'getResponse',
  'get',
  'snapshot',
  'subscribe',
  'setResponse',
  'setError',
  'resetEntireStore',
] as const;

/**
 * The Controller of the nearest `<data-provider>`, for event handlers and
 * imperative code. It is looked up lazily (the provider is found when the
 * host connects, not in its constructor); calling a method with no provider
 * throws an error that names `<data-provider>` and the element.
 *
 * @example
 * ```ts
 * class TodoItem extends LitElement {
 *   private ctrl = useController(this);
 *   toggle() {
 *     return this.ctrl.fetch(TodoResource.partialUpdate, {id: this.todo.id}, {completed: !this.todo.completed});
 *   }
 * }
 * ```
 */
export function useController(host: ReactiveControllerHost): ControllerMethods & {readonly controller: Controller | undefined} {
  const resolver = new ControllerResolver(host, () => {});
  const methods = {} as ControllerMethods & {readonly controller: Controller | undefined};
  for (const name of METHODS) {
    (methods as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const controller = resolver.require();
      return (controller[name] as (...a: unknown[]) => unknown).apply(controller, args);
    };
  }
  Object.defineProperty(methods, 'controller', {get: () => resolver.controller, enumerable: true});
  return methods;
}
