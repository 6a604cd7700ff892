/**
 * What went wrong with saved state: `unavailable` (no IndexedDB here, as in
 * some private modes), `read` (the database could not be opened or read),
 * `corrupt` (what was saved is not a state this build reads: it is
 * dropped), `write` (a save failed) or `quota` (the browser refused the
 * space).
 *
 * @example
 * ```ts
 * const kind: StorageErrorKind = 'quota';
 * ```
 */
export type StorageErrorKind = 'unavailable' | 'read' | 'corrupt' | 'write' | 'quota';

/**
 * A problem with saved state, reported (to `window.onerror`, or the console)
 * and never thrown into the page: the cache goes on without it (empty at
 * start, when the saved state could not be read).
 *
 * @example
 * ```ts
 * window.addEventListener('error', event => {
 *   if (event.error instanceof StorageError && event.error.kind === 'quota') event.preventDefault();
 * });
 * ```
 */
export class StorageError extends Error {
  readonly kind: StorageErrorKind;
  /** The database name. */
  readonly database: string;

  constructor(options: {kind: StorageErrorKind; database: string; message: string; cause?: unknown}) {
    super(`data-elements: saved state in IndexedDB database "${options.database}": ${options.message}`, options.cause === undefined ? undefined : {cause: options.cause});
    this.name = 'StorageError';
    this.kind = options.kind;
    this.database = options.database;
  }
}
