import {isQuery, type EndpointInterface, type ExpiryStatus} from '../endpoint/index.js';
import {draftOf, eachRead, INVALID, isEntityClass, jsonEqual, MemoCache, mergeResponses, normalize, type EntityTable, type MapDraft, type MergeInput, type NormalizedResponse} from '../schema/index.js';
import {checkEndpoint, DEV_MODE, devLog} from '../dev/index.js';
import {ChangeSet, type CommitCause, type RowKeys} from './change-set.js';
import type {GCPolicy} from './gc-policy.js';
import {GCTracker} from './gc-tracker.js';
import {Notifier, type ReadOutcome} from './notifier.js';
import {ABORTED, predict, replayPredictions, type PredictionContext} from './optimistic-layer.js';
import type {RequestRegistry} from './request-registry.js';
import type {ResponseState} from './response-state.js';
import {ResultOrigins} from './result-origins.js';
import {emptyState, withEntry, type LastPage, type PendingUpdate, type ResultMeta, type State} from './state.js';

/**
 * Starts keeping a read fresh while it is retained or watched (a poll, for
 * an endpoint with a `pollFrequency`); returns how to stop, or undefined
 * when it has nothing to do for this read. Parts such as refresh add one.
 *
 * @example
 * ```ts
 * const logRetains: RetainHook = (endpoint, args, key) => (console.log('kept', key), undefined);
 * ```
 */
export type RetainHook = (endpoint: EndpointInterface, args: readonly unknown[], key: string) => (() => void) | undefined;

/** What the store is built with. */
export interface StoreOptions {
  readonly now: () => number;
  readonly dataExpiryLength: number;
  readonly errorExpiryLength: number;
  readonly gcPolicy?: GCPolicy;
  /** The last reader of `key` stopped watching: a request nobody waits for may be abandoned. */
  readonly unwatched: (key: string) => void;
}

/**
 * A normalized response to store under a result key, with the trigger time
 * of what brought it (`useIncoming` compares it).
 *
 * @example
 * ```ts
 * const received: Received = {endpoint: pushed, args: [], key: 'live article', normalized: normalize(Article, data, []), fetchedAt: Date.now()};
 * ```
 */
export interface Received {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  readonly key: string;
  readonly normalized: NormalizedResponse;
  readonly fetchedAt: number;
}

const NO_ROWS: RowKeys = new Map();
const NO_READS: readonly unknown[] = [];

/**
 * The Controller's state and everything that changes it: the confirmed
 * base, the visible state (the base with the pending predictions replayed
 * in request order), commits and the readers they tell, reads, garbage
 * collection. Requests go through the request pipeline, which writes here.
 *
 * @example
 * ```ts
 * const store = new Store({now: Date.now, dataExpiryLength: 60_000, errorExpiryLength: 1_000, unwatched: () => {}}, new RequestRegistry());
 * store.receive(ArticleResource.get, [{id: '1'}], 'GET /articles/1', {id: '1', title: 'Hi'}, Date.now(), undefined);
 * ```
 */
export class Store {
  /** The memo behind every read: identical data for an unchanged cache. */
  readonly memo = new MemoCache();
  readonly origins = new ResultOrigins();
  readonly notifier: Notifier;
  readonly collector: GCTracker;
  readonly predictions: PredictionContext;
  readonly retainHooks: RetainHook[] = [];
  readonly now: () => number;
  base: State = emptyState();
  visible: State = this.base;
  /** The latest trigger time handed out: fetches are ordered after it, snapshots' data included. */
  lastFetchedAt = -Infinity;
  /** The rows the pending predictions wrote over the base: they may change back at the next commit. */
  predicted: RowKeys = NO_ROWS;
  /** Predictions of writes held back until they can be sent (offline writes); none without that part. */
  readonly held = new Set<PendingUpdate>();
  /** The rows the held predictions wrote: reads of them are `pendingOffline`. */
  heldRows: RowKeys = NO_ROWS;
  /**
   * Writes held back to be made as one commit (pushes that came in one task):
   * whatever writes next makes them first, so writes land in the order they came.
   */
  pendingWrites: (() => void) | undefined = undefined;
  private commits = 0;
  private sequence = 0;

  constructor(
    private readonly options: StoreOptions,
    private readonly requests: RequestRegistry,
  ) {
    this.now = options.now;
    this.notifier = new Notifier({
      read: (endpoint, args, key) => this.read(this.visible, endpoint, args, key),
      poll: (endpoint, args, key) => this.kept(endpoint, args, key),
      unwatched: options.unwatched,
    });
    // Watched reads are retained through the notifier's own records: a watch adds nothing to the collector.
    this.collector = new GCTracker(options.gcPolicy, this.notifier);
    this.predictions = {
      read: (state, endpoint, args) => this.read(state, endpoint, fullArgs(endpoint, args)).response,
      now: this.now,
      expiryLength: update => this.expiryLength(update.endpoint),
    };
  }

  /** Runs the retain hooks for a read now kept; the function returned stops what they started. */
  kept(endpoint: EndpointInterface, args: readonly unknown[], key: string): (() => void) | undefined {
    if (DEV_MODE && this.retainHooks.length === 0 && endpoint.pollFrequency !== undefined) warnUnpolled(endpoint);
    // Every watch of a mount passes here: an index, not an iterator, and no closure unless a hook started something.
    let stops: (() => void)[] | undefined;
    const hooks = this.retainHooks;
    for (let i = 0; i < hooks.length; i++) {
      const stop = hooks[i]!(endpoint, args, key);
      if (stop) (stops ??= []).push(stop);
    }
    return stops && stopAll(stops);
  }

  /**
   * The trigger time of a new fetch: the clock, but strictly increasing, so
   * two fetches in one millisecond are still ordered (by `useIncoming`, and by
   * an `updatedAt` sent from `snap.fetchedAt`).
   */
  triggerTime(): number {
    const now = this.now();
    this.lastFetchedAt = now > this.lastFetchedAt ? now : this.lastFetchedAt + 1;
    return this.lastFetchedAt;
  }

  expiryLength(endpoint: EndpointInterface): number {
    return endpoint.dataExpiryLength ?? this.options.dataExpiryLength;
  }

  /**
   * Shows a mutation's prediction at once (one commit), or returns undefined
   * when it declined (`AbortOptimistic`): then nothing is pending and
   * nothing is told. Throws what `getOptimisticResponse` threw.
   */
  predict(endpoint: EndpointInterface, args: readonly unknown[], fetchedAt: number): PendingUpdate | undefined {
    this.pendingWrites?.();
    const update: PendingUpdate = {id: ++this.sequence, endpoint, args, fetchedAt};
    const changes = new ChangeSet();
    const next = predict(this.visible, update, this.predictions, changes.row);
    if (next === ABORTED) return undefined;
    const before = this.visible;
    this.visible = {...next, optimistic: [...before.optimistic, update]};
    changes.addRows(this.predicted);
    this.predicted = changes.rowKeys();
    this.notifier.queue(changes.finish(++this.commits, 'optimistic', before, this.visible, {before: this.base, after: this.base}));
    this.notifier.flushSoon();
    return update;
  }

  /**
   * Marks a prediction as held back (its write waits to be sent) or sent
   * again, in one commit: the readers of the rows it wrote are told, since
   * their `pendingOffline` changed. A held write is dated again when it is
   * sent: what the server answered before that is older than it.
   */
  hold(update: PendingUpdate, held: boolean): void {
    if (held === this.held.has(update)) return;
    if (held) this.held.add(update);
    else {
      this.held.delete(update);
      (update as {fetchedAt: number}).fetchedAt = this.triggerTime();
    }
    this.commit(this.base, new ChangeSet(), 'optimistic');
    this.notifier.flush();
  }

  /** Stores a response (all or nothing), confirms its prediction, tells the readers, and returns the normalized result. */
  receive(endpoint: EndpointInterface, args: readonly unknown[], key: string, value: unknown, fetchedAt: number, update: PendingUpdate | undefined): unknown {
    const normalized = normalize(endpoint.schema, value, args); // throws before anything is written
    this.receiveMany([{endpoint, args, key, normalized, fetchedAt}], update);
    return normalized.result;
  }

  /**
   * Stores normalized responses in order, as one commit: the state after it is
   * the one receiving them one after another gives, and each reader is told once.
   */
  receiveMany(received: readonly Received[], update?: PendingUpdate): void {
    this.pendingWrites?.();
    const now = this.now();
    const changes = new ChangeSet();
    const merged: MergeInput[] = [];
    for (const {endpoint, normalized, fetchedAt} of received) {
      // One meta for the rows and the result of a response.
      merged.push({response: normalized, meta: {fetchedAt, date: now, expiresAt: now + this.expiryLength(endpoint)}});
    }
    const store = mergeResponses(this.base, merged, changes.row); // throws (a useIncoming) before anything is written
    let {endpoints, meta} = this.base;
    for (let i = 0; i < received.length; i++) {
      const {endpoint, args, normalized, fetchedAt} = received[i]!;
      let {key} = received[i]!;
      const times: ResultMeta = merged[i]!.meta;
      // A next page is stored into the list it continues; its origin (this endpoint, these args) says which page was last.
      const into = endpoint.appendsTo?.(...args);
      if (into) key = into.endpoint.key(...into.args);
      let stored = false;
      if (!endpoint.sideEffect) {
        const previous = endpoints.get(key);
        const previousMeta = meta.get(key);
        // A late response from an older fetch does not replace a newer result.
        if (!previousMeta || fetchedAt >= previousMeta.fetchedAt) {
          stored = true;
          if (previous === undefined || !jsonEqual(previous, normalized.result)) {
            endpoints = withEntry(endpoints, key, normalized.result);
          }
          const stillInvalid = previousMeta?.invalidated && fetchedAt < (previousMeta.invalidatedAt ?? -Infinity);
          const written: ResultMeta = stillInvalid ? {...times, invalidated: true, invalidatedAt: previousMeta.invalidatedAt!} : times;
          meta = withEntry(meta, key, into ? {...written, grown: true, page: {args, ...pageCounts(normalized, this.base, store)}} : written);
          changes.result(key);
          this.origins.note(key, endpoint, args);
        }
      }
      this.collector.wrote(stored ? key : undefined, (into?.endpoint ?? endpoint).schema, normalized);
    }
    this.commit({...this.base, entities: store.entities, entitiesMeta: store.entitiesMeta, endpoints, meta}, changes, 'receive', update);
    this.notifier.flush();
  }

  /** What a fetch resolves with: the response denormalized from the cache (the raw value when it cannot be). */
  valueOf(endpoint: EndpointInterface, result: unknown, raw: unknown): unknown {
    if (endpoint.schema === undefined) return raw;
    const built = this.memo.denormalize(endpoint.schema, result, this.visible.entities);
    return built.invalid || built.data === undefined ? raw : built.data;
  }

  /** Rolls back a failed fetch's prediction, records the error on its result, and tells the readers. */
  fail(key: string, error: unknown, update: PendingUpdate | undefined, fetchedAt: number, endpoint: EndpointInterface, args: readonly unknown[]): void {
    // A mutation's error is kept under its key like a read's; refetching it from a tool would send the write again.
    this.pendingWrites?.();
    if (!endpoint.sideEffect) this.origins.note(key, endpoint, args);
    const previous = this.base.meta.get(key);
    const now = this.now();
    // A result that only holds an error is dated by its fetch's trigger time, as data would be.
    const errorExpiresAt = now + (endpoint.errorExpiryLength ?? this.options.errorExpiryLength);
    const meta: ResultMeta = previous ? {...previous, error, errorExpiresAt} : {fetchedAt, date: now, expiresAt: 0, error, errorExpiresAt};
    const changes = new ChangeSet();
    changes.result(key);
    this.commit({...this.base, meta: withEntry(this.base.meta, key, meta)}, changes, 'error', update);
    this.notifier.flush();
  }

  /** Marks the result under `key` invalid (one commit), unless it already is as of now. */
  invalidate(key: string, endpoint: EndpointInterface, args: readonly unknown[]): void {
    this.pendingWrites?.();
    // A GET in flight was sent before the invalidation and may carry the data being
    // invalidated: the refetch the invalidation asks for is a new request, and a response
    // of a fetch triggered before the invalidation leaves the result invalid (`receive`).
    if (this.requests.has(key)) {
      this.requests.forget(key);
      this.notifier.queueRequest(key);
    }
    if (!endpoint.sideEffect) this.origins.note(key, endpoint, args);
    const invalidatedAt = this.now();
    const meta = this.base.meta.get(key) ?? {fetchedAt: 0, date: 0, expiresAt: 0};
    if (!(meta.invalidated && meta.invalidatedAt === invalidatedAt)) {
      const changes = new ChangeSet();
      changes.result(key);
      // Asking for new data ends the standing of a previous failure: readers fetch at once.
      const errorExpiresAt = meta.error === undefined ? meta.errorExpiresAt : invalidatedAt;
      this.commit({...this.base, meta: withEntry(this.base.meta, key, {...meta, invalidated: true, invalidatedAt, errorExpiresAt})}, changes, 'invalidate');
    }
    this.notifier.flush();
  }

  /** Empties the state and drops every prediction: one commit that concerns every reader. */
  reset(): void {
    this.pendingWrites?.();
    this.collector.clear();
    this.origins.clear();
    const before = this.visible;
    this.base = emptyState();
    this.visible = this.base;
    this.predicted = this.heldRows = NO_ROWS;
    this.held.clear();
    const changes = new ChangeSet();
    changes.all();
    this.notifier.queue(changes.finish(++this.commits, 'reset', before, this.visible));
    this.notifier.flush();
  }

  /** Drops what the GC policy says may go; returns what went. */
  gc(): {results: readonly string[]; entities: number} {
    this.pendingWrites?.();
    const swept = this.collector.sweep(this.base, this.visible, this.now(), this.requests);
    if (!swept || (swept.results.length === 0 && swept.entities === 0)) return {results: [], entities: 0};
    this.origins.delete(swept.results);
    const changes = new ChangeSet();
    for (const key of swept.results) changes.result(key);
    changes.diffTables(this.base, swept.state);
    this.commit(swept.state, changes, 'gc');
    this.notifier.flush();
    return {results: swept.results, entities: swept.entities};
  }

  /**
   * Installs a new confirmed state, retires a settled prediction, rebuilds
   * the visible state, and queues the commit. The rows the predictions wrote
   * before and after are part of what may have changed.
   */
  commit(base: State, changes: ChangeSet, cause: CommitCause, settled?: PendingUpdate): void {
    const before = this.visible;
    const confirmedBefore = this.base;
    const pending = settled ? before.optimistic.filter(u => u !== settled) : before.optimistic;
    if (settled) this.held.delete(settled);
    this.base = {...keepShownRows(base, before, this.predicted), optimistic: []};
    changes.addRows(this.predicted);
    if (pending.length > 0) {
      const replayed = new ChangeSet();
      const held = this.held.size > 0 ? new ChangeSet() : undefined;
      this.visible = replayPredictions(this.base, pending, this.predictions, replayed.row, held && {updates: this.held, row: held.row});
      this.predicted = replayed.rowKeys();
      this.heldRows = held ? held.rowKeys() : NO_ROWS;
      changes.addRows(this.predicted);
    } else {
      this.visible = this.base;
      this.predicted = this.heldRows = NO_ROWS;
    }
    this.notifier.queue(changes.finish(++this.commits, cause, before, this.visible, {before: confirmedBefore, after: this.base}));
  }

  /** Reads an endpoint or Query from a given state (the visible one, or a snapshot's), with what the read depended on. */
  read(state: State, endpoint: EndpointInterface, args: readonly unknown[], key = keyOf(endpoint, args)): ReadOutcome {
    const query = isQuery(endpoint) ? endpoint : undefined;
    // The key is looked up even for a Query: `invalidate` and `setError` may have stored meta under it.
    const input = state.endpoints.get(key);
    // The meta of the same state as the data: a Snapshot kept across a change must not
    // mix its old data with the current invalidation, error and expiry.
    const meta = state.meta.get(key);
    const built = input !== undefined ? this.memo.denormalize(endpoint.schema, input, state.entities) : this.memo.query(endpoint.schema, args, state.entities);
    let data = built.data;
    if (query) data = query.compute(data as never, args as never[], key);
    let expiryStatus: ExpiryStatus;
    // An entity read by pk with no result of its own (cached by a list): its row's expiry counts.
    let expiresAt = meta?.expiresAt ?? (input === undefined && data !== undefined ? rowExpiry(state, endpoint.schema, args) : 0);
    if (built.invalid || meta?.invalidated) expiryStatus = 'invalid';
    else if (data === undefined) expiryStatus = query ? 'valid' : 'invalid';
    else if (query) {
      expiryStatus = 'valid';
      expiresAt = Infinity;
    } else expiryStatus = this.now() > expiresAt ? 'stale' : 'valid';
    const fetching = state === this.visible && !query && this.requests.has(key);
    let response: ResponseState = {data, expiryStatus, expiresAt};
    if (meta?.error !== undefined) {
      response = {...response, error: meta.error};
      if (this.now() >= (meta.errorExpiresAt ?? 0)) response = {...response, errorExpired: true};
    }
    if (fetching) response = {...response, fetching};
    if (state === this.visible && this.heldRows !== NO_ROWS && built.reads && readsAny(built.reads, this.heldRows)) response = {...response, pendingOffline: true};
    return {response, reads: built.reads ?? NO_READS};
  }
}

/** One function that calls each of `stops`. */
function stopAll(stops: readonly (() => void)[]): () => void {
  return () => stops.forEach(stop => stop());
}

/** Whether a read's records name one of `rows`. */
function readsAny(reads: readonly unknown[], rows: RowKeys): boolean {
  let found = false;
  eachRead(reads, (table, pk) => {
    if (pk !== undefined && rows.get(table)?.has(pk)) found = true;
  });
  return found;
}

const warnedUnpolled = new WeakSet<EndpointInterface>();

/** Development mode: a `pollFrequency` that nothing acts on would fail silently. */
function warnUnpolled(endpoint: EndpointInterface): void {
  if (warnedUnpolled.has(endpoint)) return;
  warnedUnpolled.add(endpoint);
  devLog(
    'warn',
    `${endpoint.name ?? 'an endpoint'} has pollFrequency ${String(endpoint.pollFrequency)}, but this Controller has no refresh part, so it is not polled. Give it one: new Controller({plugins: [new Refresh()]}) (import {Refresh} from 'lit-data-elements/refresh'); <data-provider> turns it on for its own Controller.`,
    endpoint,
  );
}

/** The args as the endpoint stores them (its `normalizeArgs`, when it has one). */
export function fullArgs(endpoint: EndpointInterface, args: readonly unknown[]): readonly unknown[] {
  // Development mode names what is not an endpoint; production fails on it as it goes.
  if (DEV_MODE) checkEndpoint(endpoint);
  return endpoint.normalizeArgs ? endpoint.normalizeArgs(args) : args;
}

/**
 * The key of a read. A Query reuses the key of its last args when the new
 * ones are shallowly equal (a render passes equal args in a new object):
 * building the key is most of a warm read.
 */
export function keyOf(endpoint: EndpointInterface, args: readonly unknown[]): string {
  return isQuery(endpoint) ? endpoint.keyOf(args) : endpoint.key(...args);
}

/**
 * How many items the next pages of `response` held (their items already listed included),
 * and how many of those the lists did not hold before (`before` and `after` the commit).
 */
function pageCounts(response: NormalizedResponse, before: Pick<State, 'entities'>, after: Pick<State, 'entities'>): Pick<LastPage, 'items' | 'added'> {
  let items = 0;
  let added = 0;
  for (const op of response.collectionOps) {
    if (op.list === undefined) continue;
    items += countOf(op.refs);
    const table = op.collection.key;
    added += countOf(after.entities.get(table)?.get(op.list)) - countOf(before.entities.get(table)?.get(op.list));
  }
  return {items, added};
}

/** How many members a stored list (or map) has; none for anything else (no list yet, INVALID). */
function countOf(list: unknown): number {
  return Array.isArray(list) ? list.length : typeof list === 'object' && list !== null ? Object.keys(list).length : 0;
}

/**
 * The confirmed state, with each row that a prediction showed and that the
 * confirmation wrote equal to it taken as the row shown: a server that agrees
 * with a prediction gives readers the identical object, so nothing renders again.
 */
function keepShownRows(base: State, shown: State, predicted: RowKeys): State {
  let entities: MapDraft<EntityTable> | undefined;
  for (const [table, pks] of predicted) {
    const rows = base.entities.get(table);
    const shownRows = shown.entities.get(table);
    if (!rows || !shownRows || rows === shownRows) continue;
    let kept: MapDraft<unknown> | undefined;
    for (const pk of pks) {
      const row = rows.get(pk);
      const shownRow = shownRows.get(pk);
      if (row === shownRow || row === undefined || shownRow === undefined || row === INVALID || shownRow === INVALID) continue;
      if (!jsonEqual(row, shownRow)) continue;
      (kept ??= draftOf(rows)).set(pk, shownRow);
    }
    if (kept) (entities ??= draftOf(base.entities)).set(table, kept.finish());
  }
  return entities ? {...base, entities: entities.finish()} : base;
}

/** The expiry of the row an Entity schema reads by pk from `args`, or 0 when unknown. */
function rowExpiry(state: State, schema: unknown, args: readonly unknown[]): number {
  const first = args[0];
  if (!isEntityClass(schema) || first === null || typeof first !== 'object') return 0;
  const pk = schema.pk(first);
  return pk === undefined ? 0 : (state.entitiesMeta.get(schema.key)?.get(pk)?.expiresAt ?? 0);
}
