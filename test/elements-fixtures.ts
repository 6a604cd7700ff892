// Shared pieces of the element tests (test/elements-*.test.ts): a todo REST server for msw
// with a request log, held answers and refused requests, and a watcher for anything thrown
// into the page (uncaught errors and unhandled rejections).
import {expect, waitUntil} from '@open-wc/testing';
import {http, HttpResponse, type JsonBodyType} from 'msw';
import {mockRest, RequestLog, watchUnhandledRejections} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';

export interface Todo {
  id: number;
  title: string;
  completed: boolean;
  [field: string]: unknown;
}

export function makeTodos(n: number): Todo[] {
  return Array.from({length: n}, (_, i) => ({id: i + 1, title: `todo ${i + 1}`, completed: i % 2 === 1}));
}

/**
 * A REST server of todos under `base` (default `/el-api/todos`): GET list (with `completed`
 * and `userId` filters), GET one, POST (ids go on from the largest), PUT, PATCH, DELETE (204).
 * `hold` (when set) is awaited before each answer; `fail` picks requests to refuse with 500.
 */
export function todoServer(initial: Todo[], base = '/el-api/todos') {
  const rows = new Map(initial.map(row => [String(row.id), {...row}]));
  let nextId = Math.max(0, ...initial.map(t => t.id)) + 1;
  const {server, answer, notFound} = mockRest(rows, new RequestLog(), 'refused');
  server.handlers = [
    http.get(
      base,
      answer(request => {
        const query = new URL(request.url).searchParams;
        let list = [...rows.values()];
        if (query.has('completed')) list = list.filter(t => String(t.completed) === query.get('completed'));
        if (query.has('userId')) list = list.filter(t => String(t['userId']) === query.get('userId'));
        return HttpResponse.json(list as JsonBodyType);
      }),
    ),
    http.get(`${base}/:id`, answer((_r, id) => (rows.has(id!) ? HttpResponse.json(rows.get(id!)! as JsonBodyType) : notFound()))),
    http.post(
      base,
      answer(async request => {
        const body = (await request.json()) as Partial<Todo>;
        const row: Todo = {completed: false, title: '', ...body, id: nextId++};
        rows.set(String(row.id), row);
        return HttpResponse.json(row as JsonBodyType, {status: 201});
      }),
    ),
    ...(['put', 'patch'] as const).map(method =>
      http[method](
        `${base}/:id`,
        answer(async (request, id) => {
          const row = rows.get(id!);
          if (!row) return notFound();
          const body = (await request.json()) as Partial<Todo>;
          const next = method === 'put' ? {...body, id: row.id} : {...row, ...body, id: row.id};
          rows.set(id!, next as Todo);
          return HttpResponse.json(next as JsonBodyType);
        }),
      ),
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

/**
 * Records what is thrown into the page while a test runs: uncaught errors (window
 * `error`) and unhandled rejections. `settle()` waits until every rejection that
 * happened before it was reported.
 */
export function watchPage() {
  const rejections = watchUnhandledRejections();
  const errors: unknown[] = [];
  const onError = (event: ErrorEvent) => errors.push(event.error ?? event.message);
  window.addEventListener('error', onError);
  return {
    errors,
    rejections: rejections.seen,
    settle: () => rejections.settle(),
    stop(): void {
      rejections.stop();
      window.removeEventListener('error', onError);
    },
  };
}

/**
 * The hooks every element suite shares: msw's worker started once up front (its first
 * start can take seconds on a loaded machine) and stopped at the end, and each test
 * checked for uncaught errors and unhandled rejections thrown into the page.
 */
export function elementSuiteHooks(): void {
  watchPageEachTest();
  before(async function () {
    this.timeout(30_000);
    await startWorker();
  });
  after(() => stopWorker());
}

/**
 * Checks each test of the suite for uncaught errors and unhandled rejections thrown into
 * the page. The handle's `settle()` waits, inside a test, for rejections to be reported.
 */
export function watchPageEachTest(): {settle(): Promise<void>} {
  let page: ReturnType<typeof watchPage>;
  beforeEach(() => {
    page = watchPage();
  });
  afterEach(async () => {
    await page.settle();
    page.stop();
    expect(page.errors, 'uncaught errors').to.deep.equal([]);
    expect(page.rejections, 'unhandled rejections').to.deep.equal([]);
  });
  return {settle: () => page.settle()};
}

/** The visible text of an element (light DOM), whitespace collapsed. */
export function text(el: Element): string {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * `waitUntil` with a timeout that holds on a loaded machine (the default 1 s does not when
 * several engines and other suites share two cores). It still polls a real condition.
 */
export function until(predicate: () => unknown, message?: string): Promise<void> {
  return waitUntil(predicate, message, {timeout: 10_000});
}
