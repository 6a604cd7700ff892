import {DEV_MODE} from '../dev/index.js';
import {NetworkError, requestSignal, type EndpointInterface, type NextPageContext, type RetryOptions, type SnapshotInterface} from '../endpoint/index.js';
import {checkRestOptions} from './check-rest-options.js';
import {copyEndpoint} from './copy-endpoint.js';
import {listAppender, type AppenderGenerics} from './list-appender.js';
import {defineOptions} from './own-options.js';
import {fillPath, pathTemplate, plainPath, refuseDotSegments} from './path-template.js';
import {queryString} from './query-string.js';
import {isRawBody} from './request-body.js';
import {notJsonError, statusError, unreachableError} from './request-errors.js';
import type {AnyRestGenerics, GenericsOf, IsLoose, RestArgs, RestBody, RestEndpointOptions, RestFullArgs, RestParams, RestResolve} from './rest-types.js';

/** Methods that only read: never side effects, so concurrent calls may share one request. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Extended<O, E> = IsLoose<O> extends true ? AnyRestGenerics : Omit<O, keyof E> & E;

/**
 * An HTTP endpoint described by options: a path template filled from the
 * params, a method, a schema that says how the response is normalized, and
 * the steps of a request (`getRequestInit`, `fetchResponse`, `parseResponse`,
 * `process`), each a method that a subclass may override and call `super`,
 * or that an option of the same name replaces.
 *
 * Call shapes: `(params)` for endpoints without a body, `(params, body)` for
 * endpoints with one, and `(body)` alone when the path has no parameters.
 * Params that are path parameters fill the path, percent-encoded; the rest
 * become the query string, sorted by key. A missing required path parameter
 * rejects with a TypeError before any request is sent. A non-2xx response
 * rejects with a `NetworkError` (`status`, `response`); no response at all
 * with a `NetworkError` of status 0 (an abort keeps its own `AbortError`);
 * a body that is not JSON with a `ParseError`. An empty body (204, or `''`)
 * resolves with `''`.
 *
 * Subclasses that keep the `(options)` constructor work with `extend`; set
 * defaults by overriding methods rather than with class fields, which would
 * win over the options given to the constructor. Declare the subclass's type
 * parameter as `<const O = AnyRestGenerics>` so that paths keep their literal
 * types (a default of `any` loses them).
 *
 * @example
 * ```ts
 * const getArticle = new RestEndpoint({urlPrefix: 'https://api.example.com', path: '/articles/:id', schema: Article});
 * const article = await controller.fetch(getArticle, {id: 1});
 *
 * class CamelEndpoint<const O = AnyRestGenerics> extends RestEndpoint<O> {
 *   override getRequestInit(body: any) {
 *     return super.getRequestInit(body === undefined ? body : toSnakeCase(body));
 *   }
 *   override process(value: any, ...args: any[]) {
 *     return toCamelCase(super.process(value, ...args));
 *   }
 * }
 * ```
 */
export class RestEndpoint<const O = AnyRestGenerics> implements EndpointInterface {
  /** Path template (the syntax of path-to-regexp 8): `:name` parameters, `{/:name}` optional parts. */
  declare readonly path: O extends {readonly path: infer P extends string} ? P : string;
  /** How the response is normalized; undefined keeps it as it is. */
  declare readonly schema: IsLoose<O> extends true ? any : O extends {readonly schema: infer S} ? S : undefined;
  /** Type marker for the body; `undefined` (given explicitly) means none is sent. */
  declare readonly body?: RestBody<O>;
  /** Type marker for the query-string params. */
  declare readonly searchParams?: IsLoose<O> extends true ? any : O extends {readonly searchParams: infer S} ? S : unknown;
  /** How long (ms) a result stays fresh; the Controller's default when absent. */
  declare readonly dataExpiryLength?: number;
  /** Refetch every this many ms while a connected reader shows the result (see `EndpointInterface.pollFrequency`). */
  declare readonly pollFrequency?: number;
  /** How failed requests are tried again, over the Controller's `retry`; `false` never retries. */
  declare readonly retry?: RetryOptions | false;
  /** `false`: a write fails at once when offline rather than wait (with the offline writes part). */
  declare readonly queueOffline?: false;
  /** How long (ms) a failure stands before a reader may try again; the Controller's default when absent. */
  declare readonly errorExpiryLength?: number;
  /**
   * The param that picks a page (`cursor`, `page`): what the pagination
   * part's `fetchNextPage` varies, and what the list is keyed without.
   */
  declare readonly paginationField?: string;
  /**
   * The params of the page after the one loaded with `params`, read from
   * the list's cached `value`, or undefined when that was the last page.
   * Without it, the pagination part reads a `link` field (the `Link`
   * header), a field named like `paginationField` (a cursor), or counts
   * page numbers.
   */
  nextPage?(value: RestResolve<O>, params: RestParams<O>, context: NextPageContext): RestParams<O> | undefined;
  /** Put before the path, such as `https://api.example.com`. */
  readonly urlPrefix: string = '';
  /** HTTP method. */
  readonly method: string = 'GET';

  /**
   * The predicted response of a call, applied to the cache at once and
   * replaced by the real one; receives the arguments in their full form.
   * Absent unless given as an option or defined by a subclass.
   *
   * @example
   * ```ts
   * const toggle = new RestEndpoint({
   *   path: '/todos/:id', method: 'PATCH', schema: Todo,
   *   getOptimisticResponse: (snap, params, body) => ({id: params.id, ...body}),
   * });
   * ```
   */
  getOptimisticResponse?(snap: SnapshotInterface, ...args: any[]): unknown;

  /**
   * @param options Every key becomes an own property; a function replaces the
   * method of the same name.
   */
  constructor(options: GenericsOf<O> & RestEndpointOptions<O>) {
    const path = (options as {path?: unknown}).path;
    if (typeof path !== 'string') throw new TypeError('RestEndpoint: the `path` option (a string) is required');
    defineOptions(this, options);
    // Parse now, so that a malformed template fails where the endpoint is declared.
    pathTemplate(path);
    if (DEV_MODE) checkRestOptions(this, options);
  }

  /**
   * For logs and error messages: the `name` option, else `METHOD path`.
   *
   * @example
   * ```ts
   * new RestEndpoint({path: '/articles/:id'}).name; // 'GET /articles/:id'
   * ```
   */
  get name(): string {
    return `${this.method} ${this.path}`;
  }
  set name(value: string) {
    defineOptions(this, {name: value});
  }

  /**
   * True for mutations (every method but GET, HEAD and OPTIONS) unless set
   * as an option. The Controller never shares a request between mutations.
   *
   * @example
   * ```ts
   * new RestEndpoint({path: '/articles', method: 'POST'}).sideEffect; // true
   * ```
   */
  get sideEffect(): boolean {
    return !SAFE_METHODS.has(this.method.toUpperCase());
  }
  set sideEffect(value: boolean) {
    defineOptions(this, {sideEffect: value});
  }

  /**
   * The request URL: `urlPrefix`, the path filled with the path parameters
   * (each one percent-encoded so it stays one segment), and the other params
   * as a query string sorted by key, lists repeating their key.
   *
   * @example
   * ```ts
   * new RestEndpoint({path: '/users/:id'}).url({id: 'a/b', ids: [1, 3]}); // '/users/a%2Fb?ids=1&ids=3'
   * ```
   */
  url(params: RestParams<O>): string {
    const values = (params ?? {}) as Record<string, unknown>;
    const path = fillPath(this.path, values, this.name);
    const search = queryString(values, pathTemplate(this.path).names, this.name);
    return `${this.urlPrefix}${path}${search ? `?${search}` : ''}`;
  }

  /**
   * Identifies the result of a call: method and URL. `key()` and `key({})`
   * are equal, and so are params written in another order.
   *
   * @example
   * ```ts
   * getArticle.key({id: 1}); // 'GET https://api.example.com/articles/1'
   * ```
   */
  key(...args: RestArgs<O>): string {
    // Indexed, not destructured: before the engine optimizes it (a page's first rows),
    // destructuring runs the iterator protocol, many times the cost of an index.
    const params = this.normalizeArgs(args)[0];
    // Readers ask for their key on every update. Params that only fill the path (`{id: 7}`,
    // most keys) are written at once, unless a subclass builds its own URL.
    const path = this.url === RestEndpoint.prototype.url ? plainPath(pathTemplate(this.path), params as Record<string, unknown>) : undefined;
    return `${this.method} ${path !== undefined ? this.urlPrefix + path : this.url(params as RestParams<O>)}`;
  }

  /**
   * Puts a call's arguments in their full form: `[params]` for an endpoint
   * without a body, `[params, body]` for one with a body (where `(body)`
   * alone, on a path without parameters, becomes `[{}, body]`). Missing
   * params become `{}`. Applying it twice changes nothing.
   *
   * @example
   * ```ts
   * createTodo.normalizeArgs([{title: 'x'}]); // [{}, {title: 'x'}]
   * ```
   */
  normalizeArgs(args: readonly unknown[]): RestFullArgs<O> {
    if (!sendsBody(this)) return [this.paramsOf(args[0])] as RestFullArgs<O>;
    if (args.length === 1 && pathTemplate(this.path).names.size === 0) return [{}, args[0]] as RestFullArgs<O>;
    return [this.paramsOf(args[0]), args[1]] as RestFullArgs<O>;
  }

  /**
   * Performs the request: builds the URL and the init, calls
   * `fetchResponse`, refuses a non-2xx response, then `parseResponse` and
   * `process`. Resolves with the processed value (the Controller normalizes
   * it with `schema`). A request the Controller started carries its
   * `AbortSignal` in the init (with the init's own signal, if any).
   *
   * @example
   * ```ts
   * const raw = await getArticle.fetch({id: 1});
   * ```
   */
  async fetch(...args: RestArgs<O>): Promise<RestResolve<O>> {
    // Read before the first await: the Controller's signal is only current while fetch starts.
    const signal = requestSignal();
    const full = this.normalizeArgs(args);
    const [params, body] = full as unknown as [RestParams<O>, RestBody<O>];
    const url = this.url(params);
    refuseDotSegments(url, this.path, params as Record<string, unknown>, this.name);
    const own = await this.getRequestInit(body);
    const init = signal ? {...own, signal: bothSignals(own.signal, signal)} : own;
    const method = (init.method ?? this.method).toUpperCase();
    let response: Response;
    try {
      response = await this.fetchResponse(url, init);
    } catch (error) {
      // An abort is the caller's own doing: it passes through as it is, to be told apart.
      if (error instanceof NetworkError || (error instanceof Error && error.name === 'AbortError')) throw error;
      throw unreachableError(method, url, error);
    }
    if (!response.ok) throw await statusError(method, url, response);
    // Responses built by hand (mocks, custom fetchResponse) have no url; parseResponse names it in errors.
    if (!response.url) Object.defineProperty(response, 'url', {value: url});
    const value = await this.parseResponse(response);
    return this.process(value, ...full) as RestResolve<O>;
  }

  /**
   * The request init for a body: the method, and the body as JSON with
   * `Content-Type: application/json` (FormData, Blob and other raw bodies go
   * as they are). `undefined` sends no body. Headers pass through
   * `getHeaders`. Overrides may return a promise.
   *
   * @example
   * ```ts
   * override getRequestInit(body: any) {
   *   return super.getRequestInit(body && {...body, updatedAt: Date.now()});
   * }
   * ```
   */
  getRequestInit(body: any): RequestInit | Promise<RequestInit> {
    const init: RequestInit = {method: this.method};
    const headers: Record<string, string> = {};
    if (body !== undefined) {
      if (isRawBody(body)) {
        init.body = body;
      } else {
        init.body = JSON.stringify(body);
        headers['Content-Type'] = 'application/json';
      }
    }
    init.headers = this.getHeaders(headers);
    return init;
  }

  /**
   * Adds to or changes the headers of every request (the default returns
   * them unchanged).
   *
   * @example
   * ```ts
   * getHeaders: headers => ({...headers, 'Access-Token': token}),
   * ```
   */
  getHeaders(headers: HeadersInit): HeadersInit {
    return headers;
  }

  /**
   * Performs the raw request; the global `fetch` by default. A rejection
   * becomes a `NetworkError` of status 0, and a non-2xx response a
   * `NetworkError` with its status, in `fetch`.
   *
   * @example
   * ```ts
   * fetchResponse: (input, init) => fetch(input, {...init, credentials: 'include'}),
   * ```
   */
  fetchResponse(input: string, init: RequestInit): Promise<Response> {
    return fetch(input, init);
  }

  /**
   * Reads a 2xx body: `''` when it is empty (204 included), else the parsed
   * JSON. A body that is not JSON rejects with a `ParseError` that names the
   * method, the URL, the content type and the start of the body.
   *
   * @example
   * ```ts
   * override async parseResponse(response: Response) {
   *   const results = await super.parseResponse(response);
   *   return {link: response.headers.get('link'), results};
   * }
   * ```
   */
  async parseResponse(response: Response): Promise<unknown> {
    const text = await response.text();
    if (response.status === 204 || text === '') return '';
    try {
      return JSON.parse(text);
    } catch (error) {
      throw notJsonError(this.method.toUpperCase(), response.url, response, text, error);
    }
  }

  /**
   * Transforms the parsed response before it is normalized; receives the
   * arguments in their full form. The default returns the value unchanged.
   *
   * @example
   * ```ts
   * override process(value: any, params: {id: string}) {
   *   return {...super.process(value, params), id: params.id};
   * }
   * ```
   */
  process(value: any, ..._args: any[]): any {
    return value;
  }

  /**
   * A new endpoint of the same class with `options` overridden; everything
   * else (other options, functions given as options) is kept. This endpoint
   * is left unchanged.
   *
   * @example
   * ```ts
   * const getDraft = getArticle.extend({searchParams: {} as {draft: boolean}, dataExpiryLength: 0});
   * ```
   */
  extend<const E extends RestEndpointOptions<O>>(options: E): RestEndpoint<Extended<O, E>> {
    return copyEndpoint(this, options, []) as unknown as RestEndpoint<Extended<O, E>>;
  }

  /**
   * The endpoint that adds a created item at the end of every cached list of
   * this endpoint's `schema.Collection` whose params it matches: POST to the
   * same path, schema `collection.push`, and this endpoint's
   * `getOptimisticResponse`.
   *
   * @example
   * ```ts
   * await controller.fetch(getTodos.push, {userId: 1}, {title: 'new'});
   * ```
   */
  get push(): RestEndpoint<AppenderGenerics<O, 'push'>> {
    return listAppender(this, 'push') as unknown as RestEndpoint<AppenderGenerics<O, 'push'>>;
  }

  /**
   * Like `push`, but the item goes at the start of the matching lists.
   *
   * @example
   * ```ts
   * await controller.fetch(getTodos.unshift, {}, {title: 'first'});
   * ```
   */
  get unshift(): RestEndpoint<AppenderGenerics<O, 'unshift'>> {
    return listAppender(this, 'unshift') as unknown as RestEndpoint<AppenderGenerics<O, 'unshift'>>;
  }

  /**
   * Like `push`, for a `Collection(Values)` (a map by id): the response,
   * an object keyed by id, is merged into the matching cached maps.
   *
   * @example
   * ```ts
   * await controller.fetch(getStats.assign, {}, {a: {id: 'a', n: 1}});
   * ```
   */
  get assign(): RestEndpoint<AppenderGenerics<O, 'assign'>> {
    return listAppender(this, 'assign') as unknown as RestEndpoint<AppenderGenerics<O, 'assign'>>;
  }

  private paramsOf(value: unknown): Record<string, unknown> {
    if (value === undefined || value === null) return {};
    if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    throw new TypeError(`${this.name}: params must be an object, got ${Array.isArray(value) ? 'an array' : typeof value}`);
  }
}

/** Whether calls take a body: an explicit `body` marker decides, else the method. */
function sendsBody(endpoint: RestEndpoint): boolean {
  if (Object.hasOwn(endpoint, 'body')) return endpoint.body !== undefined;
  // Else only the methods that read, and DELETE, send none.
  const method = endpoint.method.toUpperCase();
  return method !== 'DELETE' && !SAFE_METHODS.has(method);
}

/** A signal that aborts when either does (the init's own, and the Controller's). */
function bothSignals(own: AbortSignal | null | undefined, controller: AbortSignal): AbortSignal {
  if (!own || own === controller) return controller;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([own, controller]);
  if (own.aborted) return own;
  const both = new AbortController();
  const abort = (signal: AbortSignal) => () => both.abort(signal.reason);
  own.addEventListener('abort', abort(own), {once: true});
  controller.addEventListener('abort', abort(controller), {once: true});
  return both.signal;
}
