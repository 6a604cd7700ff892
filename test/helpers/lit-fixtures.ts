// Shared pieces of the Lit-layer browser tests (test/lit-*.test.ts): an entity, REST
// endpoints against msw, request counters, a deferred promise, a render-counting base
// element, and a watcher for unhandled rejections that waits on an event, not a timer.
import {waitUntil} from '@open-wc/testing';
import {html, LitElement} from 'lit';
import {http, HttpResponse, type JsonBodyType} from 'msw';
import {createResource} from '../../src/rest/index.js';
import {Entity} from '../../src/schema/index.js';
import {useSuspense} from '../../src/lit/index.js';

export class Item extends Entity {
  id = 0;
  title = '';
  completed = false;
  static override key = 'LitTestItem';
}

/** GET/PATCH/DELETE /lit-api/items/:id and GET /lit-api/items (a Collection of Item). */
export const ItemResource = createResource({path: '/lit-api/items/:id', schema: Item});
export const getItem = ItemResource.get;
export const getItems = ItemResource.getList;
export const patchItem = ItemResource.partialUpdate;
/** DELETE with `schema.Invalidate(Item)`; the server answers 204, so the pk comes from the params. */
export const deleteItem = ItemResource.delete;

/** `n` items with ids 1..n. */
export function makeItems(n: number, title = (id: number) => `item ${id}`): {id: number; title: string; completed: boolean}[] {
  return Array.from({length: n}, (_, i) => ({id: i + 1, title: title(i + 1), completed: false}));
}

/** A promise with its resolve/reject outside, to hold a mocked response until the test lets it go. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return {promise, resolve, reject};
}

/** Every request msw saw, in order: `GET /lit-api/items/1`. */
export class RequestLog {
  readonly entries: {method: string; path: string; headers: Headers; body: unknown}[] = [];
  count(method: string, path: string): number {
    return this.entries.filter(e => e.method === method && e.path === path).length;
  }
  async record(request: Request): Promise<void> {
    const url = new URL(request.url);
    let body: unknown = undefined;
    const text = await request.clone().text();
    if (text) body = JSON.parse(text);
    this.entries.push({method: request.method, path: url.pathname + url.search, headers: request.headers, body});
  }
}

/** What an msw REST mock answers with, and the controls tests use on it. */
type Handler = ReturnType<typeof http.get>;
type Respond = (request: Request, id: string | undefined) => Response | Promise<Response>;

/**
 * The scaffolding of an msw REST mock: the `server` object tests control (`log` of every
 * request, `rows`, `hold` awaited before each answer, `fail` picking requests to refuse with
 * 500, `Retry-After: 3600` (not retried) and `refusal` as message), `answer` wrapping a responder in those controls, and a 404.
 */
export function mockRest<Row>(rows: Map<string, Row>, log: RequestLog, refusal: string) {
  const server = {
    log,
    rows,
    hold: undefined as undefined | ((request: Request) => Promise<unknown> | undefined),
    fail: undefined as undefined | ((request: Request) => boolean),
    handlers: [] as Handler[],
  };
  const answer =
    (respond: Respond) =>
    async ({request, params}: {request: Request; params: Record<string, string | readonly string[] | undefined>}) => {
      await log.record(request);
      await server.hold?.(request);
      // Retry-After longer than any retry delay: the Controller does not retry, so a refused
      // read fails at once (retries have their own tests, on fake timers).
      if (server.fail?.(request)) return HttpResponse.json({message: refusal}, {status: 500, headers: {'Retry-After': '3600'}});
      return respond(request, params['id'] as string | undefined);
    };
  const notFound = () => HttpResponse.json({message: 'not found'}, {status: 404});
  return {server, answer, notFound};
}

/**
 * A REST server of items for msw under `base` (default `/lit-api/items`): GET list, GET one,
 * PATCH, DELETE. `hold` (when set) is awaited before each answer, and `fail` picks requests
 * to answer with 500.
 */
export function itemServer(initial: {id: number; title: string; completed: boolean}[], base = '/lit-api/items', log = new RequestLog()) {
  const rows = new Map(initial.map(row => [String(row.id), {...row}]));
  const {server, answer, notFound} = mockRest(rows, log, 'boom');
  server.handlers = [
    http.get(base, answer(() => HttpResponse.json([...rows.values()] as JsonBodyType))),
    http.get(`${base}/:id`, answer((_r, id) => (rows.has(id!) ? HttpResponse.json(rows.get(id!)!) : notFound()))),
    http.patch(
      `${base}/:id`,
      answer(async (request, id) => {
        const row = rows.get(id!);
        if (!row) return notFound();
        Object.assign(row, await request.json());
        return HttpResponse.json(row);
      }),
    ),
    http.delete(
      `${base}/:id`,
      answer((_r, id) => {
        if (!rows.delete(id!)) return notFound();
        return new HttpResponse(null, {status: 204});
      }),
    ),
  ];
  return server;
}

/** Reads item 1 through useSuspense and renders `title: …` (or `pending`, or `error: …`). */
export class ItemOneTitle extends LitElement {
  readonly item = useSuspense(this, getItem, {id: 1});
  constructor() {
    super();
    // It renders its error itself: nothing else need announce it (no data-error, no reportError).
    this.item.handlesErrors = true;
  }
  override render() {
    return this.item.render({
      pending: () => html`pending`,
      complete: item => html`title: ${item.title}`,
      error: error => html`error: ${(error as Error).message}`,
    });
  }
}

/** A LitElement that counts its renders (each completed update). */
export class CountingElement extends LitElement {
  renders = 0;
  protected override updated(): void {
    this.renders++;
  }
}

let tagCount = 0;
/** Defines `cls` under a fresh tag name (`prefix-N`) and returns the name. */
export function defineUnique(prefix: string, cls: CustomElementConstructor): string {
  const name = `${prefix}-${++tagCount}`;
  customElements.define(name, cls);
  return name;
}

/** The visible text of an element's shadow root, whitespace collapsed. */
export function shadowText(el: Element): string {
  return (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * A promise rejected with `reason` and left unhandled on purpose, that the test runner's
 * own `unhandledrejection` listener cannot log: that listener calls `event.promise.catch(log)`,
 * and this promise's own `catch` does nothing (it attaches no handler, so the rejection
 * stays unhandled for the browser).
 */
export function unhandledRejection(reason: unknown): Promise<never> {
  const promise = Promise.reject(reason);
  Object.defineProperty(promise, 'catch', {value: () => promise});
  return promise;
}

/**
 * Records unhandled promise rejections while a test runs. `settle()` waits until every
 * rejection made before it was called has been reported: it leaves one rejection of its
 * own unhandled and waits for its event, which the browser fires after the earlier ones
 * (they are queued in order). Waiting on that event, not on a timer, keeps it exact.
 */
export function watchUnhandledRejections() {
  const seen: unknown[] = [];
  const sentinels = new Map<unknown, () => void>();
  const listener = (event: PromiseRejectionEvent) => {
    const done = sentinels.get(event.reason);
    if (!done) {
      seen.push(event.reason);
      return;
    }
    event.preventDefault(); // no "Uncaught (in promise)" in the console for the sentinel
    done();
  };
  window.addEventListener('unhandledrejection', listener);
  return {
    seen,
    settle(): Promise<void> {
      const reason = {sentinel: true};
      const reported = new Promise<void>(resolve => sentinels.set(reason, resolve));
      void unhandledRejection(reason);
      return reported;
    },
    stop(): void {
      window.removeEventListener('unhandledrejection', listener);
    },
  };
}

/**
 * Asserts identity without handing the objects to chai: a failed `expect(a).to.equal(b)`
 * on a Controller or an element makes the runner serialize a huge object graph and hang.
 */
export function expectSame(actual: unknown, expected: unknown, what: string): void {
  if (actual !== expected) throw new Error(`${what}: not the expected object (got ${describe(actual)}, wanted ${describe(expected)})`);
}
function describe(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (value instanceof Element) return `<${value.localName}>`;
  return (value as object).constructor?.name ?? typeof value;
}

/**
 * `waitUntil` with room for a loaded machine: it still returns as soon as the condition
 * holds, but gives up only after `timeout` ms (open-wc's default is 1 s, below the time a
 * service-worker round trip can take when three engines and other jobs share two cores).
 */
export function waitFor(predicate: () => unknown, message?: string, timeout = 8000): Promise<void> {
  return waitUntil(predicate, message, {timeout, interval: 20});
}

/**
 * Waits for what a user action just did to be on screen, before any frame: the Controller
 * tells readers of a change made inside `fetch()` in a microtask after it returned, and the
 * host renders in the update that tells it. Microtasks run in order, so one await lets the
 * queued notification run (it requests the host's update), and `updateComplete` then waits
 * for that update.
 */
export async function rendered(el: {readonly updateComplete: Promise<unknown>}): Promise<void> {
  await Promise.resolve();
  await el.updateComplete;
}
