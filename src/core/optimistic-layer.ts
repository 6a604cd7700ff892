import {mergeResponse, normalize, type RowSink} from '../schema/index.js';
import {AbortOptimistic} from './abort-optimistic.js';
import {Snapshot, type StateReader} from './snapshot.js';
import type {PendingUpdate, State} from './state.js';

/** What replaying predictions needs from the Controller. */
export interface PredictionContext {
  readonly read: StateReader;
  now(): number;
  /** How long (ms) data written now stays fresh. */
  expiryLength(update: PendingUpdate): number;
}

/**
 * Writes one prediction over `state`. The prediction is normalized and merged
 * like a response, through `useIncoming`, with the time its fetch was
 * triggered. `AbortOptimistic` gives back `state` unchanged; any other error
 * (a throwing `getOptimisticResponse`, a prediction that does not fit its
 * schema) is thrown to the caller.
 */
export function applyPrediction(state: State, update: PendingUpdate, context: PredictionContext, written?: RowSink): State {
  const next = predict(state, update, context, written);
  return next === ABORTED ? state : next;
}

/** What {@link predict} gives when `getOptimisticResponse` threw `AbortOptimistic`. */
export const ABORTED: unique symbol = Symbol('data-elements/aborted-prediction');

/**
 * Like {@link applyPrediction}, but tells an aborted prediction (`ABORTED`) apart from
 * one that changed nothing, which the Controller needs when a fetch starts.
 */
export function predict(state: State, update: PendingUpdate, context: PredictionContext, written?: RowSink): State | typeof ABORTED {
  const {endpoint} = update;
  if (!endpoint.getOptimisticResponse) return ABORTED;
  const snap = new Snapshot(state, context.read, update.fetchedAt);
  let predicted: unknown;
  try {
    predicted = endpoint.getOptimisticResponse(snap, ...update.args);
  } catch (error) {
    if (isAbortOptimistic(error)) return ABORTED;
    throw error;
  }
  let normalized;
  try {
    // A promise has no rows to show: the prediction itself is needed.
    if (typeof (predicted as PromiseLike<unknown> | null)?.then === 'function') throw new TypeError('it returned a Promise');
    normalized = normalize(endpoint.schema, predicted, update.args);
  } catch (error) {
    // Said to be the prediction's, not the server's: no request was sent. Both errors above are Errors.
    (error as Error).message = `${endpoint.name ?? 'an endpoint'}: getOptimisticResponse: ${(error as Error).message}`;
    throw error;
  }
  const now = context.now();
  const store = mergeResponse(
    state,
    normalized,
    {fetchedAt: update.fetchedAt, date: now, expiresAt: now + context.expiryLength(update)},
    written,
  );
  if (store.entities === state.entities && store.entitiesMeta === state.entitiesMeta) return state;
  return {...state, entities: store.entities, entitiesMeta: store.entitiesMeta};
}

/**
 * The visible state: the confirmed `base` with every pending prediction
 * replayed over it in request order. Each prediction sees the ones before it
 * (so two pending increments count twice). A prediction that throws on replay
 * is skipped there; it was checked when its fetch started.
 *
 * @example
 * ```ts
 * const visible = replayPredictions(base, pending, context);
 * ```
 */
export function replayPredictions(base: State, pending: readonly PendingUpdate[], context: PredictionContext, written?: RowSink, held?: HeldSink): State {
  let state: State = {...base, optimistic: pending};
  for (const update of pending) {
    try {
      const sink = held?.updates.has(update) && written ? bothSinks(written, held.row) : written;
      state = applyPrediction(state, update, context, sink);
    } catch {
      // Pure predictions do not start throwing; if one does, showing the rest beats showing nothing.
    }
  }
  return state;
}

/** Where the rows of the held predictions are also recorded during a replay. */
export interface HeldSink {
  readonly updates: ReadonlySet<PendingUpdate>;
  readonly row: RowSink;
}

function bothSinks(first: RowSink, second: RowSink): RowSink {
  return (table, pk) => (first(table, pk), second(table, pk));
}

/**
 * Whether `error` is an `AbortOptimistic`: by class, or by name, since an npm copy
 * and a CDN copy of the library may meet on one page and each has its own class.
 */
export function isAbortOptimistic(error: unknown): boolean {
  return error instanceof AbortOptimistic || (error instanceof Error && error.name === 'AbortOptimistic');
}
