import type {EndpointInterface} from '../endpoint/index.js';
import type {Controller} from './controller.js';
import {internalsOf} from './internals.js';
import type {Watch, WatchListener} from './notifier.js';
import type {RequestInFlight} from './request-registry.js';
import type {ResultOrigin} from './result-origins.js';
import type {State} from './state.js';

// What tools (devtools, leak checks in tests, the elements' reactive controllers) read from a
// Controller beyond its public methods. Exported from the internal entry only: unstable.

/**
 * The visible state (confirmed data plus pending predictions). Immutable.
 *
 * @example
 * ```ts
 * const tables = [...visibleState(controller).entities.keys()];
 * ```
 */
export function visibleState(controller: Controller): State {
  return internalsOf(controller).store.visible;
}

/**
 * The confirmed state, without the pending predictions. Immutable.
 *
 * @example
 * ```ts
 * const confirmed = confirmedState(controller).endpoints.size;
 * ```
 */
export function confirmedState(controller: Controller): State {
  return internalsOf(controller).store.base;
}

/**
 * The requests in flight, in the order they started, each with its
 * endpoint, arguments and the optimistic prediction it settles; follow
 * changes with {@link subscribeRequests}.
 *
 * @example
 * ```ts
 * const keys = requestsInFlight(controller).map(request => request.key);
 * ```
 */
export function requestsInFlight(controller: Controller): readonly RequestInFlight[] {
  const list: RequestInFlight[] = [];
  for (const {key, endpoint, args, fetchedAt, mutation, prediction} of internalsOf(controller).pipeline.registry.flights()) {
    list.push(prediction === undefined ? {key, endpoint, args, fetchedAt, mutation} : {key, endpoint, args, fetchedAt, mutation, prediction});
  }
  return list;
}

/**
 * Calls `listener` after requests started or settled (in a microtask,
 * once for the changes made before it; never inside `fetch()`). Returns the
 * unsubscribe function.
 *
 * @example
 * ```ts
 * const stop = subscribeRequests(controller, () => console.log(requestCount(controller), 'in flight'));
 * ```
 */
export function subscribeRequests(controller: Controller, listener: () => void): () => void {
  return internalsOf(controller).pipeline.listeners.subscribe(listener);
}

/**
 * The endpoint and arguments that last wrote (or failed) the result stored
 * under `key`, so that a tool showing results by key can refetch or
 * invalidate one. Undefined for a result restored from a snapshot.
 *
 * @example
 * ```ts
 * const origin = resultOrigin(controller, ArticleResource.get.key({id: '1'}));
 * if (origin) controller.invalidate(origin.endpoint, ...origin.args);
 * ```
 */
export function resultOrigin(controller: Controller, key: string): ResultOrigin | undefined {
  return internalsOf(controller).store.origins.get(key);
}

/**
 * How many listeners are registered: commit and request subscribers, and readers (for leak checks).
 *
 * @example
 * ```ts
 * assert.equal(listenerCount(controller), 0);
 * ```
 */
export function listenerCount(controller: Controller): number {
  const {store, pipeline} = internalsOf(controller);
  return store.notifier.subscriberCount + store.notifier.watcherCount + pipeline.listeners.size;
}

/**
 * How many distinct reads are retained, held or watched (for leak checks).
 *
 * @example
 * ```ts
 * assert.equal(retainedCount(controller), 0);
 * ```
 */
export function retainedCount(controller: Controller): number {
  return internalsOf(controller).store.collector.retainedCount;
}

/**
 * How many requests are in flight.
 *
 * @example
 * ```ts
 * assert.equal(requestCount(controller), 0);
 * ```
 */
export function requestCount(controller: Controller): number {
  return internalsOf(controller).pipeline.registry.size;
}

/**
 * `controller.watch` for a caller that holds the full args (`normalizeArgs`
 * applied) and their key already: the reactive controllers compute the key
 * on every host update to tell whether the args changed, and a mount of many
 * rows should not compute it twice.
 *
 * @example
 * ```ts
 * const watch = watchKeyed(controller, ArticleResource.get, [{id: '1'}], ArticleResource.get.key({id: '1'}), show);
 * ```
 */
export function watchKeyed(controller: Controller, endpoint: EndpointInterface, full: readonly unknown[], key: string, listener: WatchListener): Watch {
  return internalsOf(controller).store.notifier.watch(endpoint, full, key, listener);
}
