/** The signal of the request whose `fetch` is running now (synchronously), if the Controller started it; made on demand. */
let current: (() => AbortSignal) | undefined;

/**
 * The `AbortSignal` of the request the Controller is starting: defined only
 * while the Controller calls an endpoint's `fetch`, before that `fetch` first
 * awaits. `RestEndpoint` reads it at once and passes it to `fetchResponse` in
 * the init; an endpoint written by hand reads it the same way, on its first
 * line. The Controller aborts it when nobody waits for the request any more.
 *
 * @example
 * ```ts
 * const getTime: FetchableEndpoint = {
 *   key: () => 'time',
 *   fetch() {
 *     const signal = requestSignal();
 *     return fetch('/time', {signal}).then(response => response.json());
 *   },
 * };
 * ```
 */
export function requestSignal(): AbortSignal | undefined {
  return current?.();
}

/**
 * Calls `run` with `signal()` as the {@link requestSignal} for its
 * synchronous part (the Controller starts every request through it; the
 * signal is made only if the endpoint asks for it).
 *
 * @example
 * ```ts
 * const request = withRequestSignal(() => abort.signal, () => endpoint.fetch(...args));
 * ```
 */
export function withRequestSignal<T>(signal: () => AbortSignal, run: () => T): T {
  const outer = current;
  current = signal;
  try {
    return run();
  } finally {
    current = outer;
  }
}
