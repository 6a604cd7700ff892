// In development mode (the sources, as these tests run them), a schema that is not one fails
// where it is declared (an endpoint, a resource, a Query, a live feed), naming where, instead of
// being taken as "no schema", which keeps responses as they came, unnormalized, with nothing said.
// An import cycle is the usual cause: a bundle hands a module the class of a module that is still
// loading as undefined. test/node/dev-mode-build.test.ts holds that production builds leave the
// checks out.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {Query} from '../../src/endpoint/index.js';
import {EventSourceFeed} from '../../src/live/index.js';
import {createResource, RestEndpoint} from '../../src/rest/index.js';
import {Entity, schema} from '../../src/schema/index.js';

class Tag extends Entity {
  id = '';
  static override key = 'CheckTag';
}
class Author extends Entity {
  id = '';
  static override key = 'CheckAuthor';
}
class Decimal {
  constructor(readonly text: string) {}
}

/** An Entity named `key` whose `static schema` is `fields`. */
function entityWith(key: string, fields: Record<string, unknown>) {
  return class extends Entity {
    id = '';
    static override key = key;
    static override schema = fields as never;
  };
}

const declare = (s: unknown) => new RestEndpoint({path: '/articles', schema: s as never});
const CYCLE = /is undefined\. A class imported from a module that is still loading \(an import cycle\)/;

test('an endpoint schema that is not one is refused where the endpoint is declared, naming the endpoint', () => {
  assert.throws(() => declare('Article'), {name: 'TypeError', message: 'GET /articles: schema is "Article", not a schema: a string does not name an Entity, give the class itself.'});
  assert.throws(() => declare(null), {message: 'GET /articles: schema is null, not a schema.'});
  assert.throws(() => declare(class NotAnEntity {}), {message: /^GET \/articles: schema is NotAnEntity, which is not a schema: an Entity class extends Entity/});
  assert.throws(() => declare([Tag, Author]), {message: /^GET \/articles: schema is a list of 2 values: a list schema holds one schema/});
  // An anonymous class would keep its rows in a table named "".
  assert.throws(() => declare([(() => class extends Entity {})()]), {message: /^GET \/articles: schema\[0\] is an Entity class with no name and no static key/});
  // An object schema is looked through: a member left undefined by an import cycle is named by its path.
  assert.throws(() => declare({results: [undefined], next: ''}), {message: CYCLE});
  assert.throws(() => declare({results: [undefined], next: ''}), {message: /^GET \/articles: schema\.results\[0\] is undefined/});
  // Without a schema option there is nothing to check.
  new RestEndpoint({path: '/articles'});
  new RestEndpoint({path: '/articles', schema: undefined});
});

test('what works as a schema is accepted: placeholders in object schemas, constructors in Entity fields, cycles between entities', () => {
  declare(Tag);
  declare([Tag]);
  declare(new schema.Array(Tag));
  declare(new schema.Values(Tag));
  declare(new schema.Collection([Tag]));
  declare(new schema.Collection(new schema.Values(Tag)));
  declare(new schema.Invalidate(Tag));
  // Plain values in an object schema are placeholders of the response's shape.
  declare({results: [Tag], next: '', count: 0, done: false, cursor: null, extra: [], pair: [0, 0], nested: {tags: [Tag], label: ''}});
  declare(entityWith('CheckWithFields', {createdAt: Date, price: Decimal, author: Author, tags: [Tag], meta: {tags: [Tag], note: ''}}));
  // Entities that refer to each other are each looked at once.
  const Post = entityWith('CheckPost', {});
  const Writer = entityWith('CheckWriter', {posts: [Post]});
  Post.schema = {writer: Writer} as never;
  declare(Post);
  declare({both: [Post], again: Writer});
});

test('an Entity field that is not a schema or a constructor is refused, naming the Entity and the field', () => {
  assert.throws(() => declare(entityWith('CheckCycled', {author: undefined})), {message: /^CheckCycled\.schema\.author is undefined\. A class imported/});
  assert.throws(() => declare(entityWith('CheckNamed', {author: 'CheckAuthor'})), {message: 'CheckNamed.schema.author is "CheckAuthor", not a schema: a string does not name an Entity, give the class itself.'});
  assert.throws(() => declare(entityWith('CheckArrow', {createdAt: (value: string) => new Date(value)})), {message: /^CheckArrow\.schema\.createdAt is createdAt, which cannot be called with new/});
  assert.throws(() => declare(entityWith('CheckListed', {tags: [undefined]})), {message: /^CheckListed\.schema\.tags\[0\] is undefined/});
  // Found through a list, an id map and a nested entity too.
  const Bad = entityWith('CheckDeep', {author: undefined});
  for (const s of [[Bad], new schema.Values(Bad), entityWith('CheckOuter', {inner: Bad}), {page: {items: [Bad]}}]) {
    assert.throws(() => declare(s), {message: /^CheckDeep\.schema\.author is undefined/});
  }
  // A resource declares its endpoints with the schema: the mistake shows at createResource.
  assert.throws(() => createResource({path: '/things/:id', schema: Bad}), {message: /^CheckDeep\.schema\.author is undefined/});
});

test('the schema classes are looked into: a Collection without its list, All or Invalidate without an Entity', () => {
  assert.throws(() => declare(new schema.Collection(Tag as never)), {message: /^schema\.Collection in GET \/articles: schema takes a list \(\[Todo\], schema\.Array\(Todo\)\) or an id map/});
  assert.throws(() => declare(new schema.Collection([undefined] as never)), {message: CYCLE});
  assert.throws(() => declare(new schema.Values(undefined as never)), {message: /^the items of GET \/articles: schema is undefined/});
  assert.throws(() => declare(new schema.Invalidate(undefined as never)), {message: /^the class given to schema\.Invalidate in GET \/articles: schema is undefined/});
  assert.throws(() => declare(new schema.Invalidate([Tag] as never)), {message: 'schema.Invalidate in GET /articles: schema takes an Entity class.'});
});

test('a Query refuses a schema that is not one and a process that is not a function, naming the Query', () => {
  assert.throws(() => new Query(new schema.All(undefined as never)), {message: /^the class given to schema\.All in Query: schema is undefined/});
  assert.throws(() => new Query(new schema.All({} as never), undefined, {name: 'openTodos'}), {message: 'schema.All in openTodos: schema takes an Entity class.'});
  assert.throws(() => new Query('Tag' as never), {message: /^Query: schema is "Tag", not a schema/});
  assert.throws(() => new Query(new schema.All(Tag), 5 as never, {name: 'tagCount'}), {name: 'TypeError', message: 'tagCount: process must be a function of the entries and the args, got number.'});
  new Query(new schema.All(Tag), tags => tags.length);
});

test('a live feed refuses a message schema that is not one, naming the feed and the event; null still ignores an event', () => {
  assert.throws(() => new EventSourceFeed({url: 'http://127.0.0.1:1/sse', schema: undefined, events: {article: 'Article'}}), {
    message: 'live feed http://127.0.0.1:1/sse: events.article is "Article", not a schema: a string does not name an Entity, give the class itself.',
  });
  assert.throws(() => new EventSourceFeed({url: 'http://127.0.0.1:1/sse', schema: [entityWith('CheckPushed', {author: undefined})]}), {message: /^CheckPushed\.schema\.author is undefined/});
  new EventSourceFeed({url: 'http://127.0.0.1:1/sse', schema: Tag, events: {ping: null, tag: Tag, gone: new schema.Invalidate(Tag)}});
});

test('a static schema key close to a declared field it does not name is warned of once, with "did you mean"', t => {
  const warnings: string[] = [];
  t.mock.method(console, 'warn', (message: string) => warnings.push(message));
  class Post extends Entity {
    id = '';
    author = Author.fromJS();
    tags: Tag[] = [];
    static override key = 'CheckMisspelled';
    static override schema = {autor: Author, tags: [Tag]};
  }
  declare(Post);
  declare([Post]);
  assert.deepEqual(warnings, [
    'data-elements (development mode): CheckMisspelled.schema.autor names no field of CheckMisspelled: did you mean author? author is kept as the response gives it, not normalized.',
  ]);
  // Left alone: a field the class does not declare that is far from every field, or too short to
  // tell (`d` is one edit from `id`); a class that declares no fields (an entity declared in HTML);
  // a close key whose neighbour is in the schema too.
  class Loose extends Entity {
    id = '';
    static override key = 'CheckLoose';
    static override schema = {publisher: Author, d: Date};
  }
  class Undeclared extends Entity {
    static override key = 'CheckUndeclared';
    static override schema = {autor: Author};
  }
  class Both extends Entity {
    id = '';
    author = Author.fromJS();
    static override key = 'CheckBoth';
    static override schema = {author: Author, authors: [Author]};
  }
  for (const entity of [Loose, Undeclared, Both]) declare(entity);
  assert.equal(warnings.length, 1);
});
