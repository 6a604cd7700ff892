/**
 * Reports an error without letting it stop the Controller or throw into the
 * page: an error thrown by user code the Controller calls (a subscriber, a
 * reader's listener, a timer's sweep), or a snapshot it refused. Uses the
 * browser's `reportError` when there is one (it reaches `window.onerror`
 * like an event listener's error), else the console with `what` happened.
 */
export function reportError(error: unknown, what = 'a Controller subscriber threw'): void {
  const report = (globalThis as {reportError?: (error: unknown) => void}).reportError;
  if (typeof report === 'function') report(error);
  else console.error(`data-elements: ${what}`, error);
}

/**
 * Reports a failure of the library's own work (a channel that would not open, a
 * write that could not be sent, a chunk that did not load) as an Error that says
 * what failed, with the original error as its `cause`. The browser's
 * `reportError` shows only the error it is given: a platform error alone
 * (`DataCloneError`, a failed `import()`) would not say which part of the page
 * it came from. Errors thrown by an app's own code go to {@link reportError}
 * as they are.
 *
 * @example
 * ```ts
 * channel.addEventListener('messageerror', error => reportFailure('tab sync: a message could not be read', error));
 * ```
 */
export function reportFailure(what: string, cause: unknown): void {
  const detail = cause instanceof Error ? cause.message : String(cause);
  reportError(new Error(`data-elements: ${what}: ${detail}`, {cause}), what);
}
