import type {NormalizedResponse} from '../schema/index.js';
import type {RowKeys} from './change-set.js';
import type {State} from './state.js';

/**
 * The time a server push is written with (its `fetchedAt`, which
 * `useIncoming` compares). Normally the time it arrived. But when it
 * touches a row that a pending optimistic prediction wrote, it is dated at
 * the oldest pending prediction's trigger time instead: the push may have
 * left the server before the mutation was applied there, so it goes under
 * the predictions (which the optimistic layer replays over it, and which
 * win ties) and under the mutations' own responses when they land. Dated
 * `now`, it would outrank the predictions and undo what the user just did
 * until the next push.
 *
 * `predicted`, when given, are the rows the pending predictions wrote: only
 * those count. Without it, a row dated at a pending prediction's trigger time
 * is taken as written by it, which also takes in a push dated in the same
 * millisecond.
 *
 * @example
 * ```ts
 * const fetchedAt = pushFetchedAt(visibleState(controller), normalize(Article, message), Date.now());
 * ```
 */
export function pushFetchedAt(visible: State, normalized: NormalizedResponse, now: number, predicted?: RowKeys): number {
  const pending = visible.optimistic;
  if (pending.length === 0) return now;
  const predictedAt = new Set<number>();
  let oldest = now;
  for (const update of pending) {
    predictedAt.add(update.fetchedAt);
    if (update.fetchedAt < oldest) oldest = update.fetchedAt;
  }
  for (const [key, {rows}] of normalized.entities) {
    const metas = visible.entitiesMeta.get(key);
    const written = predicted?.get(key);
    if (!metas || (predicted && !written)) continue;
    // Each fetch has its own trigger time, so a row dated at a pending prediction's time was written by it.
    for (const pk of rows.keys()) {
      if (written && !written.has(pk)) continue;
      const at = metas.get(pk)?.fetchedAt;
      if (at !== undefined && predictedAt.has(at)) return oldest;
    }
  }
  return now;
}
