// ChangeSet.finish against a plain reference: for random states before and after and random
// noted rows and results, the commit holds exactly the noted rows whose value or meta differ,
// the rows that appeared or went away, the tables that gained or lost rows, and the noted
// results whose data or meta differ.
//
// FUZZ_RUNS (default 500) sets the number of runs, FUZZ_SEED replays one.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {ChangeSet} from '../../src/core/change-set.js';
import {emptyState, type State} from '../../src/core/index.js';
import {INVALID, PersistentMap, type EntityMeta} from '../../src/schema/index.js';

const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const TABLES = ['A', 'B', 'C'] as const;
const PKS = ['1', '2', '3', '4'] as const;
const KEYS = ['k1', 'k2', 'k3'] as const;

// Shared values, so that "the same" is identity as in the cache.
const ROWS: unknown[] = [{id: 'x'}, {id: 'y'}, INVALID];
const METAS: EntityMeta[] = [1, 2].map(t => ({fetchedAt: t, date: t, expiresAt: t + 10}));

/** A cell: absent, or [row, meta] by index. */
const cellArb = fc.option(fc.tuple(fc.nat(ROWS.length - 1), fc.nat(METAS.length - 1)), {nil: undefined});
type Cells = Record<string, Record<string, [number, number] | undefined> | undefined>;
const tablesArb: fc.Arbitrary<Cells> = fc.dictionary(
  fc.constantFrom(...TABLES),
  fc.option(fc.dictionary(fc.constantFrom(...PKS), cellArb), {nil: undefined}),
);
const resultsArb = fc.dictionary(fc.constantFrom(...KEYS), fc.option(fc.nat(2), {nil: undefined}));

/** A state from cells; a table whose cells equal `reuse`'s keeps `reuse`'s table object (as an untouched table does). */
function stateOf(cells: Cells, results: Record<string, number | undefined>, reuse?: {cells: Cells; state: State}): State {
  const entities = new Map<string, PersistentMap<unknown>>();
  const entitiesMeta = new Map<string, PersistentMap<EntityMeta>>();
  for (const [table, rows] of Object.entries(cells)) {
    if (!rows) continue;
    if (reuse && JSON.stringify(reuse.cells[table]) === JSON.stringify(rows)) {
      const same = reuse.state.entities.get(table);
      if (same) {
        entities.set(table, same as PersistentMap<unknown>);
        entitiesMeta.set(table, reuse.state.entitiesMeta.get(table) as PersistentMap<EntityMeta>);
        continue;
      }
    }
    const present = Object.entries(rows).filter(([, cell]) => cell !== undefined) as [string, [number, number]][];
    entities.set(table, PersistentMap.from(present.map(([pk, [row]]) => [pk, ROWS[row]])));
    entitiesMeta.set(table, PersistentMap.from(present.map(([pk, [, meta]]) => [pk, METAS[meta]!])));
  }
  const endpoints = new Map<string, unknown>();
  const meta = new Map<string, {fetchedAt: number; date: number; expiresAt: number}>();
  for (const [key, value] of Object.entries(results)) {
    if (value === undefined) continue;
    endpoints.set(key, RESULTS[value]);
    meta.set(key, RESULT_METAS[value]!);
  }
  return {...emptyState(), entities: PersistentMap.from(entities), entitiesMeta: PersistentMap.from(entitiesMeta), endpoints, meta};
}
const RESULTS = [['1'], ['2'], ['1']];
const RESULT_METAS = [0, 1, 2].map(t => ({fetchedAt: t, date: t, expiresAt: t}));

const present = (row: unknown) => row !== undefined && row !== INVALID;
const plain = (rows: ReadonlyMap<string, ReadonlySet<string>>) => Object.fromEntries([...rows].map(([t, pks]) => [t, [...pks].sort()]));

describe('ChangeSet.finish', () => {
  test('holds exactly what changed among what was noted, as a reference computes it', () => {
    fc.assert(
      fc.property(
        tablesArb,
        tablesArb,
        resultsArb,
        resultsArb,
        fc.array(fc.tuple(fc.constantFrom(...TABLES), fc.constantFrom(...PKS))),
        fc.array(fc.constantFrom(...KEYS)),
        (cellsBefore, cellsAfter, resultsBefore, resultsAfter, noted, notedResults) => {
          const before = stateOf(cellsBefore, resultsBefore);
          const after = stateOf(cellsAfter, resultsAfter, {cells: cellsBefore, state: before});
          const changes = new ChangeSet();
          for (const [table, pk] of noted) changes.row(table, pk);
          for (const key of notedResults) changes.result(key);
          const commit = changes.finish(1, 'receive', before, after);

          const rows: Record<string, string[]> = {};
          const appeared: Record<string, string[]> = {};
          const tables = new Set<string>();
          for (const [table, pk] of [...new Set(noted.map(n => n.join('\u0000')))].map(n => n.split('\u0000') as [string, string])) {
            const was = before.entities.get(table)?.get(pk);
            const is = after.entities.get(table)?.get(pk);
            if (was === is && before.entitiesMeta.get(table)?.get(pk) === after.entitiesMeta.get(table)?.get(pk)) continue;
            (rows[table] ??= []).push(pk);
            if ((was === undefined) !== (is === undefined)) tables.add(table);
            if (present(was) !== present(is)) (appeared[table] ??= []).push(pk);
          }
          for (const list of [...Object.values(rows), ...Object.values(appeared)]) list.sort();
          assert.deepEqual(plain(commit.rows), rows);
          assert.deepEqual(plain(commit.presence), appeared);
          assert.deepEqual([...commit.tables].sort(), [...tables].sort());
          assert.deepEqual(plain(commit.confirmedRows), rows);
          const results = [...new Set(notedResults)].filter(
            key => before.endpoints.get(key) !== after.endpoints.get(key) || before.meta.get(key) !== after.meta.get(key),
          );
          assert.deepEqual([...commit.results].sort(), results.sort());
        },
      ),
      {numRuns: NUM_RUNS, seed: SEED},
    );
  });

  test('a commit that changed nothing it noted holds nothing', () => {
    const state = stateOf({A: {'1': [0, 0]}}, {k1: 0});
    const changes = new ChangeSet();
    changes.row('A', '1');
    changes.result('k1');
    // New table objects holding the same rows and meta: each noted row is compared, none differs.
    const commit = changes.finish(1, 'receive', state, stateOf({A: {'1': [0, 0]}}, {k1: 0}));
    assert.equal(commit.rows.size, 0);
    assert.equal(commit.results.size, 0);
    assert.equal(commit.presence.size, 0);
  });
});
