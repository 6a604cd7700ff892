// data-elements, driven through its public core API: normalize + mergeResponse
// to write, MemoCache to read, Query + Controller for the query.
import {Entity, MemoCache, emptyStore, jsonEqual, mergeResponse, normalize, schema, type EntityStore} from '../../src/schema/index.js';
import {Query} from '../../src/endpoint/index.js';
import {Controller} from '../../src/core/index.js';
import type {ArticleJSON} from '../fixture.js';
import {articlesWithTag, itemRows, nthWrite, type ArticleLike, type ItemJSON, type Lib, type QueryArgs, type WriteMeta, type WriteRig} from './types.js';

/** The bench's entities, shared with the state benches (bench/state-fixture.ts). */
export class User extends Entity {
  id = '';
  name = '';
  email = '';
  static key = 'User';
}
export class Tag extends Entity {
  id = '';
  name = '';
  static key = 'Tag';
}
export class Article extends Entity {
  id = '';
  title = '';
  body = '';
  createdAt = new Date(0);
  author = User.fromJS();
  tags: Tag[] = [];
  static key = 'Article';
  static schema = {author: User, tags: [Tag], createdAt: Date};
}

/** One schema object for every call: the memo is keyed by it. */
const ARTICLES = [Article];

/** The same entities with `createdAt` left as the wire string: shows what building Dates costs. */
class PlainArticle extends Entity {
  id = '';
  title = '';
  body = '';
  createdAt = '';
  author = User.fromJS();
  tags: Tag[] = [];
  static key = 'Article';
  static schema = {author: User, tags: [Tag]};
}
const PLAIN_ARTICLES = [PlainArticle];

class Item extends Entity {
  id = '';
  title = '';
  done = false;
  static key = 'Item';
}

const getItems = {key: () => 'GET /items', schema: [Item], name: 'getItems'};
const getItem = {key: ({id}: {id: string}) => `GET /items/${id}`, schema: Item, name: 'getItem'};
/** A PATCH whose prediction is the patched item; `respond` plays the server. */
const patchItem = (respond: (id: string, body: Partial<ItemJSON>) => Promise<unknown>) => ({
  key: ({id}: {id: string}) => `PATCH /items/${id}`,
  schema: Item,
  sideEffect: true,
  name: 'patchItem',
  fetch: ({id}: {id: string}, body: Partial<ItemJSON>) => respond(id, body),
  getOptimisticResponse: (_snap: unknown, {id}: {id: string}, body: Partial<ItemJSON>) => ({id, ...body}),
});

/** The write-cost rig: a Controller whose visible state replays `pending` predictions after every commit. */
function writeRig(rows: number, pending: number): WriteRig {
  let clock = 1_700_000_000_000;
  const controller = new Controller({now: () => ++clock});
  controller.setResponse(getItems, itemRows(rows));
  const never = patchItem(() => new Promise(() => {}));
  for (let i = 0; i < pending; i++) void controller.fetch(never, {id: String(i)}, {done: true});
  const patch = patchItem((id, body) => Promise.resolve({id, title: body.title, done: false}));
  let n = 0;
  let last = nthWrite(rows, 0);
  return {
    setOne() {
      last = nthWrite(rows, ++n);
      controller.setResponse(getItem, {id: last.id}, {id: last.id, title: last.title, done: false});
    },
    fetchOne() {
      last = nthWrite(rows, ++n);
      return controller.fetch(patch, {id: last.id}, {title: last.title});
    },
    lastTitle: () => (controller.getResponse(getItem, {id: last.id}).data as Item | undefined)?.title,
    expectedTitle: () => last.title,
  };
}

interface Store {
  readonly store: EntityStore;
  readonly result: unknown;
}

const listEndpoint = (list: unknown) => ({key: () => 'GET /articles', schema: list, name: 'getArticles'});

function make(id: string, name: string, list: unknown[], articleClass: typeof Article | typeof PlainArticle): Lib<Store> {
  const query = new Query(new schema.All(articleClass), (articles: ArticleLike[], args: QueryArgs) => articlesWithTag(articles, args));
  const getArticles = listEndpoint(list);
  return {
    id,
    name,
    memoized: true,
    normalizeEmpty(data, meta) {
      const response = normalize(list, data, [], meta);
      return {store: mergeResponse(emptyStore(), response, meta), result: response.result};
    },
    normalizeInto(previous, data, meta) {
      const response = normalize(list, data, [], meta);
      // As Controller.receive does: an equal result keeps the stored one, so the memo returns the same list.
      const result = jsonEqual(previous.result, response.result) ? previous.result : response.result;
      return {store: mergeResponse(previous.store, response, meta), result};
    },
    newReader() {
      const memo = new MemoCache();
      return ({store, result}) => memo.denormalize<ArticleLike[]>(list, result, store.entities).data!;
    },
    updateUser(previous, user, meta) {
      return {store: mergeResponse(previous.store, normalize(User, user, [], meta), meta), result: previous.result};
    },
    queryCold({store}, args) {
      const memo = new MemoCache();
      return query.compute(memo.query<never>(query.schema, [args], store.entities).data, [args])!;
    },
    newQuery(_store, data: ArticleJSON[], meta: WriteMeta) {
      const controller = new Controller({now: () => meta.fetchedAt});
      controller.setResponse(getArticles, data);
      return args => controller.get(query, args)!;
    },
    writeRig,
  };
}

export const ours = make('ours', 'data-elements', ARTICLES, Article);
/** Diagnostic variant: no `Date` field, so no Date is built or checked. */
export const oursNoDate = make('ours-string-date', 'data-elements (createdAt: string)', PLAIN_ARTICLES, PlainArticle);
