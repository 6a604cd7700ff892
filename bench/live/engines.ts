// `npm run bench:live-engines`: the bursts of `npm run bench:live` in the three engines the
// tests run (Debian's Chromium and Firefox ESR, WebKitGTK's MiniBrowser), measured in the page
// alone, the same way in each, since only Chromium has DevTools' task times and long-task
// entries:
//   - 10,000 messages in one second, in chunks every 4 ms, over a WebSocket (each message a
//     task of its own): the longest gap between animation frames, the Controller's commits in
//     one frame, into the page of bench:live (1,000 rows bound with useCache) and into a bare
//     listener that only parses and counts;
//   - the same chunks over a WorkerWebSocket (the socket in a worker, which hands the frames
//     that came over together), and sent as one WebSocket frame each (a JSON array of
//     envelopes): the same measures;
//   - the same chunks as server-sent events, each chunk one write of the stream (the engine
//     hands a chunk's messages over in one task): the same measures;
//   - the same messages as one chunk of server-sent events (the engine hands them over in one
//     task or a few): the longest frame gap (the longest task, since nothing else runs), the
//     commits in one frame, and the time until every message was applied and rendered, per
//     message (the page is busy throughout, so it bounds the main-thread time per message).
// Chromium through puppeteer-core, Firefox through puppeteer-core over WebDriver BiDi, and
// MiniBrowser through WebKitWebDriver (on Xvfb) in WebDriver's HTTP protocol.
//
//   npm run bench:live-engines                   3 runs in each engine
//   npm run bench:live-engines -- --write        ...and rewrites its section of BENCHMARKS.md
//   options: --runs=3 --burst=10000 --burst-ms=1000 --engines=chromium,firefox,webkit
//            --frames (prints every run's frame gaps and cache writes)
import {loadavg} from 'node:os';
import puppeteer, {type Browser, type Page} from 'puppeteer-core';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../../scripts/chromium.mjs';
import {FIREFOX_PATH, MINIBROWSER_PATH, startWebKitDriver, stopWebKitDriver} from '../../scripts/webkit-driver.mjs';
import {LiveServer} from '../../test/servers/live-server.mjs';
import {flag, option} from '../cli.js';
import {BENCHMARKS_MD, machineLines, median, table, writeMarkedSection} from '../report.js';
import {publishInChunks, servePages} from './page-server.js';
import type {BurstRecord} from './page.js';

const started = performance.now();
const loadAtStart = loadavg()[0]!;
const RUNS = Number(option('runs') ?? 3);
const BURST = Number(option('burst') ?? 10_000);
const BURST_MS = Number(option('burst-ms') ?? 1000);
const ENGINES = (option('engines') ?? 'chromium,firefox,webkit').split(',');
const FRAMES = flag('frames');
const ROWS = 1000;
const FRAME_TARGET_MS = 50;
const BARE_RATIO_TARGET = 2;
const PER_MESSAGE_TARGET_MS = 0.1;

/** One tab of an engine: pages open in it one after another. */
interface Tab {
  open(url: string): Promise<void>;
  /** Evaluates a JavaScript expression in the page (synchronously) and returns its value. */
  value<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

interface Engine {
  readonly name: string;
  readonly version: string;
  tab(): Promise<Tab>;
  close(): Promise<void>;
}

async function puppeteerEngine(name: string, browser: Browser): Promise<Engine> {
  return {
    name,
    version: await browser.version(),
    async tab() {
      const page: Page = await browser.newPage();
      await page.setViewport({width: 800, height: 600});
      const errors: string[] = [];
      page.on('pageerror', error => errors.push(String(error)));
      return {
        open: async url => void (await page.goto(url)),
        value: async expression => {
          if (errors.length) throw new Error(`errors in ${page.url()}:\n  ${errors.join('\n  ')}`);
          return (await page.evaluate(expression)) as never;
        },
        close: () => page.close(),
      };
    },
    close: () => browser.close(),
  };
}

/** WebKitGTK's MiniBrowser through WebKitWebDriver, spoken to in WebDriver's HTTP protocol (classic). */
async function webkitEngine(): Promise<Engine> {
  const port = await startWebKitDriver();
  const base = `http://127.0.0.1:${port}`;
  const command = async (method: 'POST' | 'DELETE', path: string, body?: object): Promise<any> => {
    const response = await fetch(`${base}${path}`, {method, headers: {'content-type': 'application/json'}, body: body ? JSON.stringify(body) : undefined});
    const {value} = (await response.json()) as {value: any};
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
    return value;
  };
  const session = await command('POST', '/session', {
    capabilities: {alwaysMatch: {browserName: 'MiniBrowser', 'webkitgtk:browserOptions': {binary: MINIBROWSER_PATH, args: ['--automation']}}},
  });
  const id = session.sessionId as string;
  return {
    name: 'MiniBrowser (WebKitGTK)',
    version: String(session.capabilities?.browserVersion ?? 'unknown'),
    async tab() {
      return {
        open: async url => void (await command('POST', `/session/${id}/url`, {url})),
        value: async expression => (await command('POST', `/session/${id}/execute/sync`, {script: `return (${expression});`, args: []})) as never,
        close: async () => void (await command('POST', `/session/${id}/url`, {url: 'about:blank'})),
      };
    },
    async close() {
      await command('DELETE', `/session/${id}`);
      stopWebKitDriver();
    },
  };
}

async function launch(name: string): Promise<Engine> {
  if (name === 'chromium') return puppeteerEngine('Chromium', await puppeteer.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true}));
  if (name === 'firefox') return puppeteerEngine('Firefox ESR', await puppeteer.launch({browser: 'firefox', executablePath: FIREFOX_PATH, headless: true}));
  if (name === 'webkit') return webkitEngine();
  throw new Error(`unknown engine ${name}; known: chromium, firefox, webkit`);
}

/** Polls `expression` in the page every 100 ms until it is not null, for at most 120 s. */
async function poll<T>(tab: Tab, expression: string): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const value = await tab.value<T | null>(`(${expression}) ?? null`);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`nothing within 120 s: ${expression}`);
    await new Promise(resolve => setTimeout(resolve, 100));
  }
}

/**
 * Starts `expression` (a promise) in the page and polls until it settled: a command left
 * pending while the page handles a burst can lose its page, and WebDriver serves one at a time.
 */
async function settled<T>(tab: Tab, expression: string): Promise<T> {
  await tab.value(`(window.__benchOut = undefined, Promise.resolve(${expression}).then(v => (window.__benchOut = {v}), e => (window.__benchOut = {e: String(e)})), true)`);
  const out = await poll<{v?: T; e?: string}>(tab, 'window.__benchOut');
  if (out.e !== undefined) throw new Error(out.e);
  return out.v as T;
}

const pages = await servePages();
const live = await LiveServer.start();
let seed = 42;
const randomRow = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return String(seed % ROWS);
};
let views = 0;
const message = () => ({event: 'article', data: {id: randomRow(), views: ++views}});

/** Opens `page` on the WebSocket (the burst in chunks) or the SSE stream (the burst as one chunk), sends the burst, and returns the page's record. */
async function burst(tab: Tab, page: 'live.html' | 'bare.html' | 'plain.html', transport: 'ws' | 'ws-worker' | 'ws-frames' | 'sse' | 'sse-chunks'): Promise<BurstRecord> {
  const socket = transport.startsWith('ws');
  const kind = socket ? 'ws' : 'sse';
  const stream = socket ? `ws=${encodeURIComponent(`${live.wsOrigin}/ws`)}${transport === 'ws-worker' ? '&worker' : ''}` : `sse=${encodeURIComponent(`${live.origin}/sse`)}`;
  await tab.open(`${pages.origin}/${page}?${stream}`);
  await settled(tab, 'window.liveBench.ready');
  await live.whenOpen(kind, 1);
  await tab.value(`(window.liveBenchResult = undefined, window.liveBench.recordBurst(${BURST}).then(r => (window.liveBenchResult = r)), true)`);
  if (transport === 'ws-frames') {
    await publishInChunks(BURST, BURST_MS, n => live.burst(n, message, {oneFrame: true}));
  } else if (socket) {
    await publishInChunks(BURST, BURST_MS, n => {
      for (let i = 0; i < n; i++) {
        const {event, data} = message();
        live.publish(event, data);
      }
    });
  } else if (transport === 'sse-chunks') {
    await publishInChunks(BURST, BURST_MS, n => live.burst(n, message));
  } else {
    live.burst(BURST, message);
  }
  const record = await poll<BurstRecord>(tab, 'window.liveBenchResult');
  await tab.close();
  await live.whenOpen(kind, 0);
  return record;
}

interface EngineRun {
  chunked: BurstRecord;
  bareChunked: BurstRecord;
  plainChunked: BurstRecord;
  workerChunked: BurstRecord;
  framesChunked: BurstRecord;
  sseChunked: BurstRecord;
  bareSseChunked: BurstRecord;
  oneChunk: BurstRecord;
  bareOneChunk: BurstRecord;
}

const results: {engine: string; version: string; runs: EngineRun[]}[] = [];
try {
  for (const name of ENGINES) {
    const engine = await launch(name);
    console.log(`bench:live-engines: ${engine.name} ${engine.version}`);
    const runs: EngineRun[] = [];
    try {
      for (let run = 0; run < RUNS; run++) {
        const chunked = await burst(await engine.tab(), 'live.html', 'ws');
        const bareChunked = await burst(await engine.tab(), 'bare.html', 'ws');
        const plainChunked = await burst(await engine.tab(), 'plain.html', 'ws');
        const workerChunked = await burst(await engine.tab(), 'live.html', 'ws-worker');
        const framesChunked = await burst(await engine.tab(), 'live.html', 'ws-frames');
        const sseChunked = await burst(await engine.tab(), 'live.html', 'sse-chunks');
        const bareSseChunked = await burst(await engine.tab(), 'bare.html', 'sse-chunks');
        const oneChunk = await burst(await engine.tab(), 'live.html', 'sse');
        const bareOneChunk = await burst(await engine.tab(), 'bare.html', 'sse');
        runs.push({chunked, bareChunked, plainChunked, workerChunked, framesChunked, sseChunked, bareSseChunked, oneChunk, bareOneChunk});
        if (FRAMES) {
          for (const [name, record] of Object.entries({chunked, bareChunked, plainChunked, workerChunked, framesChunked, sseChunked, bareSseChunked, oneChunk, bareOneChunk})) {
            console.log(`    ${name}: frames (ms, * with a commit) ${record.frames.map((gap, i) => `${Math.round(gap)}${record.commits[i] ? '*' : ''}`).join(' ')}; writes (ms) ${record.writes.map(Math.round).join(' ')}${record.longTasks.length ? `; long tasks (ms) ${record.longTasks.map(Math.round).join(' ')}` : ''}`);
          }
        }
        console.log(
          `  run ${run + 1}: in chunks, longest frame ${ms(longestFrame(chunked))} (bare ${ms(longestFrame(bareChunked))}, plain Lit ${ms(longestFrame(plainChunked))}), at most ${Math.max(...chunked.commits)} commit(s) a frame; ` +
            `socket in a worker, longest frame ${ms(longestFrame(workerChunked))}, at most ${Math.max(...workerChunked.commits)} commit(s) a frame; ` +
            `a frame a chunk, longest frame ${ms(longestFrame(framesChunked))}, at most ${Math.max(...framesChunked.commits)} commit(s) a frame; ` +
            `event-stream chunks, longest frame ${ms(longestFrame(sseChunked))} (bare ${ms(longestFrame(bareSseChunked))}), at most ${Math.max(...sseChunked.commits)} commit(s) a frame; ` +
            `one chunk, longest frame ${ms(longestFrame(oneChunk))} (bare ${ms(longestFrame(bareOneChunk))}), at most ${Math.max(...oneChunk.commits)} commit(s) a frame, the cache write with the rows it re-rendered ${ms(Math.max(0, ...oneChunk.writes))}, the feed's listeners ${ms(Math.max(0, ...(oneChunk.arrivalTasks ?? [])))} in ${oneChunk.arrivalTasks?.length ?? 0} task(s), ${ms(perMessage(oneChunk))} a message until rendered (bare ${ms(perMessage(bareOneChunk))})`,
        );
      }
    } finally {
      await engine.close();
    }
    results.push({engine: engine.name, version: engine.version, runs});
  }
} finally {
  await live.close();
  pages.close();
}

function longestFrame(record: BurstRecord): number {
  return Math.max(...record.frames);
}
/** From the burst's start until the frames after its last message, per message: the page is busy all along. */
function perMessage(record: BurstRecord): number {
  return record.elapsed / record.messages;
}
function ms(v: number): string {
  return v >= 100 ? `${v.toFixed(0)} ms` : v >= 10 ? `${v.toFixed(1)} ms` : v >= 1 ? `${v.toFixed(2)} ms` : `${v.toFixed(3)} ms`;
}
const verdict = (ok: boolean) => (ok ? '**met**' : '**not met**');
const each = (runs: EngineRun[], pick: (run: EngineRun) => string) => runs.map(pick).join(', ');

const rows = results.flatMap(({engine, runs}) => {
  const ratios = runs.map(r => longestFrame(r.oneChunk) / longestFrame(r.bareOneChunk));
  // Each run's ratio is of two single longest frames, so one slow frame on either side moves it: the medians over the runs beside it.
  const oneChunkMedian = median(runs.map(r => longestFrame(r.oneChunk)));
  const bareMedian = median(runs.map(r => longestFrame(r.bareOneChunk)));
  return [
    [`**${engine}**: in chunks, longest frame (per run)`, each(runs, r => ms(longestFrame(r.chunked))), `< ${FRAME_TARGET_MS} ms`, verdict(runs.every(r => longestFrame(r.chunked) < FRAME_TARGET_MS))],
    ['… a bare `WebSocket` listener: longest frame', each(runs, r => ms(longestFrame(r.bareChunked))), '', ''],
    ['… a plain Lit page (the same rows, each message parsed, the changed rows updated by hand once a frame): longest frame', each(runs, r => ms(longestFrame(r.plainChunked))), '', ''],
    ['… commits in one frame (most)', each(runs, r => String(Math.max(...r.chunked.commits))), '≤ 1', verdict(runs.every(r => Math.max(...r.chunked.commits) <= 1))],
    ['… the same over a `WorkerWebSocket` (the socket in a worker, its frames handed over at most every 4 ms): longest frame', each(runs, r => ms(longestFrame(r.workerChunked))), `< ${FRAME_TARGET_MS} ms`, verdict(runs.every(r => longestFrame(r.workerChunked) < FRAME_TARGET_MS))],
    ['… commits in one frame (most)', each(runs, r => String(Math.max(...r.workerChunked.commits))), '≤ 1', verdict(runs.every(r => Math.max(...r.workerChunked.commits) <= 1))],
    ['… the same chunks, each one WebSocket frame (a JSON array of envelopes): longest frame', each(runs, r => ms(longestFrame(r.framesChunked))), `< ${FRAME_TARGET_MS} ms`, verdict(runs.every(r => longestFrame(r.framesChunked) < FRAME_TARGET_MS))],
    ['… commits in one frame (most)', each(runs, r => String(Math.max(...r.framesChunked.commits))), '≤ 1', verdict(runs.every(r => Math.max(...r.framesChunked.commits) <= 1))],
    ['… the same chunks as server-sent events (an `EventSourceFeed`; a chunk is a task): longest frame', each(runs, r => ms(longestFrame(r.sseChunked))), `< ${FRAME_TARGET_MS} ms`, verdict(runs.every(r => longestFrame(r.sseChunked) < FRAME_TARGET_MS))],
    ['… a bare `EventSource` listener: longest frame', each(runs, r => ms(longestFrame(r.bareSseChunked))), '', ''],
    ['… commits in one frame (most)', each(runs, r => String(Math.max(...r.sseChunked.commits))), '≤ 1', verdict(runs.every(r => Math.max(...r.sseChunked.commits) <= 1))],
    ['… one chunk: longest frame (the longest task)', each(runs, r => ms(longestFrame(r.oneChunk))), '', ''],
    ['… a bare `EventSource` listener: longest frame', each(runs, r => ms(longestFrame(r.bareOneChunk))), '', ''],
    ['… data-elements / bare', ratios.map(r => `${r.toFixed(2)}x`).join(', '), `≤ ${BARE_RATIO_TARGET}x`, verdict(ratios.every(r => r <= BARE_RATIO_TARGET))],
    ['… the same from the medians over the runs', `${ms(oneChunkMedian)} / ${ms(bareMedian)} = ${(oneChunkMedian / bareMedian).toFixed(2)}x`, '', ''],
    ['… commits in one frame (most)', each(runs, r => String(Math.max(...r.oneChunk.commits))), '≤ 1', verdict(runs.every(r => Math.max(...r.oneChunk.commits) <= 1))],
    ['… until all applied and rendered, per message (bare)', each(runs, r => `${ms(perMessage(r.oneChunk))} (${ms(perMessage(r.bareOneChunk))})`), `≤ ${PER_MESSAGE_TARGET_MS} ms`, verdict(runs.every(r => perMessage(r.oneChunk) <= PER_MESSAGE_TARGET_MS))],
  ];
});
const result = table(['measure', 'value', 'target', ''], rows, ['l', 'r', 'l', 'l']);
const seconds = Math.round((performance.now() - started) / 1000);
console.log(`\n${result}\nWhole run ${seconds} s; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end.`);

if (flag('write')) {
  const body = [
    '### The bursts in three engines',
    '',
    ...machineLines('npm run bench:live-engines -- --write'),
    `- browsers: ${results.map(r => `${r.engine} ${r.version}`).join('; ')}; Chromium and Firefox headless through puppeteer-core, MiniBrowser on Xvfb through WebKitWebDriver`,
    `- the pages and server of bench:live (${ROWS.toLocaleString('en')} rows bound with \`useCache\`, a \`WebSocketFeed\` or an \`EventSourceFeed\`); ${RUNS} run(s) in each engine, each burst on a fresh page; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end; whole run ${seconds} s`,
    '',
    `Measured in the page, the same way in each engine (only Chromium has DevTools' task times and long-task entries): the longest gap between two \`requestAnimationFrame\` callbacks while the burst arrives, the Controller's commits between two of them, and for the one-chunk burst the time from its start until every message was applied and two frames followed, per message (the page is busy all along, so this bounds the main-thread time per message from above).`,
    '',
    result,
  ].join('\n');
  writeMarkedSection('live-engines', body);
  console.log(`wrote the three-engine live section of ${BENCHMARKS_MD}`);
}
