import {ContextConsumer} from '@lit/context';
import type {ReactiveControllerHost} from 'lit';
import type {Controller} from '../core/index.js';
import {ensureContextRoot} from './context-root.js';
import {dataContext} from './data-context.js';
import {MissingProviderError} from './missing-provider-error.js';
import {isServerRendered} from './server-render.js';

type Host = ReactiveControllerHost & HTMLElement;

/**
 * Finds the Controller of the nearest `<data-provider>` when the host
 * connects, and follows it if the provider changes. Shared by every reactive
 * controller of this package.
 */
export class ControllerResolver {
  private readonly consumer?: ContextConsumer<typeof dataContext, Host>;
  private current?: Controller;

  constructor(
    private readonly host: ReactiveControllerHost,
    onChange: (controller: Controller) => void,
  ) {
    // In Node (server code, tests) there is no DOM to ask; a Controller can be given with
    // `provide`. Lit SSR's elements are asked through its DOM shim's events.
    if ((typeof HTMLElement !== 'undefined' && host instanceof HTMLElement) || isServerRendered(host)) {
      ensureContextRoot();
      this.consumer = new ContextConsumer(host as Host, {
        context: dataContext,
        subscribe: true,
        callback: controller => {
          if (controller === this.current) return;
          this.current = controller;
          onChange(controller);
        },
      });
    }
  }

  /** The Controller, if one was found (or given). */
  get controller(): Controller | undefined {
    return this.current ?? this.consumer?.value;
  }

  /** Gives a Controller directly (outside the DOM, or to override the context). */
  provide(controller: Controller): void {
    this.current = controller;
  }

  /** The Controller, or a {@link MissingProviderError} naming the host. */
  require(): Controller {
    const controller = this.controller;
    if (!controller) throw new MissingProviderError(this.host);
    return controller;
  }
}
