import type {Context} from './context.js';
import type {ReactiveControllerHost} from 'lit';
import {ContextLink} from './context-link.js';

const LINKS = new WeakMap<object, Map<unknown, ContextLink<any>>>();

/**
 * The current value of a context for a host, for code that runs outside
 * rendering, such as the `useInit` of {@link hookifyResource}. The first call
 * registers one subscribing request on the host; later calls read it, so the
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
  let byContext = LINKS.get(host);
  if (!byContext) LINKS.set(host, (byContext = new Map()));
  let link = byContext.get(context);
  if (!link) {
    // Asked by the host itself: the context's providers may be any code speaking the protocol.
    link = new ContextLink(host, context, () => {}, false);
    byContext.set(context, link);
    // Added to a connected host, it asks at once (Lit connects a controller added then).
    host.addController(link);
  }
  return link.value as T | undefined;
}
