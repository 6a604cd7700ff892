import type {Context} from '@lit/context';
import {ProviderSubscription} from './provider-subscription.js';

/** A host that takes a context's value from the provider above the shadow root it sits in. */
export interface ProviderMember<T> {
  /** The provider answered (at join, or later: another value, another provider). */
  provided(value: T): void;
}

/**
 * The provider of a context for every element whose parent is one shadow
 * root (the rows a list renders): one subscribing request, made from the
 * shadow root, for all of them. A request from such an element travels the
 * path of the shadow root's own request with only the element itself
 * before it, and a provider does not answer its own element's request, so
 * they get the same answer. A list of a thousand rows then asks once
 * instead of a thousand times, and each row only reads what is known.
 *
 * @example
 * ```ts
 * const shared = sharedProvider(row.parentNode as ShadowRoot, dataContext);
 * shared.join(member); // member.provided(controller), at once when a provider is there
 * shared.leave(member);
 * ```
 */
export class SharedProvider<T> {
  // A Set: a list of thousands of rows cleared at once leaves in any order.
  private readonly members = new Set<ProviderMember<T>>();
  private readonly subscription: ProviderSubscription<T>;
  /** A request was made for the current members and not stopped since. */
  private requested = false;
  /**
   * A member left while others stayed: the shadow root may be moving. Its host moving
   * disconnects and reconnects the rows one by one, so the first row back asks again,
   * from where the shadow root is now, and every member hears the answer.
   */
  private unsure = false;

  constructor(root: ShadowRoot, context: Context<unknown, T>) {
    this.subscription = new ProviderSubscription(root, context, value => this.told(value));
  }

  /** Adds `member`, and gives it the value when one is known. */
  join(member: ProviderMember<T>): void {
    this.members.add(member);
    if (!this.requested || this.unsure) {
      // The first member, or one coming back: ask (the answer, when there is one, comes now and tells the members).
      this.requested = true;
      this.unsure = false;
      this.subscription.request();
      return;
    }
    const value = this.subscription.value;
    if (value !== undefined) member.provided(value);
  }

  /** Removes `member`; the last one to leave leaves the provider too. */
  leave(member: ProviderMember<T>): void {
    if (!this.members.delete(member)) return;
    if (this.members.size > 0) {
      this.unsure = true;
      return;
    }
    this.requested = false;
    this.unsure = false;
    this.subscription.stop();
  }

  private told(value: T): void {
    // A late answer (the document's ContextRoot replays a request once a provider is
    // defined) when every member has left: nobody to tell, and nothing to keep.
    if (!this.requested) {
      this.subscription.stop();
      return;
    }
    for (const member of [...this.members]) member.provided(value);
  }
}

const SHARED = new Map<Context<unknown, unknown>, WeakMap<ShadowRoot, SharedProvider<any>>>();

/** The {@link SharedProvider} of `context` for the elements in `root`. */
export function sharedProvider<T>(root: ShadowRoot, context: Context<unknown, T>): SharedProvider<T> {
  let byRoot = SHARED.get(context);
  if (!byRoot) SHARED.set(context, (byRoot = new WeakMap()));
  let shared = byRoot.get(root);
  if (!shared) byRoot.set(root, (shared = new SharedProvider(root, context)));
  return shared;
}
