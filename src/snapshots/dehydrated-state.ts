/** The marker every snapshot carries, so a foreign JSON document is told apart from ours. */
export const SNAPSHOT_KIND = 'data-elements/state';
/**
 * The snapshot format this build writes and reads. A snapshot of another
 * version is refused (it starts empty), never guessed at.
 */
export const SNAPSHOT_VERSION = 1;

/**
 * A value JSON can carry: what a snapshot holds and what `JSON.parse` gives back.
 *
 * @example
 * ```ts
 * const row: JsonValue = {id: '1', title: 'Hello', publishedAt: '2024-05-01T10:00:00.000Z'};
 * ```
 */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | {readonly [key: string]: JsonValue};

/**
 * The times of a write: `[fetchedAt, date, expiresAt]`, client ms (see
 * `EntityMeta`). `expiresAt` is `null` for data that never goes stale
 * (`Infinity`, which JSON cannot carry).
 *
 * @example
 * ```ts
 * const times: DehydratedTimes = [1714557600000, 1714557600120, 1714557660120];
 * ```
 */
export type DehydratedTimes = readonly [fetchedAt: number, date: number, expiresAt: number | null];

/**
 * One row of a table: `[pk, times, row]`, where `times` is an index into the
 * snapshot's `times`. A row of two items (no `row`) is an invalidated entity.
 * Rows are in the wire form the server sent: a `Date` field is its string,
 * turned into a `Date` by the entity's `schema` when it is read.
 *
 * @example
 * ```ts
 * const live: DehydratedRow = ['1', 0, {id: '1', title: 'Hello'}];
 * const deleted: DehydratedRow = ['2', 0];
 * ```
 */
export type DehydratedRow = readonly [pk: string, times: number, row?: JsonValue];

/**
 * The rows of one table (an Entity's `key`, or a Collection's), in the
 * table's order (`schema.All` reads in that order).
 *
 * @example
 * ```ts
 * const table: DehydratedTable = {key: 'Article', rows: [['1', 0, {id: '1', title: 'Hello'}]]};
 * ```
 */
export interface DehydratedTable {
  readonly key: string;
  readonly rows: readonly DehydratedRow[];
}

/**
 * One endpoint result: the normalized value stored under the endpoint's key
 * (entities replaced by their pks) and its meta. `result` is absent for a
 * key that only holds meta (invalidated before it was ever fetched).
 *
 * @example
 * ```ts
 * const result: DehydratedResult = {key: 'GET /articles', result: ['1', '2'], times: [1714557600000, 1714557600120, 1714557660120]};
 * ```
 */
export interface DehydratedResult {
  readonly key: string;
  readonly result?: JsonValue;
  readonly times: DehydratedTimes;
  /** Invalidated: it is fetched again before `useSuspense` shows it. */
  readonly invalidated?: true;
  /** When it was invalidated (client ms). */
  readonly invalidatedAt?: number;
  /** The last next page loaded into this list: its args, how many items it held and how many were new to the list (see `ResultMeta.page`). */
  readonly page?: {readonly args: readonly JsonValue[]; readonly items: number; readonly added?: number};
}

/**
 * A JSON-safe snapshot of a Controller's confirmed state, from
 * `dehydrate(controller)`: entity rows in wire form with their meta, the
 * endpoint results with theirs. Pending optimistic predictions, requests in
 * flight and the errors of failed fetches are not in it (a failed result is
 * fetched again by the Controller that starts from it).
 *
 * Times are absolute client ms of the Controller that wrote them: data
 * stays fresh until its `expiresAt` on the clock of the Controller that reads
 * the snapshot.
 *
 * @example
 * ```ts
 * const state: DehydratedState = dehydrate(server);
 * const html = `<script type="application/json">${serializeForScript(state)}</script>`;
 * const client = hydrate(new Controller(), state);
 * ```
 */
export interface DehydratedState {
  readonly kind: typeof SNAPSHOT_KIND;
  readonly version: typeof SNAPSHOT_VERSION;
  /** When the snapshot was taken (client ms of the Controller that took it). */
  readonly dehydratedAt: number;
  /** Times shared by the rows written together (one response's rows share one entry). */
  readonly times: readonly DehydratedTimes[];
  readonly tables: readonly DehydratedTable[];
  readonly results: readonly DehydratedResult[];
}

/**
 * Why a snapshot was refused: it is not JSON, not ours (`kind`), of another
 * format version, or malformed at `path` (a JSON path into the snapshot).
 * The Controller that was given it starts empty and reports this error;
 * `merge(controller, snapshot)` throws it and writes nothing.
 *
 * @example
 * ```ts
 * window.addEventListener('error', event => {
 *   if (event.error instanceof HydrateError) console.warn(`snapshot refused at ${event.error.path}`);
 * });
 * ```
 */
export class HydrateError extends Error {
  /** Where in the snapshot the problem is (`$` for the whole of it). */
  readonly path: string;
  /** What is wrong there. */
  readonly reason: string;

  /** `outcome` says what became of the snapshot. */
  constructor(path: string, reason: string, outcome = 'the Controller starts empty') {
    super(`data-elements: the snapshot was refused (${reason} at ${path}); ${outcome}.`);
    this.name = 'HydrateError';
    this.path = path;
    this.reason = reason;
  }
}
