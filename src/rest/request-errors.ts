import {NetworkError, ParseError} from '../endpoint/index.js';

/** How much of a refused body goes into a ParseError message. */
const SNIPPET_LENGTH = 120;

/** The longest server message put into an error's message; the whole body stays in `body`. */
const SERVER_MESSAGE_LENGTH = 300;

/**
 * A non-2xx response: the error keeps the response (its body still readable: a clone is
 * read), the parsed body, and the server's message, which also ends the error's message.
 */
export async function statusError(method: string, url: string, response: Response): Promise<NetworkError> {
  const text = response.statusText ? ` ${response.statusText}` : '';
  const body = await readBody(response);
  const serverMessage = messageOf(body, response.headers.get('content-type') ?? '');
  return new NetworkError({
    message: `${method} ${url} failed with status ${response.status}${text}${serverMessage ? `: ${serverMessage}` : ''}`,
    status: response.status,
    response,
    body,
    serverMessage,
  });
}

/** The body of an error response: parsed JSON, else the text; undefined when empty or unreadable. */
async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.clone().text();
  } catch {
    return undefined; // already read by a custom fetchResponse, or aborted: the status still tells
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What the server says in an error body, shortened; undefined when it says nothing readable (an HTML page). */
function messageOf(body: unknown, contentType: string): string | undefined {
  let candidates: unknown[] = [];
  if (typeof body === 'string') {
    if (!/html|xml/i.test(contentType) && !/^\s*</.test(body)) candidates = [body];
  } else if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const error = ownField(body, 'error');
    candidates = [ownField(body, 'message'), error, ownField(error, 'message'), ownField(body, 'detail'), ownField(body, 'title')];
  }
  const found = candidates.find(value => typeof value === 'string' && value.trim() !== '');
  if (typeof found !== 'string') return undefined;
  const oneLine = found.replace(/\s+/g, ' ').trim();
  return oneLine.length > SERVER_MESSAGE_LENGTH ? `${oneLine.slice(0, SERVER_MESSAGE_LENGTH)}…` : oneLine;
}

/** An own field of a parsed JSON object (never one reached through its prototype). */
function ownField(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object' && Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
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
