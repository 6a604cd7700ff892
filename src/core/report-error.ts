/**
 * Reports an error thrown by user code the Controller calls (a subscriber, a
 * reader's listener, a timer's sweep) without letting it stop the Controller:
 * the browser's `reportError` when there is one (it reaches `window.onerror`
 * like an event listener's error), else the console.
 */
export function reportError(error: unknown): void {
  const report = (globalThis as {reportError?: (error: unknown) => void}).reportError;
  if (typeof report === 'function') report(error);
  else console.error('data-elements: a Controller subscriber threw', error);
}
