/** How a provider answers a request: with its value, and for a subscribing request a function that ends the subscription. */
export type ContextCallback<T> = (value: T, unsubscribe?: () => void) => void;

/** The `context-request` event of the context protocol, as its listeners read it. */
export interface ContextRequest<T> extends Event {
  readonly context: unknown;
  readonly contextTarget?: Element;
  readonly callback: ContextCallback<T>;
  readonly subscribe?: boolean;
}

/** The `context-provider` event: a provider of `context` connected at `contextTarget`. */
export interface ContextProviderEvent extends Event {
  readonly context: unknown;
  readonly contextTarget?: Element;
}

/**
 * Sends the context protocol's event `type` (`context-request` or
 * `context-provider`) from `target`, with the protocol's fields. Providers
 * read the node from `contextTarget` or, older ones, `composedPath()[0]`:
 * the event is sent from that node, so both agree.
 *
 * @example
 * ```ts
 * sendContextEvent(row, 'context-request', {context: dataContext, callback, subscribe: true});
 * ```
 */
export function sendContextEvent(target: EventTarget, type: 'context-request' | 'context-provider', fields: object): void {
  target.dispatchEvent(Object.assign(new Event(type, {bubbles: true, composed: true}), {contextTarget: target}, fields));
}

/** The node a protocol event speaks for. */
export const contextTargetOf = (event: ContextRequest<unknown> | ContextProviderEvent): EventTarget =>
  event.contextTarget ?? event.composedPath()[0]!;
