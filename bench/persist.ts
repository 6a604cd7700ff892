// `npm run bench:persist`: what persistence and sync across tabs cost, for caches of 1,000 and
// 10,000 entities (bench/state-fixture.ts).
//
// - One save: the work a save does on the page's thread before IndexedDB takes the text
//   (`controller.dehydrate()`, the age and size bounds, `JSON.stringify`), the same calls as
//   Persistence's save. Baseline: `JSON.stringify` of the response the cache was filled from.
// - One broadcast: a commit that writes one article (or a list of 100), then what TabSync
//   does for it (gather the confirmed changes, dehydrate them, `postMessage` on a real
//   BroadcastChannel of node:worker_threads). Baseline: the same commit without sync.
// - One message received: `controller.merge()` of another tab's one-article message.
//
//   npm run bench:persist                  5 interleaved rounds
//   npm run bench:persist -- --write       ...and rewrites the persist section of BENCHMARKS.md
//   npm run bench:persist -- --quick       1 short round (a smoke test)
import type {DehydratedState} from '../src/snapshots/index.js';
import {dehydrateState} from '../src/snapshots/internal.js';
import {BroadcastChannel} from 'node:worker_threads';
import {Controller, type Commit} from '../src/core/index.js';
import {boundedJson, keepSince} from '../src/persist/index.js';
import {ConfirmedChanges} from '../src/sync/index.js';
import {flag, option} from './cli.js';
import {measureCpu, type TimedCase} from './cpu-timing.js';
import {formatRatio, formatTime, machineLines, table, writeMarkedSection} from './report.js';
import {Article, filledController} from './state-fixture.js';
import {dehydrate, merge} from '../src/snapshots/index.js';

const QUICK = flag('quick');
const WRITE = flag('write');
const ROUNDS = Number(option('rounds') ?? (QUICK ? 1 : 5));
/** Time budget (ms) per case in each round. */
const TIME = Number(option('time') ?? (QUICK ? 200 : 600));
const timing = {rounds: ROUNDS, time: TIME};
/** Persistence's defaults. */
const MAX_SIZE = 8 * 1024 * 1024;
const MAX_AGE = 24 * 3_600_000;

const getArticle = {key: (params: {id: string}) => `GET /articles/${params.id}`, schema: Article, name: 'getArticle'};
const getPage = {key: () => 'GET /articles?page=1', schema: [Article], name: 'getPage'};

const saveRows: string[][] = [];
const syncRows: string[][] = [];
const channel = new BroadcastChannel('bench-persist');
const listener = new BroadcastChannel('bench-persist');
let received = 0;
listener.onmessage = () => received++;

for (const entities of [1_000, 10_000]) {
  const {controller, articles} = filledController(entities);

  // --- one save ---
  const save = () => boundedJson(keepSince(dehydrate(controller), Date.now() - MAX_AGE), MAX_SIZE);
  const full = save();
  if (full === undefined || JSON.parse(full).tables.length !== 3) throw new Error('the save left data out');
  const half = Math.floor(full.length / 2);
  const saves: TimedCase[] = [
    {label: 'one save: dehydrate, bounds, JSON', run: save},
    {label: 'one save over maxSize (half of it kept)', run: () => boundedJson(dehydrate(controller), half)},
    {label: 'baseline: JSON.stringify(response)', run: () => JSON.stringify(articles)},
  ];
  const [saved, trimmed, stringify] = measureCpu(saves, timing);
  saves.forEach((c, i) => {
    const m = [saved, trimmed, stringify][i]!;
    saveRows.push([entities.toLocaleString('en'), c.label, `${formatTime(m.median)} (p75 ${formatTime(m.p75)})`, i === 2 ? '' : formatRatio(m.median / stringify!.median)]);
  });

  // --- one broadcast, and one message received ---
  let last: Commit | undefined;
  controller.subscribe(commit => (last = commit));
  const changes = new ConfirmedChanges();
  let n = 0;
  const article = (id: string) => ({...articles[Number(id) % articles.length]!, id, title: `edit ${++n}`});
  const page = articles.slice(0, 100);
  const writeOne = () => controller.setResponse(getArticle, {id: '1'}, article('1'));
  const writePage = () => controller.setResponse(getPage, page.map(a => ({...a, title: `edit ${++n}`})));
  const broadcast = () => {
    changes.add(last!);
    channel.postMessage(dehydrateState(changes.take(last!.confirmed)!, Date.now()));
  };
  // The message another tab sends for one article, its time moved on before each merge so each one is newer.
  const source = new Controller();
  source.setResponse(getArticle, {id: '2'}, article('2'));
  const message = dehydrate(source) as {-readonly [K in keyof DehydratedState]: DehydratedState[K]};
  const rowCount = message.tables.reduce((count, t) => count + t.rows.length, 0);
  if (rowCount !== 5) throw new Error(`the message should hold an article, its author and its 3 tags, not ${rowCount} rows`);
  let at = Date.now();
  const receive = () => {
    at++;
    message.times = [[at, at, at + 60_000]];
    message.results = message.results.map(result => ({...result, times: [at, at, at + 60_000]}));
    merge(controller, message);
  };
  const syncs: TimedCase[] = [
    {label: 'commit of one article', run: writeOne},
    {label: 'commit of one article, broadcast', run: () => (writeOne(), broadcast())},
    {label: 'commit of 100 articles', run: writePage},
    {label: 'commit of 100 articles, broadcast', run: () => (writePage(), broadcast())},
    {label: 'one-article message received (merge)', run: receive},
  ];
  const measured = measureCpu(syncs, timing);
  syncs.forEach((c, i) => {
    const m = measured[i]!;
    const base = i === 1 ? measured[0]! : i === 3 ? measured[2]! : undefined;
    syncRows.push([entities.toLocaleString('en'), c.label, `${formatTime(m.median)} (p75 ${formatTime(m.p75)})`, base ? formatRatio(m.median / base.median) : '']);
  });
}
// Delivered later, as in a browser: the check that the messages went out.
for (let waited = 0; received === 0 && waited < 10_000; waited += 10) await new Promise(resolve => setTimeout(resolve, 10));
channel.close();
listener.close();
if (received === 0) throw new Error('no broadcast was delivered');

const body = [
  '## Persistence and sync across tabs',
  '',
  ...machineLines(`npm run bench:persist${WRITE ? ' -- --write' : ''}`),
  `- data: bench/state-fixture.ts (one list response, 90% articles / 5% users / 5% tags); ${ROUNDS} interleaved round(s) of ${TIME} ms per case; CPU time per call, medians`,
  '- a save: what Persistence does on the page\'s thread before IndexedDB takes the text (IndexedDB\'s own write is not in it); ratio to JSON.stringify of the response the cache was filled from',
  '- a broadcast: what TabSync adds to a commit (gather, dehydrate the changed rows, postMessage on a real BroadcastChannel); ratio to the same commit without it',
  '',
  table(['entities', 'operation', 'time per call', 'ratio'], saveRows, ['r', 'l', 'r', 'r']),
  '',
  table(['entities', 'operation', 'time per call', 'ratio'], syncRows, ['r', 'l', 'r', 'r']),
].join('\n');

console.log(body);
if (WRITE) writeMarkedSection('persist', body);
