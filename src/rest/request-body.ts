/**
 * Whether a body is already in a form fetch sends as it is (FormData, a
 * Blob, a stream, URLSearchParams, raw bytes). Such a body gets no JSON
 * encoding and no Content-Type from us: for FormData the browser must set the
 * multipart boundary itself.
 */
export function isRawBody(body: unknown): body is BodyInit {
  if (body === null || typeof body !== 'object') return false;
  return (
    // Some of these globals are missing in older runtimes; look them up rather than reference them.
    ['FormData', 'Blob', 'URLSearchParams', 'ReadableStream'].some(name => {
      const ctor = (globalThis as Record<string, unknown>)[name];
      return typeof ctor === 'function' && body instanceof ctor;
    }) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}
