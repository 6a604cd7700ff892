// Responses an msw handler holds back until the test lets them go: `await gate.hold()` in the
// handler, `await gate.until(n)` in the test for n requests to have reached the server.
export class Gate {
  private waiting: (() => void)[] = [];
  private arrivedResolvers: (() => void)[] = [];
  /** How many requests reached the server. */
  arrived = 0;
  async hold(): Promise<void> {
    this.arrived++;
    for (const resolve of this.arrivedResolvers.splice(0)) resolve();
    await new Promise<void>(resolve => this.waiting.push(resolve));
  }
  /** Resolves once `n` requests reached the server. */
  async until(n: number): Promise<void> {
    while (this.arrived < n) await new Promise<void>(resolve => this.arrivedResolvers.push(resolve));
  }
  open(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
