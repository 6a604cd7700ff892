// `npm run bench:live-write`: what one pushed message costs the cache, in Node, against an
// earlier commit of this repository in the same process. The setting of `npm run bench:live`
// without the browser: a Controller holding 1,000 articles from one list, a reader per article
// (`controller.watch` of `get` by id, as `useCache` does) and one of the list's pks, and
// `controller.setPushed` of one article with a new `views` (what a live feed's message does).
//
//   npm run bench:live-write                       against the baseline commit below
//   npm run bench:live-write -- --baseline=<rev>   against another commit (its src/ is extracted to .tmp/)
//   npm run bench:live-write -- --rounds=9 --time=300
//   npm run bench:live-write -- --only=ours --loop=200000   just push, for `node --cpu-prof`
//
// Time: CPU time of the process per message (each sample a batch lasting at least 1 ms); the
// two trees alternate within each round, so load on the shared machine falls on both alike.
// Garbage: bytes allocated per message, from the young generation's growth over batches of
// 200 messages (batches a scavenge cut are discarded: the space shrank), medians.
import {join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {getHeapSpaceStatistics} from 'node:v8';
import {build} from 'esbuild';
import {option} from './cli.js';
import {measureCpu} from './cpu-timing.js';
import {baselineSource} from './baseline-source.js';
import {formatRatio, formatTime, quantile, table} from './report.js';

/** main before the work on the cost of a pushed message. */
const DEFAULT_BASELINE = 'a0641cc';
const ROWS = 1000;

const baseline = option('baseline') ?? DEFAULT_BASELINE;
const rounds = Number(option('rounds') ?? 7);
const time = Number(option('time') ?? 300);
const only = option('only');
const loop = Number(option('loop') ?? 0);

interface Tree {
  readonly name: string;
  /** Pushes one message; returns how many readers were told. */
  push(): number;
  /** Pushes without counting (the timed call). */
  readonly run: () => void;
}

/**
 * A tree's core, schema, rest and endpoint layers bundled by esbuild as a page's bundle is
 * (not through tsx, whose `keepNames` wraps every closure in a call that sets its name).
 */
async function bundle(name: string, root: string): Promise<string> {
  const out = resolve('.tmp', `live-write-${name.replace(/\W+/g, '-')}.mjs`);
  const layers = ['core', 'schema', 'rest', 'endpoint'].map(l => `export * from ${JSON.stringify(join(root, 'src', l, 'index.ts'))};`);
  await build({stdin: {contents: layers.join('\n'), resolveDir: root, loader: 'ts'}, bundle: true, format: 'esm', platform: 'neutral', outfile: out, logLevel: 'error'});
  return pathToFileURL(out).href;
}

async function load(name: string, root: string): Promise<Tree> {
  const lib = await import(await bundle(name, root));
  const [core, schema, rest, endpoint] = [lib, lib, lib, lib];
  class Article extends schema.Entity {
    id = '';
    title = '';
    views = 0;
    static key = `BenchLiveArticle${name}`;
  }
  const resource = rest.createResource({path: '/bench/articles/:id', schema: Article});
  const controller = new core.Controller();
  controller.setResponse(resource.getList, Array.from({length: ROWS}, (_, i) => ({id: String(i), title: `Article ${i}`, views: 0})));
  let told = 0;
  const count = () => void told++;
  for (let i = 0; i < ROWS; i++) controller.watch(resource.get, [{id: String(i)}], count);
  controller.watch(endpoint.pksOf(resource.getList), [], count);
  // As a live feed's endpoint for an event: the article alone, no result stored.
  const pushed = {key: () => 'live bench article', schema: Article, sideEffect: true, name: 'live bench article'};
  let n = 0;
  // A fixed pseudo-random walk over the rows, the same for both trees.
  let seed = 0x2545f491;
  const run = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    controller.setPushed(pushed, {id: String(seed % ROWS), views: ++n});
  };
  return {
    name,
    run,
    push() {
      told = 0;
      run();
      return told;
    },
  };
}

/** Bytes allocated per call of `run`: the young generation's growth over a batch, median of the batches no scavenge cut. */
function bytesPerCall(run: () => void, batch = 200, batches = 60): number {
  const young = () => getHeapSpaceStatistics().find(s => s.space_name === 'new_space')!.space_used_size;
  const deltas: number[] = [];
  for (let b = 0; b < batches * 3 && deltas.length < batches; b++) {
    const before = young();
    for (let i = 0; i < batch; i++) run();
    const after = young();
    if (after > before) deltas.push((after - before) / batch);
  }
  return quantile(deltas.sort((a, b) => a - b), 0.5);
}

const trees: Tree[] = [];
if (only !== 'baseline') trees.push(await load('ours', process.cwd()));
if (only !== 'ours') trees.push(await load(`baseline ${baseline}`, baselineSource(baseline)));

// The check before timing: one message re-renders exactly one reader, in both trees.
for (const tree of trees) {
  for (let i = 0; i < 50; i++) {
    const told = tree.push();
    if (told !== 1) throw new Error(`${tree.name}: a pushed message told ${told} readers, not 1`);
  }
}

if (loop > 0) {
  // For profiling: push `loop` messages through the first tree and stop.
  const c0 = process.cpuUsage();
  for (let i = 0; i < loop; i++) trees[0]!.run();
  const used = process.cpuUsage(c0);
  console.log(`${trees[0]!.name}: ${formatTime((used.user + used.system) / 1000 / loop)} per message over ${loop}`);
} else {
  const cpu = measureCpu(trees.map(t => ({label: t.name, run: t.run})), {rounds, time});
  const bytes = trees.map(t => bytesPerCall(t.run));
  const rows = trees.map((t, i) => [t.name, `${formatTime(cpu[i]!.median)} (p75 ${formatTime(cpu[i]!.p75)})`, `${Math.round(bytes[i]!)} B`]);
  console.log(table(['tree', 'CPU per message', 'allocated per message'], rows, ['l', 'r', 'r']));
  if (trees.length === 2) {
    console.log(`\nours ÷ baseline: time ${formatRatio(cpu[0]!.median / cpu[1]!.median)}, bytes ${formatRatio(bytes[0]! / bytes[1]!)}`);
  }
}
