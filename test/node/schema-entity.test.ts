// Entity basics: primary keys, table keys, field conversion (Date, Decimal),
// fromJS, SchemaError messages and prototype safety of everything a response can carry.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import {
  Entity,
  MemoCache,
  SchemaError,
  emptyStore,
  mergeResponse,
  normalize,
  schema,
  type EntityMeta,
  type EntityStore,
} from '../../src/schema/index.js';
import {ok, at, write, read} from './helpers/schema-store.js';





class User extends Entity {
  id = '';
  name = '';
  static key = 'User';
}
class Article extends Entity {
  id = '';
  title = '';
  author = User.fromJS();
  publishedAt = new Date(0);
  static key = 'Article';
  static schema = {author: User, publishedAt: Date};
}
class Price extends Entity {
  id = '';
  amount = new Decimal(0);
  static key = 'Price';
  static schema = {amount: Decimal};
}
class Profile extends Entity {
  username = '';
  bio = '';
  pk() {
    return this.username;
  }
  static key = 'Profile';
}
class Counter extends Entity {
  id = 0;
  count = 0;
  static key = 'Counter';
}
class Settings extends Entity {
  theme = 'light';
  pk() {
    return 'me';
  }
  static key = 'Settings';
}
class NoExplicitKey extends Entity {
  id = '';
}

function assertSchemaError(fn: () => unknown, expected: {entity: string; path?: string; value?: unknown; message?: RegExp}) {
  assert.throws(fn, (e: unknown) => {
    ok(e instanceof SchemaError, `expected a SchemaError, got ${String(e)}`);
    assert.equal(e.name, 'SchemaError');
    assert.equal(e.entity, expected.entity);
    if ('path' in expected) assert.equal(e.path, expected.path);
    if ('value' in expected) assert.deepEqual(e.value, expected.value);
    ok(e.message.includes(expected.entity), `message names the entity: ${e.message}`);
    if (expected.path) ok(e.message.includes(expected.path), `message names the path: ${e.message}`);
    if (expected.message) assert.match(e.message, expected.message);
    return true;
  });
}

describe('primary keys', () => {
  test('default pk() reads the id field', () => {
    assert.equal(User.pk({id: 'u1', name: 'x'}), 'u1');
    const {store, result} = write(emptyStore(), User, {id: 'u1', name: 'Ann'});
    assert.equal(result, 'u1');
    assert.deepEqual([...store.entities.get('User')!.keys()], ['u1']);
  });

  test('a custom pk() names the key field (username)', () => {
    const {store, result} = write(emptyStore(), Profile, {username: 'ann', bio: 'hi'});
    assert.equal(result, 'ann');
    const profile = read<Profile>(Profile, result, store).data!;
    ok(profile instanceof Profile);
    assert.equal(profile.pk(), 'ann');
    assert.equal(profile.bio, 'hi');
  });

  test('a numeric pk is stored under its string form and read back as a number field', () => {
    assert.equal(Counter.pk({id: 0}), '0');
    const {store, result} = write(emptyStore(), [Counter], [{id: 5, count: 1}, {id: 0, count: 2}]);
    assert.deepEqual(result, ['5', '0']);
    assert.deepEqual([...store.entities.get('Counter')!.keys()], ['5', '0']);
    const list = read<Counter[]>([Counter], result, store).data!;
    assert.equal(list[0]!.id, 5);
    assert.equal(list[1]!.id, 0);
    assert.equal(list[0]!.pk(), 5);
  });

  test('a singleton with a constant pk() keeps one row that later responses update', () => {
    let {store, result} = write(emptyStore(), Settings, {theme: 'dark'}, 1);
    assert.equal(result, 'me');
    ({store, result} = write(store, Settings, {theme: 'blue'}, 2));
    assert.equal(result, 'me');
    assert.equal(store.entities.get('Settings')!.size, 1);
    assert.equal(read<Settings>(Settings, 'me', store).data!.theme, 'blue');
  });

  test('non-finite, empty, null and object pks count as missing', () => {
    assert.equal(Counter.pk({id: Number.NaN}), undefined);
    assert.equal(Counter.pk({id: Infinity}), undefined);
    assert.equal(User.pk({id: ''}), undefined);
    assert.equal(User.pk({id: null}), undefined);
    assert.equal(User.pk({}), undefined);
    assert.equal(User.pk({id: {nested: 1}}), undefined);
    assert.equal(User.pk({id: ['a']}), undefined);
    assert.equal(User.pk({id: true}), undefined);
  });
});

describe('static key', () => {
  test('static key defaults to the class name', () => {
    assert.equal(NoExplicitKey.key, 'NoExplicitKey');
    const {store} = write(emptyStore(), NoExplicitKey, {id: '1'});
    ok(store.entities.get('NoExplicitKey')!.has('1'));
  });

  test('an explicit static key names the table', () => {
    class Renamed extends Entity {
      id = '';
      static key = 'SomethingElse';
    }
    assert.equal(Renamed.key, 'SomethingElse');
    const {store} = write(emptyStore(), Renamed, {id: '1'});
    ok(store.entities.get('SomethingElse')!.has('1'));
    assert.equal(store.entities.get('Renamed'), undefined);
  });

  test('a subclass inherits its parent static key unless it sets its own', () => {
    class Base extends Entity {
      id = '';
      static key = 'Base';
    }
    class Sub extends Base {}
    class Own extends Base {
      static key = 'Own';
    }
    assert.equal(Sub.key, 'Base');
    assert.equal(Own.key, 'Own');
    assert.equal(Base.key, 'Base');
  });
});

describe('missing primary keys and class-field defaults', () => {
  test('a missing pk throws SchemaError naming the entity and the id field', () => {
    assertSchemaError(() => normalize(Article, {title: 'no id'}), {entity: 'Article', path: 'id', value: undefined});
  });

  test('class-field defaults never stand in for a missing pk (User has id = "")', () => {
    // Without the response's id the default '' must not become the key.
    assertSchemaError(() => normalize(User, {name: 'nameless'}), {entity: 'User', path: 'id'});
    class Defaulted extends Entity {
      id = 'default-id';
      static key = 'Defaulted';
    }
    assertSchemaError(() => normalize(Defaulted, {}), {entity: 'Defaulted', path: 'id'});
    assertSchemaError(() => normalize(Counter, {count: 1}), {entity: 'Counter', path: 'id'});
  });

  test('a missing custom pk throws SchemaError naming the entity', () => {
    assertSchemaError(() => normalize(Profile, {bio: 'x'}), {entity: 'Profile', path: ''});
  });

  test("a pk() of the class's own that throws on a row is a SchemaError naming the entity, the path and the reason", () => {
    class Membership extends Entity {
      org = {id: ''};
      user = '';
      static key = 'Membership';
      override pk() {
        return `${this.org.id}-${this.user}`;
      }
    }
    const rows = [{org: {id: 'o1'}, user: 'u1'}, {user: 'u2'}];
    assert.throws(() => normalize([Membership], rows), (error: unknown) => {
      ok(error instanceof SchemaError, `a SchemaError, got ${String(error)}`);
      assert.equal(error.entity, 'Membership');
      assert.equal(error.path, '[1]');
      assert.match(error.message, /^Membership: pk\(\) threw \(.+\) at \[1\] \(got an object with keys \[user\]\)$/);
      return true;
    });
  });

  test('a missing nested pk names the nested entity and the full path', () => {
    assertSchemaError(
      () => normalize([Article], [{id: 'a1', author: {id: 'u1'}}, {id: 'a2', author: {name: 'no id'}}]),
      {entity: 'User', path: '[1].author.id'},
    );
  });

  test('missing class fields take their defaults when read', () => {
    const {store} = write(emptyStore(), Article, {id: 'a1'});
    const article = read<Article>(Article, 'a1', store).data!;
    assert.equal(article.title, '');
    ok(article.author instanceof User);
    assert.equal(article.publishedAt.getTime(), 0);
  });
});

describe('field conversion', () => {
  test('Date fields come back as Date instances', () => {
    const iso = '2024-05-06T07:08:09.010Z';
    const {store} = write(emptyStore(), Article, {id: 'a1', publishedAt: iso});
    // The row keeps the wire value; the instance gets a Date.
    assert.equal((store.entities.get('Article')!.get('a1') as any).publishedAt, iso);
    const article = read<Article>(Article, 'a1', store).data!;
    ok(article.publishedAt instanceof Date);
    assert.equal(article.publishedAt.toISOString(), iso);
  });

  test('Date fields read the same time as new Date(text), for ISO, zoneless, legacy and bad strings, read twice', () => {
    const texts = [
      '2024-05-06T07:08:09.010Z',
      '2024-05-06T07:08:09Z',
      '2024-05-06T07:08:09',
      '2024-05-06',
      'Tue Mar 01 2022 10:00:00 GMT+0100',
      '+275760-09-13T00:00:00.000Z',
      '2024-02-30T00:00:00.000Z',
    ];
    const data = texts.map((publishedAt, i) => ({id: `d${i}`, publishedAt}));
    for (let pass = 0; pass < 2; pass++) {
      const {store} = write(emptyStore(), [Article], data);
      const read1 = read<Article[]>([Article], data.map(d => d.id), store).data!;
      texts.forEach((text, i) => assert.ok(Object.is(read1[i]!.publishedAt.getTime(), new Date(text).getTime()), text));
    }
  });

  test('a date that does not parse throws SchemaError naming entity, field path and value', () => {
    assertSchemaError(() => normalize([Article], [{id: 'a1', publishedAt: '2024-01-01'}, {id: 'a2', publishedAt: 'not a date'}]), {
      entity: 'Article',
      path: '[1].publishedAt',
      value: 'not a date',
      message: /not a date/,
    });
  });

  test('Decimal fields come back as Decimal instances with full precision', () => {
    const {store} = write(emptyStore(), Price, {id: 'p1', amount: '0.1000000000000000000000001'});
    const price = read<Price>(Price, 'p1', store).data!;
    ok(price.amount instanceof Decimal);
    assert.equal(price.amount.toString(), '0.1000000000000000000000001');
    ok(price.amount.equals(new Decimal('0.1000000000000000000000001')), 'no float rounding');
  });

  test('a decimal that does not parse throws SchemaError naming entity, field path and value', () => {
    assertSchemaError(() => normalize(Price, {id: 'p1', amount: 'twelve'}), {entity: 'Price', path: 'amount', value: 'twelve'});
  });

  test('null and missing converted fields stay null / take the default', () => {
    const {store} = write(emptyStore(), [Article], [{id: 'a1', publishedAt: null, author: null}, {id: 'a2'}]);
    const [a1, a2] = read<Article[]>([Article], ['a1', 'a2'], store).data!;
    assert.equal(a1!.publishedAt, null);
    assert.equal(a1!.author, null);
    assert.equal(a2!.publishedAt.getTime(), 0);
  });
});

describe('fromJS', () => {
  test('fromJS builds an instance with defaults for missing fields', () => {
    const article = Article.fromJS({id: 'a9', title: 'Draft'});
    ok(article instanceof Article);
    assert.equal(Object.getPrototypeOf(article), Article.prototype);
    assert.equal(article.id, 'a9');
    assert.equal(article.title, 'Draft');
    ok(article.author instanceof User);
    assert.equal(article.pk(), 'a9');
    assert.deepEqual(Object.keys(User.fromJS()).sort(), ['id', 'name']);
  });

  test('fromJS takes nested values as given (no schema conversion)', () => {
    const article = Article.fromJS({publishedAt: '2024-01-01' as unknown as Date});
    assert.equal(article.publishedAt as unknown, '2024-01-01');
  });

  test('fromJS never lets a __proto__ key change the prototype', () => {
    const article = Article.fromJS(JSON.parse('{"id":"1","__proto__":{"polluted":true}}'));
    assert.equal(Object.getPrototypeOf(article), Article.prototype);
    assert.equal((article as any).polluted, undefined);
    assert.equal(({} as any).polluted, undefined);
  });
});

describe('prototype safety', () => {
  const hostile =
    '{"id":"a1","title":"t","__proto__":{"polluted":true,"title":"evil"},' +
    '"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true},' +
    '"author":{"id":"u1","__proto__":{"polluted":true},"constructor":"ctor","name":"Ann"}}';

  test('__proto__, constructor and prototype keys never touch Object.prototype', () => {
    const data = JSON.parse(hostile);
    const {store, result} = write(emptyStore(), [Article], [data]);
    const [article] = read<Article[]>([Article], result, store).data!;
    assert.equal(({} as any).polluted, undefined);
    assert.equal((Object.prototype as any).polluted, undefined);
    assert.deepEqual(Object.keys(Object.prototype), []);
    assert.equal(Object.getPrototypeOf(article), Article.prototype);
    assert.equal(Object.getPrototypeOf(article!.author), User.prototype);
    assert.equal((article as any).polluted, undefined);
    assert.equal((article!.author as any).polluted, undefined);
    // Kept as plain data, not as prototypes.
    ok(Object.prototype.hasOwnProperty.call(article, '__proto__'));
    assert.deepEqual(Object.getOwnPropertyDescriptor(article, '__proto__')!.value, {polluted: true, title: 'evil'});
    assert.equal(article!.title, 't');
    assert.equal((article!.author as any).constructor, 'ctor');
    ok(article instanceof Article);
    assert.equal(article!.pk(), 'a1');
    // Classes themselves are untouched.
    assert.equal((Article.prototype as any).polluted, undefined);
    assert.equal((Entity.prototype as any).polluted, undefined);
  });

  test('rows are stored with their own prototype unchanged and a second merge stays safe', () => {
    let {store} = write(emptyStore(), Article, JSON.parse(hostile), 1);
    ({store} = write(store, Article, JSON.parse(hostile.replace('"t"', '"t2"')), 2));
    const row = store.entities.get('Article')!.get('a1') as object;
    assert.equal(Object.getPrototypeOf(row), Object.prototype);
    assert.equal((row as any).title, 't2');
    assert.equal(({} as any).polluted, undefined);
    assert.equal(Object.getPrototypeOf(read<Article>(Article, 'a1', store).data), Article.prototype);
  });

  test('a __proto__ or constructor entity key in a Values map or a table never reaches Object.prototype', () => {
    const data = JSON.parse('{"__proto__":{"id":"__proto__","name":"p"},"constructor":{"id":"constructor","name":"c"}}');
    const values = new schema.Values(User);
    const {store, result} = write(emptyStore(), values, data);
    const map = read<Record<string, User>>(values, result, store).data!;
    assert.deepEqual(Object.keys(map).sort(), ['__proto__', 'constructor']);
    assert.equal(Object.getPrototypeOf(map), Object.prototype);
    const proto = Object.getOwnPropertyDescriptor(map, '__proto__')!.value as User;
    ok(proto instanceof User);
    assert.equal(proto.name, 'p');
    assert.equal(map.constructor!.name, 'c');
    assert.equal(({} as any).name, undefined);
    assert.equal(({} as any).polluted, undefined);
  });

  test('a __proto__ field of an object schema stays data', () => {
    const s = {page: {author: User}};
    const data = JSON.parse('{"page":{"author":{"id":"u1"},"__proto__":{"polluted":true}},"__proto__":{"polluted":true}}');
    const {store, result} = write(emptyStore(), s, data);
    const out = read<any>(s, result, store).data;
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
    assert.equal(Object.getPrototypeOf(out.page), Object.prototype);
    ok(out.page.author instanceof User);
    assert.equal(({} as any).polluted, undefined);
  });
});

describe('entity instances as input', () => {
  test('an Entity instance (a prediction built with fromJS or by spreading a cached one) normalizes like its data', () => {
    const author = User.fromJS({id: 'u1', name: 'Ann'});
    const {store, result} = write(emptyStore(), Article, Article.fromJS({id: 'a1', title: 'T', author}));
    assert.equal(result, 'a1');
    const {data} = new MemoCache().denormalize<Article>(Article, result, store.entities);
    ok(data instanceof Article, 'an Article comes back');
    assert.equal(data.title, 'T');
    ok(data.author instanceof User, 'its author is a User');
    assert.equal(data.author.name, 'Ann');
  });

  test('an instance of another class is still refused with a SchemaError', () => {
    assert.throws(() => normalize(Article, new Map([['id', '1']])), SchemaError);
  });
});
