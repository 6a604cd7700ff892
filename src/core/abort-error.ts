/**
 * The error a cancelled call rejects with: the signal's own reason when it
 * is an AbortError or a TimeoutError (as `fetch` does, so
 * `AbortSignal.timeout()` still gives a TimeoutError), else a DOMException
 * named `AbortError` that names the request.
 */
export function abortError(signal: AbortSignal | undefined, key: string): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && (reason.name === 'AbortError' || reason.name === 'TimeoutError')) return reason;
  return new DOMException(`${key}: the request was aborted`, 'AbortError');
}
