import {ContextEvent, type Context} from '@lit/context';

/**
 * One subscribing request of a context, made from one node: the nearest
 * provider above the node answers, and answers again whenever its value
 * changes or a nearer provider takes the node over (the `@lit/context`
 * protocol, as a subscribing `ContextConsumer` speaks it).
 *
 * @example
 * ```ts
 * const subscription = new ProviderSubscription(element, dataContext, controller => console.log('now', controller));
 * subscription.request(); // at connect
 * subscription.stop(); // at disconnect
 * ```
 */
export class ProviderSubscription<T> {
  /** The value the provider last gave while subscribed. */
  value: T | undefined = undefined;
  private unsubscribe: (() => void) | undefined = undefined;
  // One function for the whole life of the subscription: a provider and the document's
  // ContextRoot recognize a request made again by it.
  private readonly answered = (value: T, unsubscribe?: () => void): void => {
    // Another unsubscribe function is another provider: leave the previous one.
    if (this.unsubscribe !== undefined && this.unsubscribe !== unsubscribe) this.unsubscribe();
    this.unsubscribe = unsubscribe;
    this.value = value;
    this.told(value);
  };

  constructor(
    private readonly target: Node,
    private readonly context: Context<unknown, T>,
    private readonly told: (value: T) => void,
  ) {}

  /** Asks the providers above the target (answered at once when one is there). */
  request(): void {
    this.target.dispatchEvent(new ContextEvent(this.context, this.target as HTMLElement, this.answered, true));
  }

  /** Leaves the provider: it no longer tells this subscription of changes. */
  stop(): void {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    this.value = undefined;
    unsubscribe?.();
  }
}
