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
