// The mock API's data, generated in the browser from a fixed seed: every page load (and
// every e2e run) sees the same articles, authors and todos.
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
