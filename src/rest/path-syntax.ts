import {DEV_MODE} from '../dev/index.js';

/** One piece of a parsed path template. */
export type PathToken =
  | {readonly type: 'text'; readonly value: string}
  /** `:name`: one segment. */
  | {readonly type: 'param'; readonly name: string}
  /** `*name`: one or more segments. */
  | {readonly type: 'wildcard'; readonly name: string}
  /** `{...}`: an optional part, written only when its parameters are given. */
  | {readonly type: 'group'; readonly tokens: readonly PathToken[]};

const ID_START = /^[$_\p{ID_Start}]$/u;
/** Whether a string opens with a name character (the parser tests one character at a time). */
const ID_CONTINUE = /^[$\u200c\u200d\p{ID_Continue}]/u;
const RESERVED = '()[]?+!';

/**
 * Parses a path template in the syntax of path-to-regexp 8, which the type
 * level (`PathArgs`) reads too: `:name` parameters (`:"any name"` quoted),
 * `*name` wildcards, `{...}` optional parts (nestable), `\` escapes. The
 * characters `( ) [ ] ? + !` are reserved. A malformed template is a
 * TypeError saying where.
 *
 * The library keeps its own small parser rather than path-to-regexp: it
 * needs parsing and filling only, in a fraction of the bytes. A property
 * test holds its tokens equal to path-to-regexp's `parse`; how filling
 * differs from its `compile` is listed in docs/resources.md.
 *
 * @example
 * ```ts
 * parsePath('/users/:id{/:slug}');
 * // [{type: 'text', value: '/users/'}, {type: 'param', name: 'id'}, {type: 'group', tokens: [...]}]
 * ```
 */
export function parsePath(path: string): PathToken[] {
  const chars = [...path];
  let i = 0;
  const fail = (what: string): never => {
    throw new TypeError(`${what} at ${i} in the path "${path}"`);
  };
  const name = (): string => {
    if (chars[i] === '"') {
      let quoted = '';
      for (i++; i < chars.length && chars[i] !== '"'; i++) quoted += chars[i] === '\\' ? chars[++i] : chars[i];
      if (i >= chars.length) fail('Unterminated quote');
      i++;
      if (!quoted) fail('Empty parameter name');
      return quoted;
    }
    if (!ID_START.test(chars[i] ?? '')) fail('Missing parameter name');
    let id = chars[i++]!;
    while (i < chars.length && ID_CONTINUE.test(chars[i]!)) id += chars[i++];
    return id;
  };
  const sequence = (inGroup: boolean): PathToken[] => {
    const tokens: PathToken[] = [];
    let text = '';
    const flush = () => {
      if (text) tokens.push({type: 'text', value: text});
      text = '';
    };
    while (i < chars.length) {
      const char = chars[i]!;
      if (char === '\\') {
        if (i + 1 >= chars.length) fail('Nothing to escape');
        text += chars[i + 1];
        i += 2;
      } else if (char === ':' || char === '*') {
        flush();
        i++;
        tokens.push({type: char === ':' ? 'param' : 'wildcard', name: name()});
      } else if (char === '{') {
        flush();
        i++;
        tokens.push({type: 'group', tokens: sequence(true)});
      } else if (char === '}') {
        if (!inGroup) fail('Unexpected }');
        flush();
        i++;
        return tokens;
      } else if (RESERVED.includes(char)) {
        fail(`Unexpected ${char}${DEV_MODE ? ' (the characters ( ) [ ] ? + ! are reserved; write an optional part as {...})' : ''}`);
      } else {
        text += char;
        i++;
      }
    }
    if (inGroup) fail('Unterminated {');
    flush();
    return tokens;
  };
  return sequence(false);
}

/**
 * Writes tokens back as a template (escaping what needs it).
 *
 * @example
 * ```ts
 * stringifyPath(parsePath('/users/:id')); // '/users/:id'
 * ```
 */
export function stringifyPath(tokens: readonly PathToken[]): string {
  return tokens
    .map((token, i) => {
      if (token.type === 'text') return token.value.replace(/[\\{}():*[\]?+!]/g, '\\$&');
      if (token.type === 'group') return `{${stringifyPath(token.tokens)}}`;
      // A bare name would run on into text that starts with a name character (`:id` + `x` is `:idx`).
      const next = tokens[i + 1];
      const bare = ID_NAME.test(token.name) && !(next?.type === 'text' && ID_CONTINUE.test(next.value));
      return (token.type === 'param' ? ':' : '*') + (bare ? token.name : JSON.stringify(token.name));
    })
    .join('');
}

const ID_NAME = /^[$_\p{ID_Start}][$\u200c\u200d\p{ID_Continue}]*$/u;

/**
 * Fills a parsed template: each `:name` with its encoded value, each `*name`
 * with its segments (encoded, joined by `/`), each optional part when every
 * parameter directly in it has a value. Values of required parameters must
 * be given (the caller checks, to name the endpoint in its error).
 *
 * @example
 * ```ts
 * fillTokens(parsePath('/users/:id{/:slug}'), {id: '7'}, encodeURIComponent); // '/users/7'
 * ```
 */
export function fillTokens(
  tokens: readonly PathToken[],
  data: Readonly<Record<string, string | string[]>>,
  encode: (value: string) => string,
): string {
  let out = '';
  for (const token of tokens) {
    if (token.type === 'text') out += token.value;
    else if (token.type === 'group') {
      const given = token.tokens.every(inner => (inner.type === 'param' || inner.type === 'wildcard' ? data[inner.name] !== undefined : true));
      if (given) out += fillTokens(token.tokens, data, encode);
    } else {
      const value = data[token.name];
      if (value === undefined) continue;
      out += Array.isArray(value) ? value.map(encode).join('/') : encode(value);
    }
  }
  return out;
}
