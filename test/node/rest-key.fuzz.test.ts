// `RestEndpoint#key` writes the key of params that only fill the path (`{id: 7}`) without
// going through `url`. Whatever route it takes, a key must be the one `url` builds: here, on
// generated templates, prefixes and params of every shape (query params, inherited and
// non-enumerable properties, objects without a prototype, empty, dot, encoded and unpaired
// surrogate strings, numbers that are no safe integers, booleans, bigints, lists, objects),
// `key(params)` equals `${method} ${url(params)}`, or both throw the same error.
//
// FUZZ_RUNS (default 1000 per property) sets the size; `npm run fuzz` runs 100 000.
// FUZZ_SEED replays a failing run.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {RestEndpoint} from '../../src/rest/index.js';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const options = {numRuns: NUM_RUNS, ...(SEED === undefined ? {} : {seed: SEED})};

/** Names, a few of them Object.prototype members. */
const NAMES = ['id', 'slug', 'a', 'b', 'constructor', 'toString', '__proto__'];
const nameArb = fc.constantFrom(...NAMES);
const textArb = fc.constantFrom('/', '/items/', '-', '.', '/a b/', '/é/', '\\:x');

/** Mostly text and `:name` (the written-at-once templates), sometimes an optional part or a wildcard. */
const templateArb = fc
  .array(
    fc.oneof(
      {weight: 4, arbitrary: textArb},
      {weight: 4, arbitrary: nameArb.map(name => `:${name}`)},
      {weight: 1, arbitrary: nameArb.map(name => `{/:${name}}`)},
      {weight: 1, arbitrary: nameArb.map(name => `/*${name}`)},
    ),
    {minLength: 1, maxLength: 5},
  )
  .map(pieces => pieces.join(''))
  // A name both a `:param` and a `*wildcard` is refused at parse time whatever the key does.
  .filter(path => {
    try {
      new RestEndpoint({path});
      return true;
    } catch {
      return false;
    }
  });

const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  {weight: 4, arbitrary: fc.integer({min: -1000, max: 100_000})},
  {weight: 3, arbitrary: fc.string({unit: fc.constantFrom('a', '1', '/', '?', '#', '%', ' ', '.', '&', 'é', '😀'), maxLength: 4})},
  {weight: 1, arbitrary: fc.constantFrom('', '.', '..', '\ud800', -0, 2 ** 53, -(2 ** 53), 1e21, 0.5, NaN, Infinity, true, 7n, null, undefined)},
  {weight: 1, arbitrary: fc.double()},
  {weight: 1, arbitrary: fc.constantFrom([], [1], ['a', 'b'], {}, {id: 1})},
);

/** How a property is put on the params object. */
type How = 'own' | 'inherited' | 'hidden';
const entryArb = fc.tuple(fc.oneof(nameArb, fc.constantFrom('q', 'page', 'ids')), valueArb, fc.constantFrom<How>('own', 'own', 'own', 'inherited', 'hidden'));

/** A params object with these entries: own enumerable, inherited from its prototype, or own but not enumerable. */
function paramsOf(entries: readonly (readonly [string, unknown, How])[], bare: boolean): Record<string, unknown> {
  const proto: Record<string, unknown> = bare ? Object.create(null) : {};
  const params: Record<string, unknown> = Object.create(entries.some(([, , how]) => how === 'inherited') ? proto : bare ? null : Object.prototype);
  for (const [name, value, how] of entries) {
    Object.defineProperty(how === 'inherited' ? proto : params, name, {value, enumerable: how !== 'hidden', writable: true, configurable: true});
  }
  return params;
}

const paramsArb = fc.tuple(fc.array(entryArb, {maxLength: 4}), fc.boolean()).map(([entries, bare]) => paramsOf(entries, bare));

/** What a call gives: its value, or the kind and message of what it threw. */
function outcome(run: () => string): string {
  try {
    return `value ${run()}`;
  } catch (error) {
    return `threw ${(error as Error).name}: ${(error as Error).message}`;
  }
}

describe('RestEndpoint#key', () => {
  test('equals the method and the URL, or throws what building the URL throws', () => {
    fc.assert(
      fc.property(templateArb, fc.constantFrom('', 'https://api.test/'), fc.constantFrom('GET', 'DELETE'), paramsArb, (path, urlPrefix, method, params) => {
        // A prefix ends with the slash a path that starts with one would double (development mode refuses both).
        const endpoint = new RestEndpoint({path, urlPrefix: path.startsWith('/') ? urlPrefix.slice(0, -1) : urlPrefix, method});
        const expected = outcome(() => `${endpoint.method} ${endpoint.url(params)}`);
        assert.equal(outcome(() => endpoint.key(params)), expected, `${path} ${JSON.stringify(Object.getOwnPropertyNames(params))}`);
        // Asked again for the same object, as readers do on every update.
        assert.equal(outcome(() => endpoint.key(params)), expected);
      }),
      options,
    );
  });

  test('examples: path params written at once, and everything else as url builds it', () => {
    const get = new RestEndpoint({urlPrefix: 'https://api.test', path: '/items/:id'});
    assert.equal(get.key({id: 7}), 'GET https://api.test/items/7');
    assert.equal(get.key({id: -3}), 'GET https://api.test/items/-3');
    assert.equal(get.key({id: 'a/b'}), 'GET https://api.test/items/a%2Fb');
    assert.equal(get.key({id: '..'}), 'GET https://api.test/items/%2E%2E');
    assert.equal(get.key({id: 1e21}), 'GET https://api.test/items/1e%2B21');
    assert.equal(get.key({id: 1, q: 'x'}), 'GET https://api.test/items/1?q=x');
    assert.equal(get.key(Object.create({q: 'x', id: 2})), 'GET https://api.test/items/2');
    assert.throws(() => get.key({id: ''}), /missing required path parameter "id"/);
    assert.throws(() => get.key({id: '\ud800'}), URIError);
    const two = new RestEndpoint({path: '/users/:user/posts/:id'});
    assert.equal(two.key({id: 2, user: 'ann'}), 'GET /users/ann/posts/2');
    assert.throws(() => two.key({id: [2] as never, user: '\ud800'}), /path parameter "id" must be a string or a number, got an array/);
  });

  test('a subclass that builds its own URL keys by it', () => {
    class Versioned extends RestEndpoint {
      override url(params: Record<string, unknown>): string {
        return `${super.url(params)}?v=2`;
      }
    }
    assert.equal(new Versioned({path: '/items/:id'}).key({id: 1}), 'GET /items/1?v=2');
  });
});
