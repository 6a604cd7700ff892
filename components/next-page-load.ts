import type {ReactiveControllerHost} from 'lit';

/**
 * One next page at a time for `<data-resource>`: a load asked for while one
 * runs joins it. `loading` is true meanwhile; the host updates when a load
 * starts and when it ends ("has more" may change without the list changing,
 * after a page that brought nothing).
 *
 * @example
 * ```ts
 * const pages = new NextPageLoad(this);
 * pages.run(() => fetchNextPage(controller, list, params));
 * ```
 */
export class NextPageLoad {
  private current?: Promise<unknown>;

  constructor(private readonly host: ReactiveControllerHost) {}

  get loading(): boolean {
    return this.current !== undefined;
  }

  /** The load running, else `start()`'s, which ends when it settles. */
  run(start: () => Promise<unknown>): Promise<unknown> {
    if (this.current) return this.current;
    const done = () => {
      if (this.current === load) this.current = undefined;
      this.host.requestUpdate();
    };
    const load = start().finally(done);
    this.current = load;
    this.host.requestUpdate();
    return load;
  }
}
