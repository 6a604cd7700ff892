// `npm run bench:render`: 1,000 Lit rows bound to entities in Debian's Chromium (driven
// by playwright-core); update one entity, measure the time to the next frame and count
// the rows that re-rendered. data-elements (its reactive controllers, and its signals bound
// with Lit's `watch()`) against the baseline a Lit user writes today (plain Lit + @lit/task
// refetching the list). Pages: bench/render/*.html, bundled by
// esbuild into a temp dir and served on 127.0.0.1 (a free port).
//
//   npm run bench:render                 3 runs (each: every page once, in a rotated order)
//   npm run bench:render -- --write      ...and rewrites the render section of BENCHMARKS.md
//   npm run bench:render -- --quick      1 run of 10 updates per page (a smoke test)
//   options: --runs=3 --iterations=30 --warmup=10 --deadline=150 (s: no new run starts after)
//            --only=baseline,de-entity,de-list,de-signals,de-prop  --headed
//   npm run bench:render -- --profile --only=de-entity   (where the mount's and an update's time go)
//                                        no timings: an unminified build, a CPU profile of the timed
//                                        updates per page, and the inclusive time per update of the
//                                        busiest functions (where an update's time goes)
//
// Each update is timed in the page: performance.now() just before the update, then
// `updateComplete` of the list and of every row ("DOM updated"), then the first rAF and a
// posted message, which runs once that frame's style, layout and paint are done ("next
// frame"), then a second rAF (the double-rAF idiom; quantized to the 60 Hz frame clock).
// gc() runs before each update and every update starts at the beginning of a frame.
import {copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync} from 'node:fs';
import {buildPages} from './page-build.js';
import {printProfiles} from './profile-summary.js';
import {serveFolder} from './static-server.js';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {chromium, type Browser} from 'playwright-core';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../../scripts/chromium.mjs';
import {BENCHMARKS_MD, ROOT, installedVersion, machineLines, table} from '../report.js';
import type {PageApi, Sample} from './shared.js';
import {flag, option} from '../cli.js';

const started = performance.now();

const QUICK = flag('quick');
const WRITE = flag('write');
const RUNS = Number(option('runs') ?? (QUICK ? 1 : 3));
const ITERATIONS = Number(option('iterations') ?? (QUICK ? 10 : 30));
const WARMUP = Number(option('warmup') ?? (QUICK ? 3 : 10));
const DEADLINE_S = Number(option('deadline') ?? 150);
const ONLY = option('only')?.split(',');
const PROFILE = flag('profile');
if (PROFILE && WRITE) throw new Error('--profile measures an unminified build: it does not --write');
const CHROMIUM = CHROMIUM_PATH;
const ROWS = 1000;

interface PageConfig {
  id: string;
  page: string;
  query: string;
  label: string;
  update: string;
  /** The row count the target asks for, when this page is ours. */
  targetRows?: number;
  /** Rows mounted (the page's `?n=`); default ROWS. */
  n?: number;
  /** Not in the main table: a case of the scaling table. */
  scaling?: boolean;
}
const CONFIGS: PageConfig[] = [
  {
    id: 'baseline',
    page: 'baseline.html',
    query: '',
    label: 'baseline: plain Lit + `@lit/task`, item passed as a property',
    update: 'the Task refetches the list (JSON.parse of 1,000 items, one changed)',
  },
  {
    id: 'de-entity',
    page: 'data-elements.html',
    query: '?rows=bound&update=entity',
    label: 'data-elements: list `useCache(pksOf(getList))`, rows bound with `useCache(get, {id})`',
    update: '`setResponse(get, {id}, item)` (the PATCH/GET answer for that item)',
    targetRows: 1,
  },
  {
    id: 'de-list',
    page: 'data-elements.html',
    query: '?rows=bound&update=list',
    label: 'data-elements: list `useCache(pksOf(getList))`, rows bound with `useCache(get, {id})`',
    update: '`setResponse(getList, items)` (the same refetch as the baseline)',
    targetRows: 1,
  },
  {
    id: 'de-signals',
    page: 'signals.html',
    query: '',
    label: 'data-elements signals: list `useCache(pksOf(getList))`, row fields bound with `watch()` to `cacheSignal(get, {id})`',
    update: '`setResponse(get, {id}, item)`',
    targetRows: 0,
  },
  {
    id: 'de-prop',
    page: 'data-elements.html',
    query: '?rows=prop&update=entity',
    label: 'data-elements: list `useCache(getList)`, entity passed as a property',
    update: '`setResponse(get, {id}, item)`',
    targetRows: 1,
  },
  // The scaling cases: the synchronous cost of one update against the number of bound rows,
  // and of a write to a table no row shows, with 2,000 bound rows and with none.
  ...[100, 10_000].map(n => ({
    id: `de-entity-${n}`,
    page: 'data-elements.html',
    query: `?rows=bound&update=entity&n=${n}`,
    label: `${n.toLocaleString('en')} bound rows`,
    update: '`setResponse(get, {id}, item)`',
    targetRows: 1,
    n,
    scaling: true,
  })),
  ...[2000, 0].map(n => ({
    id: `de-other-${n}`,
    page: 'data-elements.html',
    query: `?rows=bound&update=other&n=${n}`,
    label: `${n.toLocaleString('en')} bound rows`,
    update: '`setResponse` of an entity of another table',
    targetRows: 0,
    n,
    scaling: true,
  })),
].filter(c => !ONLY || ONLY.includes(c.id));
if (!CONFIGS.length) throw new Error(`--only matched no page (baseline, de-entity, de-list, de-signals, de-prop, de-entity-100, de-entity-10000, de-other-2000, de-other-0)`);

// --- build and serve ----------------------------------------------------------------------
const out = mkdtempSync(join(tmpdir(), 'data-elements-bench-render-'));
await buildPages(
  ['data-elements', 'baseline', 'signals'].map(page => join(ROOT, `bench/render/${page}.ts`)),
  out,
  !PROFILE,
);
for (const html of ['data-elements.html', 'baseline.html', 'signals.html']) copyFileSync(join(ROOT, 'bench/render', html), join(out, html));

const {origin, close: closeServer} = await serveFolder(out);

// --- run ---------------------------------------------------------------------------------
const FLAGS = [...CHROMIUM_ARGS, '--js-flags=--expose-gc'];
const browser: Browser = await chromium.launch({executablePath: CHROMIUM, headless: !flag('headed'), args: FLAGS});
const browserVersion = browser.version();

interface PageRun {
  config: PageConfig;
  run: number;
  mountMs: number;
  samples: Sample[];
}
const results: PageRun[] = [];
/** Updated items: spread over the list (389 is prime to 100, 1,000 and 10,000), none twice in a row. */
const idAt = (k: number, n = ROWS) => ((k * 389) % Math.max(n, 1)) + 1;

console.log(`bench:render: ${ROWS} rows; ${RUNS} run(s) of ${WARMUP} warm-up + ${ITERATIONS} timed updates per page; Chromium ${browserVersion}, playwright-core ${installedVersion('playwright-core')}`);
let runsDone = 0;
if (PROFILE) {
  try {
    for (const config of CONFIGS) await profilePage(config);
  } finally {
    await browser.close();
    closeServer();
    rmSync(out, {recursive: true, force: true});
  }
  process.exit(0);
}
try {
  for (let run = 0; run < RUNS; run++) {
    if (run > 0 && (performance.now() - started) / 1000 > DEADLINE_S) {
      console.log(`stopping after ${run} run(s): past the ${DEADLINE_S} s limit (--deadline=S)`);
      break;
    }
    // Rotate the order each run, so no page always goes first (or last).
    const order = CONFIGS.map((_, i) => CONFIGS[(i + run) % CONFIGS.length]);
    for (const config of order) {
      const context = await browser.newContext({viewport: {width: 800, height: 600}});
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', e => errors.push(String(e)));
      page.on('console', m => m.type() === 'error' && errors.push(m.text()));
      await page.goto(`${origin}/${config.page}${config.query}`);
      const ready = await page.evaluate(() => (window as unknown as {renderBench: PageApi}).renderBench.ready);
      const ids = Array.from({length: WARMUP + ITERATIONS}, (_, k) => idAt(k + run * 97, config.n));
      const samples = await page.evaluate(async ids => {
        const api = (window as unknown as {renderBench: PageApi}).renderBench;
        const done: Sample[] = [];
        for (let k = 0; k < ids.length; k++) done.push(await api.step(ids[k], k + 1));
        return done;
      }, ids);
      await context.close();
      if (errors.length) throw new Error(`${config.id}: errors in the page:\n  ${errors.join('\n  ')}`);
      results.push({config, run, mountMs: ready.mountMs, samples: samples.slice(WARMUP)});
      const frame = quantile(sorted(samples.slice(WARMUP).map(s => s.frame)), 0.5);
      process.stdout.write(`run ${run + 1} ${config.id.padEnd(10)} mount ${ms(ready.mountMs).padStart(8)}  next frame median ${ms(frame).padStart(8)}\n`);
    }
    runsDone++;
  }
} finally {
  await browser.close();
  closeServer();
  rmSync(out, {recursive: true, force: true});
}

/** Loads one page, warms up, and prints where the timed updates spend their time (inclusive, per update). */
async function profilePage(config: PageConfig): Promise<void> {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', {interval: 50});
  // The mount: from the navigation until the page says it is ready (every row rendered).
  await cdp.send('Profiler.start');
  await page.goto(`${origin}/${config.page}${config.query}`);
  await page.evaluate(() => (window as unknown as {renderBench: PageApi}).renderBench.ready);
  printProfiles([(await cdp.send('Profiler.stop')).profile], `${config.id}: inclusive and self CPU time of the mount (ms)`, 1);
  const steps = (ids: number[], from: number) =>
    page.evaluate(
      async ([ids, from]) => {
        const api = (window as unknown as {renderBench: PageApi}).renderBench;
        for (let k = 0; k < ids.length; k++) await api.step(ids[k], from + k);
      },
      [ids, from] as const,
    );
  await steps(Array.from({length: WARMUP}, (_, k) => idAt(k)), 1);
  await cdp.send('Profiler.start');
  await steps(Array.from({length: ITERATIONS}, (_, k) => idAt(WARMUP + k)), WARMUP + 1);
  const {profile} = await cdp.send('Profiler.stop');
  await page.close();
  printProfiles([profile], `${config.id}: inclusive and self CPU time per update (ms; ${ITERATIONS} updates; the forced gc() before each update is \`gc\`)`, ITERATIONS);
}

// --- statistics --------------------------------------------------------------------------
function sorted(values: number[]): number[] {
  return [...values].sort((a, b) => a - b);
}
function quantile(s: number[], q: number): number {
  if (s.length === 0) return NaN;
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo] + (s[hi] - s[lo]) * (at - lo);
}
function ms(v: number): string {
  return v >= 100 ? `${v.toFixed(0)} ms` : v >= 10 ? `${v.toFixed(1)} ms` : `${v.toFixed(2)} ms`;
}
type Metric = 'sync' | 'dom' | 'layout' | 'frame' | 'raf2';
const pooled = (config: PageConfig, metric: Metric) => sorted(results.filter(r => r.config === config).flatMap(r => r.samples.map(s => s[metric])));
const cell = (config: PageConfig, metric: Metric) => {
  const s = pooled(config, metric);
  return s.length ? `${ms(quantile(s, 0.5))} (${ms(quantile(s, 0.75))})` : '–';
};
/** Ratio of medians to the baseline's, taken within each run; the median over runs, and the range when there are several. */
function ratio(config: PageConfig, metric: Metric): string {
  const base = CONFIGS.find(c => c.id === 'baseline');
  if (!base || config === base) return config === base ? '1×' : '–';
  const rs: number[] = [];
  for (let run = 0; run < runsDone; run++) {
    const a = results.find(r => r.config === config && r.run === run);
    const b = results.find(r => r.config === base && r.run === run);
    if (a && b) rs.push(quantile(sorted(a.samples.map(s => s[metric])), 0.5) / quantile(sorted(b.samples.map(s => s[metric])), 0.5));
  }
  if (!rs.length) return '–';
  const f = (r: number) => (r >= 0.1 ? r.toFixed(2) : r.toPrecision(2));
  const s = sorted(rs);
  return s.length > 1 ? `${f(quantile(s, 0.5))}× (${f(s[0])}–${f(s[s.length - 1])})` : `${f(s[0])}×`;
}
const range = (values: number[]) => {
  const s = sorted(values);
  return s[0] === s[s.length - 1] ? `${s[0]}` : `${s[0]}–${s[s.length - 1]}`;
};
const samplesOf = (config: PageConfig) => results.filter(r => r.config === config).flatMap(r => r.samples);

const rows = CONFIGS.filter(c => !c.scaling && samplesOf(c).length).map(config => {
  const samples = samplesOf(config);
  const rendered = samples.map(s => s.rowsRendered);
  const met = config.targetRows === undefined ? '' : `${rendered.every(n => n === config.targetRows) ? '**yes**' : '**no**'} (${config.targetRows})`;
  return [
    config.label,
    config.update,
    range(rendered),
    range(samples.map(s => s.listRenders)),
    cell(config, 'sync'),
    cell(config, 'dom'),
    cell(config, 'layout'),
    cell(config, 'frame'),
    cell(config, 'raf2'),
    ratio(config, 'layout'),
    ratio(config, 'frame'),
    ms(quantile(sorted(results.filter(r => r.config === config).map(r => r.mountMs)), 0.5)),
    met,
  ];
});
const head = [
  'page',
  'update of one item',
  `rows re-rendered (of ${ROWS})`,
  'list renders',
  'synchronous part',
  'DOM updated',
  '+ style and layout',
  'next frame',
  'double rAF',
  'style and layout ÷ baseline',
  'next frame ÷ baseline',
  `mount ${ROWS.toLocaleString('en')} rows`,
  'target met (rows to re-render)',
];
const mainTable = table(head, rows, ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l']);

/** The median of one metric of a page within each run, divided by another page's; the median over runs. */
function pageRatio(a: string, b: string, metric: Metric | 'mount'): string {
  const rs: number[] = [];
  for (let run = 0; run < runsDone; run++) {
    const ra = results.find(r => r.config.id === a && r.run === run);
    const rb = results.find(r => r.config.id === b && r.run === run);
    if (!ra || !rb) continue;
    const value = (r: PageRun) => (metric === 'mount' ? r.mountMs : quantile(sorted(r.samples.map(s => s[metric])), 0.5));
    rs.push(value(ra) / value(rb));
  }
  if (!rs.length) return '–';
  const s = sorted(rs);
  return s.length > 1 ? `${quantile(s, 0.5).toFixed(2)}× (${s[0].toFixed(2)}–${s[s.length - 1].toFixed(2)})` : `${s[0].toFixed(2)}×`;
}
const byId = (id: string) => CONFIGS.find(c => c.id === id);
const scalingRows = ['de-entity-100', 'de-entity', 'de-entity-10000', 'de-other-0', 'de-other-2000']
  .map(byId)
  .filter((c): c is PageConfig => c !== undefined && samplesOf(c).length > 0)
  .map(config => [
    config.id === 'de-entity' ? '1,000 bound rows' : config.label,
    config.update,
    range(samplesOf(config).map(s => s.rowsRendered)),
    cell(config, 'sync'),
    cell(config, 'dom'),
  ]);
const scalingTable = table(['rows mounted', 'update', 'rows re-rendered', 'synchronous part', 'DOM updated'], scalingRows, ['l', 'l', 'r', 'r', 'r']);
const targets = [
  ['"DOM updated", one entity among 1,000 bound rows ÷ plain page', pageRatio('de-entity', 'baseline', 'dom'), '≤ 0.1×'],
  ['"+ style and layout", the same ÷ plain page', pageRatio('de-entity', 'baseline', 'layout'), '≤ 0.5×'],
  ['synchronous part, 10,000 bound rows ÷ 100 bound rows', pageRatio('de-entity-10000', 'de-entity-100', 'sync'), '≤ 1.5×'],
  ['mounting 1,000 bound rows ÷ plain page', pageRatio('de-entity', 'baseline', 'mount'), '≤ 1.1×'],
  ['"DOM updated", one entity among 1,000 rows bound with `watch()` to signals ÷ plain page', pageRatio('de-signals', 'baseline', 'dom'), '≤ 0.2×'],
  ['mounting 1,000 rows bound with `watch()` to signals ÷ plain page', pageRatio('de-signals', 'baseline', 'mount'), '≤ 1.3×'],
  ['the same two ÷ the reactive-controller page (`de-entity`): "DOM updated"; mounting', `${pageRatio('de-signals', 'de-entity', 'dom')}; ${pageRatio('de-signals', 'de-entity', 'mount')}`, ''],
  ['a write to a table no row shows: 2,000 bound rows ÷ none', pageRatio('de-other-2000', 'de-other-0', 'sync'), '≤ 1.5×'],
];
const targetTable = table(['target', 'measured (median over runs, range)', 'target'], targets, ['l', 'r', 'l']);
const seconds = Math.round((performance.now() - started) / 1000);
const n = results.length ? results[0].samples.length : 0;
console.log(`\nMedian (p75) over ${runsDone} run(s) × ${n} updates per page; ratios are of medians within a run (median over runs, and their range). Whole run ${seconds} s.\n`);
console.log(mainTable);
console.log(`\nThe cost of one change against the number of readers:\n\n${scalingTable}\n\nTargets:\n\n${targetTable}`);

if (WRITE) {
  const body = [
    '## Rendering in the browser',
    '',
    ...machineLines('npm run bench:render -- --write'),
    `- browser: Debian Chromium ${browserVersion}, headless, driven by playwright-core ${installedVersion('playwright-core')}; lit ${installedVersion('lit')}, @lit/task ${installedVersion('@lit/task')}; pages bundled by esbuild ${installedVersion('esbuild')} (minified, production Lit)`,
    `- data: ${ROWS.toLocaleString('en')} items (id, title, done) generated in the page; every row is a LitElement with the same markup (checkbox, id, title) in its shadow root, rendered with \`repeat\` keyed by id (on the signals page the title and done are bound with \`watch()\`, so an update renders no row: its "DOM updated" waits for the row's shadow root to change). One update changes the title and done of one item.`,
    `- ${runsDone} run(s); in each, every page is loaded fresh (in a rotated order) and gets ${WARMUP} warm-up and ${n} timed updates of different items; whole run ${seconds} s`,
    '',
    `Median (p75) in ms from just before the update, which starts in a task of its own just after a frame (as a network response would arrive). **Synchronous part**: until the call that starts the update returns: for data-elements, parsing the JSON and \`setResponse\`, which notifies every subscriber of the cache (each bound row re-reads its entity); for the baseline, setting the Task's args (the parse comes later, in the Task). **DOM updated**: \`updateComplete\` of the list and of every row. **+ style and layout**: then style and layout forced at once (\`document.body.offsetHeight\`), the frame's main-thread work but paint, free of the frame clock. **Next frame**: then the first \`requestAnimationFrame\` and a posted message, which runs once that frame is produced. **Double rAF**: the second rAF. Headless Chromium produces frames on a 60 Hz clock (\`--disable-frame-rate-limit\` does not change that; from a task to the next rAF is about 13.5 ms on an idle page), so the last two columns are quantized: a page ties with the baseline there as long as its work fits in the frame it lands in. The update's input is JSON text prepared before the clock starts; parsing it is timed. \`gc()\` runs before each update. Ratios are of medians within one run: the median over runs (and the range). Rows re-rendered and list renders: the range over all timed updates. Where an update's time goes: \`npm run bench:render -- --profile --only=de-entity\`.`,
    '',
    mainTable,
    '',
    'The cost of one change against the number of readers (the same page with 100 and 10,000 bound rows, and a write to a table that no row shows, with 2,000 bound rows and with none):',
    '',
    scalingTable,
    '',
    'Targets (ratios of medians within a run; the median over runs and the range):',
    '',
    targetTable,
  ].join('\n');
  writeRenderSection(body);
  console.log(`\nwrote the render section of ${BENCHMARKS_MD}`);
}

/** Replaces only what lies between `<!-- render:start -->` and `<!-- render:end -->` (appended when missing), reading the file just before writing. */
function writeRenderSection(body: string): void {
  const start = '<!-- render:start -->';
  const end = '<!-- render:end -->';
  let text = existsSync(BENCHMARKS_MD) ? readFileSync(BENCHMARKS_MD, 'utf8') : '# Benchmarks\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const block = `${start}\n${body.trim()}\n${end}`;
  if (from === -1 || to === -1 || to < from) text = `${text.trimEnd()}\n\n${block}\n`;
  else text = text.slice(0, from) + block + text.slice(to + end.length);
  writeFileSync(BENCHMARKS_MD, text);
}
