import {globalTimers, internalsOf, reportError, visibleState, type Controller, type ControllerPlugin, type Timers} from '../core/index.js';
import {checkOptionsObject, DEV_MODE} from '../dev/index.js';
import {merge, type DehydratedState} from '../snapshots/index.js';
import {dehydrateState, unsavedOnce} from '../snapshots/internal.js';
import {checkStorage} from './check-storage.js';
import {indexedDBStorage, type PersistStorage} from './persist-storage.js';
import {asStale, boundedJson, keepSince} from './snapshot-bounds.js';
import {StorageError, type StorageErrorKind} from './storage-error.js';

/**
 * Options of {@link Persistence}.
 *
 * @example
 * ```ts
 * const options: PersistenceOptions = {name: 'my-app', version: 3, maxAge: 7 * 24 * 3_600_000};
 * ```
 */
export interface PersistenceOptions {
  /** The IndexedDB database name. Default `data-elements`. */
  name?: string;
  /**
   * The version of what your entities hold. State saved under another
   * version is dropped at start: change it when a release changes a schema.
   * Default 1.
   */
  version?: number | string;
  /** At most one save per this many ms; the changes in between are saved together. Default 1 000. */
  throttleMs?: number;
  /**
   * The most JSON text (characters, about bytes) saved. When the state is
   * larger, the oldest writes are left out (a single write larger than
   * this is not saved). Default 8 MiB.
   */
  maxSize?: number;
  /** Data written longer ago than this (ms) is neither saved nor read back. Default 24 hours. */
  maxAge?: number;
  /** Where to save. Default: IndexedDB (`indexedDBStorage(name)`). */
  storage?: PersistStorage;
  /** The timers the throttle runs on. Default: the global ones. */
  timers?: Timers;
  /** The clock, in ms. Default `Date.now`. */
  now?: () => number;
}

/**
 * The one key the state is saved under, in the database's store.
 *
 * @example
 * ```ts
 * const saved = await indexedDBStorage('my-app').get(SAVED_STATE_KEY);
 * ```
 */
export const SAVED_STATE_KEY = 'data-elements state';

/** What is saved: the state as JSON text, with the version it was saved under. */
interface SavedRecord {
  readonly version: number | string;
  readonly savedAt: number;
  readonly state: string;
}

/**
 * Persistence, opt-in: the confirmed state of a Controller (its
 * `dehydrate()` snapshot; predictions are never saved) is saved to
 * IndexedDB after it changes, at most once per `throttleMs`, bounded in
 * size (`maxSize`) and age (`maxAge`). When the Controller starts, the
 * saved state is read back and shown at once, as stale: readers show it
 * and refetch. State saved under another `version` is dropped.
 *
 * Nothing throws into the page: storage that cannot be read, a saved state
 * that is corrupt, a save over quota, or no IndexedDB at all (some private
 * modes) are reported as a {@link StorageError} (to `window.onerror`, or the
 * console) and the cache goes on without them: empty at start.
 *
 * One Persistence serves one Controller. Tabs that share a database save
 * over each other: with {@link TabSync} they hold the same data.
 *
 * @example
 * ```ts
 * const persistence = new Persistence({name: 'my-app', version: 2});
 * const controller = new Controller({plugins: [persistence]});
 * await persistence.ready; // the saved state is shown (stale) and being refetched
 * ```
 */
export class Persistence implements ControllerPlugin {
  /** The database name. */
  readonly name: string;
  /** The version state is saved under. */
  readonly version: number | string;
  /**
   * Resolves once the saved state was read and merged into the cache, or
   * found missing, old or unreadable. Never rejects.
   */
  readonly ready: Promise<void>;

  private readonly throttleMs: number;
  private readonly maxSize: number;
  private readonly maxAge: number;
  private readonly storage: PersistStorage;
  private readonly timers: Timers;
  private readonly now: () => number;
  private settleReady!: () => void;
  private controller: Controller | undefined;
  private loaded = false;
  private detached = false;
  private dirty = false;
  private timer: unknown;
  private timerSet = false;
  private saving: Promise<void> | undefined;
  /** The last kind of save failure reported: reported again only after a save succeeded. */
  private failing: StorageErrorKind | undefined;
  /** No storage here at all: nothing is tried again. */
  private unavailable = false;
  /** A row or result with no JSON form is left out of the saves and the rest saved; each is reported once. */
  private readonly unsaved = unsavedOnce((message, error) =>
    this.report('write', `a value could not be written as JSON and is not saved (the rest is): ${message.replace(/^data-elements: /, '')}`, error),
  );

  constructor(options: PersistenceOptions = {}) {
    if (DEV_MODE) checkOptionsObject(options, 'Persistence', "{name: 'my-app'}");
    const name = options.name ?? 'data-elements';
    if (typeof name !== 'string' || name === '') throw new TypeError(`Persistence: \`name\` must be a non-empty string, got ${JSON.stringify(name)}`);
    const version = options.version ?? 1;
    if (typeof version !== 'string' && !(typeof version === 'number' && Number.isFinite(version))) {
      throw new TypeError(`Persistence "${name}": \`version\` must be a number or a string, got ${String(version)}`);
    }
    this.name = name;
    this.version = version;
    this.throttleMs = amount(options.throttleMs, 1_000, {option: 'throttleMs', unit: 'ms', name, zero: true});
    this.maxSize = amount(options.maxSize, 8 * 1024 * 1024, {option: 'maxSize', unit: 'characters', name});
    this.maxAge = amount(options.maxAge, 24 * 3_600_000, {option: 'maxAge', unit: 'ms', name});
    if (DEV_MODE && options.storage !== undefined) checkStorage(options.storage, name);
    this.storage = options.storage ?? indexedDBStorage(name);
    this.timers = options.timers ?? globalTimers;
    this.now = options.now ?? Date.now;
    this.ready = new Promise(resolve => (this.settleReady = resolve));
  }

  /** Reads the saved state into `controller`, then saves its changes; returns the function that stops (saving what is pending). */
  attach(controller: Controller): () => void {
    if (this.controller) throw new Error(`Persistence "${this.name}" already serves a Controller: make one Persistence per Controller.`);
    this.controller = controller;
    // What the Controller held before it was attached (a provider loads persistence on demand) is saved too.
    const {endpoints, entities} = visibleState(controller);
    this.dirty = endpoints.size > 0 || entities.size > 0;
    const stop = controller.subscribe(commit => {
      // A prediction changes nothing confirmed; everything else may have.
      if (commit.cause === 'optimistic') return;
      this.dirty = true;
      this.schedule();
    });
    void this.load(controller).finally(() => {
      this.loaded = true;
      this.settleReady();
      if (this.dirty) this.schedule();
    });
    const page = globalThis as {addEventListener?: typeof addEventListener; removeEventListener?: typeof removeEventListener};
    // The last changes before the page goes away are not left to the throttle.
    const hide = () => void this.flush();
    page.addEventListener?.('pagehide', hide);
    return () => {
      stop();
      page.removeEventListener?.('pagehide', hide);
      this.cancel();
      void this.flush().finally(() => {
        this.detached = true;
        this.storage.close?.();
      });
    };
  }

  /**
   * Saves now what changed since the last save, once the saved state was
   * read (a save never replaces it before). Resolves when it is written or
   * failed (a failure is reported); never rejects.
   *
   * @example
   * ```ts
   * await persistence.flush();
   * ```
   */
  flush(): Promise<void> {
    this.cancel();
    return this.ready.then(() => this.saveInTurn());
  }

  /** Saves after the save in progress, if any: one at a time, in order. */
  private saveInTurn(): Promise<void> {
    this.cancel();
    if (this.detached) return this.saving ?? Promise.resolve();
    const previous = this.saving ?? Promise.resolve();
    const next = previous.then(() => this.save());
    this.saving = next;
    void next.finally(() => {
      if (this.saving === next) this.saving = undefined;
    });
    return next;
  }

  private schedule(): void {
    if (!this.loaded || this.detached || this.timerSet || this.unavailable) return;
    this.timerSet = true;
    this.timer = this.timers.setTimeout(() => {
      this.timerSet = false;
      void this.saveInTurn();
    }, this.throttleMs);
  }

  private cancel(): void {
    if (!this.timerSet) return;
    this.timerSet = false;
    this.timers.clearTimeout(this.timer);
  }

  private async save(): Promise<void> {
    const controller = this.controller;
    if (!this.dirty || !controller || this.unavailable) return;
    this.dirty = false;
    let record: SavedRecord | undefined;
    const {store} = internalsOf(controller);
    try {
      const now = this.now();
      const state = boundedJson(keepSince(dehydrateState(store.base, store.now(), this.unsaved), now - this.maxAge), this.maxSize);
      if (state !== undefined) record = {version: this.version, savedAt: now, state};
    } catch (error) {
      this.fail('write', 'the state could not be written as JSON; nothing was saved', error);
      return;
    }
    try {
      if (record) await this.storage.set(SAVED_STATE_KEY, record);
      // Not even the newest write fits: better nothing than an old state.
      else await this.storage.del(SAVED_STATE_KEY);
      this.failing = undefined;
    } catch (error) {
      if (isQuota(error)) this.fail('quota', 'the browser refused the space; the state was not saved', error);
      else this.fail('write', 'the state could not be saved', error);
    }
  }

  private async load(controller: Controller): Promise<void> {
    let record: unknown;
    try {
      record = await this.storage.get(SAVED_STATE_KEY);
    } catch (error) {
      this.fail('read', 'the saved state could not be read; the cache starts empty', error);
      return;
    }
    if (record === undefined) return;
    if (!isSavedRecord(record)) return this.drop('it is not a saved state');
    // Saved by a release whose entities held other things: not ours to read.
    // Compared as text: `persist-version="2"` on the provider reads what `version: 2` saved.
    if (String(record.version) !== String(this.version)) return this.drop();
    let snapshot: DehydratedState;
    try {
      snapshot = JSON.parse(record.state) as DehydratedState;
      const recent = asStale(keepSince(snapshot, this.now() - this.maxAge));
      merge(controller, recent);
    } catch (error) {
      return this.drop(`it does not read as a state (${(error as Error)?.message ?? error})`, error);
    }
    void controller.refetchShown({onlyStale: true});
  }

  /** Deletes the saved state; when it was corrupt, says so. */
  private async drop(reason?: string, cause?: unknown): Promise<void> {
    if (reason) this.fail('corrupt', `${reason}; it was dropped and the cache starts empty`, cause);
    try {
      await this.storage.del(SAVED_STATE_KEY);
    } catch {
      // The next save replaces it anyway.
    }
  }

  private fail(kind: StorageErrorKind, message: string, cause?: unknown): void {
    if (cause instanceof StorageError && cause.kind === 'unavailable') {
      // No IndexedDB at all: said once, and nothing is tried again.
      if (this.unavailable) return;
      this.unavailable = true;
      reportError(cause, 'persistence is off');
      return;
    }
    if (kind === 'quota' || kind === 'write') {
      if (this.failing === kind) return;
      this.failing = kind;
    }
    this.report(kind, message, cause);
  }

  private report(kind: StorageErrorKind, message: string, cause?: unknown): void {
    reportError(new StorageError({kind, database: this.name, message, cause}), 'persistence');
  }
}

function isSavedRecord(value: unknown): value is SavedRecord {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (typeof record.version === 'number' || typeof record.version === 'string') && typeof record.savedAt === 'number' && typeof record.state === 'string';
}

function isQuota(error: unknown): boolean {
  const name = (error as {name?: unknown} | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/** A numeric option, checked where the Persistence is declared. */
function amount(value: number | undefined, fallback: number, check: {option: string; unit: string; name: string; zero?: boolean}): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0 || (!check.zero && value === 0)) {
    const wanted = check.zero ? 'zero or more' : 'more than zero';
    throw new TypeError(`Persistence "${check.name}": \`${check.option}\` must be ${wanted} ${check.unit}, got ${String(value)}`);
  }
  return value;
}
