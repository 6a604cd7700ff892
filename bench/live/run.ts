// `npm run bench:live`: 1,000 Lit rows each bound to its own entity, and a live feed (a real
// WebSocket server on 127.0.0.1, test/servers/live-server.mjs) pushing updates of random
// entities into the cache, in Debian's Chromium driven by playwright-core.
//   1. main-thread time per pushed message (median, p75, p95): messages sent one at a time,
//      each measured in the page (bench/live/page.ts); target <= 0.2 ms (median).
//   2. a burst of 10,000 messages in one second, sent in chunks every 4 ms: the longest frame
//      while it arrives (target: every frame < 50 ms), the commits in each frame (at most one)
//      and the main-thread time per message (DevTools' TaskDuration over the burst / messages;
//      target: at most 0.1 ms); each cache write timed with the rows it re-rendered; and the same
//      burst into a bare WebSocket listener that only parses and counts (each message is a task
//      of its own: the browser's floor for such a burst).
//   3. the same 10,000 messages sent as one chunk to an EventSourceFeed (the browser hands a
//      chunk's messages over in one task): the longest task, against a bare EventSource
//      listener that only parses and counts (target: at most 2x), commits per frame, main-thread
//      time per message.
//
//   npm run bench:live                  3 runs
//   npm run bench:live -- --write       ...and rewrites the live section of BENCHMARKS.md
//   npm run bench:live -- --quick       1 run, fewer messages (a smoke test)
//   npm run bench:live -- --profile     ...and a CPU profile of each run's single messages in
//                                       .tmp/bench-live-<run>.cpuprofile (read it with bench/profile.ts)
//   options: --runs=3 --messages=300 --burst=10000 --burst-ms=1000
//
// The page is served cross-origin isolated (COOP and COEP), so its clock ticks in 5 µs
// rather than 100 µs: a message costs a fraction of a millisecond.
import {mkdirSync, writeFileSync} from 'node:fs';
import {availableParallelism, loadavg} from 'node:os';
import {join} from 'node:path';
import {chromium, type Page} from 'playwright-core';
import {LiveServer} from '../../test/servers/live-server.mjs';
import {flag, option} from '../cli.js';
import {BENCHMARKS_MD, ROOT, installedVersion, machineLines, table, writeMarkedSection} from '../report.js';
import type {BurstRecord, LivePageApi, MessageSample} from './page.js';
import {publishInChunks, servePages} from './page-server.js';

const started = performance.now();
/** The 1-minute load average when the run started (the machine is shared: wall times grow with it). */
const loadAtStart = loadavg()[0]!;
const QUICK = flag('quick');
const WRITE = flag('write');
const PROFILE = flag('profile');
const RUNS = Number(option('runs') ?? (QUICK ? 1 : 3));
const MESSAGES = Number(option('messages') ?? (QUICK ? 60 : 300));
const WARMUP = QUICK ? 10 : 50;
const BURST = Number(option('burst') ?? 10_000);
const BURST_MS = Number(option('burst-ms') ?? 1000);
const ROWS = 1000;
const TARGET_MS = 0.2;
const FRAME_TARGET_MS = 50;
const BURST_TARGET_MS = 0.1;
const BARE_RATIO_TARGET = 2;

// --- build and serve the page ----------------------------------------------------------------
const pages = await servePages();
const {origin} = pages;
const live = await LiveServer.start();

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
});
const browserVersion = browser.version();
console.log(`bench:live: ${ROWS} rows, ${RUNS} run(s) of ${WARMUP} + ${MESSAGES} single messages and a burst of ${BURST} in ${BURST_MS} ms; Chromium ${browserVersion}`);

let seed = 42;
/** A deterministic pseudo-random entity id. */
const randomId = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return String(seed % ROWS);
};
let views = 0;
const publishOne = () => live.publish('article', {id: randomId(), views: ++views});

interface Run {
  isolated: boolean;
  samples: MessageSample[];
  frames: number[];
  burstElapsed: number;
  mountMs: number;
  /** The burst in chunks: its record and main-thread time (ms). */
  chunked: {record: BurstRecord; taskMs: number};
  /** The same burst into a bare WebSocket listener. */
  bareChunked: {record: BurstRecord; taskMs: number};
  /** The burst as one chunk into an EventSourceFeed, and into a bare EventSource listener. */
  oneChunk: {record: BurstRecord; taskMs: number};
  bare: {record: BurstRecord; taskMs: number};
}

/** A clock of the renderer's main-thread time (ms): DevTools' TaskDuration, from the call on. */
async function mainThreadClock(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () => {
    const {metrics} = await cdp.send('Performance.getMetrics');
    return metrics.find(m => m.name === 'TaskDuration')!.value * 1000;
  };
}

/** Opens `path`, waits for it, and sends a burst of BURST messages in one write; closes the page. */
async function oneChunkBurst(path: string): Promise<{record: BurstRecord; taskMs: number}> {
  const page = await browser.newPage({viewport: {width: 800, height: 600}});
  const errors: string[] = [];
  page.on('pageerror', e => errors.push(String(e)));
  await page.goto(`${origin}/${path}?sse=${encodeURIComponent(`${live.origin}/sse`)}`);
  await page.evaluate(() => (window as unknown as {liveBench: LivePageApi}).liveBench.ready);
  // The server sees the stream before it sends: wait until it is open there.
  await live.whenOpen('sse', 1);
  const mainThreadMs = await mainThreadClock(page);
  const before = await mainThreadMs();
  await startInPage(page, 'recordBurst', BURST);
  live.burst(BURST, () => ({event: 'article', data: {id: randomId(), views: ++views}}));
  const record = (await resultOf(page)) as BurstRecord;
  const taskMs = (await mainThreadMs()) - before;
  await page.close();
  await live.whenOpen('sse', 0);
  if (errors.length) throw new Error(`errors in ${path}:\n  ${errors.join('\n  ')}`);
  return {record, taskMs};
}
/** Sends BURST messages spread evenly over BURST_MS, in chunks every 4 ms, to a page recording them; its record and main-thread time. */
async function chunkedBurst(page: Page): Promise<{record: BurstRecord; taskMs: number}> {
  const mainThreadMs = await mainThreadClock(page);
  const taskBefore = await mainThreadMs();
  await startInPage(page, 'recordBurst', BURST);
  await publishInChunks(BURST, BURST_MS, n => {
    for (let i = 0; i < n; i++) publishOne();
  });
  const record = (await resultOf(page)) as BurstRecord;
  return {record, taskMs: (await mainThreadMs()) - taskBefore};
}

/** The chunked burst into a bare WebSocket listener on a fresh page. */
async function bareChunkedBurst(): Promise<{record: BurstRecord; taskMs: number}> {
  const page = await browser.newPage({viewport: {width: 800, height: 600}});
  const errors: string[] = [];
  page.on('pageerror', e => errors.push(String(e)));
  await page.goto(`${origin}/bare.html?ws=${encodeURIComponent(`${live.wsOrigin}/ws`)}`);
  await page.evaluate(() => (window as unknown as {liveBench: LivePageApi}).liveBench.ready);
  await live.whenOpen('ws', 1);
  const result = await chunkedBurst(page);
  await page.close();
  await live.whenOpen('ws', 0);
  if (errors.length) throw new Error(`errors in the bare WebSocket page:\n  ${errors.join('\n  ')}`);
  return result;
}

const runs: Run[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.newPage({viewport: {width: 800, height: 600}});
    const errors: string[] = [];
    page.on('pageerror', e => errors.push(String(e)));
    page.on('console', m => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${origin}/live.html?ws=${encodeURIComponent(`${live.wsOrigin}/ws`)}`);
    const {mountMs, isolated} = await page.evaluate(() => (window as unknown as {liveBench: LivePageApi}).liveBench.ready);
    const cdp = PROFILE ? await page.context().newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', {interval: 50});
      await cdp.send('Profiler.start');
    }

    // 1. single messages, spaced so that each is handled alone.
    // The page keeps its results in window.liveBenchResult; an evaluate left pending while the
    // page handles socket messages lost its page in Chromium 156 ("Target closed").
    await startInPage(page, 'measureMessages', WARMUP + MESSAGES);
    for (let i = 0; i < WARMUP + MESSAGES; i++) {
      publishOne();
      // One at a time: the next message leaves once this one was handled and measured.
      await page.waitForFunction(n => (window as unknown as {liveBenchCount: number}).liveBenchCount >= n, i + 1, {polling: 'raf'});
    }
    const samples = ((await resultOf(page)) as MessageSample[]).slice(WARMUP);
    if (cdp) {
      const {profile} = await cdp.send('Profiler.stop');
      mkdirSync(join(ROOT, '.tmp'), {recursive: true});
      const file = join(ROOT, '.tmp', `bench-live-${run + 1}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`run ${run + 1}: CPU profile of the single messages in ${file}`);
    }

    // 2. the burst: BURST messages spread evenly over BURST_MS, in chunks every 4 ms.
    const chunked = await chunkedBurst(page);
    const burst = chunked.record;
    await page.close();
    await live.whenOpen('ws', 0);
    if (errors.length) throw new Error(`errors in the page:\n  ${errors.join('\n  ')}`);
    // ... and into a bare WebSocket listener: what the browser itself takes for such a burst.
    const bareChunked = await bareChunkedBurst();

    // 3. the burst as one chunk, into the feed, then into a bare EventSource.
    const oneChunk = await oneChunkBurst('live.html');
    const bare = await oneChunkBurst('bare.html');
    runs.push({isolated, samples, frames: burst.frames, burstElapsed: burst.elapsed, mountMs, chunked, bareChunked, oneChunk, bare});
    const s = sorted(samples.map(x => x.layout));
    console.log(
      `run ${run + 1}${isolated ? '' : ' (not cross-origin isolated: 100 µs clock)'}: per message ${ms(quantile(sorted(samples.map(x => x.dom)), 0.5))} (the handler ${ms(quantile(sorted(samples.map(x => x.handler)), 0.5))}; until the row updated ${ms(quantile(sorted(samples.map(x => x.rowUpdated)), 0.5))}; with layout ${ms(quantile(s, 0.5))}), ` +
        `rows rendered ${range(samples.map(x => x.rowsRendered))}; burst: longest frame ${ms(Math.max(...burst.frames))} over ${ms(burst.elapsed)} (bare WebSocket ${ms(Math.max(...bareChunked.record.frames))}), ` +
        `a write with its rows ${ms(quantile(sorted(burst.writes), 0.5))} (longest ${ms(Math.max(...burst.writes))}), ` +
        `${ms(chunked.taskMs / BURST)} a message, at most ${Math.max(...burst.commits)} commit(s) a frame; ` +
        `one chunk: longest task ${ms(longest(oneChunk.record))} (bare ${ms(longest(bare.record))}), ${ms(oneChunk.taskMs / BURST)} a message (bare ${ms(bare.taskMs / BURST)}), at most ${Math.max(...oneChunk.record.commits)} commit(s) a frame`,
    );
  }
} finally {
  await browser.close();
  await live.close();
  pages.close();
}

/** Starts a measurement in the page; its result lands in window.liveBenchResult. */
async function startInPage(page: Page, method: 'measureMessages' | 'recordBurst', count: number): Promise<void> {
  await page.evaluate(
    ([method, count]) => {
      const w = window as unknown as {liveBench: LivePageApi; liveBenchResult: unknown};
      w.liveBenchResult = undefined;
      void w.liveBench[method](count).then(result => (w.liveBenchResult = result));
    },
    [method, count] as const,
  );
}

/** Waits for the page's result and reads it. */
async function resultOf(page: Page): Promise<unknown> {
  await page.waitForFunction(() => (window as unknown as {liveBenchResult: unknown}).liveBenchResult !== undefined, undefined, {timeout: 120_000, polling: 100});
  return page.evaluate(() => (window as unknown as {liveBenchResult: unknown}).liveBenchResult);
}

/** The longest task of a burst: the longest long-task entry, or the longest frame gap when there is none. */
function longest(record: BurstRecord): number {
  return record.longTasks.length > 0 ? Math.max(...record.longTasks) : Math.max(...record.frames);
}

function sorted(values: number[]): number[] {
  return [...values].sort((a, b) => a - b);
}
function quantile(s: number[], q: number): number {
  if (!s.length) return NaN;
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo]! + (s[hi]! - s[lo]!) * (at - lo);
}
function ms(v: number): string {
  return v >= 100 ? `${v.toFixed(0)} ms` : v >= 10 ? `${v.toFixed(1)} ms` : v >= 1 ? `${v.toFixed(2)} ms` : `${v.toFixed(3)} ms`;
}
function range(values: number[]): string {
  const s = sorted(values);
  return s[0] === s[s.length - 1] ? `${s[0]}` : `${s[0]}–${s[s.length - 1]}`;
}

const all = runs.flatMap(r => r.samples);
const dom = sorted(all.map(s => s.dom));
const layout = sorted(all.map(s => s.layout));
const longestFrames = runs.map(r => Math.max(...r.frames));
const chunkedPerMessage = runs.map(r => r.chunked.taskMs / BURST);
const bareRatios = runs.map(r => longest(r.oneChunk.record) / longest(r.bare.record));
const bareFrameRatios = runs.map(r => Math.max(...r.chunked.record.frames) / Math.max(...r.bareChunked.record.frames));
const medianDom = quantile(dom, 0.5);
const verdict = (ok: boolean) => (ok ? '**met**' : '**not met**');
const stat = (pick: (s: MessageSample) => number) => {
  const s = sorted(all.map(pick));
  return `${ms(quantile(s, 0.5))} (p75 ${ms(quantile(s, 0.75))}, p95 ${ms(quantile(s, 0.95))})`;
};
const rows = [
  ['the feed\'s handler: `JSON.parse`, the message queued (read through its schema when the next frame writes it)', stat(s => s.handler), '', ''],
  ['main-thread time per message: handler, cache write, Lit updates', `${ms(medianDom)} (p75 ${ms(quantile(dom, 0.75))}, p95 ${ms(quantile(dom, 0.95))})`, `≤ ${TARGET_MS} ms median`, verdict(medianDom <= TARGET_MS)],
  ['… until the re-rendered row\'s `updated()`', `${ms(quantile(sorted(all.map(s => s.rowUpdated)), 0.5))} (p75 ${ms(quantile(sorted(all.map(s => s.rowUpdated)), 0.75))}, p95 ${ms(quantile(sorted(all.map(s => s.rowUpdated)), 0.95))})`, '', ''],
  ['… then style and layout forced', `${ms(quantile(layout, 0.5))} (p75 ${ms(quantile(layout, 0.75))}, p95 ${ms(quantile(layout, 0.95))})`, '', ''],
  ['rows re-rendered per message', range(all.map(s => s.rowsRendered)), '1', verdict(all.every(s => s.rowsRendered === 1))],
  ['list renders per message', range(all.map(s => s.listRenders)), '0', verdict(all.every(s => s.listRenders === 0))],
  [`a burst of ${BURST.toLocaleString('en')} messages in ${BURST_MS} ms, in chunks every 4 ms: longest frame`, longestFrames.map(ms).join(', ') + ' (per run)', `< ${FRAME_TARGET_MS} ms`, verdict(longestFrames.every(l => l < FRAME_TARGET_MS))],
  ['… a bare `WebSocket` listener (parse and count): longest frame', runs.map(r => ms(Math.max(...r.bareChunked.record.frames))).join(', '), '', ''],
  ['… longest frame, data-elements / bare', bareFrameRatios.map(r => `${r.toFixed(2)}x`).join(', '), '', ''],
  ['… a cache write with the readers it told and the rows it re-rendered (from its start to the last row\'s `updated()`): median, longest', runs.map(r => `${ms(quantile(sorted(r.chunked.record.writes), 0.5))}, ${ms(Math.max(...r.chunked.record.writes))}`).join('; '), '', ''],
  ['… commits in one frame (most)', runs.map(r => String(Math.max(...r.chunked.record.commits))).join(', '), '≤ 1', verdict(runs.every(r => Math.max(...r.chunked.record.commits) <= 1))],
  ['… main-thread time per message (all the burst\'s tasks / messages)', chunkedPerMessage.map(ms).join(', '), `≤ ${BURST_TARGET_MS} ms`, verdict(chunkedPerMessage.every(t => t <= BURST_TARGET_MS))],
  ['… time for the burst to arrive and render', runs.map(r => ms(r.burstElapsed)).join(', '), '', ''],
  [`the same ${BURST.toLocaleString('en')} messages as one chunk (EventSourceFeed): longest task`, runs.map(r => ms(longest(r.oneChunk.record))).join(', '), '', ''],
  ['… a bare `EventSource` listener (parse and count): longest task', runs.map(r => ms(longest(r.bare.record))).join(', '), '', ''],
  ['… longest task, data-elements / bare', bareRatios.map(r => `${r.toFixed(2)}x`).join(', '), `≤ ${BARE_RATIO_TARGET}x`, verdict(bareRatios.every(r => r <= BARE_RATIO_TARGET))],
  ['… commits in one frame (most)', runs.map(r => String(Math.max(...r.oneChunk.record.commits))).join(', '), '≤ 1', verdict(runs.every(r => Math.max(...r.oneChunk.record.commits) <= 1))],
  ['… main-thread time per message (bare)', runs.map(r => `${ms(r.oneChunk.taskMs / BURST)} (${ms(r.bare.taskMs / BURST)})`).join(', '), `≤ ${BURST_TARGET_MS} ms`, verdict(runs.every(r => r.oneChunk.taskMs / BURST <= BURST_TARGET_MS))],
  [`mount ${ROWS.toLocaleString('en')} rows and connect`, ms(quantile(sorted(runs.map(r => r.mountMs)), 0.5)), '', ''],
];
const result = table(['measure', 'value', 'target', ''], rows, ['l', 'r', 'l', 'l']);
const seconds = Math.round((performance.now() - started) / 1000);
const cpus = availableParallelism();
console.log(`\n${result}\nWhole run ${seconds} s; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end (${cpus} cores).`);

if (WRITE) {
  const body = [
    '## Live data',
    '',
    ...machineLines('npm run bench:live -- --write'),
    `- browser: Debian Chromium ${browserVersion}, headless, driven by playwright-core ${installedVersion('playwright-core')}; the page bundled by esbuild (minified, production Lit ${installedVersion('lit')}); the server: test/servers/live-server.mjs (ws ${installedVersion('ws')}) on 127.0.0.1`,
    `- page: ${ROWS.toLocaleString('en')} \`LitElement\` rows, each bound to its own entity with \`useCache(get, {id})\`, listed by an element that reads only which articles there are (\`useCache(pksOf(getList))\`, as in bench:render), and a \`WebSocketFeed\` with \`events: {article: Article}\`; each message is \`{"event": "article", "id": …, "data": {"id": <random row>, "views": n}}\``,
    `- load average (1 min, on ${cpus} cores): ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end`,
    `- ${runs.length} run(s), each on a fresh page: ${WARMUP} warm-up and ${MESSAGES} timed single messages (each sent once the page measured the previous one, so each is handled alone), then the burst (sent in chunks every 4 ms); the same burst to a bare \`WebSocket\` listener on a fresh page; then, each on a fresh page, the burst as one chunk (one write of the server) to the same rows through an \`EventSourceFeed\`, and to a bare \`EventSource\` listener; whole run ${seconds} s`,
    '',
    `The page is ${runs.every(r => r.isolated) ? '' : 'not always '}cross-origin isolated (served with COOP and COEP): \`performance.now()\` ticks in 5 µs steps${runs.every(r => r.isolated) ? '' : ' only in the isolated runs (100 µs in the others)'}.`,
    '',
    'Per message: the feed\'s `message` handler (`JSON.parse`, the message queued), plus the time from the start of the cache write until it and the Lit updates it causes are done (the write, the notification of subscribers, and the updates of the rows, which run as microtasks right after it; the write comes in the next animation frame, just after the message is read through its schema, which is not counted; the rendering of the frame that follows is not counted either); then with style and layout forced as the re-rendered row finishes its update. Longest frame: the longest gap between two `requestAnimationFrame` callbacks while the burst arrives (headless Chromium ticks at 60 Hz, so about 16.7 ms is the floor). Commits in one frame: the Controller\'s commits between two of those callbacks. Main-thread time per message: DevTools\' `TaskDuration` (every task of the page\'s main thread: parsing, the cache, Lit, style, layout, GC) over the burst, divided by the messages. Longest task: the longest of Chromium\'s long-task entries (tasks of 50 ms and more; the longest frame gap when there is none).',
    '',
    result,
  ].join('\n');
  writeMarkedSection('live', body);
  console.log(`wrote the live section of ${BENCHMARKS_MD}`);
}
