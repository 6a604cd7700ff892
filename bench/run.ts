// `npm run bench`: data-elements against Reactive Data Client and normalizr@3
// on one seeded fixture. Checks every library's output first, then times each
// case in interleaved rounds and prints medians, p75 and ratios.
//
//   npm run bench                      full run (1-4 min on 2 shared cores; no new round starts after
//                                      --deadline=210 s), prints the tables
//   npm run bench -- --write           ...and rewrites the speed section of BENCHMARKS.md
//   npm run bench -- --quick           one short round (a smoke test; noisy)
//   npm run bench -- --only=update --libs=ours --rounds=1 --time=3000
//                                      one case / one library (for --cpu-prof profiles);
//                                      cases: normalize refetch cold warm update query-cold query-warm,
//                                      write write-pending fetch-pending (bench/write-cost.ts; each of those
//                                      starts no new round after --write-deadline=60 s), memory (bench/memory.ts);
//                                      libs: ours rdc normalizr ours-string-date
//   npm run bench -- --baseline=95ea127 adds data-elements as it was at a commit (its src/ by git
//                                      archive), measured in the same run (lib id: baseline)
//   npm run bench -- --baseline=95ea127 --libs=ours,baseline
//                                      before/after alone: with Reactive Data Client and normalizr in
//                                      the same run, the baseline's cold reads measured 0.83x slower
//                                      than IDENTICAL current code (HEAD against HEAD); with the two
//                                      alone, 0.99-1.05x (warm reads, 44 ns, still 0.90x)
//
// Times are CPU time of the process (user + system, process.cpuUsage) per
// call, not wall time: on a shared 2-core machine with a load of 5-25, wall
// time mostly measures the other tenants (a fixed loop gave wall median 9.8 ms,
// p75 13.8 ms against CPU median 5.8 ms, p75 5.9 ms). CPU time includes the
// process's GC and JIT threads, which is real cost of the library.
//
// Every library is bundled by esbuild the same way (ESM, not minified,
// process.env.NODE_ENV = "production", as an app ships it) and imported from
// the bundle, so no library pays for development checks or a `process.env`
// lookup per entity that a browser build would not.
import {build} from 'esbuild';
import {mkdirSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {Bench} from 'tinybench';
import {makeFixture, refetched} from './fixture.js';
import {checkLib, type IdentityReport} from './check.js';
import {ROOT, formatRatio, formatTime, installedVersion, machineLines, quantile, table, writeSection} from './report.js';
import type {Lib, QueryArgs, WriteMeta} from './adapters/types.js';
import {flag, option} from './cli.js';
import {baselineSource} from './baseline-source.js';
import {runWriteCost, WRITE_CASES, type WriteCostReport} from './write-cost.js';
import {MEMORY_CASE, MEMORY_DATA, runMemory, type MemoryLib, type MemoryReport} from './memory.js';

const started = performance.now();

const QUICK = flag('quick');
const WRITE = flag('write');
const ROUNDS = Number(option('rounds') ?? (QUICK ? 1 : 5));
/** Time budget (ms) per library and case in each round. */
const TIME = Number(option('time') ?? (QUICK ? 150 : 300));
/** Each sample times a batch of calls lasting about this long (ms), so sub-microsecond reads are measurable. */
const SAMPLE_MS = 1;
const ONLY = option('only')?.split(',');
const LIBS = option('libs')?.split(',');
/** A commit to measure data-elements against in the same run (`--baseline=95ea127`). */
const BASELINE = option('baseline');

const gc: () => void = (globalThis as {gc?: () => void}).gc ?? (() => {});
if (!(globalThis as {gc?: unknown}).gc) console.warn('warning: run with node --expose-gc (npm run bench does) for GC between tasks');

// --- the libraries, bundled alike ------------------------------------------------
const bundle = join(ROOT, 'node_modules/.cache/data-elements-bench/adapters.mjs');
mkdirSync(join(bundle, '..'), {recursive: true});
/** Every library is bundled alike: as an app ships it, for Node. */
const BUNDLE = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  define: {'process.env.NODE_ENV': '"production"'},
  tsconfig: join(ROOT, 'tsconfig.json'),
  logLevel: 'warning',
} as const;
await build({...BUNDLE, entryPoints: [join(ROOT, 'bench/adapters/index.ts')], outfile: bundle});
const adapters = (await import(`${pathToFileURL(bundle).href}?${Date.now()}`)) as typeof import('./adapters/index.js');
const {ours, rdc, normalizr3, oursNoDate} = adapters;
const MAIN: Lib[] = [ours as Lib, rdc as Lib, normalizr3 as Lib, ...(BASELINE ? [await baselineLib(BASELINE)] : [])];
const ALL: Lib[] = [...MAIN, oursNoDate as Lib].filter(lib => !LIBS || LIBS.includes(lib.id));

/**
 * data-elements as it was at `rev` (its src/ extracted by git archive), bundled like the rest,
 * so that a change is measured against the code before it in the same run.
 */
async function baselineLib(rev: string): Promise<Lib> {
  const dir = baselineSource(rev);
  const out = baselineBundle(rev);
  const sources = join(ROOT, 'src') + '/';
  await build({
    ...BUNDLE,
    entryPoints: [join(ROOT, 'bench/adapters/ours.ts')],
    outfile: out,
    plugins: [
      {
        name: 'baseline-sources',
        setup(b) {
          b.onResolve({filter: /\/src\//}, args => {
            const path = join(args.resolveDir, args.path);
            return path.startsWith(sources) ? {path: join(dir, 'src', path.slice(sources.length)).replace(/\.js$/, '.ts')} : undefined;
          });
        },
      },
    ],
  });
  const {ours: before} = (await import(`${pathToFileURL(out).href}?${Date.now()}`)) as typeof import('./adapters/ours.js');
  return {...(before as Lib), id: 'baseline', name: `data-elements ${rev}`};
}

/** Where the baseline's bundle is written. */
function baselineBundle(rev: string): string {
  return join(ROOT, `node_modules/.cache/data-elements-bench/ours-${rev}.mjs`);
}

// --- the data ------------------------------------------------------------------------
const fixture = makeFixture({articles: 500, users: 50, tags: 30, tagsPerArticle: 3, seed: 0x5eed});
const data = fixture.articles;
/** The user whose rename is the "one nested update"; the one with the most articles. */
const counts = new Map<string, number>();
for (const a of data) counts.set(a.author.id, (counts.get(a.author.id) ?? 0) + 1);
const updatedUser = fixture.users.find(u => u.id === [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0])!;
/** The query: articles with the most common tag, sorted by title. */
const tagCounts = new Map<string, number>();
for (const a of data) for (const t of a.tags) tagCounts.set(t.id, (tagCounts.get(t.id) ?? 0) + 1);
const queryArgs: QueryArgs = {tag: [...tagCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0]};

let clock = 1_700_000_000_000;
/** Write meta with a strictly later fetch time every call, so every write wins. */
const meta = (): WriteMeta => {
  const t = ++clock;
  return {fetchedAt: t, date: t, expiresAt: t + 60_000};
};

console.log(`data-elements benchmark: ${data.length} articles, ${fixture.users.length} users, ${fixture.tags.length} tags, 3 tags per article (seed 0x${fixture.seed.toString(16)})`);
console.log(
  `versions: @data-client/core ${installedVersion('@data-client/core')}, @data-client/normalizr ${installedVersion('@data-client/normalizr')}, ` +
    `@data-client/endpoint ${installedVersion('@data-client/endpoint')}, normalizr ${installedVersion('normalizr')}, tinybench ${installedVersion('tinybench')}`,
);
console.log(`update: user ${updatedUser.id} (${counts.get(updatedUser.id)} articles); query: tag ${queryArgs.tag} (${tagCounts.get(queryArgs.tag)} articles), sorted by title\n`);

// --- checks --------------------------------------------------------------------------
const reports: IdentityReport[] = ALL.map(lib => checkLib(lib, fixture, meta, updatedUser, queryArgs));
let broken = false;
for (const r of reports) {
  if (r.correct) console.log(`ok    ${r.lib}: output equals the fixture (lists, nested authors and tags, query)`);
  else {
    broken = true;
    console.log(`FAIL  ${r.lib}:\n  ${r.problems.join('\n  ')}`);
  }
}
const yes = (b: boolean) => (b ? 'yes' : 'no');
const identityRows = reports.map(r => [
  r.lib,
  yes(r.warmIdentical),
  `${yes(r.refetchListIdentical)}, ${r.refetchItemsRenewed}/${data.length} items new`,
  `${r.updateItemsRenewed}/${data.length} (expected ${r.updateExpected}: ${r.updateExact ? 'exactly those' : 'NOT exactly those'})`,
  yes(r.warmQueryIdentical),
]);
const identityTable = table(
  ['library', 'warm read identical', 'refetch of unchanged data: list identical', `items renewed by one user update (${updatedUser.id})`, 'warm query identical'],
  identityRows,
);
console.log(`\nReferential identity\n\n${identityTable}\n`);
if (broken) {
  console.error('A library does not rebuild the fixture: timings would compare different work. Fix the adapter (or the core) first.');
  process.exit(1);
}

// --- cases ---------------------------------------------------------------------------
type Op = () => unknown;
interface Case {
  readonly id: string;
  readonly label: string;
  /** Untimed setup; returns the one operation to time. */
  make(lib: Lib): Op;
}

const cases: Case[] = [
  {
    id: 'normalize',
    label: '(a) normalize 500 articles into an empty store',
    make: lib => () => lib.normalizeEmpty(data, meta()),
  },
  {
    id: 'refetch',
    label: '(b) normalize the same response into the populated store (refetch)',
    make: lib => {
      const base = lib.normalizeEmpty(data, meta());
      const again = refetched(data);
      return () => lib.normalizeInto(base, again, meta());
    },
  },
  {
    id: 'cold',
    label: '(c) denormalize the list, cold (fresh memo)',
    make: lib => {
      const store = lib.normalizeEmpty(data, meta());
      return () => lib.newReader()(store);
    },
  },
  {
    id: 'warm',
    label: '(d) denormalize the list, warm (unchanged store, same memo)',
    make: lib => {
      const store = lib.normalizeEmpty(data, meta());
      const read = lib.newReader();
      read(store);
      return () => read(store);
    },
  },
  {
    id: 'update',
    label: `(e) update one nested user, then read the list (warm memo)`,
    make: lib => {
      let store = lib.normalizeEmpty(data, meta());
      const read = lib.newReader();
      read(store);
      let n = 0;
      return () => {
        store = lib.updateUser(store, {...updatedUser, name: `Renamed ${++n}`}, meta());
        return read(store);
      };
    },
  },
  {
    id: 'query-cold',
    label: '(f) query: filter by tag + sort by title over all articles, cold',
    make: lib => {
      const store = lib.normalizeEmpty(data, meta());
      return () => lib.queryCold(store, queryArgs);
    },
  },
  {
    id: 'query-warm',
    label: '(f) query: the same, warm (unchanged store)',
    make: lib => {
      const store = lib.normalizeEmpty(data, meta());
      const query = lib.newQuery(store, refetched(data), meta());
      query(queryArgs);
      return () => query({...queryArgs});
    },
  },
];
const selected = cases.filter(c => !ONLY || ONLY.includes(c.id));

// --- timing --------------------------------------------------------------------------
/** Keeps results alive so no call can be optimized away. */
let sink: unknown;

/**
 * How many calls one sample times: about SAMPLE_MS worth. Calls run in
 * doubling runs between two clock reads (a clock read costs 1-3 µs on these
 * virtual machines), pass after pass until the estimate stops falling (on a
 * loaded machine the optimizing compiler's thread can take a while). The
 * batch is tuned again from the measured median after every round.
 */
function batchSize(op: Op): number {
  const perCall = () => {
    for (let runs = 1; ; runs *= 2) {
      const t0 = performance.now();
      for (let k = 0; k < runs; k++) sink = op();
      const elapsed = performance.now() - t0;
      if (elapsed >= 10 || runs >= 1 << 24) return elapsed / runs;
    }
  };
  let estimate = perCall();
  for (let pass = 0; pass < 6; pass++) {
    const next = perCall();
    const settled = next > 0.8 * estimate;
    estimate = Math.min(estimate, next);
    if (settled) break;
  }
  return batchFor(estimate);
}
const batchFor = (msPerCall: number) => Math.max(1, Math.min(1_000_000, Math.round(SAMPLE_MS / msPerCall)));

interface Series {
  readonly op: Op;
  batch: number;
  /** CPU time per call (ms), one per sample. */
  readonly samples: number[];
  /** Wall time per call (ms), one per sample: printed for reference, too noisy on a shared machine to compare. */
  readonly wall: number[];
}
const series = new Map<string, Series>();
const seriesKey = (c: Case, lib: Lib) => `${c.id}\u0000${lib.name}`;

for (const c of selected) {
  for (const lib of ALL) {
    gc();
    const op = c.make(lib);
    series.set(seriesKey(c, lib), {op, batch: batchSize(op), samples: [], wall: []});
  }
}

const totalTasks = ROUNDS * selected.length * ALL.length;
/** Wall-clock limit for starting more timing (s): keeps `npm run bench` under 5 minutes even on a crowded machine. */
const DEADLINE_S = Number(option('deadline') ?? 210);
let done = 0;
let roundsRun = 0;
let cutShort = false;
rounds: for (let round = 0; round < ROUNDS; round++) {
  for (const c of selected) {
    if (round > 0 && (performance.now() - started) / 1000 > DEADLINE_S) {
      cutShort = true;
      break rounds;
    }
    const bench = new Bench({
      time: TIME,
      iterations: 3,
      warmupTime: round === 0 ? 100 : 25,
      warmupIterations: 1,
      retainSamples: true,
      throws: true,
      setup: () => gc(),
    });
    // Rotate the order every round, so no library always runs first (or last) after a GC.
    const order = ALL.map((_, i) => ALL[(i + round) % ALL.length]);
    for (const lib of order) {
      const {op, batch} = series.get(seriesKey(c, lib))!; // this round's batch
      const wallSamples = series.get(seriesKey(c, lib))!.wall;
      bench.add(lib.name, () => {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        for (let k = 0; k < batch; k++) sink = op();
        const wall = performance.now() - t0;
        const used = process.cpuUsage(c0);
        wallSamples.push(wall / batch);
        // The sample is CPU time; the wall time spends the task's time budget.
        return {overriddenDuration: (used.user + used.system) / 1000 / batch, overriddenIterationCost: wall};
      });
    }
    for (const task of bench.runSync()) {
      const result = task.result;
      if (result.state !== 'completed') throw new Error(`${c.id} / ${task.name}: ${result.state}`);
      series.get(`${c.id}\u0000${task.name}`)!.samples.push(...(result.latency.samples ?? []));
      done++;
    }
    process.stdout.write(`\rtiming: ${done}/${totalTasks} tasks (round ${round + 1}/${ROUNDS})   `);
  }
  roundsRun = round + 1;
  for (const s of series.values()) {
    const sorted = [...s.samples].sort((a, b) => a - b);
    if (sorted.length) s.batch = batchFor(quantile(sorted, 0.5) || sorted[sorted.length - 1]);
  }
}
process.stdout.write('\n\n');
if (cutShort) console.log(`stopped after ${roundsRun} full round(s) and part of the next: past the ${DEADLINE_S} s limit (--deadline=S)\n`);
void sink;

// --- statistics and tables -----------------------------------------------------------
interface Stat {
  median: number;
  p75: number;
  n: number;
}
function stat(c: Case, lib: Lib): Stat | undefined {
  const s = series.get(seriesKey(c, lib));
  if (!s || s.samples.length === 0) return undefined;
  const sorted = [...s.samples].sort((a, b) => a - b);
  return {median: quantile(sorted, 0.5), p75: quantile(sorted, 0.75), n: sorted.length};
}

const time = formatTime;
const cell = (s: Stat | undefined) => (s ? `${time(s.median)} (${time(s.p75)})` : '–');
const ratio = (a: Stat | undefined, b: Stat | undefined) => {
  if (!a || !b) return '–';
  return formatRatio(a.median / b.median);
};

interface Target {
  text: string;
  met(ours: Stat, rdc?: Stat, plain?: Stat, identity?: IdentityReport): boolean;
}
const identityOf = (lib: Lib) => reports.find(r => r.lib === lib.name);
const targets: Record<string, Target> = {
  normalize: {
    text: '≤ 0.67× RDC (1.5× as fast) and ≤ 1× normalizr',
    met: (o, r, p) => !!r && !!p && o.median <= r.median / 1.5 && o.median <= p.median,
  },
  refetch: {
    text: '≤ 0.67× RDC and ≤ 1× normalizr',
    met: (o, r, p) => !!r && !!p && o.median <= r.median / 1.5 && o.median <= p.median,
  },
  cold: {text: '≤ 1× normalizr', met: (o, _r, p) => !!p && o.median <= p.median},
  warm: {text: 'identical, < 1 µs', met: (o, _r, _p, id) => !!id?.warmIdentical && o.median < 0.001},
  update: {
    text: `≤ 0.3× RDC; only that user's articles renewed`,
    met: (o, r, _p, id) => !!r && o.median <= 0.3 * r.median && !!id?.updateExact,
  },
  'query-warm': {text: 'identical, < 1 µs', met: (o, _r, _p, id) => !!id?.warmQueryIdentical && o.median < 0.001},
};

const [oursLib, rdcLib, plainLib] = MAIN;
const mainRows: string[][] = [];
for (const c of selected) {
  const o = stat(c, oursLib);
  const r = stat(c, rdcLib);
  const p = stat(c, plainLib);
  const target = targets[c.id];
  const met = target && o ? (target.met(o, r, p, identityOf(oursLib)) ? '**yes**' : '**no**') : '';
  mainRows.push([c.label, cell(o), cell(r), cell(p), ratio(o, r), ratio(o, p), target?.text ?? '', met]);
}
const mainTable = table(
  ['case', 'data-elements', 'Reactive Data Client', 'normalizr@3', 'data-elements ÷ RDC', 'data-elements ÷ normalizr', 'target', 'met'],
  mainRows,
  ['l', 'r', 'r', 'r', 'r', 'r', 'l', 'l'],
);

const diagnosticRows: string[][] = [];
const noDate = ALL.find(lib => lib === (oursNoDate as Lib));
if (noDate) {
  for (const c of selected) {
    const o = stat(c, oursLib);
    const d = stat(c, noDate);
    const p = stat(c, plainLib);
    diagnosticRows.push([c.label, cell(o), cell(d), ratio(d, o), ratio(d, p)]);
  }
}
const diagnosticTable = diagnosticRows.length
  ? table(
      ['case', 'data-elements (createdAt: Date)', 'data-elements (createdAt: string)', 'string ÷ Date', 'string ÷ normalizr'],
      diagnosticRows,
      ['l', 'r', 'r', 'r', 'r'],
    )
  : '';

const baselineLibrary = ALL.find(lib => lib.id === 'baseline');
const baselineTable = baselineLibrary
  ? table(
      ['case', 'data-elements', baselineLibrary.name, `this ÷ ${BASELINE}`],
      selected.map(c => {
        const now = stat(c, oursLib);
        const before = stat(c, baselineLibrary);
        return [c.label, cell(now), cell(before), ratio(now, before)];
      }),
      ['l', 'r', 'r', 'r'],
    )
  : '';

const samplesNote = selected
  .map(c => `${c.id}: ${ALL.map(lib => `${stat(c, lib)?.n ?? 0}×${series.get(seriesKey(c, lib))?.batch ?? 0}`).join(' / ')}`)
  .join('; ');
const seconds = ((performance.now() - started) / 1000).toFixed(0);

console.log(`Median (p75) CPU time per operation; ratios are of medians (below 1× means data-elements is faster).\n`);
console.log(mainTable);
if (diagnosticTable) console.log(`\nDiagnostic: what the Date field costs data-elements\n\n${diagnosticTable}`);
if (baselineTable) console.log(`\nAgainst the code at ${BASELINE}, in the same run (CPU medians):\n\n${baselineTable}`);
const wallRows = selected.map(c => [
  c.id,
  ...ALL.map(lib => {
    const w = [...(series.get(seriesKey(c, lib))?.wall ?? [])].sort((a, b) => a - b);
    return w.length ? `${time(quantile(w, 0.5))} (${time(quantile(w, 0.75))})` : '–';
  }),
]);
console.log(`\nFor reference, wall time median (p75), which includes time the process waited for the CPU:\n\n${table(['case', ...ALL.map(l => l.name)], wallRows)}`);
console.log(`\nsamples × calls per sample (${ALL.map(l => l.name).join(' / ')}): ${samplesNote}`);
console.log(`${roundsRun}${cutShort ? '+' : ''} of ${ROUNDS} round(s) of ${TIME} ms per library and case; total run time ${seconds} s`);

// --- write cost by table size (bench/write-cost.ts) ----------------------------------
const writeCases = WRITE_CASES.filter(c => !ONLY || ONLY.includes(c.id));
let writeCost: WriteCostReport | undefined;
if (writeCases.length > 0) {
  writeCost = await runWriteCost({
    libs: MAIN.filter(lib => ALL.includes(lib)),
    only: ONLY,
    rounds: ROUNDS,
    time: TIME,
    gc,
    // Reactive Data Client's writes into 100,000 rows take seconds: each case gets its own time limit.
    caseSeconds: Number(option('write-deadline') ?? 60),
  });
  console.log(`\nWrite cost by table size: median (p75) CPU time per write\n\n${writeCost.tables}\n`);
  console.log(writeCost.notes.join('\n'));
}

// --- memory (bench/memory.ts) ----------------------------------------------------------
let memory: MemoryReport | undefined;
if (!QUICK && (!ONLY || ONLY.includes(MEMORY_CASE.id))) {
  const memoryLibs: MemoryLib[] = MAIN.filter(lib => ALL.includes(lib)).map(lib =>
    lib.id === 'baseline'
      ? {name: lib.name, bundle: baselineBundle(BASELINE!), exportName: 'ours'}
      : {name: lib.name, bundle, exportName: ({ours: 'ours', rdc: 'rdc', normalizr: 'normalizr3'} as Record<string, string>)[lib.id] ?? lib.id},
  );
  memory = runMemory(memoryLibs);
  console.log(`\n${MEMORY_CASE.label}\n\n${memory.table}`);
}

if (WRITE) {
  if (ONLY || LIBS || QUICK) {
    console.error('\n--write refuses a partial run (--only, --libs, --quick): BENCHMARKS.md holds full runs only.');
    process.exit(1);
  }
  const body = [
    '## Speed',
    '',
    ...machineLines('npm run bench -- --write'),
    `- versions: @data-client/core ${installedVersion('@data-client/core')}, @data-client/normalizr ${installedVersion('@data-client/normalizr')}, @data-client/endpoint ${installedVersion('@data-client/endpoint')}, normalizr ${installedVersion('normalizr')}; tinybench ${installedVersion('tinybench')}`,
    `- data: ${data.length} articles (id, title, body, createdAt ISO string, author, 3 tags), authors from ${fixture.users.length} users, tags from ${fixture.tags.length}; seeded (0x${fixture.seed.toString(16)}). Update: user ${updatedUser.id} (${counts.get(updatedUser.id)} articles). Query: tag ${queryArgs.tag} (${tagCounts.get(queryArgs.tag)} articles), sorted by title.`,
    `- ${roundsRun}${cutShort ? ' (and part of one more; cut at the time limit)' : ''} interleaved rounds of ${TIME} ms per library and case; each sample times a batch of calls (~${SAMPLE_MS} ms), so sub-µs reads are measured; whole run ${seconds} s`,
    '',
    'Median (p75) CPU time of the process per operation (user + system, so GC is included; wall time on this shared machine mostly measures the other tenants). Ratios are of medians: below 1× means data-elements is faster.',
    '',
    mainTable,
    '',
    '### Referential identity (checked before timing; every output also equals the fixture)',
    '',
    identityTable,
    ...(diagnosticTable ? ['', '### Diagnostic: the cost of the Date field in data-elements', '', diagnosticTable] : []),
  ].join('\n');
  writeSection('speed', body);
  console.log('\nwrote the speed section of BENCHMARKS.md');
  if (writeCost) {
    writeSection(
      'write-cost',
      [
        '## Write cost by table size',
        '',
        ...machineLines('npm run bench -- --write'),
        `- versions: @data-client/core ${installedVersion('@data-client/core')}, @data-client/endpoint ${installedVersion('@data-client/endpoint')}`,
        '- one table of items (`{id, title, done}`) of 100 or 100,000 rows; each write changes one of 90 items spread over the table (past the pending ones), so the results stored by key are as many whatever the size. Pending updates are mutations of items 0-9 whose requests never settle, so every commit replays their predictions (Reactive Data Client: `state.optimistic.reduce(reducer, state)`, as its providers compute what readers see).',
        `- ${writeCost.notes[0]}`,
        '',
        'Median (p75) CPU time of the process per write, then how much a write grows from a table of 100 rows to one of 100,000 (the target: data-elements within 2×).',
        '',
        writeCost.tables,
      ].join('\n'),
    );
    console.log('wrote the write-cost section of BENCHMARKS.md');
  }
  if (memory) {
    writeSection(
      'memory',
      [
        '## Memory',
        '',
        ...machineLines('npm run bench -- --write'),
        `- ${MEMORY_DATA.articles.toLocaleString('en')} articles of the same generator (authors from ${MEMORY_DATA.users} users, tags from ${MEMORY_DATA.tags}); each library in a Node process of its own (bench/memory-child.ts): the heap after a full GC holding its normalized store and the list read from it once (as a page that shows the list holds both), less the heap before; the plain objects are what \`JSON.parse\` gives for the response.`,
        '',
        memory.table,
      ].join('\n'),
    );
    console.log('wrote the memory section of BENCHMARKS.md');
  }
}
