/**
 * Whether the browser has a connection, and when it gets one back. The
 * offline writes part reads it; tests and other hosts give their own.
 *
 * @example
 * ```ts
 * const network: NetworkStatus = {online: () => true, onOnline: () => () => {}};
 * ```
 */
export interface NetworkStatus {
  /** False when the host knows it has no connection (`navigator.onLine`). */
  online(): boolean;
  /** Calls `listener` when the connection comes back; returns the function that stops listening. */
  onOnline(listener: () => void): () => void;
}

/**
 * The browser's `navigator.onLine` and `online` event; where neither exists
 * (Node, a worker without them) the host counts as online and never
 * announces a connection, so only a successful request resumes writes.
 *
 * @example
 * ```ts
 * const network = browserNetwork();
 * network.onOnline(() => console.log('back online'));
 * ```
 */
export function browserNetwork(): NetworkStatus {
  const global = globalThis as {navigator?: {onLine?: boolean}; addEventListener?: typeof addEventListener; removeEventListener?: typeof removeEventListener};
  return {
    online: () => global.navigator?.onLine !== false,
    onOnline(listener) {
      if (typeof global.addEventListener !== 'function') return () => {};
      global.addEventListener('online', listener);
      return () => global.removeEventListener?.('online', listener);
    },
  };
}
