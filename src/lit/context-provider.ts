import type {ReactiveController, ReactiveControllerHost} from 'lit';
import type {Context} from './context.js';
import {contextTargetOf, sendContextEvent, type ContextCallback, type ContextProviderEvent, type ContextRequest} from './context-events.js';

/** What a {@link ContextProvider} provides. */
export interface ContextProviderOptions<T> {
  /** The context it answers for. */
  readonly context: Context<unknown, T>;
  /** The value it provides until `setValue` gives another. */
  readonly initialValue?: T;
}

/**
 * Provides a value of a context to the elements below its host, by the
 * context protocol (any consumer speaking it is answered, `@lit/context`'s
 * among them). A subscribing consumer is called again whenever the value
 * changes, and a provider that connects between it and this one takes it
 * over. The host does not answer its own requests, so an element may read a
 * context from above and provide it below.
 *
 * @example
 * ```ts
 * class ThemeRoot extends LitElement {
 *   private readonly theme = new ContextProvider(this, {context: themeContext, initialValue: 'light'});
 *   toggle() { this.theme.setValue(this.theme.value === 'light' ? 'dark' : 'light'); }
 * }
 * ```
 */
export class ContextProvider<T> implements ReactiveController {
  /** Each subscribed callback, with the node it asked for and the function that ends it (the same on every answer). */
  private readonly subscribers = new Map<ContextCallback<T>, [node: EventTarget, end: () => void]>();

  private readonly context: Context<unknown, T>;
  /** The value provided now. */
  value: T | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    {context, initialValue}: ContextProviderOptions<T>,
  ) {
    this.context = context;
    this.value = initialValue;
    host.addEventListener('context-request', event => this.answer(event as ContextRequest<T>));
    host.addEventListener('context-provider', event => this.handOver(event as ContextProviderEvent));
    host.addController(this);
  }

  /** Provides `value`; when it is another value, every subscriber is told. */
  setValue(value: T): void {
    if (Object.is(value, this.value)) return;
    this.value = value;
    for (const [callback, [, end]] of this.subscribers) callback(value, end);
  }

  hostConnected(): void {
    // Consumers waiting above (the document's context root) or held by a provider further up
    // ask again, and the nearer provider, this one, answers them.
    sendContextEvent(this.host, 'context-provider', {context: this.context});
  }

  private answer(request: ContextRequest<T>): void {
    if (request.context !== this.context) return;
    const node = contextTargetOf(request);
    if (node === this.host) return;
    request.stopPropagation();
    const callback = request.callback;
    if (!request.subscribe) return callback(this.value as T);
    let subscriber = this.subscribers.get(callback);
    if (!subscriber) this.subscribers.set(callback, (subscriber = [node, () => this.subscribers.delete(callback)]));
    callback(this.value as T, subscriber[1]);
  }

  /** A provider of the same context connected below: each subscriber asks again, and whichever is nearer answers. */
  private handOver(event: ContextProviderEvent): void {
    if (event.context !== this.context || contextTargetOf(event) === this.host) return;
    event.stopPropagation();
    // A copy: a subscriber that asks again can leave and join this map again (two providers of the
    // context on one host both answer), which would put it after the walk, to be walked again.
    for (const [callback, [node]] of [...this.subscribers]) sendContextEvent(node, 'context-request', {context: this.context, callback, subscribe: true});
  }
}
