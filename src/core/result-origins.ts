import type {EndpointInterface} from '../endpoint/index.js';

/**
 * The endpoint and arguments a stored result was last written or failed by:
 * what a tool needs to refetch or invalidate a result it only knows by key.
 *
 * @example
 * ```ts
 * const origin: ResultOrigin | undefined = resultOrigin(controller, 'GET /articles/1');
 * if (origin) controller.invalidate(origin.endpoint, ...origin.args);
 * ```
 */
export interface ResultOrigin {
  readonly endpoint: EndpointInterface;
  /** The arguments in their full form (as `normalizeArgs` gives them). */
  readonly args: readonly unknown[];
}

/**
 * Result key to {@link ResultOrigin}, kept as long as the result is: noted
 * when a response or an error is stored, dropped with the result by a GC
 * sweep or a reset. A result restored from a snapshot has none.
 *
 * @example
 * ```ts
 * const origins = new ResultOrigins();
 * origins.note('GET /articles/1', ArticleResource.get, [{id: '1'}]);
 * origins.get('GET /articles/1')?.endpoint; // ArticleResource.get
 * ```
 */
export class ResultOrigins {
  private readonly byKey = new Map<string, ResultOrigin>();

  note(key: string, endpoint: EndpointInterface, args: readonly unknown[]): void {
    const known = this.byKey.get(key);
    if (known?.endpoint !== endpoint || known.args !== args) this.byKey.set(key, {endpoint, args});
  }

  get(key: string): ResultOrigin | undefined {
    return this.byKey.get(key);
  }

  delete(keys: Iterable<string>): void {
    for (const key of keys) this.byKey.delete(key);
  }

  clear(): void {
    this.byKey.clear();
  }
}
