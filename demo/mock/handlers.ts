// The demo's REST API, answered in the browser by msw: no backend needed.
//   GET    /api/articles?limit=&cursor=   a page of articles (authors nested); the next
//                                          page's URL is in the `Link` header (rel="next")
//   GET    /api/articles/:id
//   GET    /api/users/:id
//   GET    /api/todos
//   POST   /api/todos                     slower on purpose: the temporary id shows a while
//   PATCH  /api/todos/:id, PUT /api/todos/:id
//   DELETE /api/todos/:id                 500 for a locked todo (the rollback case)
// Every answer takes 200-600 ms (seeded), and each request is recorded in `requestLog`.
// The data lives in localStorage (see data.ts): every request reads it, every change writes
// it back, so all tabs of the demo talk to one "server" that outlives a reload. With
// `mockNetwork.flaky` on, every other GET answers 503 first: the library retries it.
import {delay, http, HttpResponse, sse, type HttpResponseResolver} from 'msw';
import {loadDb, saveDb, type MockDb, type TodoRow} from './data.js';
import {seededRandom} from '../../test/helpers/seeded-random.js';

/** One request the mock server saw. */
export interface LoggedRequest {
  readonly id: number;
  readonly method: string;
  /** Path and query string. */
  readonly url: string;
  readonly startedAt: number;
  /** Set when the answer is sent. */
  status?: number;
  endedAt?: number;
}

/** The requests seen so far; fires `change` when one starts or ends. */
export class RequestLog extends EventTarget {
  readonly entries: LoggedRequest[] = [];
  private lastId = 0;

  start(method: string, url: URL): LoggedRequest {
    const entry: LoggedRequest = {id: ++this.lastId, method, url: url.pathname + url.search, startedAt: performance.now()};
    this.entries.push(entry);
    this.dispatchEvent(new Event('change'));
    return entry;
  }

  end(entry: LoggedRequest, status: number): void {
    entry.status = status;
    entry.endedAt = performance.now();
    this.dispatchEvent(new Event('change'));
  }

  /** How many requests (optionally of one method) have been answered. */
  answered(method?: string): number {
    return this.entries.filter(e => e.status !== undefined && (method === undefined || e.method === method)).length;
  }

  /** Requests still waiting for their answer, optionally of one method. */
  inFlight(method?: string): LoggedRequest[] {
    return this.entries.filter(e => e.status === undefined && (method === undefined || e.method === method));
  }
}

export const requestLog = new RequestLog();

/** How the mock network behaves; the Network panel's "Flaky network" switch sets it. */
export const mockNetwork = {
  /** Every other GET answers 503 (Service Unavailable) before the one that succeeds. */
  flaky: false,
  /** GETs answered while flaky, to fail every other one. */
  flakyCount: 0,
  /** No request gets an answer (a network error), as with no connection; the "Offline" switch sets it. */
  offline: false,
};

export const PAGE_SIZE = 5;

/** Runs `change` on the server's data and keeps what it changed. */
function changing<T>(change: (db: MockDb) => T): T {
  const db = loadDb();
  const result = change(db);
  saveDb(db);
  return result;
}

const latencyRandom = seededRandom(7);
/** 200-600 ms, like a real server a few hops away. */
const latency = () => 200 + Math.round(latencyRandom() * 400);

/** Waits, answers, and logs the request with its status. */
function timed(resolver: HttpResponseResolver<Record<string, string>, any>, extraDelay = 0): HttpResponseResolver<Record<string, string>, any> {
  return async info => {
    const entry = requestLog.start(info.request.method, new URL(info.request.url));
    if (mockNetwork.offline) {
      requestLog.end(entry, 0);
      return HttpResponse.error();
    }
    await delay(latency() + extraDelay);
    const flaky = info.request.method === 'GET' && mockNetwork.flaky && mockNetwork.flakyCount++ % 2 === 0;
    const response = flaky
      ? HttpResponse.json({message: 'the mock network is flaky on purpose'}, {status: 503})
      : ((await resolver(info)) as Response);
    requestLog.end(entry, response.status);
    return response;
  };
}

const notFound = (what: string) => HttpResponse.json({message: `${what} not found`}, {status: 404});
const cursorOf = (offset: number) => btoa(`offset:${offset}`);
function offsetOf(cursor: string | null): number | undefined {
  if (cursor === null) return 0;
  try {
    const match = /^offset:(\d+)$/.exec(atob(cursor));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function findTodo(db: MockDb, id: string | readonly string[] | undefined): TodoRow | undefined {
  return db.todos.find(t => String(t.id) === String(id));
}

/** Only the fields a client may write; the id, `locked` and `createdAt` belong to the server. */
function writable(body: unknown): Partial<Pick<TodoRow, 'title' | 'completed'>> {
  const b = (body ?? {}) as Record<string, unknown>;
  const out: Partial<Pick<TodoRow, 'title' | 'completed'>> = {};
  if (typeof b.title === 'string') out.title = b.title.trim();
  if (typeof b.completed === 'boolean') out.completed = b.completed;
  return out;
}

/** How often (ms) the mock live feed pushes a new view count. */
export const LIVE_INTERVAL = 1_500;

export const handlers = [
  // Server-sent events: every LIVE_INTERVAL ms an `article` event with one article's new view
  // count ({id, views}: a partial row, merged into the cached one). Resumes after Last-Event-ID.
  sse('/api/live', ({client, request}) => {
    let id = Number(request.headers.get('last-event-id') ?? 0) || 0;
    const random = seededRandom(1_000 + id);
    const below = (n: number) => Math.floor(random() * n);
    const timer = setInterval(() => {
      const {id: articleId, views} = changing(db => {
        const article = db.articles[below(Math.min(db.articles.length, PAGE_SIZE * 2))]!;
        article.views += 1 + below(5);
        return article;
      });
      id++;
      client.send({id: String(id), event: 'article', data: JSON.stringify({id: articleId, views})} as never);
    }, LIVE_INTERVAL);
    request.signal.addEventListener('abort', () => clearInterval(timer));
  }),
  http.get(
    '/api/articles',
    timed(({request}) => {
      const url = new URL(request.url);
      const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? PAGE_SIZE) || PAGE_SIZE, 1), 20);
      const offset = offsetOf(url.searchParams.get('cursor'));
      if (offset === undefined) return HttpResponse.json({message: 'bad cursor'}, {status: 400});
      const db = loadDb();
      const page = db.articles.slice(offset, offset + limit);
      const headers = new Headers({'X-Total-Count': String(db.articles.length)});
      if (offset + limit < db.articles.length) {
        headers.set('Link', `</api/articles?cursor=${encodeURIComponent(cursorOf(offset + limit))}&limit=${limit}>; rel="next"`);
      }
      return HttpResponse.json(page, {headers});
    }),
  ),
  http.get(
    '/api/articles/:id',
    timed(({params}) => {
      const article = loadDb().articles.find(a => String(a.id) === params.id);
      return article ? HttpResponse.json(article) : notFound(`article ${params.id}`);
    }),
  ),
  http.get(
    '/api/users/:id',
    timed(({params}) => {
      const user = loadDb().users.find(u => String(u.id) === params.id);
      return user ? HttpResponse.json(user) : notFound(`user ${params.id}`);
    }),
  ),
  http.get(
    '/api/todos',
    timed(() => HttpResponse.json(loadDb().todos)),
  ),
  http.post(
    '/api/todos',
    timed(async ({request}) => {
      const fields = writable(await request.json().catch(() => ({})));
      const title = fields.title;
      if (!title) return HttpResponse.json({message: 'a todo needs a title'}, {status: 422});
      const todo = changing(db => {
        const created: TodoRow = {
          id: db.nextTodoId++,
          title,
          completed: fields.completed ?? false,
          locked: false,
          createdAt: new Date().toISOString(),
        };
        db.todos.push(created);
        return created;
      });
      return HttpResponse.json(todo, {status: 201});
    }, 600),
  ),
  ...(['patch', 'put'] as const).map(method =>
    http[method](
      '/api/todos/:id',
      timed(async ({request, params}) => {
        const fields = writable(await request.json().catch(() => ({})));
        const todo = changing(db => {
          const found = findTodo(db, params.id);
          if (found) Object.assign(found, fields);
          return found;
        });
        return todo ? HttpResponse.json(todo) : notFound(`todo ${params.id}`);
      }),
    ),
  ),
  http.delete(
    '/api/todos/:id',
    timed(({params}) =>
      changing(db => {
        const todo = findTodo(db, params.id);
        if (!todo) return notFound(`todo ${params.id}`);
        if (todo.locked) {
          return HttpResponse.json({message: `“${todo.title}” is locked: the server refused to delete it`}, {status: 500});
        }
        db.todos.splice(db.todos.indexOf(todo), 1);
        return new HttpResponse(null, {status: 204});
      }),
    ),
  ),
];
