// Property-based fuzz of normalize / mergeResponse / MemoCache.denormalize.
//
// Each run builds a few Entity classes with random nested schemas (other entities, cycles
// included, `[S]` and `schema.Array`, `schema.Values`, object schemas, `Date` fields, a
// `schema.Collection` at the root) and a response for a random root schema, always passed
// through JSON.stringify/JSON.parse like a real body, with `__proto__`, `constructor` and
// `prototype` among the keys.
//
// - Well-formed responses (each entity's data the same wherever it appears) must normalize
//   and round-trip: the denormalized value equals the input (entities as instances of their
//   class, null list members dropped, Date fields as Dates), a second read is the identical
//   object, and merging the same response again leaves the entity tables identical.
// - Corrupted responses (random JSON spliced in anywhere, entities that disagree) either
//   throw SchemaError (nothing else) or normalize; then reading never throws and every
//   (entity, pk) is one identical instance wherever it appears.
// - Nothing ever reaches Object.prototype or an Entity class's prototype.
//
// FUZZ_RUNS (default 1000 per property) sets the size; `npm run fuzz` runs 100 000.
// FUZZ_SEED replays a failing run.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {Entity, MemoCache, SchemaError, emptyStore, mergeResponse, normalize, schema} from '../../src/schema/index.js';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const CLASSES = 3;
const MAX_DEPTH = 4;

// --- schema descriptions -------------------------------------------------------------------

type Desc =
  | {k: 'plain'}
  | {k: 'date'}
  | {k: 'entity'; c: number}
  | {k: 'array'; of: Desc; shorthand: boolean}
  | {k: 'values'; of: Desc}
  | {k: 'object'; members: [string, Desc][]};
type RootDesc = Desc | {k: 'collection'; c: number};
interface ClassDesc {
  pkField: 'id' | 'slug';
  fields: [string, Desc][];
}

/** Keys that must stay data; `pk` would shadow the method on an instance. */
const HOSTILE = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'pk'];
const NAMES = ['title', 'n', 'child', 'items', 'meta', ...HOSTILE];

const descArb: fc.Arbitrary<Desc> = fc.letrec<{desc: Desc}>(tie => ({
  desc: fc.oneof(
    {depthSize: 'small', withCrossShrink: true},
    fc.constant({k: 'plain'} as const),
    fc.record({k: fc.constant('entity' as const), c: fc.nat({max: CLASSES - 1})}),
    fc.record({k: fc.constant('array' as const), of: tie('desc'), shorthand: fc.boolean()}),
    fc.record({k: fc.constant('values' as const), of: tie('desc')}),
    fc.record({
      k: fc.constant('object' as const),
      members: fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), tie('desc')), {maxLength: 3, selector: ([name]) => name}),
    }),
  ),
})).desc;

const fieldDescArb: fc.Arbitrary<Desc> = fc.oneof({weight: 1, arbitrary: fc.constant({k: 'date'} as const)}, {weight: 4, arbitrary: descArb});

const classDescArb: fc.Arbitrary<ClassDesc> = fc.record({
  pkField: fc.constantFrom('id' as const, 'slug' as const),
  fields: fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), fieldDescArb), {maxLength: 4, selector: ([name]) => name}),
});

const rootDescArb: fc.Arbitrary<RootDesc> = fc.oneof(
  {weight: 5, arbitrary: descArb},
  {weight: 2, arbitrary: fc.record({k: fc.constant('entity' as const), c: fc.nat({max: CLASSES - 1})})},
  {weight: 1, arbitrary: fc.record({k: fc.constant('collection' as const), c: fc.nat({max: CLASSES - 1})})},
);

// --- building the classes and schemas ------------------------------------------------------

type EntityClass = typeof Entity & (new () => Entity);

/** Defines `key` as an own data property, even `__proto__`. */
function put(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {value, enumerable: true, writable: true, configurable: true});
}

function buildClasses(defs: readonly ClassDesc[]): EntityClass[] {
  const classes = defs.map((def, i) => {
    const C = class extends Entity {} as unknown as EntityClass;
    C.key = `Fuzz${i}`;
    if (def.pkField === 'slug') {
      C.prototype.pk = function (this: {slug?: string | number}) {
        return this.slug;
      };
    }
    return C;
  });
  defs.forEach((def, i) => {
    const fields = {};
    for (const [name, desc] of def.fields) if (name !== def.pkField) put(fields, name, toSchema(desc, classes));
    classes[i]!.schema = fields;
  });
  return classes;
}

function toSchema(desc: RootDesc, classes: readonly EntityClass[]): unknown {
  switch (desc.k) {
    case 'plain':
      return undefined;
    case 'date':
      return Date;
    case 'entity':
      return classes[desc.c];
    case 'array':
      return desc.shorthand ? [toSchema(desc.of, classes)] : new schema.Array(toSchema(desc.of, classes) as never);
    case 'values':
      return new schema.Values(toSchema(desc.of, classes) as never);
    case 'collection':
      return new schema.Collection([classes[desc.c]!]);
    case 'object': {
      const members = {};
      for (const [name, member] of desc.members) put(members, name, toSchema(member, classes));
      return members;
    }
  }
}

/** The schema of each field of a class (the pk field carries none). */
function fieldDescs(def: ClassDesc): Map<string, Desc> {
  return new Map(def.fields.filter(([name]) => name !== def.pkField));
}

// --- responses ------------------------------------------------------------------------------

const keyArb = fc.oneof(fc.constantFrom(...NAMES, 'id', 'slug'), fc.string({maxLength: 3}));

/** Random JSON with hostile keys, objects built with own properties (as JSON.parse makes them). */
const jsonArb: fc.Arbitrary<unknown> = fc.letrec<{json: unknown}>(tie => ({
  json: fc.oneof(
    {depthSize: 'small', withCrossShrink: true},
    fc.constantFrom(null, true, false, 0, -1, 1.5, '', 'a', '2024-01-01T00:00:00.000Z', 'not a date'),
    fc.string({maxLength: 4}),
    fc.integer(),
    fc.array(tie('json'), {maxLength: 3}),
    fc.array(fc.tuple(keyArb, tie('json')), {maxLength: 4}).map(entries => {
      const out = {};
      for (const [key, value] of entries) put(out, key, value);
      return out;
    }),
  ),
})).json;

const pkArb = fc.constantFrom<string | number>('a', 'b', 'c', 1, 2);
const dateArb = fc
  .date({min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true})
  .map(d => d.toISOString());

/**
 * A response for `desc`. With `chaos` > 0, any node may be replaced by random JSON.
 * Entities draw their pk from a small pool, so the same entity appears several times.
 */
function dataArb(desc: RootDesc, defs: readonly ClassDesc[], chaos: number, depth = 0): fc.Arbitrary<unknown> {
  const proper = properArb(desc, defs, chaos, depth);
  if (chaos === 0) return proper;
  return fc.oneof({weight: Math.round((1 - chaos) * 100), arbitrary: proper}, {weight: Math.round(chaos * 100), arbitrary: jsonArb});
}

function properArb(desc: RootDesc, defs: readonly ClassDesc[], chaos: number, depth: number): fc.Arbitrary<unknown> {
  const deeper = (d: Desc) => (depth >= MAX_DEPTH ? fc.constant(null) : dataArb(d, defs, chaos, depth + 1));
  const nullable = (d: Desc) => fc.option(deeper(d), {nil: null, freq: 4});
  switch (desc.k) {
    case 'plain':
      return jsonArb;
    case 'date':
      return dateArb;
    case 'entity': {
      const def = defs[desc.c]!;
      const fields = [...fieldDescs(def)];
      return fc
        .tuple(
          pkArb,
          fc.tuple(...fields.map(([, d]) => fc.option(nullable(d), {nil: undefined}))),
          fc.array(fc.tuple(keyArb, jsonArb), {maxLength: 2}),
        )
        .map(([pk, values, extra]) => {
          const out = {};
          // Unknown keys first, so that a field of the schema always wins over a random one.
          for (const [key, value] of extra) if (key !== def.pkField && !fields.some(([name]) => name === key)) put(out, key, value);
          put(out, def.pkField, pk);
          fields.forEach(([name], i) => {
            if (values[i] !== undefined) put(out, name, values[i]);
          });
          return out;
        });
    }
    case 'array':
      return fc.array(nullable(desc.of), {maxLength: 3});
    case 'collection':
      return fc.array(nullable({k: 'entity', c: desc.c}), {maxLength: 4});
    case 'values':
      return fc.uniqueArray(fc.tuple(keyArb, nullable(desc.of)), {maxLength: 3, selector: ([key]) => key}).map(entries => {
        const out = {};
        for (const [key, value] of entries) put(out, key, value);
        return out;
      });
    case 'object':
      return fc
        .tuple(
          fc.tuple(...desc.members.map(([, d]) => fc.option(nullable(d), {nil: undefined}))),
          fc.array(fc.tuple(keyArb, jsonArb), {maxLength: 2}),
        )
        .map(([values, extra]) => {
          const out = {};
          for (const [key, value] of extra) if (!desc.members.some(([name]) => name === key)) put(out, key, value);
          desc.members.forEach(([name], i) => {
            if (values[i] !== undefined) put(out, name, values[i]);
          });
          return out;
        });
  }
}

/** As a server would send it: JSON text, parsed again (`__proto__` keys stay own data). */
function overTheWire(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Makes every occurrence of an entity carry the same data (the first complete one), and an
 * entity nested in itself null: a response a consistent server would send.
 */
function consistent(desc: RootDesc, value: unknown, defs: readonly ClassDesc[], seen = new Map<string, unknown>(), open = new Set<string>()): unknown {
  if (value === null || value === undefined) return value;
  switch (desc.k) {
    case 'entity': {
      const def = defs[desc.c]!;
      if (!isObject(value)) return value;
      const id = `${desc.c}:${String(value[def.pkField])}`;
      if (open.has(id)) return null;
      if (seen.has(id)) return seen.get(id);
      open.add(id);
      const fields = fieldDescs(def);
      const out = {};
      for (const key of Object.keys(value)) {
        const d = fields.get(key);
        put(out, key, d ? consistent(d, value[key], defs, seen, open) : value[key]);
      }
      open.delete(id);
      seen.set(id, out);
      return out;
    }
    case 'array':
    case 'collection': {
      const of: Desc = desc.k === 'array' ? desc.of : {k: 'entity', c: desc.c};
      return Array.isArray(value) ? value.map(v => consistent(of, v, defs, seen, open)) : value;
    }
    case 'values':
    case 'object': {
      if (!isObject(value)) return value;
      const members = desc.k === 'object' ? new Map(desc.members) : undefined;
      const out = {};
      for (const key of Object.keys(value)) {
        const d = desc.k === 'values' ? desc.of : members!.get(key);
        put(out, key, d ? consistent(d, value[key], defs, seen, open) : value[key]);
      }
      return out;
    }
    default:
      return value;
  }
}

// --- expectations ---------------------------------------------------------------------------

/** A comparable copy of a denormalized value: entities as `{$class, ...fields}`, Dates as `{$date}`. */
function strip(value: unknown, seen = new Set<object>()): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return {$date: value.toISOString()};
  if (seen.has(value)) return {$cycle: true};
  seen.add(value);
  let out: unknown;
  if (Array.isArray(value)) out = value.map(v => strip(v, seen));
  else {
    const obj = {};
    const proto = Object.getPrototypeOf(value);
    if (proto instanceof Entity) put(obj, '$class', (proto.constructor as typeof Entity).key);
    for (const key of Object.keys(value)) put(obj, key, strip((value as Record<string, unknown>)[key], seen));
    out = obj;
  }
  seen.delete(value);
  return out;
}

/** What denormalize must give back for a well-formed response, in `strip`'s form. */
function expected(desc: RootDesc, value: unknown, defs: readonly ClassDesc[]): unknown {
  if (value === null || value === undefined) return value;
  switch (desc.k) {
    case 'plain':
      return strip(value);
    case 'date':
      return {$date: new Date(value as string).toISOString()};
    case 'entity': {
      const def = defs[desc.c]!;
      const fields = fieldDescs(def);
      const out = {};
      put(out, '$class', `Fuzz${desc.c}`);
      const input = value as Record<string, unknown>;
      for (const key of Object.keys(input)) {
        const d = fields.get(key);
        put(out, key, d ? expected(d, input[key], defs) : strip(input[key]));
      }
      return out;
    }
    case 'array':
    case 'collection': {
      const of: Desc = desc.k === 'array' ? desc.of : {k: 'entity', c: desc.c};
      return (value as unknown[]).filter(v => v !== null && v !== undefined).map(v => expected(of, v, defs));
    }
    case 'values': {
      const out = {};
      const input = value as Record<string, unknown>;
      for (const key of Object.keys(input)) if (input[key] !== null && input[key] !== undefined) put(out, key, expected(desc.of, input[key], defs));
      return out;
    }
    case 'object': {
      const members = new Map(desc.members);
      const out = {};
      const input = value as Record<string, unknown>;
      for (const key of Object.keys(input)) {
        const d = members.get(key);
        put(out, key, d ? expected(d, input[key], defs) : strip(input[key]));
      }
      return out;
    }
  }
}

/** Every (entity key, pk) in a denormalized value is one identical instance. */
function assertOneInstancePerEntity(value: unknown): void {
  const byId = new Map<string, object>();
  const seen = new Set<object>();
  const visit = (v: unknown) => {
    if (v === null || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    const proto = Object.getPrototypeOf(v);
    if (proto instanceof Entity) {
      // The prototype's pk, not the instance's: a field named `pk` is data.
      const id = `${(proto.constructor as typeof Entity).key}\u0000${String((proto.pk as () => unknown).call(v))}`;
      const first = byId.get(id);
      if (first === undefined) byId.set(id, v);
      else assert.equal(v, first, `${id} is one instance`);
    }
    for (const key of Object.keys(v)) visit((v as Record<string, unknown>)[key]);
  };
  visit(value);
}

// --- the properties -------------------------------------------------------------------------

const PROTOTYPES: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['Entity.prototype', Entity.prototype],
];
const ownNames = (o: object) => Reflect.ownKeys(o).map(String).sort();
const pristine = PROTOTYPES.map(([name, proto]) => [name, ownNames(proto)] as const);

function assertPrototypesUntouched(classes: readonly EntityClass[]): void {
  for (const [i, [name, proto]] of PROTOTYPES.entries()) assert.deepEqual(ownNames(proto), pristine[i]![1], `${name} gained no key`);
  for (const C of classes) {
    const names = ownNames(C.prototype).filter(n => n !== 'constructor' && n !== 'pk');
    assert.deepEqual(names, [], `${C.key}.prototype gained no key`);
  }
  assert.equal(Object.getPrototypeOf(Object.prototype), null);
}

interface Case {
  defs: ClassDesc[];
  root: RootDesc;
  data: unknown;
}

const caseArb = (chaos: number): fc.Arbitrary<Case> =>
  fc
    .record({defs: fc.array(classDescArb, {minLength: CLASSES, maxLength: CLASSES}), root: rootDescArb})
    .chain(({defs, root}) => dataArb(root, defs, chaos).map(data => ({defs, root, data})));

const options = {numRuns: NUM_RUNS, ...(SEED === undefined ? {} : {seed: SEED})};

test(`fuzz: well-formed responses round-trip through normalize, mergeResponse and denormalize (${NUM_RUNS} runs)`, t => {
  const started = performance.now();
  fc.assert(
    fc.property(caseArb(0), ({defs, root, data}) => {
      const classes = buildClasses(defs);
      const s = toSchema(root, classes);
      const input = overTheWire(consistent(root, overTheWire(data), defs));
      const normalized = normalize(s, input, []);
      const meta = {fetchedAt: 1, date: 1, expiresAt: 2};
      const store = mergeResponse(emptyStore(), normalized, meta);
      const memo = new MemoCache();
      const out = memo.denormalize(s, normalized.result, store.entities);
      assert.equal(out.invalid, false);
      assert.deepEqual(strip(out.data), expected(root, input, defs));
      assertOneInstancePerEntity(out.data);
      assert.equal(memo.denormalize(s, normalized.result, store.entities).data, out.data, 'a second read is the identical object');
      const again = mergeResponse(store, normalize(s, overTheWire(input), []), {fetchedAt: 2, date: 2, expiresAt: 3});
      assert.equal(again.entities, store.entities, 'the same response again leaves the tables identical');
      assert.equal(memo.denormalize(s, normalized.result, again.entities).data, out.data);
      assertPrototypesUntouched(classes);
    }),
    options,
  );
  t.diagnostic(`well-formed: ${NUM_RUNS} runs in ${((performance.now() - started) / 1000).toFixed(2)} s`);
});

test(`fuzz: corrupted responses throw SchemaError or normalize; reads never throw (${NUM_RUNS} runs)`, t => {
  const started = performance.now();
  let refused = 0;
  fc.assert(
    fc.property(caseArb(0.15), ({defs, root, data}) => {
      const classes = buildClasses(defs);
      const s = toSchema(root, classes);
      const input = overTheWire(data);
      let normalized;
      try {
        normalized = normalize(s, input, []);
      } catch (error) {
        assert.ok(error instanceof SchemaError, `only SchemaError, got ${String(error)}`);
        assert.match(error.message, new RegExp(`^${error.entity.replace(/[^\w]/g, '.')}: `), 'the message names the entity first');
        refused++;
        assertPrototypesUntouched(classes);
        return;
      }
      const store = mergeResponse(emptyStore(), normalized, {fetchedAt: 1, date: 1, expiresAt: 2});
      const memo = new MemoCache();
      const out = memo.denormalize(s, normalized.result, store.entities);
      assertOneInstancePerEntity(out.data);
      assert.equal(memo.denormalize(s, normalized.result, store.entities).data, out.data);
      assertPrototypesUntouched(classes);
    }),
    options,
  );
  t.diagnostic(`corrupted: ${NUM_RUNS} runs (${refused} refused with SchemaError) in ${((performance.now() - started) / 1000).toFixed(2)} s`);
});
