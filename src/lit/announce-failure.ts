import {reportError} from '../core/index.js';

/** Errors already handed to `reportError`: a failure two hosts show is reported once. */
const reported = new WeakSet<object>();

/**
 * Tells the page of a failure that nothing on it shows, in every build:
 * fires a cancelable `data-error` (bubbles, composed; `detail`: `error`,
 * `message`, and `attribute` when given) from `target`, and unless a
 * listener called `preventDefault()` (the page took it), hands the error to
 * the platform's `reportError`, so `window.onerror` and error monitoring see
 * it (in Node, where there is no `reportError`, it is logged). Returns
 * whether the page took it.
 *
 * @example
 * ```ts
 * const taken = announceFailure(host, error);
 * if (!taken && DEV_MODE) explain(error);
 * ```
 */
export function announceFailure(target: unknown, error: unknown, extra: {readonly attribute?: string} = {}): boolean {
  const dispatch = (target as Partial<EventTarget> | null)?.dispatchEvent;
  if (typeof dispatch === 'function' && typeof CustomEvent === 'function') {
    const detail = {error, message: errorMessage(error), ...extra};
    const event = new CustomEvent('data-error', {detail, bubbles: true, composed: true, cancelable: true});
    if (!dispatch.call(target, event)) return true;
  }
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return false;
    reported.add(error);
  }
  reportError(error, 'a failure nothing on the page shows');
  return false;
}

/**
 * A one-line, human message for an error of any type (rendered as text);
 * empty for none.
 *
 * @example
 * ```ts
 * errorMessage(new TypeError('bad')); // 'bad'
 * ```
 */
export function errorMessage(error: unknown): string {
  if (error === undefined || error === null) return '';
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
