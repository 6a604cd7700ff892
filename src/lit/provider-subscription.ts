import type {Context} from '@lit/context';

/**
 * A `context-request` event of the context protocol, as `@lit/context`
 * dispatches it. Made here rather than with that package's class, whose
 * constructor took no `contextTarget` before 1.1.3: providers of every
 * release read the requesting node from `contextTarget` or, older ones, from
 * `composedPath()[0]`, and it is dispatched from that node, so both agree.
 */
class ContextRequest<T> extends Event {
  constructor(
    readonly context: Context<unknown, T>,
    readonly contextTarget: Node,
    readonly callback: (value: T, unsubscribe?: () => void) => void,
    readonly subscribe: boolean,
  ) {
    super('context-request', {bubbles: true, composed: true});
  }
}

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
    this.target.dispatchEvent(new ContextRequest(this.context, this.target, this.answered, true));
  }

  /** Leaves the provider: it no longer tells this subscription of changes. */
  stop(): void {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = undefined;
    this.value = undefined;
    unsubscribe?.();
  }
}
