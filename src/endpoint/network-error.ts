/**
 * A request that did not give a usable response: a non-2xx status (with the
 * `status`, the `response`, and what the server said: the parsed `body` and
 * its `serverMessage`), or a failure to reach the server at all (`status` 0,
 * with the cause). The `message` ends with the server's message when the body
 * has one, so an element that shows the error shows the server's words.
 *
 * @example
 * ```ts
 * try {
 *   await ctrl.fetch(updateArticle, {id: '1'}, {title: ''});
 * } catch (e) {
 *   if (e instanceof NetworkError && e.status === 422) showProblem(e.serverMessage ?? e.message);
 * }
 * ```
 */
export class NetworkError extends Error {
  override name = 'NetworkError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The response, when there was one (its body is still readable). */
  readonly response: Response | undefined;
  /**
   * The response body: the parsed value when it is JSON, else its text;
   * undefined when there was no response or the body was empty.
   */
  readonly body: unknown;
  /**
   * What the server said, when the body says it: a JSON body's `message`
   * (or `error`, `error.message`, `detail`, `title`), or a short plain-text
   * body. Server text: render it as text, never as HTML.
   */
  readonly serverMessage: string | undefined;

  constructor(options: {message: string; status: number; response?: Response; cause?: unknown; body?: unknown; serverMessage?: string}) {
    super(options.message, options.cause === undefined ? undefined : {cause: options.cause});
    this.status = options.status;
    this.response = options.response;
    this.body = options.body;
    this.serverMessage = options.serverMessage;
  }
}

/**
 * A response body that could not be parsed (not JSON where JSON was
 * expected). The message names the method, the URL and the start of the body.
 *
 * @example
 * ```ts
 * if (error instanceof ParseError) console.warn(error.url, error.body);
 * ```
 */
export class ParseError extends Error {
  override name = 'ParseError';
  readonly url: string;
  /** The first characters of the body that was refused. */
  readonly body: string;

  constructor(options: {message: string; url: string; body: string; cause?: unknown}) {
    super(options.message, options.cause === undefined ? undefined : {cause: options.cause});
    this.url = options.url;
    this.body = options.body;
  }
}
