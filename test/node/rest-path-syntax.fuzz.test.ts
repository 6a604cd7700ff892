// The path-template parser of src/rest claims path-to-regexp 8's syntax. Here path-to-regexp
// itself (a dev dependency) is the reference, on generated templates and params:
//
// - parsing: our tokens equal its `parse(...).tokens` for any string over the syntax's
//   characters, and a string one rejects (TypeError) the other rejects too;
// - writing back: our `stringifyPath` gives a template that parses back to the same tokens,
//   the string its `stringify` gives wherever that one parses back too;
// - parameter names: every name, the wildcards, and the required ones (those whose absence
//   makes its `compile` throw) are the ones `pathTemplate` reports;
// - building: `RestEndpoint#url` equals its `compile` with the default encoder
//   (encodeURIComponent) for string values, and on every input equals
//   `compile(path, {encode: encodeSegment})` of the params as {@link asPathToRegexp} reads
//   them: the documented differences (docs/resources.md, "Path templates"), each also shown
//   on an example below.
//
// FUZZ_RUNS (default 1000 per property) sets the size; `npm run fuzz` runs 100 000.
// FUZZ_SEED replays a failing run.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {isDeepStrictEqual} from 'node:util';
import fc from 'fast-check';
import {compile, parse, stringify, TokenData, type Token} from 'path-to-regexp';
import {RestEndpoint} from '../../src/rest/index.js';
import {parsePath, stringifyPath} from '../../src/rest/path-syntax.js';
import {encodeSegment, pathTemplate} from '../../src/rest/path-template.js';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const options = {numRuns: NUM_RUNS, ...(SEED === undefined ? {} : {seed: SEED})};

// --- templates ----------------------------------------------------------------------------

/** Every character the syntax gives a meaning to, and a few ordinary ones of each kind. */
const SYNTAX_CHARS = [':', '*', '{', '}', '\\', '"', '(', ')', '[', ']', '?', '+', '!', '/', 'a', 'b', '1', '_', '$', 'é', ' ', '-', '.', '\u200c', '😀'];
/** Any string over those characters: mostly malformed. */
const soupArb = fc.string({unit: fc.constantFrom(...SYNTAX_CHARS), maxLength: 16});

/** Names a template may use: identifiers (with a digit, `$`, non-ASCII, astral) and names that are Object.prototype members. */
const identifierArb = fc.oneof(
  fc.constantFrom('id', 'slug', 'a', 'b1', '_x', '$', 'ünï', '𝑥', 'constructor', 'toString'),
  fc.tuple(fc.constantFrom('a', 'z', '_', '$', 'é'), fc.string({unit: fc.constantFrom('a', '1', '_', '$', 'é', '\u200c'), maxLength: 3})).map(([head, tail]) => head + tail),
);
/** `:"…"` names: any characters, with `"` and `\` escaped. */
const quotedArb = fc
  .string({unit: fc.constantFrom('a', ' ', '-', '"', '\\', '/', '{', '}', ':', '1', 'é'), minLength: 1, maxLength: 5})
  .map(name => `"${name.replace(/["\\]/g, '\\$&')}"`);
/** Literal text: ordinary characters and escaped syntax characters. */
const textArb = fc
  .array(fc.constantFrom('/', '/', 'a', 'b', '-', '.', '~', '%', ' ', 'é', '𝑥', '😀', '"', '\\:', '\\*', '\\{', '\\}', '\\(', '\\?', '\\\\'), {minLength: 1, maxLength: 4})
  .map(parts => parts.join(''));

/** A well-formed template: text, `:name`, `*name` and nested `{…}` groups. */
const templateArb: fc.Arbitrary<string> = fc.letrec<{seq: string; piece: string}>(tie => ({
  seq: fc.array(tie('piece'), {minLength: 1, maxLength: 5}).map(pieces => pieces.join('')),
  piece: fc.oneof(
    {depthSize: 'small', withCrossShrink: true},
    textArb,
    fc.tuple(fc.constantFrom(':', ':', '*'), fc.oneof(identifierArb, quotedArb)).map(([sigil, name]) => sigil + name),
    tie('seq').map(inner => `{${inner}}`),
  ),
})).seq;

interface Key {
  readonly name: string;
  readonly type: 'param' | 'wildcard';
}

/** The parameters of path-to-regexp's tokens: name and kind. */
function keysOf(tokens: readonly Token[], out: Key[] = []): Key[] {
  for (const token of tokens) {
    if (token.type === 'group') keysOf(token.tokens, out);
    else if (token.type !== 'text') out.push({name: token.name, type: token.type});
  }
  return out;
}

/** The template and its parameters, when no name is both a `:param` and a `*wildcard` (no value can fill both). */
const keyedTemplateArb = templateArb
  .map(path => ({path, keys: keysOf(parse(path).tokens)}))
  .filter(({keys}) => keys.every(key => keys.every(other => other.name !== key.name || other.type === key.type)));

// --- params -------------------------------------------------------------------------------

/** Strings with the characters encoding cares about; well-formed UTF-16 (a lone surrogate: see the examples). */
const stringArb = fc.oneof(
  fc.string({unit: fc.constantFrom('a', '/', '?', '#', '%', ' ', '.', '&', '=', '+', 'é', '😀', '~', '*', ':'), minLength: 1, maxLength: 6}),
  fc.string({unit: 'grapheme', minLength: 1, maxLength: 4}),
);
const dotArb = fc.constantFrom('.', '..');
/** A path of a few segments, some empty or dots: what a wildcard may be given as one string. */
const segmentsArb = fc.array(fc.oneof(stringArb, dotArb, fc.constant('')), {minLength: 2, maxLength: 3}).map(parts => parts.join('/'));
/** What path-to-regexp's compile takes: absent, null/undefined, strings; non-empty string lists for wildcards. */
const plainValueArb = (type: Key['type']): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(undefined, null),
    type === 'param' ? stringArb.filter(value => value !== '.' && value !== '..') : fc.array(stringArb.filter(value => value !== '.' && value !== '..'), {minLength: 1, maxLength: 3}),
  );
/** What RestEndpoint takes besides: empty values, dot segments, numbers, booleans, bigints, strings for wildcards, objects (a TypeError). */
const anyValueArb = (type: Key['type']): fc.Arbitrary<unknown> => {
  const scalar = fc.oneof(stringArb, dotArb, fc.constant(''), fc.integer(), fc.double(), fc.boolean(), fc.bigInt());
  return fc.oneof(
    plainValueArb(type),
    scalar,
    fc.constant({}),
    ...(type === 'wildcard' ? [fc.array(scalar, {maxLength: 3}), segmentsArb] : []),
  );
};

const ABSENT = Symbol('absent');

/** An object with these own properties (a `__proto__` key stays a property), and Object.prototype unless `bare`. */
function own(entries: Iterable<readonly [string, unknown]>, bare = false): Record<string, unknown> {
  const out: Record<string, unknown> = bare ? Object.create(null) : {};
  for (const [name, value] of entries) Object.defineProperty(out, name, {value, enumerable: true, writable: true, configurable: true});
  return out;
}

/** A params object with some of the names: each absent, or present with a value of `value`. */
function paramsArb(keys: readonly Key[], value: (type: Key['type']) => fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  const unique = [...new Map(keys.map(key => [key.name, key])).values()];
  return fc
    .tuple(...unique.map(key => fc.oneof(fc.constant(ABSENT), value(key.type)).map(v => [key.name, v] as const)))
    .map(entries => own(entries.filter(([, v]) => v !== ABSENT)));
}

/**
 * The params as path-to-regexp must be given them to build the same path: the documented
 * differences of RestEndpoint. `''` and `[]` are missing values (as `undefined` is); numbers, booleans and
 * bigints are written as strings; a wildcard given a string takes its `/`-separated parts,
 * and given one scalar takes it as its one segment.
 */
function asPathToRegexp(params: Record<string, unknown>, wildcards: ReadonlySet<string>): Record<string, unknown> {
  const scalar = (value: unknown) => (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value) : value);
  const out: [string, unknown][] = [];
  for (const name of Object.keys(params)) {
    let value = params[name];
    if (value === '' || (Array.isArray(value) && value.length === 0)) value = undefined;
    else if (!wildcards.has(name)) value = scalar(value);
    else if (typeof value === 'string') value = value.split('/');
    else if (Array.isArray(value)) value = value.map(scalar);
    else if (value !== null && value !== undefined && typeof value !== 'object') value = [scalar(value)];
    out.push([name, value]);
  }
  return own(out);
}

type Outcome<T> = {value: T} | {error: unknown};
function outcome<T>(run: () => T): Outcome<T> {
  try {
    return {value: run()};
  } catch (error) {
    return {error};
  }
}

/** Both gave the same value, or both threw a TypeError (path-to-regexp's PathError is one). */
function assertSame<T>(mine: Outcome<T>, theirs: Outcome<T>, message: string): void {
  if ('error' in theirs) {
    assert.ok(theirs.error instanceof TypeError, `path-to-regexp threw ${String(theirs.error)}: ${message}`);
    assert.ok('error' in mine, `path-to-regexp threw "${String(theirs.error)}", we gave ${JSON.stringify(mine)}: ${message}`);
    assert.ok(mine.error instanceof TypeError, `we threw ${String(mine.error)}: ${message}`);
  } else {
    assert.deepEqual(mine, theirs, message);
  }
}

const url = (path: string, params: Record<string, unknown>) => new RestEndpoint({path}).url(params as never);

// --- properties ---------------------------------------------------------------------------

describe('path templates against path-to-regexp 8', () => {
  test('any string: the same tokens, or both a TypeError', () => {
    fc.assert(
      fc.property(fc.oneof(soupArb, templateArb), path => {
        assertSame<unknown>(outcome(() => parsePath(path)), outcome(() => parse(path).tokens), path);
      }),
      options,
    );
  });

  test('well-formed templates parse, and are written back as stringify writes them', () => {
    fc.assert(
      fc.property(templateArb, path => {
        const tokens = parsePath(path);
        assert.deepEqual(tokens, parse(path).tokens, path);
        const written = stringifyPath(tokens);
        assert.deepEqual(parsePath(written), tokens, `${path} written as ${written}`);
        // Where path-to-regexp's own output does not parse back (see the examples), ours differs.
        const theirs = stringify(new TokenData(tokens as Token[], path));
        if (isDeepStrictEqual(parse(theirs).tokens, tokens)) assert.equal(written, theirs, path);
      }),
      options,
    );
  });

  test('parameter names: all, wildcards, and required (their absence makes compile throw)', () => {
    fc.assert(
      fc.property(keyedTemplateArb, ({path, keys}) => {
        const template = pathTemplate(path);
        const names = new Set(keys.map(key => key.name));
        assert.deepEqual(template.names, names, path);
        assert.deepEqual(template.wildcards, new Set(keys.filter(key => key.type === 'wildcard').map(key => key.name)), path);
        assert.deepEqual(new Set([...template.required, ...template.optional]), names, path);
        const build = compile(path);
        // Objects without a prototype: an absent `toString` must read as absent, not as the inherited method.
        const required = [...names].filter(name => {
          const others = keys.filter(key => key.name !== name).map(key => [key.name, key.type === 'wildcard' ? ['x'] : 'x'] as const);
          return 'error' in outcome(() => build(own(others, true) as never));
        });
        assert.deepEqual(new Set(template.required), new Set(required), path);
      }),
      options,
    );
  });

  test('string values: RestEndpoint#url is compile with its default encoder', () => {
    fc.assert(
      fc.property(
        keyedTemplateArb.chain(({path, keys}) => fc.tuple(fc.constant(path), paramsArb(keys, plainValueArb))),
        ([path, params]) => {
          assertSame(outcome(() => url(path, params)), outcome(() => compile(path)(params as never)), `${path} ${JSON.stringify(params)}`);
        },
      ),
      options,
    );
  });

  test('any values: RestEndpoint#url is compile with encodeSegment of the params as documented', () => {
    fc.assert(
      fc.property(
        keyedTemplateArb.chain(({path, keys}) => fc.tuple(fc.constant(path), paramsArb(keys, anyValueArb))),
        ([path, params]) => {
          const translated = asPathToRegexp(params, pathTemplate(path).wildcards);
          const theirs = outcome(() => compile(path, {encode: encodeSegment})(translated as never));
          assertSame(outcome(() => url(path, params)), theirs, `${path} ${String(Object.entries(params))}`);
        },
      ),
      options,
    );
  });

  test('encodeSegment is encodeURIComponent but for the dot segments', () => {
    fc.assert(
      fc.property(fc.oneof(stringArb, dotArb, fc.string({unit: 'binary', maxLength: 4})), value => {
        const mine = outcome(() => encodeSegment(value));
        if (value === '.' || value === '..') assert.deepEqual(mine, {value: value === '.' ? '%2E' : '%2E%2E'});
        else assert.deepEqual(mine, outcome(() => encodeURIComponent(value)), JSON.stringify(value));
      }),
      options,
    );
  });
});

// --- the documented differences, each on an example where path-to-regexp does otherwise ---

describe('where RestEndpoint differs from path-to-regexp 8 (docs/resources.md)', () => {
  test("'' is a missing value: a required one is a TypeError, an optional part is left out", () => {
    assert.equal(compile('/users/:id')({id: ''}), '/users/');
    assert.throws(() => url('/users/:id', {id: ''}), /missing required path parameter "id"/);
    assert.equal(compile('/users{/:id}')({id: ''}), '/users/');
    assert.equal(url('/users{/:id}', {id: ''}), '/users');
  });

  test('[] for a wildcard is a missing value', () => {
    assert.throws(() => compile('/files{/*path}')({path: []}), /non-empty array/);
    assert.equal(url('/files{/*path}', {path: []}), '/files');
  });

  test('numbers, booleans and bigints are written as strings', () => {
    assert.throws(() => compile('/users/:id')({id: 7 as never}), /to be a string/);
    assert.equal(url('/users/:id/:flag/:big', {id: 7, flag: true, big: 10n}), '/users/7/true/10');
  });

  test("a wildcard takes a string's /-separated parts, or one scalar as its one segment", () => {
    assert.throws(() => compile('/files/*path')({path: 'a/b c' as never}), /non-empty array/);
    assert.equal(url('/files/*path', {path: 'a/b c'}), '/files/a/b%20c');
    assert.equal(url('/files/*path', {path: 3}), '/files/3');
  });

  test("a value '.' or '..' is written %2E or %2E%2E (and a request with it is refused)", () => {
    assert.equal(compile('/users/:id')({id: '..'}), '/users/..');
    assert.equal(url('/users/:id', {id: '..'}), '/users/%2E%2E');
    assert.equal(url('/files/*path', {path: ['a', '.']}), '/files/a/%2E');
  });

  test('writing back: a name before text that opens with an astral name character is quoted', () => {
    const tokens = parsePath('/:"a"𝑥');
    assert.equal(stringify(new TokenData(tokens as Token[])), '/:a𝑥', 'path-to-regexp writes a template that reads the name a𝑥');
    assert.equal(stringifyPath(tokens), '/:"a"𝑥');
  });

  test('a lone surrogate is a URIError in both when written; path-to-regexp throws even when its part is left out', () => {
    assert.throws(() => compile('/a/:b')({b: '\ud800'}), URIError);
    assert.throws(() => url('/a/:b', {b: '\ud800'}), URIError);
    assert.throws(() => compile('/a{/:b/:c}')({b: '\ud800'}), URIError);
    assert.equal(url('/a{/:b/:c}', {b: '\ud800'}), '/a');
  });
});
