import {NetworkError, ParseError} from '../endpoint/network-error.js';

/** How much of a refused body goes into a ParseError message. */
const SNIPPET_LENGTH = 120;

/** A non-2xx response: the error keeps the response so callers can read its body. */
export function statusError(method: string, url: string, response: Response): NetworkError {
  const text = response.statusText ? ` ${response.statusText}` : '';
  return new NetworkError({
    message: `${method} ${url} failed with status ${response.status}${text}`,
    status: response.status,
    response,
  });
}

/** No response at all (offline, DNS, CORS refusal): status 0, the cause kept. */
export function unreachableError(method: string, url: string, cause: unknown): NetworkError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new NetworkError({message: `${method} ${url} failed: no response (${reason})`, status: 0, cause});
}

/** A 2xx body that is not JSON, named by request and content type so a wrong URL or a proxy page is easy to spot. */
export function notJsonError(method: string, url: string, response: Response, text: string, cause: unknown): ParseError {
  const body = text.slice(0, SNIPPET_LENGTH);
  const type = response.headers.get('content-type') ?? 'no content-type';
  const more = text.length > SNIPPET_LENGTH ? '...' : '';
  return new ParseError({
    message: `${method} ${url}: response (${type}) is not JSON: ${JSON.stringify(body)}${more}`,
    url,
    body,
    cause,
  });
}

/** An abort is the caller's own doing; it passes through as it is so it can be told apart. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
