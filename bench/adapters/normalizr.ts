// normalizr@3: normalize and denormalize only. It keeps no store and no memo,
// builds no instances and converts no fields; a refetch is merged into the
// tables as a Redux reducer would (table by table, later rows winning), and
// the query is a filter and a sort over a fresh denormalize.
import {denormalize, normalize, schema} from 'normalizr';
import {articlesWithTag, type ArticleLike, type Lib} from './types.js';

const user = new schema.Entity('users');
const tag = new schema.Entity('tags');
const article = new schema.Entity('articles', {author: user, tags: [tag]});
const ARTICLES = [article];

type Tables = Record<string, Record<string, unknown>>;
interface Store {
  readonly entities: Tables;
  readonly result: unknown;
}

/** What a reducer does with normalizr's output: copy each table it touches, incoming rows replace stored ones. */
function merge(tables: Tables, incoming: Tables): Tables {
  const out: Tables = {...tables};
  for (const key of Object.keys(incoming)) out[key] = {...tables[key], ...incoming[key]};
  return out;
}

const read = (store: Store) => denormalize(store.result, ARTICLES, store.entities) as ArticleLike[];

export const normalizr3: Lib<Store> = {
  id: 'normalizr',
  name: 'normalizr@3',
  memoized: false,
  normalizeEmpty(data) {
    const {entities, result} = normalize(data, ARTICLES);
    return {entities: merge({}, entities as Tables), result};
  },
  normalizeInto(store, data) {
    const {entities, result} = normalize(data, ARTICLES);
    return {entities: merge(store.entities, entities as Tables), result};
  },
  newReader() {
    return read;
  },
  updateUser(store, data) {
    const {entities} = normalize(data, user);
    return {entities: merge(store.entities, entities as Tables), result: store.result};
  },
  queryCold(store, args) {
    return articlesWithTag(read(store), args);
  },
  newQuery(store) {
    return args => articlesWithTag(read(store), args);
  },
};
