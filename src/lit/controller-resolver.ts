import type {ReactiveControllerHost} from 'lit';
import type {Controller} from '../core/index.js';
import {ContextLink} from './context-link.js';
import {ensureContextRoot} from './context-root.js';
import {dataContext} from './data-context.js';
import {MissingProviderError} from './missing-provider-error.js';
import {isServerRendered} from './server-render.js';

/**
 * Finds the Controller of the nearest `<data-provider>` when the host
 * connects, and follows it if the provider changes. Shared by every reactive
 * controller of this package. It asks through the data context (any
 * provider of it answers); the rows of one list share one request.
 */
export class ControllerResolver extends ContextLink<Controller> {
  /** Whether there is anything to ask: an element, or one Lit SSR renders. */
  private readonly asks: boolean;

  /**
   * With `owned`, the resolver is not added to the host: its owner, a
   * reactive controller of the same host, calls `hostConnected` and
   * `hostDisconnected` first in its own (a controller less per host).
   */
  constructor(host: ReactiveControllerHost, onChange: (controller: Controller) => void, owned = false) {
    super(host, dataContext, onChange);
    // In Node (server code, tests) there is no DOM to ask; a Controller can be given with
    // `provide`. Lit SSR's elements are asked through its DOM shim's events.
    this.asks = (typeof HTMLElement !== 'undefined' && host instanceof HTMLElement) || isServerRendered(host);
    if (!this.asks) return;
    ensureContextRoot();
    if (!owned) host.addController(this);
  }

  override hostConnected(): void {
    if (this.asks) super.hostConnected();
  }

  override hostDisconnected(): void {
    if (this.asks) super.hostDisconnected();
  }

  /** The Controller, if one was found (or given). */
  get controller(): Controller | undefined {
    return this.value;
  }

  /** Gives a Controller directly (outside the DOM, or to override the context). */
  provide(controller: Controller): void {
    this.value = controller;
  }

  /** The Controller, or a {@link MissingProviderError} naming the host. */
  require(): Controller {
    const controller = this.controller;
    if (!controller) throw new MissingProviderError(this.host);
    return controller;
  }
}
