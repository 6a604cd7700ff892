// The mock API's data, generated in the browser from a fixed seed, then kept in localStorage:
// the "server" outlives a reload and is the same for every tab of the origin, as a real one
// would be (which is what makes the demo's persistence and tab sync meaningful). A fresh
// browser profile, or the demo's "Reset data" button, starts again from the seed.
import {seededRandom} from '../../test/helpers/seeded-random.js';


export interface UserRow {
  id: number;
  name: string;
  handle: string;
  /** Hue of the avatar, 0-359. */
  hue: number;
}

export interface ArticleRow {
  id: number;
  title: string;
  excerpt: string;
  /** ISO 8601 on the wire; the client's Article schema turns it into a Date. */
  publishedAt: string;
  readingMinutes: number;
  /** Read count; the live feed (/api/live) pushes new counts. */
  views: number;
  /** Nested on the wire; normalized into the User table by the client. */
  author: UserRow;
}

export interface TodoRow {
  id: number;
  title: string;
  completed: boolean;
  /** The server refuses to delete a locked todo (500): the demo's rollback case. */
  locked: boolean;
  createdAt: string;
}

const NAMES = ['Ada Okafor', 'Lin Wei', 'Mateo Rossi', 'Priya Natarajan', 'Jonas Berg'];

const TITLES = [
  'Normalizing API responses without losing your mind',
  'Optimistic updates that roll back gracefully',
  'Cursor pagination with the Link header',
  'Why your cache should be keyed by primary key',
  'Web Components in production: a field report',
  'Suspense boundaries for custom elements',
  'Designing endpoints your client can cache',
  'Dates on the wire: ISO strings and real Date objects',
  'Stale-while-revalidate, explained with coffee',
  'Temporary ids and the art of the optimistic create',
  'Testing against a mock API in the browser',
  'Shipping Lit from a CDN in one file',
  'Queries over a normalized cache',
  'When the server says no: handling a 500 in the UI',
  'Referential equality and why re-renders matter',
  'Forms that submit through your data layer',
];

const SENTENCES = [
  'One entity, one row: every list that shows it updates together.',
  'The trick is to decide what the screen needs before asking the server.',
  'Nothing here needs a framework beyond the platform and a little Lit.',
  'We measured it on a slow phone, and the numbers surprised us.',
  'A prediction is only useful if undoing it is boring.',
  'The server stays the source of truth; the cache just remembers.',
  'Most bugs in this area come from two copies of the same record.',
  'It turns out the browser already has most of the pieces.',
  'Keep the wire format boring and the client types rich.',
  'Latency is a design constraint, not an implementation detail.',
];

const TODOS: Omit<TodoRow, 'id' | 'createdAt'>[] = [
  {title: 'Review the pagination pull request', completed: false, locked: false},
  {title: 'Write the release notes', completed: true, locked: false},
  {title: 'Pay the hosting invoice', completed: false, locked: true},
  {title: 'Book travel for the conference', completed: false, locked: false},
  {title: 'Water the office plants', completed: true, locked: false},
  {title: 'Archive the Q3 reports', completed: false, locked: true},
];

/** Everything the mock server holds. */
export interface MockDb {
  users: UserRow[];
  articles: ArticleRow[];
  todos: TodoRow[];
  nextTodoId: number;
}

export function createDb(seed = 20250314): MockDb {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const users: UserRow[] = NAMES.map((name, i) => ({
    id: i + 1,
    name,
    handle: `@${name.split(' ')[0]!.toLowerCase()}`,
    hue: Math.floor(random() * 360),
  }));
  // Newest first, one to four days apart, counting back from a fixed day.
  let day = Date.UTC(2025, 2, 14, 9, 30);
  const articles: ArticleRow[] = TITLES.map((title, i) => {
    day -= (1 + Math.floor(random() * 4)) * 86_400_000;
    const first = pick(SENTENCES);
    let second = pick(SENTENCES);
    while (second === first) second = pick(SENTENCES);
    return {
      id: 101 + i,
      title,
      excerpt: `${first} ${second}`,
      publishedAt: new Date(day).toISOString(),
      readingMinutes: 3 + Math.floor(random() * 9),
      views: 120 + i * 37,
      author: pick(users),
    };
  });
  const created = Date.UTC(2025, 2, 10, 8, 0);
  const todos: TodoRow[] = TODOS.map((todo, i) => ({
    ...todo,
    id: i + 1,
    createdAt: new Date(created + i * 3_600_000).toISOString(),
  }));
  return {users, articles, todos, nextTodoId: todos.length + 1};
}

/** Where the mock server keeps its data (versioned: a demo that changes the shape bumps it). */
export const DB_STORAGE_KEY = 'lit-data-elements-demo/mock-db/v1';

function isDb(value: unknown): value is MockDb {
  const db = value as Partial<MockDb> | null;
  return (
    typeof db === 'object' &&
    db !== null &&
    Array.isArray(db.users) &&
    Array.isArray(db.articles) &&
    Array.isArray(db.todos) &&
    typeof db.nextTodoId === 'number'
  );
}

/** The server's data as the last request (of any tab) left it; the seeded data the first time. */
export function loadDb(storage: Storage = localStorage): MockDb {
  const saved = storage.getItem(DB_STORAGE_KEY);
  if (saved !== null) {
    try {
      const parsed: unknown = JSON.parse(saved);
      if (isDb(parsed)) return parsed;
    } catch {
      // Not ours, or cut short: start again from the seed.
    }
  }
  return createDb();
}

/** Keeps what a request changed, for the next request of this tab or another. */
export function saveDb(db: MockDb, storage: Storage = localStorage): void {
  storage.setItem(DB_STORAGE_KEY, JSON.stringify(db));
}

/** Forgets every change: the next request sees the seeded data. */
export function resetDb(storage: Storage = localStorage): void {
  storage.removeItem(DB_STORAGE_KEY);
}
