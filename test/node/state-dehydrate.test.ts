// Dehydrate and hydrate: a Controller's confirmed state as a JSON-safe
// snapshot, and a Controller that starts from one. Round trips with every schema kind
// (fast-check), what stays out (predictions, errors), clock ordering, and refusals.
import {HydrateError, hydrate, serializeForScript, type DehydratedState} from '../../src/snapshots/index.js';
import {afterEach, beforeEach, describe, test} from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import Decimal from 'decimal.js';
import {Controller} from '../../src/core/index.js';
import {Query, type EndpointInterface} from '../../src/endpoint/index.js';
import {Entity, INVALID, schema} from '../../src/schema/index.js';
import {createFakeClock, flush} from './helpers/deferred-endpoint.js';
import {visibleState} from '../../src/internal.js';
import {dehydrate, merge} from '../../src/snapshots/index.js';

const RUNS = Number(process.env.FUZZ_RUNS) || 100;

class HUser extends Entity {
  id = '';
  name = '';
  static key = 'HUser';
}
class HTag extends Entity {
  id = '';
  label = '';
  static key = 'HTag';
}
class HArticle extends Entity {
  id = '';
  title = '';
  author = HUser.fromJS();
  tags: HTag[] = [];
  publishedAt = new Date(0);
  price = new Decimal(0);
  static key = 'HArticle';
  static schema = {author: HUser, tags: [HTag], publishedAt: Date, price: Decimal};
}

/** A GET-like endpoint that the tests write with setResponse, or fetch through `respond`. */
function endpoint(name: string, schemaOf: unknown, respond?: (...args: unknown[]) => unknown): EndpointInterface & {fetch: (...args: unknown[]) => Promise<unknown>} {
  return {
    name,
    key: (...args: unknown[]) => `${name} ${JSON.stringify(args)}`,
    schema: schemaOf,
    fetch: async (...args: unknown[]) => {
      if (!respond) throw new Error(`${name} is not fetched in this test`);
      return respond(...args);
    },
  };
}

const getArticle = endpoint('getArticle', HArticle);
const getArticles = endpoint('getArticles', [HArticle]);
const articleList = endpoint('articleList', new schema.Collection([HArticle]));
const usersById = endpoint('usersById', new schema.Values(HUser));
const page = endpoint('page', {items: [HArticle], total: 0, cursor: ''});
const allTags = new Query(new schema.All(HTag));
const deleteArticle = {...endpoint('deleteArticle', new schema.Invalidate(HArticle)), sideEffect: true as const};

const wireArticle = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Article ${id}`,
  author: {id: `u${id}`, name: `User ${id}`},
  tags: [{id: 't1', label: 'one'}],
  publishedAt: '2024-05-01T10:00:00.000Z',
  price: '12.50',
  ...extra,
});

/** Fetches through a hand-written endpoint (the Controller's typed signature wants a typed one). */
const fetchWith = (controller: Controller, fetched: EndpointInterface, ...args: unknown[]): Promise<unknown> =>
  (controller.fetch as (endpoint: unknown, ...rest: unknown[]) => Promise<unknown>).call(controller, fetched, ...args);

/** Through JSON text and back, as a page or a storage would carry it. */
const viaJson = (state: DehydratedState): DehydratedState => JSON.parse(JSON.stringify(state));

/** Captures what the Controller reports (Node has no global reportError: the console). */
function captureReports() {
  const reported: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void reported.push(args[args.length - 1]);
  return {reported, restore: () => (console.error = original)};
}

let reports: ReturnType<typeof captureReports>;
beforeEach(() => (reports = captureReports()));
afterEach(() => reports.restore());

describe('controller.dehydrate() and the initialState option', () => {
  test('a snapshot through JSON gives the same data back: Dates and decimals as instances, fresh until expiry', () => {
    const clock = createFakeClock();
    const server = new Controller({now: clock.now});
    server.setResponse(getArticle, {id: '1'}, wireArticle('1'));
    server.setResponse(getArticles, [wireArticle('1'), wireArticle('2', {tags: [{id: 't2', label: 'two'}]})]);
    server.setResponse(usersById, {a: {id: 'ua', name: 'A'}, b: {id: 'ub', name: 'B'}});
    server.setResponse(page, {items: [wireArticle('3')], total: 3, cursor: 'c2'});

    const snapshot = dehydrate(server);
    assert.equal(snapshot.kind, 'data-elements/state');
    assert.equal(snapshot.version, 1);
    const text = JSON.stringify(snapshot);
    assert.deepEqual(JSON.parse(text), snapshot, 'the snapshot is JSON values only');

    const client = hydrate(new Controller({now: clock.now}), JSON.parse(text));
    const article = client.getResponse(getArticle, {id: '1'});
    assert.equal(article.expiryStatus, 'valid');
    const data = article.data as HArticle;
    assert.ok(data instanceof HArticle);
    assert.ok(data.publishedAt instanceof Date, 'publishedAt is a Date again');
    assert.equal(data.publishedAt.toISOString(), '2024-05-01T10:00:00.000Z');
    assert.ok(data.price instanceof Decimal, 'price is a Decimal again');
    assert.equal(data.price.toString(), '12.5');
    assert.ok(data.author instanceof HUser);
    assert.equal(data.author.name, 'User 1');
    assert.deepEqual(
      (client.getResponse(getArticles).data as HArticle[]).map(a => [a.id, a.tags.map(t => t.label)]),
      [
        ['1', ['one']],
        ['2', ['two']],
      ],
    );
    assert.deepEqual(Object.keys(client.getResponse(usersById).data as object), ['a', 'b']);
    const pageData = client.getResponse(page).data as {items: HArticle[]; total: number; cursor: string};
    assert.equal(pageData.total, 3);
    assert.equal(pageData.items[0]!.id, '3');
    assert.deepEqual(
      client.get(allTags)!.map(t => t.id),
      ['t1', 't2'],
    );

    assert.deepEqual(dehydrate(client), snapshot, 'dehydrating the hydrated Controller gives the same snapshot');
    clock.advance(60_001);
    assert.equal(client.getResponse(getArticle, {id: '1'}).expiryStatus, 'stale', 'the snapshot kept its expiry');
    assert.deepEqual(reports.reported, []);
  });

  test('instances written by hand (a Date, a Decimal) are stored in their JSON form', () => {
    const server = new Controller();
    server.setResponse(getArticle, {id: '1'}, {...wireArticle('1'), publishedAt: new Date('2020-01-02T03:04:05.000Z'), price: new Decimal('3.25')});
    const snapshot = viaJson(dehydrate(server));
    const row = snapshot.tables.find(t => t.key === 'HArticle')!.rows[0]![2] as Record<string, unknown>;
    assert.equal(row.publishedAt, '2020-01-02T03:04:05.000Z');
    assert.equal(row.price, '3.25');
    const data = hydrate(new Controller(), snapshot).getResponse(getArticle, {id: '1'}).data as HArticle;
    assert.equal(data.publishedAt.getTime(), Date.UTC(2020, 0, 2, 3, 4, 5));
    assert.ok(data.price.equals(new Decimal('3.25')));
  });

  test('rows keep their table order, integer-like pks included', () => {
    const server = new Controller();
    server.setResponse(getArticles, ['10', '2', '1', 'b', 'a'].map(id => wireArticle(id)));
    const client = hydrate(new Controller(), viaJson(dehydrate(server)));
    assert.deepEqual([...visibleState(client).entities.get('HArticle')!.keys()], ['10', '2', '1', 'b', 'a']);
  });

  test('collections, invalidated entities and invalidated results survive the trip', async () => {
    const clock = createFakeClock();
    const server = new Controller({now: clock.now});
    server.setResponse(articleList, {author: 'u1'}, [wireArticle('1'), wireArticle('2')]);
    server.setResponse(getArticle, {id: '2'}, wireArticle('2'));
    server.setResponse(deleteArticle, {id: '2'}, {id: '2'});
    server.setResponse(getArticle, {id: '1'}, wireArticle('1'));
    server.invalidate(getArticle, {id: '1'});

    const client = hydrate(new Controller({now: clock.now}), viaJson(dehydrate(server)));
    assert.equal(visibleState(client).entities.get('HArticle')!.get('2'), INVALID, 'the deleted article stays INVALID');
    assert.deepEqual(
      (client.getResponse(articleList, {author: 'u1'}).data as HArticle[]).map(a => a.id),
      ['1'],
      'the collection drops the deleted article, as on the server',
    );
    assert.equal(client.getResponse(getArticle, {id: '2'}).expiryStatus, 'invalid');
    assert.equal(client.getResponse(getArticle, {id: '1'}).expiryStatus, 'invalid', 'an invalidated result stays invalid');
    assert.deepEqual(dehydrate(client), dehydrate(server));
  });

  test('data that never goes stale (expiresAt Infinity) comes back never stale', () => {
    const clock = createFakeClock();
    const server = new Controller({now: clock.now, dataExpiryLength: Infinity});
    server.setResponse(getArticle, {id: '1'}, wireArticle('1'));
    const snapshot = viaJson(dehydrate(server));
    assert.equal(snapshot.results[0]!.times[2], null);
    const client = hydrate(new Controller({now: clock.now}), snapshot);
    clock.advance(10 ** 12);
    assert.equal(client.getResponse(getArticle, {id: '1'}).expiryStatus, 'valid');
  });

  test('pending predictions and fetch errors are not in the snapshot', async () => {
    let settle!: (value: unknown) => void;
    const update = {
      ...endpoint('updateArticle', HArticle, () => new Promise(resolve => (settle = resolve))),
      sideEffect: true as const,
      getOptimisticResponse: (_snap: unknown, params: {id: string}) => wireArticle(params.id, {title: 'Predicted'}),
    };
    const failing = endpoint('failing', HArticle, () => Promise.reject(new Error('offline')));
    const clock = createFakeClock();
    const controller = new Controller({now: clock.now});
    controller.setResponse(getArticle, {id: '1'}, wireArticle('1'));
    controller.setResponse(getArticles, [wireArticle('1')]);
    controller.setError(getArticles, new Error('refetch failed'));
    clock.advance(1);
    const pending = fetchWith(controller, update, {id: '1'});
    await assert.rejects(fetchWith(controller, failing, {id: '9'}), /offline/);
    assert.equal((controller.getResponse(getArticle, {id: '1'}).data as HArticle).title, 'Predicted', 'the prediction is visible');

    const snapshot = viaJson(dehydrate(controller));
    const client = hydrate(new Controller(), snapshot);
    assert.equal((client.getResponse(getArticle, {id: '1'}).data as HArticle).title, 'Article 1', 'only the confirmed title');
    assert.equal(client.getResponse(failing, {id: '9'}).error, undefined);
    assert.ok(!snapshot.results.some(r => r.key.startsWith('failing')), 'a result holding only an error is left out');
    const list = client.getResponse(getArticles);
    assert.equal(list.error, undefined, 'the error of a result with data is left out');
    assert.equal((list.data as HArticle[]).length, 1);
    settle(wireArticle('1', {title: 'Saved'}));
    await pending;
  });

  test('a fetch after hydrating is ordered after the snapshot data, even when this clock is behind', async () => {
    const serverClock = createFakeClock(5_000_000);
    const server = new Controller({now: serverClock.now});
    server.setResponse(getArticle, {id: '1'}, wireArticle('1'));
    server.invalidate(getArticle, {id: '1'});
    const refetch = endpoint('getArticle', HArticle, () => wireArticle('1', {title: 'Refetched'}));
    // The client's clock is an hour behind the server's.
    const client = hydrate(new Controller({now: createFakeClock(5_000_000 - 3_600_000).now}), viaJson(dehydrate(server)));
    const article = (await fetchWith(client, refetch, {id: '1'})) as HArticle;
    assert.equal(article.title, 'Refetched', 'useIncoming takes the newer fetch');
    const response = client.getResponse(getArticle, {id: '1'});
    assert.equal((response.data as HArticle).title, 'Refetched');
    assert.notEqual(response.expiryStatus, 'invalid', 'the refetch clears the invalidation made before it');
  });

  test('serializeForScript writes JSON that cannot close the script element and parses to the same snapshot', () => {
    const server = new Controller();
    const title = '</script><script>alert(1)</script><!-- & \u2028';
    server.setResponse(getArticle, {id: '1'}, wireArticle('1', {title}));
    const text = serializeForScript(dehydrate(server));
    assert.doesNotMatch(text, /[<>&\u2028\u2029]/);
    const client = hydrate(new Controller(), text);
    assert.equal((client.getResponse(getArticle, {id: '1'}).data as HArticle).title, title);
  });

  test('a value JSON cannot carry is a TypeError naming the table, row and field', () => {
    const server = new Controller();
    server.setResponse(getArticle, {id: '1'}, wireArticle('1', {views: 10n}));
    assert.throws(() => dehydrate(server), (error: Error) => error instanceof TypeError && /HArticle\["1"\]\.views/.test(error.message));
  });
});

describe('a snapshot that is refused', () => {
  const valid = () => {
    const server = new Controller();
    server.setResponse(getArticle, {id: '1'}, wireArticle('1'));
    return viaJson(dehydrate(server)) as unknown as Record<string, any>;
  };
  const cases: [string, () => unknown, RegExp][] = [
    ['text that is not JSON', () => '{"kind": "data-elements/state", ', /not JSON: .* at \$\)/],
    ['a foreign JSON document', () => ({queries: [], mutations: []}), /not a data-elements snapshot.*at \$\.kind/],
    ['null', () => null, /expected an object at \$/],
    ['another format version', () => ({...valid(), version: 2}), /format version 2, this build reads version 1 at \$\.version/],
    ['a table that is not an object', () => ({...valid(), tables: ['HArticle']}), /expected an object at \$\.tables\[0\]/],
    ['a pk that is not a string', () => mutate(s => (s.tables[0].rows[0][0] = 1)), /non-empty string at \$\.tables\[0\]\.rows\[0\]\[0\]/],
    ['a times index out of range', () => mutate(s => (s.tables[0].rows[0][1] = 99)), /index into \$\.times.*at \$\.tables\[0\]\.rows\[0\]\[1\]/],
    ['a time that is not a number', () => mutate(s => (s.times[0][0] = '2024')), /finite number at \$\.times\[0\]\[0\]/],
    ['a row given twice', () => mutate(s => s.tables[0].rows.push(s.tables[0].rows[0])), /row "u1" of table "HUser" given twice at \$\.tables\[0\]\.rows\[1\]\[0\]/],
    ['a class instance in a row', () => mutate(s => (s.tables[0].rows[0][2].publishedAt = new Date())), /not plain JSON at \$\.tables\[0\]\.rows\[0\]\[2\]\.publishedAt/],
    ['a getter in a row', () => mutate(s => Object.defineProperty(s.tables[0].rows[0][2], 'title', {get: () => 'x', enumerable: true})), /accessor property at \$\.tables\[0\]\.rows\[0\]\[2\]\.title/],
    ['a function in a result', () => mutate(s => (s.results[0].result = () => 1)), /a function, which JSON has not at \$\.results\[0\]\.result/],
    ['a result without times', () => mutate(s => delete s.results[0].times), /expected an array at \$\.results\[0\]\.times/],
    ['an extra item in a row', () => mutate(s => s.tables[0].rows[0].push('extra')), /expected 2 to 3 items at \$\.tables\[0\]\.rows\[0\]/],
    // Stored state and tab messages come this way too: a row that is no object would break every later read of its table.
    ['a row that is null', () => mutate(s => (s.tables[0].rows[0][2] = null)), /expected a row \(an object, or a list for a list table\) at \$\.tables\[0\]\.rows\[0\]\[2\]/],
    ['a row that is text', () => mutate(s => (s.tables[0].rows[0][2] = 'hello')), /expected a row .* at \$\.tables\[0\]\.rows\[0\]\[2\]/],
    ['a row that is a number', () => mutate(s => (s.tables[0].rows[0][2] = 5)), /expected a row .* at \$\.tables\[0\]\.rows\[0\]\[2\]/],
  ];
  function mutate(change: (snapshot: Record<string, any>) => void): unknown {
    const snapshot = valid();
    change(snapshot);
    return snapshot;
  }

  for (const [name, make, message] of cases) {
    test(`${name}: reported as a HydrateError, and the Controller starts empty`, () => {
      const controller = hydrate(new Controller(), make() as DehydratedState);
      assert.equal(reports.reported.length, 1, 'reported once');
      const error = reports.reported[0] as HydrateError;
      assert.ok(error instanceof HydrateError, `a HydrateError, got ${String(error)}`);
      assert.match(error.message, message);
      assert.match(error.message, /the Controller starts empty/);
      assert.equal(visibleState(controller).entities.size, 0, 'no entity was kept');
      assert.equal(visibleState(controller).endpoints.size, 0, 'no result was kept');
      assert.equal(controller.getResponse(getArticle, {id: '1'}).data, undefined);
    });
  }

  test('keys such as __proto__ in tables, pks, rows and results stay data and never reach Object.prototype', () => {
    const text = `{"kind":"data-elements/state","version":1,"dehydratedAt":1,"times":[[1,1,2]],
      "tables":[{"key":"__proto__","rows":[["__proto__",0,{"id":"__proto__","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}]]}],
      "results":[{"key":"__proto__","result":{"__proto__":{"polluted":true}},"times":[1,1,2]}]}`;
    const controller = hydrate(new Controller(), text);
    assert.deepEqual(reports.reported, []);
    const row = visibleState(controller).entities.get('__proto__')!.get('__proto__') as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(row), Object.prototype, 'the row keeps its prototype');
    assert.ok(Object.prototype.hasOwnProperty.call(row, '__proto__'), '__proto__ is an own data property');
    const result = visibleState(controller).endpoints.get('__proto__') as object;
    assert.equal(Object.getPrototypeOf(result), Object.prototype);
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype is untouched');
    assert.deepEqual({...viaJson(dehydrate(controller)), dehydratedAt: 1}, JSON.parse(text), 'and it dehydrates as it came');
  });
});

describe('round trips with every schema kind (property)', () => {
  const idArb = fc.oneof({weight: 4, arbitrary: fc.string({minLength: 1, maxLength: 5})}, {weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', '0', '10')});
  const isoArb = fc
    .date({min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true})
    .map(d => d.toISOString());
  const decimalArb = fc.tuple(fc.bigInt({min: -(10n ** 20n), max: 10n ** 20n}), fc.integer({min: 0, max: 12})).map(([n, scale]) => new Decimal(n.toString()).div(new Decimal(10).pow(scale)).toString());
  const articleArb = fc.record({
    id: idArb,
    title: fc.string({maxLength: 10}),
    author: fc.record({id: idArb, name: fc.string({maxLength: 6})}),
    tags: fc.uniqueArray(fc.record({id: idArb, label: fc.string({maxLength: 4})}), {selector: t => t.id, maxLength: 3}),
    publishedAt: isoArb,
    price: decimalArb,
    // As a server's JSON gives it: JSON writes -0 as 0, so a snapshot (JSON too) cannot tell them apart.
    extra: fc.jsonValue({maxDepth: 2}).map(value => JSON.parse(JSON.stringify(value)) as unknown),
  });
  /** One write to the server Controller: each schema kind, an invalidation, an error. */
  const stepArb = fc.oneof(
    fc.record({kind: fc.constant('one' as const), article: articleArb}),
    fc.record({kind: fc.constant('list' as const), articles: fc.uniqueArray(articleArb, {selector: a => a.id, maxLength: 4})}),
    fc.record({kind: fc.constant('collection' as const), author: fc.constantFrom('a', 'b'), articles: fc.uniqueArray(articleArb, {selector: a => a.id, maxLength: 3})}),
    fc.record({kind: fc.constant('values' as const), users: fc.dictionary(fc.string({minLength: 1, maxLength: 3}), fc.record({id: idArb, name: fc.string({maxLength: 4})}), {maxKeys: 3})}),
    fc.record({kind: fc.constant('delete' as const), id: idArb}),
    fc.record({kind: fc.constant('invalidate' as const), id: idArb}),
    fc.record({kind: fc.constant('error' as const), id: idArb}),
    fc.record({kind: fc.constant('tick' as const), ms: fc.integer({min: 0, max: 120_000})}),
  );

  test('the hydrated Controller reads what the server read, and dehydrates to the same snapshot', () => {
    fc.assert(
      fc.property(fc.array(stepArb, {minLength: 1, maxLength: 8}), steps => {
        const clock = createFakeClock();
        const server = new Controller({now: clock.now});
        const reads: [EndpointInterface, unknown[]][] = [[allTags as EndpointInterface, []]];
        for (const step of steps) {
          switch (step.kind) {
            case 'one':
              server.setResponse(getArticle, {id: step.article.id}, step.article);
              reads.push([getArticle, [{id: step.article.id}]]);
              break;
            case 'list':
              server.setResponse(getArticles, step.articles);
              reads.push([getArticles, []]);
              break;
            case 'collection':
              server.setResponse(articleList, {author: step.author}, step.articles);
              reads.push([articleList, [{author: step.author}]]);
              break;
            case 'values':
              server.setResponse(usersById, step.users);
              reads.push([usersById, []]);
              break;
            case 'delete':
              server.setResponse(deleteArticle, {id: step.id}, {id: step.id});
              break;
            case 'invalidate':
              server.invalidate(getArticle, {id: step.id});
              reads.push([getArticle, [{id: step.id}]]);
              break;
            case 'error':
              server.setError(getArticle, {id: step.id}, new Error('failed'));
              break;
            case 'tick':
              clock.advance(step.ms);
              break;
          }
        }
        const snapshot = dehydrate(server);
        const client = hydrate(new Controller({now: clock.now}), JSON.parse(JSON.stringify(snapshot)));
        assert.deepEqual(reports.reported, []);
        for (const [read, args] of reads) {
          const expected = server.getResponse(read, ...(args as never[]));
          const actual = client.getResponse(read, ...(args as never[]));
          assert.deepEqual(actual.data, expected.data, `${read.name ?? 'read'} ${JSON.stringify(args)}: the same data, instances of the same classes`);
          if (expected.error === undefined) {
            assert.equal(actual.expiryStatus, expected.expiryStatus);
            assert.equal(actual.expiresAt, expected.expiresAt);
          }
        }
        assert.deepEqual(dehydrate(client), snapshot);
      }),
      {numRuns: RUNS},
    );
  });
});

describe('results whose value is falsy: 0, false, an empty string, null', () => {
  const FALSY = [
    ['0', 0, 7],
    ['false', false, true],
    ['an empty string', '', 'some text'],
    ['null', null, {some: 'object'}],
  ] as const;

  /** An endpoint without a schema whose result is `value` (an unread count, a flag...), counting its requests. */
  function falsyEndpoint(name: string, value: unknown) {
    const counted = {requests: 0};
    const read = endpoint(name, undefined, () => {
      counted.requests++;
      return value;
    });
    return Object.assign(counted, {read});
  }

  for (const [name, value, older] of FALSY) {
    test(`${name}: through dehydrate and hydrate it reads back the same, valid, and readers refetch nothing`, async () => {
      const clock = createFakeClock();
      const result = falsyEndpoint('unread', value);
      const server = new Controller({now: clock.now});
      await fetchWith(server, result.read);
      for (const snapshot of [viaJson(dehydrate(server)), JSON.stringify(dehydrate(server))]) {
        const client = hydrate(new Controller({now: clock.now}), snapshot);
        const response = client.getResponse(result.read);
        assert.equal(response.data, value);
        assert.equal(response.expiryStatus, 'valid');
        const watch = client.watch(result.read, [], () => {});
        await client.refetchShown({onlyStale: true});
        watch.close();
        assert.deepEqual(dehydrate(client).results, dehydrate(server).results, 'and it dehydrates the same');
      }
      assert.equal(result.requests, 1, 'only the server fetched');
    });

    test(`${name}: controller.merge() writes it into an empty Controller and over an older value`, () => {
      const clock = createFakeClock();
      const result = falsyEndpoint('flag', value);
      const client = new Controller({now: clock.now});
      client.setResponse(result.read, older);
      const empty = new Controller({now: clock.now});
      clock.advance(10);
      const server = new Controller({now: clock.now});
      server.setResponse(result.read, value);
      for (const [target, snapshot] of [
        [client, viaJson(dehydrate(server))],
        [empty, JSON.stringify(dehydrate(server))],
      ] as const) {
        merge(target, snapshot);
        const response = target.getResponse(result.read);
        assert.equal(response.data, value);
        assert.equal(response.expiryStatus, 'valid');
      }
    });
  }
});

// Listeners never run inside the constructor: there is nothing to tell before anyone subscribed.
test('a hydrated Controller tells its first reader the snapshot data without a commit', async () => {
  const server = new Controller();
  server.setResponse(getArticle, {id: '1'}, wireArticle('1'));
  const client = hydrate(new Controller(), viaJson(dehydrate(server)));
  const heard: unknown[] = [];
  const watch = client.watch(getArticle, [{id: '1'}], response => heard.push(response));
  assert.equal((watch.response.data as HArticle).title, 'Article 1');
  await flush();
  assert.deepEqual(heard, []);
  watch.close();
});
