import {fillTokens, parsePath, type PathToken} from './path-syntax.js';

/** A parsed path template: its parameter names and a filler. */
export interface PathTemplate {
  /** Parameters outside any `{...}` group: a request cannot be built without them. */
  readonly required: readonly string[];
  /** Parameters inside a `{...}` group. */
  readonly optional: readonly string[];
  /** Every parameter name, for telling path params from query params. */
  readonly names: ReadonlySet<string>;
  /** `*name` parameters, which take a list of segments. */
  readonly wildcards: ReadonlySet<string>;
  /** Fills the template; values must already be strings (lists for wildcards). */
  readonly fill: (data: Record<string, string | string[]>) => string;
  /**
   * A template of text and `:name` parameters only (no optional part, no wildcard), as
   * `[text, name, text, ..., name, text]`, for `plainPath`; undefined for any other.
   */
  readonly plain: readonly string[] | undefined;
}

const templates = new Map<string, PathTemplate>();

/**
 * Parses `path` once (templates are few and fixed per app, so the cache is
 * not bounded). Syntax errors surface here, when the endpoint is created.
 */
export function pathTemplate(path: string): PathTemplate {
  let template = templates.get(path);
  if (!template) {
    const tokens = parsePath(path);
    const required: string[] = [];
    const optional: string[] = [];
    const wildcards = new Set<string>();
    collect(tokens, false, required, optional, wildcards);
    template = {
      required,
      optional,
      names: new Set([...required, ...optional]),
      wildcards,
      fill: data => fillTokens(tokens, data, encodeSegment),
      plain: plainParts(tokens),
    };
    templates.set(path, template);
  }
  return template;
}

/** `PathTemplate.plain` of `tokens`. */
function plainParts(tokens: readonly PathToken[]): string[] | undefined {
  const parts = [''];
  for (const token of tokens) {
    if (token.type === 'text') parts[parts.length - 1] += token.value;
    else if (token.type === 'param') parts.push(token.name, '');
    else return undefined;
  }
  return parts;
}

function collect(tokens: readonly PathToken[], inGroup: boolean, required: string[], optional: string[], wildcards: Set<string>): void {
  for (const token of tokens) {
    if (token.type === 'group') {
      collect(token.tokens, true, required, optional, wildcards);
    } else if (token.type === 'param' || token.type === 'wildcard') {
      (inGroup ? optional : required).push(token.name);
      if (token.type === 'wildcard') wildcards.add(token.name);
    }
  }
}

/**
 * Percent-encodes one parameter value so that it stays one segment: `/`, `?`
 * and `#` are encoded by encodeURIComponent, and a value that is exactly `.`
 * or `..` is encoded too, since a literal dot segment would move the path up.
 */
export function encodeSegment(value: string): string {
  if (value === '.') return '%2E';
  if (value === '..') return '%2E%2E';
  return encodeURIComponent(value);
}

/**
 * Builds the path for `params`. A required parameter that is missing (absent,
 * `null`, `undefined` or `''`) is a TypeError naming the endpoint and the
 * parameter; the empty string counts as missing because `/articles/` would
 * silently address the list instead of an item.
 */
export function fillPath(path: string, params: Readonly<Record<string, unknown>>, endpointName: string): string {
  const template = pathTemplate(path);
  // No prototype: a parameter named `constructor` or `__proto__` must not read or set Object.prototype's.
  const data: Record<string, string | string[]> = Object.create(null);
  for (const name of template.names) {
    const value = params[name];
    // Absent, or given as nothing: `null`, `''` or an empty list.
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    data[name] = template.wildcards.has(name) ? wildcardValue(value, name, endpointName) : segmentValue(value, name, endpointName);
  }
  for (const name of template.required) if (!(name in data)) throw missingError(template, data, path, endpointName);
  return template.fill(data);
}

/**
 * The path for params that are all path parameters, each a non-empty string or a safe
 * integer (what most keys are built for), written without `fillPath`'s intermediate
 * object: the string `fillPath` gives, and `queryString` gives none. Undefined for any
 * other params or template (query params; a missing, empty, list or other value; a value
 * that cannot be encoded; optional parts, wildcards): `fillPath` and `queryString` build
 * those, and throw their errors in their order.
 */
export function plainPath(template: PathTemplate, params: Readonly<Record<string, unknown>>): string | undefined {
  const parts = template.plain;
  if (parts === undefined) return undefined;
  // Own keys only, as `queryString` reads them (`Object.keys`): an inherited one is no query param.
  for (const name in params) if (!template.names.has(name) && Object.hasOwn(params, name)) return undefined;
  let path = parts[0]!;
  try {
    for (let i = 1; i < parts.length; i += 2) {
      const value = params[parts[i]!];
      if (typeof value === 'string' ? value === '' : !Number.isSafeInteger(value)) return undefined;
      // A safe integer is written with digits and `-` only: nothing to encode.
      path += (typeof value === 'string' ? encodeSegment(value) : value) + parts[i + 1]!;
    }
  } catch {
    return undefined;
  }
  return path;
}

/** The TypeError naming every required parameter `data` lacks. */
function missingError(template: PathTemplate, data: Record<string, unknown>, path: string, endpointName: string): TypeError {
  const list = template.required
    .filter(name => !(name in data))
    .map(name => `"${name}"`)
    .join(', ');
  return new TypeError(`${endpointName}: missing required path parameter ${list} for path "${path}"`);
}

function segmentValue(value: unknown, name: string, endpointName: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  throw new TypeError(`${endpointName}: path parameter "${name}" must be a string or a number, got ${Array.isArray(value) ? 'an array' : typeof value}`);
}

function wildcardValue(value: unknown, name: string, endpointName: string): string[] {
  // A string given to a wildcard is a path of several segments, as the user wrote it.
  if (typeof value === 'string') return value.split('/');
  if (Array.isArray(value)) return value.map(part => segmentValue(part, name, endpointName));
  return [segmentValue(value, name, endpointName)];
}

/** A `.`/`..` path segment in any spelling the URL parser decodes (`%2E`, `.%2e`, ...). */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Throws the TypeError for a URL whose path holds a `.` or `..` segment, naming
 * the parameters that made it. Such a segment is
 * written `%2E%2E`, but fetch (the WHATWG URL parser) decodes it and would
 * request the parent path: a DELETE of `/users/..` would reach `/`.
 */
export function refuseDotSegments(url: string, path: string, params: Readonly<Record<string, unknown>>, endpointName: string): void {
  const pathPart = url.split(/[?#]/, 1)[0]!;
  if (!pathPart.split('/').some(segment => DOT_SEGMENT.test(segment))) return;
  const template = pathTemplate(path);
  const names: string[] = [];
  for (const name of template.names) {
    const value = params[name];
    const parts = Array.isArray(value) ? value : typeof value === 'string' && template.wildcards.has(name) ? value.split('/') : [value];
    if (parts.some(part => part === '.' || part === '..')) names.push(`"${name}"`);
  }
  const which = names.length > 0 ? `path parameter ${names.join(', ')} is` : 'a path segment is';
  throw new TypeError(`${endpointName}: ${which} "." or "..", which would change the path of ${url}; refusing to send it`);
}
