import type {Context} from './context.js';
import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {ProviderRequest, sharedRequest, type ProviderMember} from './provider-request.js';

/**
 * A host's subscribing request of a context while it is connected, as a
 * `ContextConsumer` with `subscribe: true` makes it, but cheaper for the
 * many rows of a list: a host whose parent is a shadow root shares one
 * request with its siblings (see {@link ProviderRequest}); any other host
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
  private own?: ProviderRequest<T>;
  /** The request it joined while connected: the one of the shadow root it sits in, or its own. */
  private joined?: ProviderRequest<T>;

  constructor(
    protected readonly host: ReactiveControllerHost,
    private readonly context: Context<unknown, T>,
    private readonly onChange: (value: T) => void,
    /** Whether hosts in one shadow root share a request (our contexts); any other context's providers are asked by the host itself. */
    private readonly shares = true,
  ) {}

  hostConnected(): void {
    const parent = (this.host as Partial<Node>).parentNode;
    this.joined =
      this.shares && typeof ShadowRoot !== 'undefined' && parent instanceof ShadowRoot
        ? sharedRequest(parent, this.context)
        : (this.own ??= new ProviderRequest(this.host as unknown as Node, this.context));
    this.joined.join(this);
  }

  hostDisconnected(): void {
    this.joined?.leave(this);
    this.joined = undefined;
  }

  /** A provider gave its value: when it is another one, keep it, update the host and tell `onChange`. */
  provided(value: T): void {
    if (value === this.value) return;
    this.value = value;
    this.host.requestUpdate();
    this.onChange(value);
  }
}
