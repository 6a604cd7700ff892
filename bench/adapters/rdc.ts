// Reactive Data Client, driven through its published API of the installed
// versions (@data-client/normalizr 0.10.0 with @data-client/endpoint 0.9.9,
// @data-client/core 0.10.0): `normalize(input, schema, args, entities,
// indexes, entityMeta, meta)` writes into the store it is given;
// `denormalizeCached(input, schema, entities, entityCache, resultCache, args)`
// reads with the memo (this version's MemoCache: a global entity cache plus a
// WeakEntityMap per result); `Controller.getResponse(query, args, state)` runs
// a Query (schema.All + inferResults + denormalizeCached) as its hooks do.
// The write-cost rig runs a Controller over `createReducer` the way its
// providers do: every action goes through the reducer, and readers see
// `state.optimistic.reduce(reducer, state)` (the pending updates applied).
import {Endpoint, Entity, Query, schema} from '@data-client/endpoint';
import {Controller, createReducer, initialState, type State} from '@data-client/core';
import {WeakEntityMap, denormalizeCached, normalize, type DenormalizeCache} from '@data-client/normalizr';
import type {ArticleJSON} from '../fixture.js';
import {articlesWithTag, itemRows, nthWrite, type ArticleLike, type ItemJSON, type Lib, type QueryArgs, type WriteRig} from './types.js';

class User extends Entity {
  id = '';
  name = '';
  email = '';
  pk() {
    return this.id;
  }
  static key = 'User';
}
class Tag extends Entity {
  id = '';
  name = '';
  pk() {
    return this.id;
  }
  static key = 'Tag';
}
class Article extends Entity {
  id = '';
  title = '';
  body = '';
  createdAt = new Date(0);
  author = User.fromJS();
  tags: Tag[] = [];
  pk() {
    return this.id;
  }
  static key = 'Article';
  // This version calls a field schema that has no `denormalize` as a function
  // (`schema(value)`), so a Date field is written as a function, not as `Date`.
  static schema = {author: User, tags: [Tag], createdAt: (iso: string) => new Date(iso)};
}

const ARTICLES = [Article];

type Tables = Record<string, Record<string, any>>;
interface Store {
  readonly entities: Tables;
  readonly indexes: Record<string, any>;
  readonly entityMeta: Record<string, Record<string, {date: number; expiresAt: number; fetchedAt: number}>>;
  readonly result: unknown;
}

const query = new Query(new schema.All(Article), (articles, args: QueryArgs) => articlesWithTag(articles as ArticleLike[], args));

/** The state shape `Controller.getResponse` reads. */
function controllerState(store: Store) {
  return {
    entities: store.entities,
    indexes: store.indexes,
    entityMeta: store.entityMeta,
    results: {},
    meta: {},
    optimistic: [],
    lastReset: 0,
  };
}

class Item extends Entity {
  id = '';
  title = '';
  done = false;
  pk() {
    return this.id;
  }
  static key = 'Item';
}

const getItems = new Endpoint(() => Promise.resolve(itemRows(0)), {schema: [Item], key: () => 'GET /items', name: 'getItems'});
const getItem = new Endpoint(({id}: {id: string}) => Promise.resolve({id, title: '', done: false}), {
  schema: Item,
  key: ({id}: {id: string}) => `GET /items/${id}`,
  name: 'getItem',
});
const patchItem = new Endpoint(({id}: {id: string}, body: Partial<ItemJSON>): Promise<Partial<ItemJSON>> => Promise.resolve({id, title: body.title, done: false}), {
  schema: Item,
  sideEffect: true,
  key: ({id}: {id: string}) => `PATCH /items/${id}`,
  name: 'patchItem',
  getOptimisticResponse: (_snap: unknown, {id}: {id: string}, body: Partial<ItemJSON>) => ({id, ...body}),
});

/**
 * The write-cost rig. There is no NetworkManager: a mutation's FETCH action
 * reaches the reducer, which queues its prediction (RDC's way), and
 * `fetchOne` then resolves it as the NetworkManager would, with the fetch's
 * `createdAt` as `fetchedAt`, so the reducer retires that prediction.
 */
function writeRig(rows: number, pending: number): WriteRig {
  let state: State<unknown> = initialState;
  let visible = state;
  let lastAction: {meta: {createdAt?: number}} | undefined;
  const controller: Controller = new Controller({
    dispatch: (action: any) => {
      lastAction = action;
      state = reducer(state, action);
      visible = state.optimistic.length ? state.optimistic.reduce(reducer as any, state) : state;
      return Promise.resolve();
    },
    getState: () => state,
  });
  const reducer = createReducer(controller);
  void controller.setResponse(getItems, itemRows(rows));
  for (let i = 0; i < pending; i++) void controller.fetch(patchItem, {id: String(i)}, {done: true});
  let n = 0;
  let last = nthWrite(rows, 0);
  return {
    setOne() {
      last = nthWrite(rows, ++n);
      void controller.setResponse(getItem, {id: last.id}, {id: last.id, title: last.title, done: false});
    },
    async fetchOne() {
      last = nthWrite(rows, ++n);
      const args = [{id: last.id}, {title: last.title}] as const;
      void controller.fetch(patchItem, ...args);
      const fetchedAt = lastAction!.meta.createdAt!;
      await controller.resolve(patchItem, {args, response: {id: last.id, title: last.title, done: false}, fetchedAt});
    },
    lastTitle: () => (visible.entities.Item?.[last.id] as ItemJSON | undefined)?.title,
    expectedTitle: () => last.title,
  };
}

export const rdc: Lib<Store> = {
  id: 'rdc',
  name: 'Reactive Data Client',
  memoized: true,
  normalizeEmpty(data, meta) {
    const {entities, indexes, entityMeta, result} = normalize(data, ARTICLES, [], {}, {}, {}, meta);
    return {entities, indexes, entityMeta, result};
  },
  normalizeInto(store, data, meta) {
    const {entities, indexes, entityMeta, result} = normalize(data, ARTICLES, [], store.entities, store.indexes, store.entityMeta, meta);
    return {entities, indexes, entityMeta, result};
  },
  newReader() {
    const entityCache: DenormalizeCache['entities'] = {};
    const resultCache = new WeakEntityMap();
    return store => denormalizeCached(store.result, ARTICLES, store.entities, entityCache, resultCache, []).data as ArticleLike[];
  },
  updateUser(store, user, meta) {
    const {entities, indexes, entityMeta} = normalize(user, User, [], store.entities, store.indexes, store.entityMeta, meta);
    return {entities, indexes, entityMeta, result: store.result};
  },
  queryCold(store, args) {
    return new Controller().getResponse(query, args, controllerState(store) as any).data as ArticleLike[];
  },
  newQuery(store, _data: ArticleJSON[]) {
    const controller = new Controller();
    const state = controllerState(store);
    return args => controller.getResponse(query, args, state as any).data as ArticleLike[];
  },
  writeRig,
};
