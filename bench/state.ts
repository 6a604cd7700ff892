// `npm run bench:state`: what dehydrating a Controller and starting one from the snapshot
// cost, for caches of 1,000 and 10,000 entities, against JSON.stringify / JSON.parse of the
// same data as the API sent it (the nested response a page would otherwise embed).
//
//   npm run bench:state                  5 interleaved rounds
//   npm run bench:state -- --write       ...and rewrites the state section of BENCHMARKS.md
//   npm run bench:state -- --quick       1 short round (a smoke test)
//
// Times are CPU time of the process per call (process.cpuUsage), as in `npm run bench`:
// each sample is a batch of calls lasting at least 1 ms, the cases of one size alternate
// within each round after a warm-up, and every ratio is taken within this one run.
import {dehydrate, hydrate, type DehydratedState} from '../src/snapshots/index.js';
import {Controller} from '../src/core/index.js';
import {flag, option} from './cli.js';
import {filledController, getArticles} from './state-fixture.js';
import {measureCpu, type TimedCase as Case} from './cpu-timing.js';
import {formatRatio, formatTime, machineLines, table, writeMarkedSection} from './report.js';

const QUICK = flag('quick');
const WRITE = flag('write');
const ROUNDS = Number(option('rounds') ?? (QUICK ? 1 : 5));
/** Time budget (ms) per case in each round. */
const TIME = Number(option('time') ?? (QUICK ? 200 : 600));

/** A cache of `entities` rows: 90% articles, 5% users, 5% tags, from one response. */
function setUp(entities: number) {
  const {controller, articles} = filledController(entities);
  const snapshot: DehydratedState = dehydrate(controller);
  const snapshotText = JSON.stringify(snapshot);
  const rawText = JSON.stringify(articles);
  // The check before timing: the hydrated Controller reads what the original reads.
  const hydrated = hydrate(new Controller(), snapshotText);
  const read = (c: Controller) => JSON.stringify(c.getResponse(getArticles).data);
  if (read(hydrated) !== read(controller)) throw new Error('the hydrated Controller reads other data');
  return {controller, snapshot, snapshotText, rawText, articles};
}

const kb = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB`;
const rows: string[][] = [];
const sizes: string[][] = [];
for (const entities of [1_000, 10_000]) {
  const s = setUp(entities);
  const cases: Case[] = [
    {label: 'dehydrate(controller)', run: () => dehydrate(s.controller)},
    {label: 'JSON.stringify(dehydrate(controller))', run: () => JSON.stringify(dehydrate(s.controller))},
    {label: 'baseline: JSON.stringify(response)', run: () => JSON.stringify(s.articles)},
    {label: 'hydrate(new Controller(), snapshot)', run: () => hydrate(new Controller(), s.snapshot)},
    {label: 'hydrate(new Controller(), json)', run: () => hydrate(new Controller(), s.snapshotText)},
    {label: 'baseline: JSON.parse(response json)', run: () => JSON.parse(s.rawText)},
  ];
  const [dehydrated, dehydratedText, stringify, hydrated, hydratedText, parse] = measureCpu(cases, {rounds: ROUNDS, time: TIME});
  const row = (c: Case, m: {median: number; p75: number}, base: {median: number}) => [
    entities.toLocaleString('en'),
    c.label,
    `${formatTime(m.median)} (p75 ${formatTime(m.p75)})`,
    c.label.startsWith('baseline') ? '' : formatRatio(m.median / base.median),
  ];
  rows.push(row(cases[0]!, dehydrated!, stringify!), row(cases[1]!, dehydratedText!, stringify!), row(cases[2]!, stringify!, stringify!));
  rows.push(row(cases[3]!, hydrated!, parse!), row(cases[4]!, hydratedText!, parse!), row(cases[5]!, parse!, parse!));
  sizes.push([entities.toLocaleString('en'), kb(s.snapshotText), kb(s.rawText), formatRatio(Buffer.byteLength(s.snapshotText) / Buffer.byteLength(s.rawText))]);
}

const body = [
  '## Dehydrate and hydrate',
  '',
  ...machineLines(`npm run bench:state${WRITE ? ' -- --write' : ''}`),
  `- data: bench/fixture.ts (seed 0x5eed), one list response of articles with nested authors and tags (90% / 5% / 5% of the entities), \`createdAt\` read as a \`Date\`; ${ROUNDS} interleaved round(s) of ${TIME} ms per case; CPU time per call, medians`,
  '- ratio: to the baseline of the same size below it (JSON.stringify for dehydrating, JSON.parse for hydrating)',
  '',
  table(['entities', 'operation', 'time per call', 'ratio'], rows, ['r', 'l', 'r', 'r']),
  '',
  table(['entities', 'snapshot JSON', 'response JSON', 'ratio'], sizes, ['r', 'r', 'r', 'r']),
].join('\n');

console.log(body);
if (WRITE) writeMarkedSection('state', body);
