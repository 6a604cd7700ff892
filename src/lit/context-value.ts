import {ContextConsumer, type Context} from '@lit/context';
import type {ReactiveControllerHost} from 'lit';

const CONSUMERS = new WeakMap<object, Map<unknown, ContextConsumer<any, any>>>();

/**
 * The current value of a context for a host, for code that runs outside
 * rendering, such as the `useInit` of {@link hookifyResource}. The first call
 * registers one subscribing consumer on the host; later calls read it, so the
 * value follows the provider (a new access token is used by the next request).
 *
 * @example
 * ```ts
 * const tokenContext = createContext<string>('access-token');
 * const Articles = hookifyResource(ArticleResource, host => ({
 *   headers: {'Access-Token': contextValue(host, tokenContext) ?? ''},
 * }));
 * ```
 */
export function contextValue<T>(host: ReactiveControllerHost, context: Context<unknown, T>): T | undefined {
  if (typeof HTMLElement === 'undefined' || !(host instanceof HTMLElement)) return undefined;
  let byContext = CONSUMERS.get(host);
  if (!byContext) CONSUMERS.set(host, (byContext = new Map()));
  let consumer = byContext.get(context);
  if (!consumer) {
    consumer = new ContextConsumer(host as HTMLElement & ReactiveControllerHost, {context, subscribe: true});
    byContext.set(context, consumer);
  }
  return consumer.value as T | undefined;
}
