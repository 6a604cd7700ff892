// Property tests: normalize -> mergeResponse -> denormalize gives back the input,
// and junk input either normalizes or throws SchemaError, never touching
// Object.prototype. Runs: FUZZ_RUNS (default 200).
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import {
  Entity,
  MemoCache,
  SchemaError,
  emptyStore,
  mergeResponse,
  normalize,
  type EntityMeta,
} from '../../src/schema/index.js';
import {ok, at} from './helpers/schema-store.js';

const RUNS = Number(process.env.FUZZ_RUNS) || 200;


class RUser extends Entity {
  id = '';
  name = '';
  static key = 'RUser';
}
class RTag extends Entity {
  id = '';
  label = '';
  static key = 'RTag';
}
class RArticle extends Entity {
  id = '';
  title = '';
  author = RUser.fromJS();
  tags: RTag[] = [];
  publishedAt = new Date(0);
  price = new Decimal(0);
  static key = 'RArticle';
  static schema = {author: RUser, tags: [RTag], publishedAt: Date, price: Decimal};
}
const LIST = [RArticle];
const CLASSES = new Map<string, Function>([
  ['RUser', RUser],
  ['RTag', RTag],
  ['RArticle', RArticle],
]);

/** Keys a hostile server might send. */
const HOSTILE = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const idArb = fc.oneof({weight: 4, arbitrary: fc.string({minLength: 1, maxLength: 6})}, {weight: 1, arbitrary: fc.constantFrom(...HOSTILE)});
const decimalArb = fc
  .tuple(fc.bigInt({min: -(10n ** 30n), max: 10n ** 30n}), fc.integer({min: 0, max: 30}))
  .map(([n, scale]) => new Decimal(n.toString()).div(new Decimal(10).pow(scale)).toString());
const isoArb = fc
  .date({min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true})
  .map(d => d.toISOString());
/** Extra, unschema'd fields, hostile names included. */
const extrasArb = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'note'), fc.jsonValue({maxDepth: 2}), {
  maxKeys: 3,
});

/** Adds own properties, `__proto__` included, as JSON.parse would. */
function withExtras<T extends object>(base: T, extras: Record<string, unknown>): T {
  for (const key of Object.keys(extras)) {
    Object.defineProperty(base, key, {value: extras[key], enumerable: true, writable: true, configurable: true});
  }
  return base;
}

const responseArb = fc
  .record({
    users: fc.uniqueArray(fc.record({id: idArb, name: fc.string({maxLength: 8})}), {selector: u => u.id, minLength: 1, maxLength: 6}),
    tags: fc.uniqueArray(fc.record({id: idArb, label: fc.string({maxLength: 5})}), {selector: t => t.id, maxLength: 4}),
    articles: fc.uniqueArray(
      fc.record({
        id: idArb,
        title: fc.string({maxLength: 12}),
        author: fc.nat(),
        tags: fc.array(fc.nat(), {maxLength: 3}),
        publishedAt: isoArb,
        price: decimalArb,
        extras: extrasArb,
      }),
      {selector: a => a.id, maxLength: 25},
    ),
  })
  .map(({users, tags, articles}) =>
    articles.map(a =>
      withExtras(
        {
          id: a.id,
          title: a.title,
          author: {...users[a.author % users.length]!},
          tags: tags.length ? a.tags.map(i => ({...tags[i % tags.length]!})) : [],
          publishedAt: a.publishedAt,
          price: a.price,
        },
        a.extras,
      ),
    ),
  );

/** The wire form of a denormalized value: Dates and Decimals back to strings, classes dropped. */
const toPlain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const protoNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
const PROTO_NAMES = protoNames();
function assertPrototypesClean(): void {
  assert.deepEqual(protoNames(), PROTO_NAMES, 'Object.prototype gained no property');
  assert.equal(({} as any).polluted, undefined);
  assert.equal(Object.getPrototypeOf({}), Object.prototype);
  for (const [, cls] of CLASSES) assert.deepEqual(Object.keys(cls.prototype), [], `${cls.name}.prototype untouched`);
}

/** Every Entity instance reachable from `value` has its class prototype. */
function assertInstancePrototypes(value: unknown, seen = new Set<unknown>()): void {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (value instanceof Entity) {
    // Not value.constructor: a response may carry a `constructor` field, kept as data.
    const cls = [...CLASSES.values()].find(c => value instanceof c);
    ok(cls, 'a known class');
    assert.equal(Object.getPrototypeOf(value), cls.prototype);
    for (const field of ['author', 'tags'] as const) {
      if (field in value) assertInstancePrototypes((value as any)[field], seen);
    }
    return;
  }
  if (Array.isArray(value)) for (const item of value) assertInstancePrototypes(item, seen);
}

describe('roundtrip properties', () => {
  test('random articles with shared authors normalize, merge and denormalize back to the input', () => {
    fc.assert(
      fc.property(responseArb, input => {
        const wire = JSON.parse(JSON.stringify(input));
        const n = normalize(LIST, wire);
        const store = mergeResponse(emptyStore(), n, at(1));
        const memo = new MemoCache();
        const out = memo.denormalize<RArticle[]>(LIST, n.result, store.entities);
        assert.equal(out.invalid, false);
        const list = out.data!;
        assert.deepEqual(toPlain(list), toPlain(input));
        // Classes, conversions and shared instances.
        const authors = new Map<string, RUser>();
        for (const article of list) {
          assert.equal(Object.getPrototypeOf(article), RArticle.prototype);
          ok(article.publishedAt instanceof Date, 'a Date');
          ok(article.price instanceof Decimal, 'a Decimal');
          ok(article.author instanceof RUser, 'a RUser');
          const earlier = authors.get(article.author.id);
          if (earlier) assert.equal(article.author, earlier, 'one instance per author');
          else authors.set(article.author.id, article.author);
          for (const tag of article.tags) ok(tag instanceof RTag, 'a RTag');
        }
        assertInstancePrototypes(list);
        assertPrototypesClean();
        // Warm read and an equal refetch keep the identical list.
        assert.equal(memo.denormalize(LIST, n.result, store.entities).data, list);
        const again = normalize(LIST, JSON.parse(JSON.stringify(input)));
        const store2 = mergeResponse(store, again, at(2));
        assert.equal(store2.entities, store.entities, 'an equal refetch changes no table');
        assert.equal(memo.denormalize(LIST, again.result, store2.entities).data, list);
      }),
      {numRuns: RUNS},
    );
  });

  test('random junk either normalizes or throws SchemaError, and never touches Object.prototype', () => {
    const field = fc.oneof(
      fc.jsonValue({maxDepth: 2}),
      isoArb,
      decimalArb,
      fc.record({id: idArb, name: fc.string()}, {requiredKeys: []}),
      fc.array(fc.record({id: idArb, label: fc.string()}, {requiredKeys: []}), {maxLength: 3}),
    );
    const articleLike = fc.dictionary(
      fc.constantFrom('id', 'title', 'author', 'tags', 'publishedAt', 'price', ...HOSTILE, 'polluted'),
      field,
      {maxKeys: 8},
    );
    const junk = fc.oneof(fc.jsonValue({maxDepth: 3}), articleLike, fc.array(articleLike, {maxLength: 5}));
    const schemas = fc.constantFrom<unknown>(LIST, RArticle, {items: LIST, first: RArticle});
    fc.assert(
      fc.property(schemas, junk, fc.boolean(), (s, value, viaJson) => {
        const data = viaJson ? JSON.parse(JSON.stringify(value) ?? 'null') : value;
        let n: ReturnType<typeof normalize>;
        try {
          n = normalize(s, data);
        } catch (error) {
          ok(error instanceof SchemaError, `only SchemaError may be thrown, got ${String(error)}`);
          assertPrototypesClean();
          return;
        }
        const store = mergeResponse(emptyStore(), n, at(1));
        const out = new MemoCache().denormalize(s, n.result, store.entities);
        assertInstancePrototypes(out.data);
        if (out.data && typeof out.data === 'object' && !Array.isArray(out.data) && !(out.data instanceof Entity)) {
          for (const v of Object.values(out.data)) assertInstancePrototypes(v);
        }
        assertPrototypesClean();
      }),
      {numRuns: RUNS},
    );
  });
});
