// CPU time per call for the benches that time synchronous work (`npm run bench:state`,
// `npm run bench:persist`): each sample is a batch of calls lasting at least `sampleMs` of
// process CPU time (process.cpuUsage), the cases alternate within each round after a
// warm-up, and the result is the median and p75 per case, so ratios come from one run.
import {quantile} from './report.js';

/** One thing to time. */
export interface TimedCase {
  readonly label: string;
  readonly run: () => unknown;
}

/** How long to time. */
export interface TimingOptions {
  readonly rounds: number;
  /** Time budget (ms) per case in each round; the warm-up takes half of it. */
  readonly time: number;
  /** The least CPU time (ms) one sample lasts. Default 1. */
  readonly sampleMs?: number;
}

/** CPU ms per call of `run`, one sample: a batch of calls lasting at least `sampleMs`. */
function sample(run: () => unknown, sampleMs: number): number {
  let calls = 0;
  const start = process.cpuUsage();
  let elapsed = 0;
  do {
    run();
    calls++;
    const used = process.cpuUsage(start);
    elapsed = (used.user + used.system) / 1000;
  } while (elapsed < sampleMs);
  return elapsed / calls;
}

/** Medians (and p75) of CPU ms per call, per case. */
export function measureCpu(cases: readonly TimedCase[], options: TimingOptions): {median: number; p75: number}[] {
  const sampleMs = options.sampleMs ?? 1;
  const samples = cases.map(() => [] as number[]);
  // Warm-up (JIT, and the first GCs of the case) not counted.
  for (const c of cases) {
    const until = performance.now() + options.time / 2;
    while (performance.now() < until) sample(c.run, sampleMs);
  }
  for (let round = 0; round < options.rounds; round++) {
    cases.forEach((c, i) => {
      const until = performance.now() + options.time;
      while (performance.now() < until) samples[i]!.push(sample(c.run, sampleMs));
    });
  }
  return samples.map(list => {
    const sorted = list.sort((a, b) => a - b);
    return {median: quantile(sorted, 0.5), p75: quantile(sorted, 0.75)};
  });
}
