/** One entry of a `Link` header: its URL as written, and its params (names lowercased, first one of a name wins). */
export interface LinkValue {
  readonly url: string;
  readonly params: ReadonlyMap<string, string>;
  /** The relations of its `rel` param, lowercased (`rel="next last"` gives both). */
  readonly rel: readonly string[];
}

// RFC 7230 token characters.
const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;

/**
 * The entries of an HTTP `Link` header (RFC 8288): `<url>; name=value` or
 * `name="quoted, value"`, separated by commas (a URL and a quoted value may
 * hold commas). An empty header has none. Throws a SyntaxError that says
 * where when the header does not follow the grammar.
 *
 * @example
 * ```ts
 * parseLinkHeader('</api/articles?cursor=b2>; rel="next", </api/articles>; rel=first')[0]!.url; // '/api/articles?cursor=b2'
 * ```
 */
export function parseLinkHeader(header: string): LinkValue[] {
  const links: LinkValue[] = [];
  let at = 0;
  const fail = (expected: string): never => {
    throw new SyntaxError(`expected ${expected} at character ${at + 1} of "${header}"`);
  };
  const skip = (chars: string) => {
    while (at < header.length && chars.includes(header[at]!)) at++;
  };
  const token = (what: string): string => {
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(header);
    if (!match) return fail(what);
    at = TOKEN.lastIndex;
    return match[0];
  };
  const quoted = (): string => {
    let out = '';
    for (at++; at < header.length; ) {
      const char = header[at++]!;
      if (char === '"') return out;
      out += char === '\\' && at < header.length ? header[at++]! : char;
    }
    return fail('a closing quote');
  };
  // Empty list elements (", ,") are allowed by the list syntax of HTTP.
  skip(' \t,');
  while (at < header.length) {
    if (header[at] !== '<') fail('"<"');
    const end = header.indexOf('>', at);
    if (end === -1) fail('">"');
    const url = header.slice(at + 1, end).trim();
    at = end + 1;
    const params = new Map<string, string>();
    for (skip(' \t'); header[at] === ';'; skip(' \t')) {
      at++;
      skip(' \t');
      const name = token('a param name').toLowerCase();
      skip(' \t');
      let value = '';
      if (header[at] === '=') {
        at++;
        skip(' \t');
        value = header[at] === '"' ? quoted() : token('a param value');
      }
      if (!params.has(name)) params.set(name, value);
    }
    if (at < header.length && header[at] !== ',') fail('"," or ";"');
    skip(' \t,');
    const rel = (params.get('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    links.push({url, params, rel});
  }
  return links;
}

/**
 * The `field` query param of the `rel="next"` URL of a `Link` header:
 * undefined when no entry has `rel="next"` (the last page). Throws a
 * SyntaxError when the header does not parse or when the next URL has no
 * such param.
 *
 * @example
 * ```ts
 * nextLinkParam('</api/articles?cursor=b2&limit=5>; rel="next"', 'cursor'); // 'b2'
 * nextLinkParam('</api/articles>; rel="first"', 'cursor'); // undefined
 * ```
 */
export function nextLinkParam(header: string, field: string): string | undefined {
  const next = parseLinkHeader(header).find(link => link.rel.includes('next'));
  if (next === undefined) return undefined;
  const value = searchParam(next.url, field);
  if (value === undefined) throw new SyntaxError(`its rel="next" URL ${next.url} has no "${field}" param`);
  return value;
}

/** One query param of a URL that may be relative (resolved against a placeholder origin, in Node and browsers alike). */
function searchParam(url: string, name: string): string | undefined {
  try {
    return new URL(url, 'http://relative.invalid').searchParams.get(name) ?? undefined;
  } catch {
    return undefined;
  }
}
