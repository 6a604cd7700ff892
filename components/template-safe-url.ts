/** What an unsafe URL is replaced with. */
export const BLOCKED_URL = 'about:blank';

/** Schemes a URL bound from data may carry; anything else (javascript:, data:, vbscript:, …) is blocked. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'sms', 'ftp']);

/** Characters the URL parser ignores: tab and newlines anywhere, C0 controls and spaces at the ends. */
const IGNORED_ANYWHERE = /[\t\n\r]/g;
const IGNORED_AT_ENDS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/**
 * Whether a URL may be put into an attribute that navigates or loads
 * (`href`, `src`, `action`, …): a relative URL, or one whose scheme is
 * http(s), mailto, tel, sms or ftp. The check mirrors the URL parser, so
 * `java\tscript:` and ` javascript:` are recognised as the script URLs they are.
 *
 * @example
 * ```ts
 * isSafeUrl('/todos/1'); // true
 * isSafeUrl('https://example.com'); // true
 * isSafeUrl('JavaScript:alert(1)'); // false
 * ```
 */
export function isSafeUrl(url: string): boolean {
  const cleaned = url.replace(IGNORED_ANYWHERE, '').replace(IGNORED_AT_ENDS, '');
  // No colon before the first `/`, `?` or `#`: a relative URL (path, query or fragment).
  const scheme = /^([^:/?#]*):/.exec(cleaned);
  if (!scheme) return true;
  return SAFE_SCHEMES.has(scheme[1]!.toLowerCase());
}

/**
 * Returns `url` as a string when it is safe (see {@link isSafeUrl}), else
 * `about:blank`. Used for every URL attribute a template binds from data.
 *
 * @example
 * ```ts
 * safeUrl('javascript:alert(1)'); // 'about:blank'
 * safeUrl('/articles/1'); // '/articles/1'
 * ```
 */
export function safeUrl(url: unknown): string {
  const text = url === null || url === undefined ? '' : String(url);
  return isSafeUrl(text) ? text : BLOCKED_URL;
}
