import type {ReactiveController, ReactiveControllerHost} from 'lit';
import type {Controller} from '../core/index.js';
import {DEV_MODE, isEndpointLike} from '../dev/index.js';
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
  /** The Controller now (a change of it is told through {@link HostEvents.controllerChanged}). */
  controller(): Controller | undefined;
  /** False while the host is disconnected (its reads are not followed then); always true for a Controller. */
  readonly connected: boolean;
  /** The host, or undefined for a Controller. */
  readonly host?: ReactiveControllerHost;
}

/** What a signal's read hears of its host. */
export interface HostEvents {
  /** The host connected or disconnected. */
  connectionChanged(): void;
  /** The host is about to render (its properties may have changed). */
  hostUpdating(): void;
  /** The provider above the host gave another Controller. */
  controllerChanged(): void;
}

/** Follows `source`, telling `events` of its host's connection, updates and Controller. */
export function linkSource(source: SignalSource, events: HostEvents): SourceLink {
  if (typeof (source as ReactiveControllerHost).addController !== 'function') {
    // An endpoint given first (the source left out) would fail later, blaming the args.
    if (DEV_MODE && typeof (source as Controller | undefined)?.getResponse !== 'function') {
      throw new TypeError(`a signal reads from its source, given first: the host element or a Controller (cacheSignal(this, endpoint, args)), got ${isEndpointLike(source) ? `the endpoint ${(source as {name?: string}).name}` : String(source)}`);
    }
    const controller = source as Controller;
    return {controller: () => controller, connected: true};
  }
  return new HostLink(source as ReactiveControllerHost, events);
}

/**
 * A host's Controller, and whether the host is connected: one reactive
 * controller per signal's host (a list of a thousand rows adds a thousand),
 * which connects the Controller's resolver itself, first, so the Controller
 * is known by the time the signal hears of the connection.
 */
class HostLink implements SourceLink, ReactiveController {
  connected = false;
  private readonly resolver: ControllerResolver;

  constructor(
    readonly host: ReactiveControllerHost,
    private readonly events: HostEvents,
  ) {
    this.resolver = new ControllerResolver(host, () => events.controllerChanged(), true);
    host.addController(this);
  }

  hostConnected(): void {
    this.resolver.hostConnected();
    this.connected = true;
    this.events.connectionChanged();
  }

  hostDisconnected(): void {
    this.resolver.hostDisconnected();
    this.connected = false;
    this.events.connectionChanged();
  }

  hostUpdate(): void {
    this.events.hostUpdating();
  }

  controller(): Controller | undefined {
    return this.resolver.controller;
  }
}
