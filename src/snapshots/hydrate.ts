import {draftOf, INVALID, isPlainObject, PersistentMap, type EntityMeta, type MapDraft} from '../schema/index.js';
import {HydrateError, SNAPSHOT_KIND, SNAPSHOT_VERSION, type DehydratedState, type JsonValue} from './dehydrated-state.js';
import {copyJsonValue} from './json-value.js';
import type {ResultMeta, State} from '../core/index.js';

/** A confirmed state read from a snapshot, and the latest trigger time in it. */
export interface HydratedState {
  readonly state: State;
  /** The newest `fetchedAt` of the snapshot: fetches made after it must be ordered after its data. */
  readonly lastFetchedAt: number;
}

/**
 * Reads a snapshot (the object, or its JSON text) into a state, checking
 * every part: anything that is not what {@link dehydrateState} writes is a
 * {@link HydrateError} naming where, and nothing of it is used. Rows and
 * results of a snapshot object are copied as plain JSON values; those of
 * JSON text are what `JSON.parse` built.
 */
export function hydrateState(input: DehydratedState | string): HydratedState {
  let snapshot: unknown = input;
  // What JSON.parse built is JSON values only, in objects nobody else holds: used as it is.
  // An object handed in may hold anything and stay in its owner's hands: copied and checked.
  const value: (item: unknown, path: string) => JsonValue = typeof input === 'string' ? item => item as JsonValue : copyJsonValue;
  if (typeof input === 'string') {
    try {
      snapshot = JSON.parse(input);
    } catch (error) {
      throw new HydrateError('$', `not JSON: ${(error as Error).message}`);
    }
  }
  const root = record(snapshot, '$');
  if (root.kind !== SNAPSHOT_KIND) throw new HydrateError('$.kind', `not a data-elements snapshot (kind is not "${SNAPSHOT_KIND}")`);
  if (root.version !== SNAPSHOT_VERSION) {
    throw new HydrateError('$.version', `format version ${JSON.stringify(root.version)}, this build reads version ${SNAPSHOT_VERSION}`);
  }
  const reader = new TimesReader(list(root.times, '$.times'));
  const entities = draftOf<ReadonlyMap<string, unknown>>(PersistentMap.empty());
  const entitiesMeta = draftOf<ReadonlyMap<string, EntityMeta>>(PersistentMap.empty(), entities as MapDraft<unknown>);
  list(root.tables, '$.tables').forEach((item, t) => {
    const at = `$.tables[${t}]`;
    const table = record(item, at);
    const key = text(table.key, `${at}.key`);
    if (entities.get(key) !== undefined) throw new HydrateError(`${at}.key`, `table "${key}" given twice`);
    const rows = draftOf<unknown>(PersistentMap.empty());
    const metas = draftOf<EntityMeta>(PersistentMap.empty(), rows as MapDraft<unknown>);
    list(table.rows, `${at}.rows`).forEach((entry, r) => {
      const rowAt = `${at}.rows[${r}]`;
      const [pk, times, row] = tuple(entry, rowAt, 2, 3);
      const id = text(pk, `${rowAt}[0]`);
      if (rows.get(id) !== undefined) throw new HydrateError(`${rowAt}[0]`, `row "${id}" of table "${key}" given twice`);
      metas.set(id, reader.at(times, `${rowAt}[1]`));
      if ((entry as unknown[]).length === 2) rows.set(id, INVALID);
      // Every read builds from a row: one that is no object would break each read of its table later.
      else if (row === null || typeof row !== 'object') throw new HydrateError(`${rowAt}[2]`, 'expected a row (an object, or a list for a list table)');
      else rows.set(id, value(row, `${rowAt}[2]`));
    });
    entities.set(key, rows.finish());
    entitiesMeta.set(key, metas.finish());
  });
  const endpoints = draftOf<unknown>(PersistentMap.empty());
  const meta = draftOf<ResultMeta>(PersistentMap.empty(), endpoints as MapDraft<unknown>);
  list(root.results, '$.results').forEach((item, i) => {
    const at = `$.results[${i}]`;
    const entry = record(item, at);
    const key = text(entry.key, `${at}.key`);
    if (meta.get(key) !== undefined) throw new HydrateError(`${at}.key`, `result "${key}" given twice`);
    const times = reader.read(entry.times, `${at}.times`);
    let resultMeta: ResultMeta = times;
    if (entry.invalidated !== undefined) {
      if (entry.invalidated !== true) throw new HydrateError(`${at}.invalidated`, 'expected true when present');
      resultMeta = {...times, invalidated: true};
      if (entry.invalidatedAt !== undefined) {
        const invalidatedAt = finite(entry.invalidatedAt, `${at}.invalidatedAt`);
        resultMeta = {...resultMeta, invalidatedAt};
        // A refetch clears the invalidation only when triggered after it.
        reader.saw(invalidatedAt);
      }
    }
    if (entry.page !== undefined) {
      const page = record(entry.page, `${at}.page`);
      const items = count(page.items, `${at}.page.items`);
      const added = page.added === undefined ? undefined : count(page.added, `${at}.page.added`);
      resultMeta = {...resultMeta, page: {args: list(value(page.args, `${at}.page.args`), `${at}.page.args`), items, ...(added === undefined ? {} : {added})}};
    }
    meta.set(key, resultMeta);
    if (Object.hasOwn(entry, 'result')) endpoints.set(key, value(entry.result, `${at}.result`));
  });
  finite(root.dehydratedAt, '$.dehydratedAt');
  const state: State = {
    entities: entities.finish(),
    entitiesMeta: entitiesMeta.finish(),
    endpoints: endpoints.finish(),
    meta: meta.finish(),
    optimistic: [],
  };
  return {state, lastFetchedAt: reader.lastFetchedAt};
}

/** Reads and checks times entries; rows that share an entry share one meta object, as when they were written. */
class TimesReader {
  lastFetchedAt = -Infinity;
  private readonly metas: EntityMeta[];

  constructor(entries: readonly unknown[]) {
    this.metas = entries.map((entry, i) => this.read(entry, `$.times[${i}]`));
  }

  at(index: unknown, path: string): EntityMeta {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= this.metas.length) {
      throw new HydrateError(path, `expected an index into $.times (0 to ${this.metas.length - 1})`);
    }
    return this.metas[index]!;
  }

  read(entry: unknown, path: string): EntityMeta {
    const [fetchedAt, date, expiresAt] = tuple(entry, path, 3, 3);
    const meta = {
      fetchedAt: finite(fetchedAt, `${path}[0]`),
      date: finite(date, `${path}[1]`),
      expiresAt: expiresAt === null ? Infinity : finite(expiresAt, `${path}[2]`),
    };
    this.saw(meta.fetchedAt);
    return meta;
  }

  saw(time: number): void {
    if (time > this.lastFetchedAt) this.lastFetchedAt = time;
  }
}

function record(value: unknown, path: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw new HydrateError(path, 'expected an object');
  return value;
}

function list(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new HydrateError(path, 'expected an array');
  return value;
}

function tuple(value: unknown, path: string, min: number, max: number): readonly unknown[] {
  const items = list(value, path);
  if (items.length < min || items.length > max) {
    throw new HydrateError(path, min === max ? `expected ${min} items` : `expected ${min} to ${max} items`);
  }
  return items;
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string' || value === '') throw new HydrateError(path, 'expected a non-empty string');
  return value;
}

function finite(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new HydrateError(path, 'expected a finite number');
  return value;
}

function count(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new HydrateError(path, 'expected a whole number >= 0');
  return value;
}
