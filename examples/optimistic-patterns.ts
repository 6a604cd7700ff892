import {createResource, Entity, RestEndpoint, type SnapshotInterface} from '../src/index.js';

const API = 'https://api.example.com';

// 1. Partial update (toggle): PATCH /articles/:id; the prediction is the pk from params plus the body.
// 2. Optimistic create through getList.push: the caller supplies a temporary pk in the body.
// 3. Optimistic delete: DELETE /articles/:id answers with an empty body; the prediction is the params.
export class Article extends Entity {
  id = '';
  title = '';
  published = false;
  static key = 'Article';
}

export const ArticleResource = createResource({urlPrefix: API, path: '/articles/:id', schema: Article}).extend({
  partialUpdate: {
    getOptimisticResponse: (_snap: SnapshotInterface, params: {id: string}, body: Partial<Article>) => ({id: params.id, ...body}),
  },
  getList: {
    getOptimisticResponse: (_snap: SnapshotInterface, _params: object, body: Partial<Article>) => body,
  },
  delete: {
    getOptimisticResponse: (_snap: SnapshotInterface, params: {id: string}) => params,
  },
});

// 4. A counter: POST /api/count/increment with no body; the prediction adds one to the cached
//    count, and applies nothing (AbortOptimistic) when no count is cached yet.
export class Count extends Entity {
  count = 0;
  pk() {
    return 'count';
  }
  static key = 'Count';
}

export const getCount = new RestEndpoint({urlPrefix: API, path: '/api/count', schema: Count});

export const increment = new RestEndpoint({
  urlPrefix: API,
  path: '/api/count/increment',
  method: 'POST',
  body: undefined,
  schema: Count,
  getOptimisticResponse(snap: SnapshotInterface) {
    const {data} = snap.getResponse(getCount);
    if (!data) throw snap.abort;
    return {count: data.count + 1};
  },
});

// 5. The ordered counter: every request carries the client time as `updatedAt` in its JSON
//    body, the server applies requests in that order and echoes `updatedAt`, and the entity
//    accepts only data at least as new as what it holds, so a late, older response is ignored.
export class OrderedCount extends Entity {
  count = 0;
  updatedAt = 0;
  pk() {
    return 'count';
  }
  static key = 'OrderedCount';
  static useIncoming(_existingMeta: unknown, _incomingMeta: unknown, existing: OrderedCount, incoming: OrderedCount) {
    return existing.updatedAt <= incoming.updatedAt;
  }
}

/** Client time in ms, strictly increasing, so two requests in one millisecond stay ordered. */
let lastTime = 0;
export const requestTime = () => (lastTime = Math.max(Date.now(), lastTime + 1));

export const getOrderedCount = new RestEndpoint({urlPrefix: API, path: '/api/count', schema: OrderedCount});

export const incrementOrdered = new RestEndpoint({
  urlPrefix: API,
  path: '/api/count/increment',
  method: 'POST',
  schema: OrderedCount,
  getRequestInit(this: RestEndpoint, body: {updatedAt?: number} = {}) {
    return RestEndpoint.prototype.getRequestInit.call(this, {...body, updatedAt: body.updatedAt ?? requestTime()});
  },
  getOptimisticResponse(snap: SnapshotInterface) {
    const {data} = snap.getResponse(getOrderedCount);
    if (!data) throw snap.abort;
    return {count: data.count + 1, updatedAt: snap.fetchedAt};
  },
});
