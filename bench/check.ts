// Output checks run before any timing: every library must rebuild the fixture,
// and we record which ones keep referential identity where a UI needs it.
import {refetched, type ArticleJSON, type Fixture, type UserJSON} from './fixture.js';
import {articlesWithTag, type ArticleLike, type Lib, type QueryArgs, type WriteMeta} from './adapters/types.js';

/**
 * A canonical JSON text of a value, for comparison: instances compare as their
 * own enumerable fields, Dates as ISO strings, object keys sorted.
 */
export function canonical(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map(k => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Undefined when equal, else a short description of the first difference. */
export function listDifference(actual: readonly unknown[] | undefined, expected: readonly unknown[]): string | undefined {
  if (!Array.isArray(actual)) return `expected a list, got ${typeof actual}`;
  if (actual.length !== expected.length) return `length ${actual.length}, expected ${expected.length}`;
  for (let i = 0; i < expected.length; i++) {
    const a = canonical(actual[i]);
    const e = canonical(expected[i]);
    if (a !== e) return `item ${i}: ${a.slice(0, 300)}\n   expected ${e.slice(0, 300)}`;
  }
  return undefined;
}

export interface IdentityReport {
  lib: string;
  /** Whether every output equals the fixture (or the expected query result). */
  correct: boolean;
  problems: string[];
  /** Two reads of an unchanged store give the identical list. */
  warmIdentical: boolean;
  /** After a refetch of identical data: the list is the same object. */
  refetchListIdentical: boolean;
  /** After a refetch of identical data: how many items are new objects. */
  refetchItemsRenewed: number;
  /** After updating one user: how many list items are new objects. */
  updateItemsRenewed: number;
  /** How many articles that user wrote (what should be renewed). */
  updateExpected: number;
  /** The renewed items are exactly that user's articles. */
  updateExact: boolean;
  /** Two warm reads of the query give the identical result. */
  warmQueryIdentical: boolean;
}

const sameItems = (a: readonly unknown[], b: readonly unknown[]) => a.filter((item, i) => item !== b[i]).length;

/** Runs every check for one library; never throws (a failure is reported). */
export function checkLib(lib: Lib, fixture: Fixture, meta: () => WriteMeta, user: UserJSON, args: QueryArgs): IdentityReport {
  const problems: string[] = [];
  const expectList = fixture.articles;
  const report: IdentityReport = {
    lib: lib.name,
    correct: false,
    problems,
    warmIdentical: false,
    refetchListIdentical: false,
    refetchItemsRenewed: NaN,
    updateItemsRenewed: NaN,
    updateExpected: expectList.filter(a => a.author.id === user.id).length,
    updateExact: false,
    warmQueryIdentical: false,
  };
  const expect = (what: string, actual: readonly unknown[] | undefined, expected: readonly unknown[]) => {
    const difference = listDifference(actual, expected);
    if (difference) problems.push(`${what}: ${difference}`);
  };
  try {
    const store = lib.normalizeEmpty(refetched(expectList), meta());
    const read = lib.newReader();
    const first = read(store);
    expect('denormalize after normalize', first, expectList);
    expect('cold denormalize', lib.newReader()(store), expectList);
    const second = read(store);
    report.warmIdentical = first === second;

    // A refetch that changes nothing.
    const again = lib.normalizeInto(store, refetched(expectList), meta());
    const afterRefetch = read(again);
    expect('denormalize after refetch', afterRefetch, expectList);
    report.refetchListIdentical = afterRefetch === second;
    report.refetchItemsRenewed = sameItems(afterRefetch, second);

    // One nested user changes.
    const renamed = {...user, name: `${user.name} (renamed)`};
    const updated = lib.updateUser(again, renamed, meta());
    const afterUpdate = read(updated);
    const expectedAfter: ArticleJSON[] = expectList.map(a => (a.author.id === user.id ? {...a, author: renamed} : a));
    expect('denormalize after one-user update', afterUpdate, expectedAfter);
    report.updateItemsRenewed = sameItems(afterUpdate, afterRefetch);
    report.updateExact =
      report.updateItemsRenewed === report.updateExpected &&
      afterUpdate.every((item, i) => (item !== afterRefetch[i]) === (expectList[i].author.id === user.id));

    // The query, cold and warm.
    const expectedQuery = articlesWithTag(expectList as unknown as ArticleLike[], args);
    const data = refetched(expectList);
    expect('query (cold)', lib.queryCold(store, args), expectedQuery);
    const query = lib.newQuery(store, data, meta());
    const q1 = query(args);
    const q2 = query(args);
    expect('query (warm)', q2, expectedQuery);
    report.warmQueryIdentical = q1 === q2;
  } catch (error) {
    problems.push(`threw: ${(error as Error)?.stack ?? error}`);
  }
  report.correct = problems.length === 0;
  return report;
}
