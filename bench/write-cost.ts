// The write-cost cases of `npm run bench`: what one entity written through a
// controller costs with 100 rows in its table and with 100,000, with no
// optimistic update pending and with 10 (whose predictions are replayed over
// each new confirmed state). A commit that copies the tables it touches grows
// with the table; one that shares them should not. Reported as medians per
// library and as the ratio 100,000 ÷ 100 (the target: within 2×).
//
// Each library gets one rig per case and table size (bench/adapters, `writeRig`),
// timed in interleaved rounds like the other cases: CPU time of the process per
// call, each sample a batch of calls lasting about 1 ms (a single call when one
// is longer). The "fetch" case is asynchronous: each call is awaited.
import type {Lib, WriteRig} from './adapters/types.js';
import {formatRatio, formatTime, quantile, table} from './report.js';

/** One write-cost case. */
interface WriteCase {
  /** For `--only=`. */
  readonly id: string;
  readonly label: string;
  /** Optimistic updates waiting while it runs. */
  readonly pending: number;
  /** The call to time. */
  readonly op: (rig: WriteRig) => () => unknown;
  readonly async: boolean;
}

/** The table sizes compared. */
export const TABLE_SIZES = [100, 100_000] as const;

export const WRITE_CASES: readonly WriteCase[] = [
  {id: 'write', label: '(g) one entity written (controller.setResponse)', pending: 0, op: rig => () => rig.setOne(), async: false},
  {
    id: 'write-pending',
    label: '(h) the same with 10 optimistic updates pending',
    pending: 10,
    op: rig => () => rig.setOne(),
    async: false,
  },
  {
    id: 'fetch-pending',
    label: '(i) a mutation with a prediction, its response committed, 10 other updates pending (controller.fetch)',
    pending: 10,
    op: rig => () => rig.fetchOne(),
    async: true,
  },
];

export interface WriteCostOptions {
  readonly libs: readonly Lib[];
  /** Case ids to run (all when undefined). */
  readonly only?: readonly string[];
  readonly rounds: number;
  /** Time budget (ms) per library, case and table size in each round. */
  readonly time: number;
  /** Called between tasks (a full GC when node runs with --expose-gc). */
  readonly gc: () => void;
  /** Wall-clock limit (s) per case for starting another round (its rigs' set-up included). */
  readonly caseSeconds: number;
}

export interface WriteCostReport {
  /** Markdown: the medians, and the ratios 100,000 ÷ 100 with the target. */
  readonly tables: string;
  /** Lines saying what was checked and how much was timed. */
  readonly notes: string[];
}

/** Median and p75 of a series of per-call CPU times (ms). */
interface Stat {
  readonly median: number;
  readonly p75: number;
  readonly n: number;
}

/** About this long (ms) per sample. */
const SAMPLE_MS = 1;

async function call(op: () => unknown, async: boolean): Promise<void> {
  if (async) await op();
  else op();
}

/** CPU ms per call over `batch` calls. */
async function sample(op: () => unknown, async: boolean, batch: number): Promise<number> {
  const c0 = process.cpuUsage();
  if (async) for (let k = 0; k < batch; k++) await op();
  else for (let k = 0; k < batch; k++) op();
  const used = process.cpuUsage(c0);
  return (used.user + used.system) / 1000 / batch;
}

/**
 * Runs every write-cost case for every library that has a rig: first checks
 * that a write through each rig is what a reader then reads, then times.
 */
export async function runWriteCost(options: WriteCostOptions): Promise<WriteCostReport> {
  const libs = options.libs.filter(lib => lib.writeRig);
  const cases = WRITE_CASES.filter(c => !options.only || options.only.includes(c.id));
  const stats = new Map<string, Stat>();
  const key = (c: WriteCase, lib: Lib, rows: number) => `${c.id}\u0000${lib.id}\u0000${rows}`;
  const notes: string[] = [];
  const roundsRun: string[] = [];

  for (const c of cases) {
    const caseStarted = performance.now();
    // The rigs of one case live together (interleaved rounds), then are dropped before the next case is built.
    const tasks: {lib: Lib; rows: number; op: () => unknown; batch: number; perCall: number; samples: number[]}[] = [];
    for (const lib of libs) {
      for (const rows of TABLE_SIZES) {
        options.gc();
        const rig = lib.writeRig!(rows, c.pending);
        const op = c.op(rig);
        await call(op, c.async);
        if (rig.lastTitle() !== rig.expectedTitle()) {
          throw new Error(`${lib.name}, ${c.id}, ${rows} rows: a reader reads ${JSON.stringify(rig.lastTitle())}, not the written ${JSON.stringify(rig.expectedTitle())}`);
        }
        // Warm up for about 100 ms (one call when a call is longer), then size a batch to about SAMPLE_MS.
        const t0 = performance.now();
        let calls = 0;
        while (calls < 1 || (performance.now() - t0 < 100 && calls < 10_000)) {
          await call(op, c.async);
          calls++;
        }
        const perCall = (performance.now() - t0) / calls;
        tasks.push({lib, rows, op, batch: Math.max(1, Math.round(SAMPLE_MS / perCall)), perCall, samples: []});
      }
    }
    let round = 0;
    for (; round < options.rounds; round++) {
      if (round > 0 && (performance.now() - caseStarted) / 1000 > options.caseSeconds) break;
      // Rotate the order every round, so no task always runs first after the GC.
      for (let i = 0; i < tasks.length; i++) {
        const task = tasks[(i + round) % tasks.length];
        options.gc();
        const start = performance.now();
        // At least 3 samples a round, or 1 when one call alone outlasts the budget.
        const least = task.perCall > options.time ? 1 : 3;
        let taken = 0;
        while (taken < least || performance.now() - start < options.time) {
          task.samples.push(await sample(task.op, c.async, task.batch));
          taken++;
        }
      }
      process.stdout.write(`\rwrite cost: ${c.id}, round ${round + 1}/${options.rounds}   `);
    }
    roundsRun.push(`${c.id} ${round}`);
    for (const task of tasks) {
      const sorted = [...task.samples].sort((a, b) => a - b);
      stats.set(key(c, task.lib, task.rows), {median: quantile(sorted, 0.5), p75: quantile(sorted, 0.75), n: sorted.length});
    }
    notes.push(`${c.id}: ${tasks.map(t => `${t.lib.name} ${t.rows} rows ${t.samples.length}×${t.batch}`).join(', ')}`);
  }
  process.stdout.write('\n');

  const cell = (s: Stat | undefined) => (s ? `${formatTime(s.median)} (${formatTime(s.p75)})` : '–');
  const ratio = (a: Stat | undefined, b: Stat | undefined) => (a && b ? formatRatio(a.median / b.median) : '–');
  const [ours, other] = libs;
  const [small, large] = TABLE_SIZES;
  const rows = (c: WriteCase) => TABLE_SIZES.map(n => [
    `${c.label}, ${n.toLocaleString('en-US')} rows`,
    ...libs.map(lib => cell(stats.get(key(c, lib, n)))),
    ...(other ? [ratio(stats.get(key(c, ours, n)), stats.get(key(c, other, n)))] : []),
  ]);
  const medians = table(
    ['case', ...libs.map(l => l.name), ...(other ? [`${ours.name} ÷ ${other.name}`] : [])],
    cases.flatMap(rows),
    ['l', ...libs.map(() => 'r' as const), ...(other ? ['r' as const] : [])],
  );
  const growth = table(
    ['case', ...libs.map(l => `${l.name}: ${large.toLocaleString('en-US')} ÷ ${small} rows`), 'target', 'met'],
    cases.map(c => {
      const factor = (lib: Lib) => {
        const a = stats.get(key(c, lib, large));
        const b = stats.get(key(c, lib, small));
        return a && b ? a.median / b.median : NaN;
      };
      const mine = factor(ours);
      return [c.label, ...libs.map(lib => (Number.isNaN(factor(lib)) ? '–' : formatRatio(factor(lib)))), `${ours.name} ≤ 2×`, mine <= 2 ? '**yes**' : '**no**'];
    }),
    ['l', ...libs.map(() => 'r' as const), 'l', 'l'],
  );
  notes.unshift(
    `interleaved rounds of ${options.time} ms per library and table size, at most ${options.rounds}, none started after ${options.caseSeconds} s of a case: ${roundsRun.join(', ')}`,
  );
  return {tables: `${medians}\n\n${growth}`, notes};
}
