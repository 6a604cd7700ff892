// The one data set every library is measured on: a seeded, generated list of
// articles, each with an author shared among a pool of users and tags from a
// pool of tags. The same seed gives the same bytes on every machine.
import {seededRandom} from '../test/helpers/seeded-random.js';

export interface UserJSON {
  id: string;
  name: string;
  email: string;
}
export interface TagJSON {
  id: string;
  name: string;
}
export interface ArticleJSON {
  id: string;
  title: string;
  body: string;
  /** ISO 8601, as an API sends it. */
  createdAt: string;
  author: UserJSON;
  tags: TagJSON[];
}

export interface FixtureOptions {
  articles?: number;
  users?: number;
  tags?: number;
  tagsPerArticle?: number;
  seed?: number;
}

export interface Fixture {
  readonly articles: ArticleJSON[];
  readonly users: UserJSON[];
  readonly tags: TagJSON[];
  readonly seed: number;
}


const WORDS = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et ' +
  'dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea ' +
  'commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur'
).split(' ');

/** Builds the fixture: every article references full (nested) author and tag objects, as an API returns them. */
export function makeFixture(options: FixtureOptions = {}): Fixture {
  const {articles: articleCount = 500, users: userCount = 50, tags: tagCount = 30, tagsPerArticle = 3, seed = 0x5eed} = options;
  const random = seededRandom(seed);
  const int = (n: number) => Math.floor(random() * n);
  const words = (n: number) => Array.from({length: n}, () => WORDS[int(WORDS.length)]).join(' ');
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

  const users: UserJSON[] = Array.from({length: userCount}, (_, i) => {
    const first = capital(words(1));
    return {id: `u${i + 1}`, name: `${first} ${capital(words(1))}`, email: `${first.toLowerCase()}${i + 1}@example.com`};
  });
  const tags: TagJSON[] = Array.from({length: tagCount}, (_, i) => ({id: `t${i + 1}`, name: `${words(1)}-${i + 1}`}));

  const start = Date.UTC(2024, 0, 1);
  const articles: ArticleJSON[] = Array.from({length: articleCount}, (_, i) => {
    const picked = new Set<number>();
    while (picked.size < Math.min(tagsPerArticle, tagCount)) picked.add(int(tagCount));
    const author = users[int(userCount)];
    return {
      id: `a${i + 1}`,
      title: capital(words(3 + int(5))),
      body: capital(words(40 + int(40))) + '.',
      createdAt: new Date(start + int(365 * 24 * 3600) * 1000).toISOString(),
      // Copies, as a JSON response holds: no two articles share an object.
      author: {...author},
      tags: [...picked].map(t => ({...tags[t]})),
    };
  });
  return {articles, users, tags, seed};
}

/** A deep copy through JSON, as a second fetch of the same endpoint would give. */
export function refetched<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
