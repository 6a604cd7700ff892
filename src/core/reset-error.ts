/**
 * The rejection of a request that was in flight when the store was reset
 * (`resetEntireStore`, for example at logout). Its response, if it still
 * arrives, is dropped.
 *
 * @example
 * ```ts
 * ctrl.fetch(getProfile).catch(e => { if (!(e instanceof ResetError)) throw e; });
 * ctrl.resetEntireStore();
 * ```
 */
export class ResetError extends Error {
  override name = 'ResetError';
  constructor(what: string) {
    super(`${what}: the store was reset while the request was in flight; its response is dropped`);
  }
}
