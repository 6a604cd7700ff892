/**
 * The URL of the `rel="next"` entry of an HTTP `Link` header (RFC 8288),
 * or undefined when there is none. A `rel` may list several relations
 * (`rel="next last"`), quoted or not.
 *
 * @example
 * ```ts
 * nextLink('</api/articles?cursor=b2>; rel="next", </api/articles>; rel="first"'); // '/api/articles?cursor=b2'
 * ```
 */
export function nextLink(header: string): string | undefined {
  // Entries are separated by commas outside <...>: a URL may hold a comma.
  const entry = /<([^>]*)>((?:\s*;\s*[^;,]*)*)/g;
  for (let match = entry.exec(header); match; match = entry.exec(header)) {
    for (const param of match[2]!.split(';')) {
      const [name, raw] = param.split('=', 2).map(part => part.trim());
      if (name?.toLowerCase() !== 'rel' || raw === undefined) continue;
      const relations = raw.replace(/^"|"$/g, '').toLowerCase().split(/\s+/);
      if (relations.includes('next')) return match[1];
    }
  }
  return undefined;
}

/**
 * The value of one query parameter of a URL that may be relative (resolved
 * against a placeholder origin, so it works in Node and in the browser).
 *
 * @example
 * ```ts
 * searchParam('/api/articles?cursor=b2&limit=5', 'cursor'); // 'b2'
 * ```
 */
export function searchParam(url: string, name: string): string | undefined {
  try {
    return new URL(url, 'http://relative.invalid').searchParams.get(name) ?? undefined;
  } catch {
    return undefined;
  }
}
