import {Signal} from '@lit-labs/signals';
import type {ReactiveControllerHost} from 'lit';
import type {Controller} from '../core/index.js';
import {ControllerResolver} from '../lit/internal.js';

/**
 * Where a signal reads the cache: a Controller, or an element (any Lit
 * reactive controller host), which reads the Controller of the nearest
 * `<data-provider>` and follows it when it changes.
 *
 * @example
 * ```ts
 * const fromElement: SignalSource = this; // in a LitElement
 * const fromController: SignalSource = new Controller();
 * ```
 */
export type SignalSource = Controller | ReactiveControllerHost;

/** What a signal's read needs of its source. */
export interface SourceLink {
  /** The Controller now; read in a signal's computation, it is a dependency (a host's provider may change). */
  controller(): Controller | undefined;
  /** False while the host is disconnected (its reads are not followed then); always true for a Controller. */
  readonly connected: boolean;
  /** The host, or undefined for a Controller. */
  readonly host?: ReactiveControllerHost;
}

/** What a signal's read hears of its host. */
export interface HostEvents {
  /** The host connected or disconnected. */
  changed(): void;
  /** The host is about to render (its properties may have changed). */
  updating(): void;
}

/** Follows `source`, telling `events` of its host's connection and updates. */
export function linkSource(source: SignalSource, events: HostEvents): SourceLink {
  if (typeof (source as ReactiveControllerHost).addController !== 'function') {
    const controller = source as Controller;
    return {controller: () => controller, connected: true};
  }
  return new HostLink(source as ReactiveControllerHost, events);
}

/** A host's Controller as a signal, and whether the host is connected. */
class HostLink implements SourceLink {
  connected = false;
  private readonly current = new Signal.State<Controller | undefined>(undefined);

  constructor(
    readonly host: ReactiveControllerHost,
    events: HostEvents,
  ) {
    // The resolver's context consumer is added first, so the Controller is known by the time
    // this host's hostConnected below runs.
    new ControllerResolver(host, controller => this.current.set(controller));
    host.addController({
      hostConnected: () => {
        this.connected = true;
        events.changed();
      },
      hostDisconnected: () => {
        this.connected = false;
        events.changed();
      },
      hostUpdate: () => events.updating(),
    });
  }

  controller(): Controller | undefined {
    return this.current.get();
  }
}
