import type {ReactiveControllerHost} from 'lit';

/**
 * Where animation frames are withheld (a hidden or occluded page, some
 * embedded browsers), the update still comes this long after it was asked for.
 */
const FALLBACK_MS = 250;

/**
 * Coalesces update requests into at most one host update per animation
 * frame: a burst of commits (a page loading, a live feed) renders once.
 */
export class FrameScheduler {
  private frame: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ReactiveControllerHost) {}

  /** Asks for one update at the next animation frame (a no-op when one is already asked for). */
  request(): void {
    if (this.frame !== undefined) return;
    this.frame = requestAnimationFrame(this.run);
    this.timer = setTimeout(this.run, FALLBACK_MS);
  }

  /** Drops the update asked for, if any. */
  cancel(): void {
    if (this.frame === undefined) return;
    cancelAnimationFrame(this.frame);
    clearTimeout(this.timer);
    this.frame = this.timer = undefined;
  }

  private readonly run = (): void => {
    this.cancel();
    this.host.requestUpdate();
  };
}
