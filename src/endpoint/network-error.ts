/**
 * A request that did not give a usable response: a non-2xx status (with the
 * `status` and the `response` to read the body from), or a failure to reach
 * the server at all (`status` 0, with the cause).
 *
 * @example
 * ```ts
 * try {
 *   await ctrl.fetch(getArticle, {id: '1'});
 * } catch (e) {
 *   if (e instanceof NetworkError && e.status === 404) showNotFound();
 * }
 * ```
 */
export class NetworkError extends Error {
  override name = 'NetworkError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The response, when there was one. */
  readonly response: Response | undefined;

  constructor(options: {message: string; status: number; response?: Response; cause?: unknown}) {
    super(options.message, options.cause === undefined ? undefined : {cause: options.cause});
    this.status = options.status;
    this.response = options.response;
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
