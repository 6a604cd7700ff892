// The mount of the render pages alone, many times (a page of `npm run bench:render` mounts
// once per run), and the same page built from an earlier commit in the same rounds.
//
//   node --import tsx bench/render/mounts.ts                    20 rounds: the plain Lit page and
//                                                               the bound rows' page
//   node --import tsx bench/render/mounts.ts --baseline=main    ...and the bound rows' page built
//                                                               from that commit's sources
//   options: --rounds=20 --pages=de-entity,de-prop --n=1000 (pages: also de-read, de-ctrl,
//            de-context, de-watch: the bound row taken apart) --profile (a CPU profile of the
//            current bound rows' page, summed over the rounds: where a mount's time goes;
//            --top=60 functions listed, --save-profiles=DIR keeps the profiles and the bundle)
//            --alloc (the bytes each mount allocates, from Chromium's sampling heap profiler
//            with collected objects included, instead of the CPU time; with --save-profiles, the
//            heap profiles of the current bound rows' page too; --unminified names the functions)
//            --v8 (besides the CPU time: what the engine spent inside the mount task, from the
//            same trace: functions compiled on their first call and the CPU of those compiles,
//            young-generation collections and their CPU, and the task's wall time; the extra
//            trace categories slow every page a little)
//
// Each round loads every page once, fresh, in a rotated order, in one Chromium, and reads the
// page's own mount time (from its script's start until every row has rendered, as
// bench:render reports it) and, from a trace, the CPU time of the task that mounts (on this
// shared machine most of a mount's wall time can be waiting: for a core, for the young
// generation's parallel collection). Ratios are taken within a round; the median over rounds
// is printed with the range between the quartiles.
import type {Plugin} from 'esbuild';
import {execFileSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {chromium} from 'playwright-core';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../../scripts/chromium.mjs';
import {devModeModule} from '../../scripts/dev-mode.mjs';
import {flag, option} from '../cli.js';
import {ROOT} from '../report.js';
import {buildPages} from './page-build.js';
import {printProfiles, type CpuProfile} from './profile-summary.js';
import {serveFolder} from './static-server.js';
import type {PageApi} from './shared.js';

const ROUNDS = Number(option('rounds') ?? 20);
const N = Number(option('n') ?? 1000);
const BASELINE = option('baseline');
const PAGES = (option('pages') ?? 'de-entity').split(',');
const PROFILE = flag('profile');
/** Allocation of every page's mount (Chromium's sampling heap profiler, collected objects included) instead of a trace. */
const ALLOC = flag('alloc');
/** The engine's own work in the mount task (compiles, collections), read from the trace. */
const V8 = flag('v8');

const QUERIES: Record<string, string> = {
  'de-entity': '?rows=bound&update=entity',
  'de-prop': '?rows=prop&update=entity',
  // The bound row taken apart (bench/render/reader-parts.ts).
  'de-read': '?rows=read',
  'de-ctrl': '?rows=ctrl',
  'de-context': '?rows=context',
  'de-watch': '?rows=watch',
};

/**
 * The library's sources (src, components) as they are at `rev`, under .tmp, with this tree's
 * render pages beside them: the same pages, built on the earlier library.
 */
function sourcesAt(rev: string): string {
  const commit = execFileSync('git', ['rev-parse', rev], {cwd: ROOT}).toString().trim();
  const dir = resolve(ROOT, '.tmp', `bench-mounts-${commit}`);
  if (!existsSync(join(dir, 'src'))) {
    mkdirSync(dir, {recursive: true});
    const archive = execFileSync('git', ['archive', commit, 'src', 'components'], {cwd: ROOT, maxBuffer: 1 << 28});
    execFileSync('tar', ['-x', '-C', dir], {input: archive});
    // A package of its own: the project's `sideEffects` list names its own paths, not these.
    writeFileSync(join(dir, 'package.json'), '{"type": "module"}\n');
  }
  cpSync(join(ROOT, 'bench/render'), join(dir, 'bench/render'), {recursive: true});
  return dir;
}

/** The development-mode switch of any copy of the sources, written as a production build does. */
const devSwitch: Plugin = {
  name: 'dev-switch',
  setup(b) {
    b.onLoad({filter: /[/\\]src[/\\]dev[/\\]dev-mode\.ts$/}, () => ({contents: devModeModule(false), loader: 'ts'}));
  },
};

const out = mkdtempSync(join(tmpdir(), 'data-elements-bench-mounts-'));
async function bundle(root: string, page: string, outName: string): Promise<void> {
  await buildPages({[outName]: join(root, `bench/render/${page}.ts`)}, out, !PROFILE && !flag('unminified'), [devSwitch]);
  const html = readFileSync(join(ROOT, `bench/render/${page}.html`), 'utf8').replace(`./${page}.js`, `./${outName}.js`);
  writeFileSync(join(out, `${outName}.html`), html);
}

interface Variant {
  id: string;
  file: string;
  query: string;
}
const variants: Variant[] = [{id: 'baseline', file: 'baseline', query: ''}];
await bundle(ROOT, 'baseline', 'baseline');
await bundle(ROOT, 'data-elements', 'current');
for (const page of PAGES) variants.push({id: page, file: 'current', query: QUERIES[page]});
if (BASELINE) {
  await bundle(sourcesAt(BASELINE), 'data-elements', 'before');
  for (const page of PAGES) variants.push({id: `${page}@${BASELINE}`, file: 'before', query: QUERIES[page]});
}

const {origin, close: closeServer} = await serveFolder(out);
const browser = await chromium.launch({executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc']});

const mounts = new Map<string, number[]>(variants.map(v => [v.id, []]));
const cpu = new Map<string, number[]>(variants.map(v => [v.id, []]));
/** With --v8: each measure of the engine's work, by page, one value a round. */
const ENGINE_MEASURES = ['functions compiled on first call', 'compiling, CPU ms', 'young-generation collections', 'collecting, CPU ms', 'collecting, wall ms', 'mount task, wall ms'] as const;
const engine = new Map<string, Map<string, number[]>>(ENGINE_MEASURES.map(m => [m, new Map(variants.map(v => [v.id, []]))]));
const profiles: CpuProfile[] = [];
const heapProfiles: SampledNode[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = variants.map((_, i) => variants[(i + round) % variants.length]);
    for (const variant of order) {
      const context = await browser.newContext({viewport: {width: 800, height: 600}});
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', e => errors.push(String(e)));
      const cdp = await context.newCDPSession(page);
      const sep = variant.query ? '&' : '?';
      await page.goto(`${origin}/${variant.file}.html${variant.query}${sep}n=${N}&gate`);
      await page.waitForFunction(() => 'startMount' in window);
      const profiled = PROFILE && variant.id === PAGES[0];
      if (profiled) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', {interval: 50});
        await cdp.send('Profiler.start');
      }
      if (ALLOC) {
        await cdp.send('HeapProfiler.enable');
        await cdp.send('HeapProfiler.startSampling', {samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true});
      } else if (!profiled) {
        const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];
        if (V8) categories.push('v8', 'disabled-by-default-v8.compile');
        await browser.startTracing(page, {categories});
      }
      const ready = await page.evaluate(async () => {
        const w = window as unknown as {startMount: () => void; renderBench?: PageApi};
        w.startMount();
        // The page's module goes on in a microtask after the gate opens, and exposes its API synchronously.
        while (!w.renderBench) await Promise.resolve();
        return w.renderBench.ready;
      });
      if (profiled) profiles.push((await cdp.send('Profiler.stop')).profile as CpuProfile);
      else if (ALLOC) {
        const sampled = (await cdp.send('HeapProfiler.stopSampling')).profile as SampledNode;
        cpu.get(variant.id)!.push(sampledBytes(sampled) / 1024);
        if (variant.id === PAGES[0]) heapProfiles.push(sampled);
      }
      else {
        const task = mountTask(await browser.stopTracing());
        cpu.get(variant.id)!.push(task.cpu);
        if (V8) for (const [measure, value] of Object.entries(task.engine)) engine.get(measure)!.get(variant.id)!.push(value);
      }
      await context.close();
      if (errors.length) throw new Error(`${variant.id}: ${errors.join('; ')}`);
      mounts.get(variant.id)!.push(ready.mountMs);
    }
    process.stdout.write(`round ${round + 1}: ${variants.map(v => `${v.id} ${mounts.get(v.id)!.at(-1)!.toFixed(0)} (cpu ${cpu.get(v.id)!.at(-1)?.toFixed(0) ?? '-'})`).join(', ')}\n`);
  }
} finally {
  await browser.close();
  closeServer();
  if (option('save-profiles')) {
    const dir = option('save-profiles')!;
    mkdirSync(dir, {recursive: true});
    profiles.forEach((p, i) => writeFileSync(join(dir, `${i}.cpuprofile`), JSON.stringify(p)));
    heapProfiles.forEach((p, i) => writeFileSync(join(dir, `${i}.heapprofile`), JSON.stringify(p)));
    cpSync(join(out, 'current.js'), join(dir, 'current.js'));
  }
  rmSync(out, {recursive: true, force: true});
}

/**
 * The mount task: the longest task of the page's main thread in a trace of the mount (the
 * page's module goes on after the gate and mounts every row in one task). Its CPU time in ms,
 * and (with the v8 trace categories) the engine's work inside it: `V8.CompileCode` is a
 * function compiled on its first call, `MinorGC` a young-generation collection.
 */
function mountTask(trace: Buffer): {cpu: number; engine: Record<(typeof ENGINE_MEASURES)[number], number>} {
  const parsed = JSON.parse(trace.toString()) as {traceEvents?: TraceEvent[]} | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const main = new Set(events.filter(e => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(e => `${e.pid}:${e.tid}`));
  const onMain = (e: TraceEvent) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`);
  let longest: TraceEvent | undefined;
  for (const e of events) {
    if (!onMain(e) || (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask')) continue;
    if (!longest || (e.dur ?? 0) > (longest.dur ?? 0)) longest = e;
  }
  const start = longest?.ts ?? 0;
  const end = start + (longest?.dur ?? 0);
  const inside = (name: string) => events.filter(e => e.name === name && onMain(e) && (e.ts ?? -1) >= start && (e.ts ?? Infinity) <= end);
  const cpuOf = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000;
  const wallOf = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
  const compiles = inside('V8.CompileCode');
  const collections = inside('MinorGC');
  return {
    cpu: (longest?.tdur ?? NaN) / 1000,
    engine: {
      'functions compiled on first call': compiles.length,
      'compiling, CPU ms': cpuOf(compiles),
      'young-generation collections': collections.length,
      'collecting, CPU ms': cpuOf(collections),
      'collecting, wall ms': wallOf(collections),
      'mount task, wall ms': (longest?.dur ?? NaN) / 1000,
    },
  };
}
interface SampledNode {
  head?: SampledNode;
  selfSize?: number;
  children?: SampledNode[];
}
/** The bytes a sampling heap profile saw allocated: every node's self size, summed. */
function sampledBytes(node: SampledNode): number {
  let bytes = node.selfSize ?? 0;
  for (const child of node.head ? [node.head] : (node.children ?? [])) bytes += sampledBytes(child);
  return bytes;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: {name?: string};
}

const median = (values: number[]) => quantile(values, 0.5);
function quantile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  return s[Math.floor(at)] + (s[Math.ceil(at)] - s[Math.floor(at)]) * (at - Math.floor(at));
}

function report(label: string, values: Map<string, number[]>, unit = 'ms'): void {
  const base = values.get('baseline')!;
  console.log(`\n${label} of ${N} rows, ${ROUNDS} rounds: median ${unit} (quartiles); ratio to the plain Lit page within each round: median (quartiles)`);
  for (const v of variants) {
    const m = values.get(v.id)!;
    const ratios = m.map((x, i) => x / base[i]);
    const line = `${v.id.padEnd(24)} ${median(m).toFixed(1).padStart(7)} ${unit} (${quantile(m, 0.25).toFixed(0)}–${quantile(m, 0.75).toFixed(0)})`;
    console.log(v.id === 'baseline' ? line : `${line}   ${median(ratios).toFixed(2)}x (${quantile(ratios, 0.25).toFixed(2)}–${quantile(ratios, 0.75).toFixed(2)})`);
  }
  if (!BASELINE) return;
  for (const page of PAGES) {
    const now = values.get(page)!;
    const before = values.get(`${page}@${BASELINE}`)!;
    const ratios = now.map((x, i) => x / before[i]);
    console.log(`${page} now ÷ ${BASELINE}: ${median(ratios).toFixed(2)}x (${quantile(ratios, 0.25).toFixed(2)}–${quantile(ratios, 0.75).toFixed(2)})`);
  }
}
report('mount (wall time, as bench:render reports it)', mounts);
if (!PROFILE) report(ALLOC ? 'mount (allocated, sampled)' : 'mount (CPU time of the mount task, from a trace)', cpu, ALLOC ? 'kB' : 'ms');
if (V8 && !PROFILE && !ALLOC) {
  console.log(`\nthe engine's work in the mount task, ${ROUNDS} rounds: median (quartiles)`);
  for (const [measure, byPage] of engine) {
    for (const v of variants) {
      const m = byPage.get(v.id)!;
      console.log(`${measure.padEnd(34)} ${v.id.padEnd(24)} ${median(m).toFixed(1).padStart(7)} (${quantile(m, 0.25).toFixed(1)}–${quantile(m, 0.75).toFixed(1)})`);
    }
  }
}
if (PROFILE) printProfiles(profiles, `CPU profile of ${PAGES[0]} (ms per mount, ${profiles.length} mounts)`, profiles.length, Number(option("top") ?? 60));


