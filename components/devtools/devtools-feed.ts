import type {ReactiveController, ReactiveControllerHost} from 'lit';
import {subscribeRequests, type Controller} from '../../src/core/index.js';
import {ControllerResolver} from '../../src/lit/internal.js';
import {CommitLog} from './commit-log.js';
import {controllerNow} from './controller-clock.js';
import {FrameScheduler} from './frame-scheduler.js';

/** How often the ages shown tick while the panel is open. */
const AGE_TICK_MS = 1_000;

/**
 * What `<data-devtools>` shows, kept live: the Controller (the one given, or
 * the nearest `<data-provider>`'s), the log of its last commits, and the
 * host updates. Commits are logged as they come, open or closed (one
 * reference each); the host renders only while `active`, at most once per
 * animation frame, and once a second for the ages.
 */
export class DevtoolsFeed implements ReactiveController {
  readonly log: CommitLog;
  private readonly resolver: ControllerResolver;
  private readonly frames: FrameScheduler;
  private given?: Controller;
  private attached?: Controller;
  private stops: (() => void)[] = [];
  private connected = false;
  private isActive = false;
  private ticker: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    historyLimit: number,
  ) {
    this.log = new CommitLog(historyLimit);
    this.frames = new FrameScheduler(host);
    this.resolver = new ControllerResolver(host, () => this.follow());
    host.addController(this);
  }

  /** The Controller shown: the given one, else the nearest provider's. */
  get controller(): Controller | undefined {
    return this.given ?? this.resolver.controller;
  }

  /** Shows a given Controller instead of the provider's (undefined: back to the provider's). */
  set override(controller: Controller | undefined) {
    this.given = controller;
    this.follow();
  }

  /** Whether the host shows the state (its panel is open); closed, it renders nothing new. */
  set active(active: boolean) {
    if (active === this.isActive) return;
    this.isActive = active;
    // An update asked for while open must not render the collapsed badge again.
    if (!active) this.frames.cancel();
    this.syncTicker();
  }

  hostConnected(): void {
    this.connected = true;
    this.follow();
    this.syncTicker();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.detach();
    this.syncTicker();
  }

  /** Attaches to the current Controller when it changed (a new one starts an empty log). */
  private follow(): void {
    const controller = this.connected ? this.controller : undefined;
    if (controller === this.attached) return;
    this.detach();
    this.log.clear();
    this.attached = controller;
    if (controller) {
      this.stops = [
        controller.subscribe(commit => {
          // Logged at the Controller's clock: the "State after" view computes statuses at this time.
          this.log.add(commit, controllerNow(controller));
          this.changed();
        }),
        subscribeRequests(controller, () => this.changed()),
      ];
    }
    this.host.requestUpdate();
  }

  private detach(): void {
    for (const stop of this.stops) stop();
    this.stops = [];
    this.attached = undefined;
    this.frames.cancel();
  }

  private changed(): void {
    if (this.isActive) this.frames.request();
  }

  private syncTicker(): void {
    const run = this.connected && this.isActive;
    if (run && this.ticker === undefined) this.ticker = setInterval(() => this.frames.request(), AGE_TICK_MS);
    else if (!run && this.ticker !== undefined) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }
}
