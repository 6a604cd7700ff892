/**
 * Thrown from `getOptimisticResponse` to apply no prediction for this call;
 * the request still goes ahead. Also reachable as `snap.abort`.
 *
 * @example
 * ```ts
 * getOptimisticResponse(snap) {
 *   const {data} = snap.getResponse(getCount);
 *   if (!data) throw new AbortOptimistic();
 *   return {id: 'count', count: data.count + 1};
 * }
 * ```
 */
export class AbortOptimistic extends Error {
  override name = 'AbortOptimistic';
  constructor(message = 'optimistic update skipped') {
    super(message);
  }
}
