import type {Context} from '@lit/context';
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {ProviderSubscription} from './provider-subscription.js';
import {sharedProvider, type ProviderMember, type SharedProvider} from './shared-provider.js';

/**
 * A host's subscribing request of a context while it is connected, as a
 * `ContextConsumer` with `subscribe: true` makes it, but cheaper for the
 * many rows of a list: a host whose parent is a shadow root shares one
 * request with its siblings (see {@link SharedProvider}); any other host
 * makes its own. When the value changes, the host is asked to update and
 * `onChange` is called.
 *
 * @example
 * ```ts
 * host.addController(new ContextLink(host, boundaryContext, registry => registry.report(source)));
 * ```
 */
export class ContextLink<T> implements ReactiveController, ProviderMember<T> {
  /** The value the provider gave (kept after a disconnect). */
  value: T | undefined = undefined;
  /** The host's own request, when it is not in a shadow root (made at its first connect). */
  private own?: ProviderSubscription<T>;
  /** The request shared with the host's siblings, while connected in a shadow root. */
  private shared?: SharedProvider<T>;

  constructor(
    protected readonly host: ReactiveControllerHost,
    private readonly context: Context<unknown, T>,
    private readonly onChange: (value: T) => void,
  ) {}

  hostConnected(): void {
    const parent = (this.host as Partial<Node>).parentNode;
    if (typeof ShadowRoot !== 'undefined' && parent instanceof ShadowRoot) {
      this.shared = sharedProvider(parent, this.context);
      this.shared.join(this);
      return;
    }
    (this.own ??= new ProviderSubscription(this.host as unknown as Node, this.context, value => this.provided(value))).request();
  }

  hostDisconnected(): void {
    if (this.shared) {
      this.shared.leave(this);
      this.shared = undefined;
    } else this.own?.stop();
  }

  /** A provider gave its value: when it is another one, keep it, update the host and tell `onChange`. */
  provided(value: T): void {
    if (value === this.value) return;
    this.value = value;
    this.host.requestUpdate();
    this.onChange(value);
  }
}
