import {ChangeSet, internalsOf, reportError, type Controller} from '../core/index.js';
import {dehydrateState} from './dehydrate.js';
import {HydrateError, type DehydratedState} from './dehydrated-state.js';
import {hydrateState, type HydratedState} from './hydrate.js';
import {mergeState} from './merge-state.js';

/**
 * A JSON-safe snapshot of the confirmed state of `controller`: entity rows
 * in the wire form the server sent, endpoint results and their meta, with a
 * format version. Pending optimistic predictions, requests in flight and
 * fetch errors are left out. Another Controller starts from it with
 * {@link hydrate} (or `<data-provider>`'s `initialState`, or a
 * `<script type="application/json">` inside the provider).
 *
 * @example
 * ```ts
 * const server = new Controller();
 * await server.fetch(ArticleResource.getList);
 * const json = serializeForScript(dehydrate(server)); // into the page
 * ```
 */
export function dehydrate(controller: Controller): DehydratedState {
  const {store} = internalsOf(controller);
  return dehydrateState(store.base, store.now());
}

/**
 * Writes a snapshot (all of `dehydrate()`, or part of one) into the
 * confirmed state of a running Controller, keeping the order of fetches: a
 * row is written when the Entity's `useIncoming` accepts it (for a table the
 * Controller has not written yet: when it was fetched no earlier than the
 * row held), a result when its fetch was triggered after the one held, an
 * invalidation when it is newer than the data held. Older data is
 * disregarded, and a pending prediction stays over what is written under it
 * (dated under it, as a server push is). A list the Controller grew with
 * next pages keeps them: an incoming list adds to it as an overlapping page
 * does (new items first), and its result (the last page's cursor) stays.
 * One commit of cause `restore`; readers of what changed are told. Fetches
 * started afterwards are ordered after the snapshot's data.
 *
 * Tab sync and persistence write through it. A malformed or foreign
 * snapshot throws a {@link HydrateError} and nothing of it is written.
 *
 * @example
 * ```ts
 * const saved = localStorage.getItem('state');
 * if (saved) merge(controller, saved); // shown at once; newer fetches win
 * ```
 */
export function merge(controller: Controller, snapshot: DehydratedState | string): void {
  let hydrated: HydratedState;
  try {
    hydrated = hydrateState(snapshot);
  } catch (error) {
    if (error instanceof HydrateError) throw new HydrateError(error.path, error.reason, 'nothing of it was written');
    throw error;
  }
  write(controller, hydrated);
}

/** Writes a snapshot already read and checked: one commit, when anything in it is newer. */
function write(controller: Controller, hydrated: HydratedState): void {
  const {store} = internalsOf(controller);
  // Writes held back (pushes of this task) are made first, as every other write of the store does.
  store.pendingWrites?.();
  const {state, lastFetchedAt} = hydrated;
  if (lastFetchedAt > store.lastFetchedAt) store.lastFetchedAt = lastFetchedAt;
  const changes = new ChangeSet();
  const pending = store.visible.optimistic;
  const predictedAt = new Set(pending.map(update => update.fetchedAt));
  const next = mergeState(store.base, state, {
    adapter: table => store.collector.adapter(table),
    row: changes.row,
    result: key => changes.result(key),
    // Each fetch has its own trigger time, so a row dated at a pending prediction's time is shown by it.
    predictedAt: (table, pk) => {
      if (predictedAt.size === 0) return undefined;
      const at = store.visible.entitiesMeta.get(table)?.get(pk)?.fetchedAt;
      return at !== undefined && predictedAt.has(at) ? at : undefined;
    },
  });
  if (next !== store.base) store.commit(next, changes, 'restore');
  store.notifier.flush();
}

/**
 * Starts `controller` from a snapshot (`dehydrate()` of another Controller,
 * as the object or its JSON text): its data shows at once, fresh until its
 * `expiresAt`, and fetches made afterwards are ordered after it. A
 * malformed or foreign snapshot is reported (a {@link HydrateError}, never
 * thrown) and the Controller stays as it was. Returns `controller`.
 *
 * @example
 * ```ts
 * const controller = hydrate(new Controller(), JSON.parse(script.textContent!));
 * ```
 */
export function hydrate(controller: Controller, snapshot: DehydratedState | string): Controller {
  let hydrated: HydratedState;
  try {
    hydrated = hydrateState(snapshot);
  } catch (error) {
    reportError(error, 'the initial state was refused');
    return controller;
  }
  write(controller, hydrated);
  return controller;
}
