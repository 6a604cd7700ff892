import {contextTargetOf, sendContextEvent, type ContextCallback, type ContextProviderEvent, type ContextRequest} from './context-events.js';

const ATTACHED = Symbol.for('data-elements/context-root');

/**
 * Makes sure the document keeps the subscribing requests no provider
 * answered, and sends each again when a provider of its context connects,
 * so an element that connects before its provider is defined (a CDN script
 * loaded late, elements defined in any order) is answered when the provider
 * arrives. One per page, shared by every copy of the library; nothing happens
 * where there is no DOM. The requests are held weakly: an element gone in the
 * meantime is not kept alive for a provider that may never come.
 *
 * @example
 * ```ts
 * ensureContextRoot(); // before the first request of an element that may come before its provider
 * ```
 */
export function ensureContextRoot(): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement as HTMLElement & {[ATTACHED]?: true};
  if (root[ATTACHED]) return;
  root[ATTACHED] = true;
  const waiting = new Map<unknown, [node: WeakRef<EventTarget>, callback: WeakRef<ContextCallback<unknown>>][]>();
  // A consumer asks again when it reconnects; it waits once.
  const held = new WeakSet<ContextCallback<unknown>>();
  root.addEventListener('context-request', event => {
    const request = event as ContextRequest<unknown>;
    const {context, callback} = request;
    if (!request.subscribe || held.has(callback)) return;
    held.add(callback);
    let list = waiting.get(context);
    if (!list) waiting.set(context, (list = []));
    list.push([new WeakRef(contextTargetOf(request)), new WeakRef(callback)]);
  });
  root.addEventListener('context-provider', event => {
    const context = (event as ContextProviderEvent).context;
    const list = waiting.get(context);
    if (!list) return;
    waiting.delete(context);
    for (const [nodeRef, callbackRef] of list) {
      const node = nodeRef.deref();
      const callback = callbackRef.deref();
      if (callback) held.delete(callback);
      if (node && callback) sendContextEvent(node, 'context-request', {context, callback, subscribe: true});
    }
  });
}
