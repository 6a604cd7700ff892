import {reportError} from './report-error.js';

/**
 * Listeners of the requests in flight: told, once per microtask, that a
 * request started or settled. Never inside `fetch()`, which returns first;
 * a listener that throws is reported and does not stop the others.
 *
 * @example
 * ```ts
 * const listeners = new RequestListeners();
 * const stop = listeners.subscribe(() => render(requestsInFlight(controller)));
 * listeners.changed(); // the listener runs in a microtask
 * ```
 */
export class RequestListeners {
  private readonly listeners = new Set<() => void>();
  private scheduled = false;

  get size(): number {
    return this.listeners.size;
  }

  subscribe(listener: () => void): () => void {
    // A wrapper per call: subscribing the same function twice gives two subscriptions.
    const entry = () => listener();
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  /** Tells the listeners in a microtask (one call for any number of changes before it). */
  changed(): void {
    if (this.scheduled || this.listeners.size === 0) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      for (const listener of [...this.listeners]) {
        try {
          listener();
        } catch (error) {
          reportError(error);
        }
      }
    });
  }
}
