import type {Context} from './context.js';
import {sendContextEvent} from './context-events.js';

/** A host that takes a context's value from the provider above it. */
export interface ProviderMember<T> {
  /** The provider answered (at join, or later: another value, another provider). */
  provided(value: T): void;
}

/**
 * One subscribing request of a context, made from one node for the hosts
 * that join it (the context protocol, as a subscribing
 * `ContextConsumer` of `@lit/context` speaks it): the nearest provider above the node answers,
 * and answers again whenever its value changes or a nearer provider takes
 * the node over. A host not in a shadow root has one of its own. Every
 * element whose parent is one shadow root (the rows a list renders) shares
 * the shadow root's: a request from such an element travels the path of the
 * shadow root's own with only the element itself before it, and a provider
 * does not answer its own element's request, so they get the same answer. A
 * list of a thousand rows then asks once instead of a thousand times.
 *
 * @example
 * ```ts
 * const shared = sharedRequest(row.parentNode as ShadowRoot, dataContext);
 * shared.join(member); // member.provided(controller), at once when a provider is there
 * shared.leave(member);
 * ```
 */
export class ProviderRequest<T> {
  // A Set: a list of thousands of rows cleared at once leaves in any order.
  private readonly members = new Set<ProviderMember<T>>();
  /** The value the provider last gave while subscribed. */
  private value: T | undefined = undefined;
  private unsubscribe: (() => void) | undefined = undefined;
  /** A request was made for the current members and not stopped since. */
  private requested = false;
  /**
   * A member left while others stayed: the shadow root may be moving. Its host moving
   * disconnects and reconnects the rows one by one, so the first row back asks again,
   * from where the shadow root is now, and every member hears the answer.
   */
  private unsure = false;
  // One function for the whole life of the request: a provider and the document's
  // ContextRoot recognize a request made again by it.
  private readonly answered = (value: T, unsubscribe?: () => void): void => {
    // Another unsubscribe function is another provider: leave the previous one.
    if (this.unsubscribe !== undefined && this.unsubscribe !== unsubscribe) this.unsubscribe();
    this.unsubscribe = unsubscribe;
    // A late answer (the document's ContextRoot replays a request once a provider is
    // defined) when every member has left: nobody to tell, and nothing to keep.
    if (!this.requested) return this.stop();
    this.value = value;
    for (const member of [...this.members]) member.provided(value);
  };

  constructor(
    private readonly target: Node,
    private readonly context: Context<unknown, T>,
  ) {}

  /** Adds `member`, and gives it the value when one is known. */
  join(member: ProviderMember<T>): void {
    this.members.add(member);
    if (!this.requested || this.unsure) {
      // The first member, or one coming back: ask (the answer, when there is one, comes now and tells the members).
      this.requested = true;
      this.unsure = false;
      sendContextEvent(this.target, 'context-request', {context: this.context, callback: this.answered, subscribe: true});
    } else if (this.value !== undefined) member.provided(this.value);
  }

  /** Removes `member`; the last one to leave leaves the provider too. */
  leave(member: ProviderMember<T>): void {
    if (!this.members.delete(member)) return;
    if (this.members.size > 0) {
      this.unsure = true;
      return;
    }
    this.requested = this.unsure = false;
    this.stop();
  }

  private stop(): void {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = this.value = undefined;
    unsubscribe?.();
  }
}

const SHARED = new Map<Context<unknown, unknown>, WeakMap<ShadowRoot, ProviderRequest<any>>>();

/** The {@link ProviderRequest} of `context` for the elements in `root`. */
export function sharedRequest<T>(root: ShadowRoot, context: Context<unknown, T>): ProviderRequest<T> {
  let byRoot = SHARED.get(context);
  if (!byRoot) SHARED.set(context, (byRoot = new WeakMap()));
  let shared = byRoot.get(root);
  if (!shared) byRoot.set(root, (shared = new ProviderRequest(root, context)));
  return shared;
}
