// `npm run bench:pages`: does appending a next page cost O(page) or O(list)? For lists of N
// pages already cached, the CPU time of appending page N+1 (controller.fetch of getNextPage:
// request, JSON, normalize, merge into the list, commit, the whole list read back) against
// fetching the first page alone into an empty Controller, in one run, as a ratio.
//
//   npm run bench:pages                      N = 1, 10, 50, 200 pages of 20 items
//   npm run bench:pages -- --rounds=9 --lists=20 --size=20
//
// Each sample times `lists` appends, one to each of `lists` Controllers built beforehand (not
// timed); the first-page samples time `lists` first fetches into new Controllers.
import {nextPageEndpoint} from '../src/pagination/index.js';
import {Controller, Entity, RestEndpoint, schema} from '../src/index.js';
import {formatRatio, formatTime, median, quantile, table} from './report.js';

const flags = new Map(process.argv.slice(2).map(arg => arg.replace(/^--/, '').split('=') as [string, string]));
const rounds = Number(flags.get('rounds') ?? 15);
const lists = Number(flags.get('lists') ?? 20);
const size = Number(flags.get('size') ?? 20);
const depths = [1, 10, 50, 200];

class Row extends Entity {
  id = '';
  title = '';
  votes = 0;
  static override key = 'BenchPageRow';
}

/** Page `page` (1-based) as the server would send it: `size` rows and the next cursor. */
function body(page: number): string {
  const rows = Array.from({length: size}, (_, i) => ({id: String((page - 1) * size + i), title: `row ${(page - 1) * size + i}`, votes: i}));
  return JSON.stringify({results: rows, cursor: String(page + 1)});
}
const bodies = new Map<number, string>();
const bodyOf = (page: number) => bodies.get(page) ?? (bodies.set(page, body(page)), bodies.get(page)!);

const getRows = new RestEndpoint({
  urlPrefix: 'https://bench.test',
  path: '/rows',
  searchParams: {} as {cursor?: string},
  paginationField: 'cursor',
  schema: {results: new schema.Collection([Row]), cursor: ''},
  fetchResponse: (input: string) => {
    const page = Number(new URL(input).searchParams.get('cursor') ?? 1);
    return Promise.resolve(new Response(bodyOf(page), {headers: {'content-type': 'application/json'}}));
  },
});

/** A Controller holding a list of `pages` pages. */
async function withPages(pages: number): Promise<Controller> {
  const controller = new Controller();
  await controller.fetch(getRows);
  for (let page = 2; page <= pages; page++) await controller.fetch(nextPageEndpoint(getRows), {cursor: String(page)});
  return controller;
}

function cpu(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

async function firstPageSample(): Promise<number> {
  const controllers = Array.from({length: lists}, () => new Controller());
  const t0 = cpu();
  for (const controller of controllers) await controller.fetch(getRows);
  return (cpu() - t0) / lists;
}

async function appendSample(pages: number): Promise<number> {
  const controllers = await Promise.all(Array.from({length: lists}, () => withPages(pages)));
  const t0 = cpu();
  for (const controller of controllers) await controller.fetch(nextPageEndpoint(getRows), {cursor: String(pages + 1)});
  return (cpu() - t0) / lists;
}

await firstPageSample();
await appendSample(depths[0]!); // warm-up
const first: number[] = [];
const appends = new Map(depths.map(n => [n, [] as number[]]));
for (let round = 0; round < rounds; round++) {
  first.push(await firstPageSample());
  for (const n of depths) appends.get(n)!.push(await appendSample(n));
}
const base = median(first);
/** The middle half of the ratios round by round (each append sample against that round's first-page sample). */
const range = (samples: number[]) => {
  const ratios = samples.map((time, round) => time / first[round]!).sort((a, b) => a - b);
  return `${formatRatio(quantile(ratios, 0.25))} – ${formatRatio(quantile(ratios, 0.75))}`;
};
const rows = [['first page alone (empty Controller)', formatTime(base), formatRatio(1), '']];
for (const n of depths) {
  const samples = appends.get(n)!;
  const time = median(samples);
  rows.push([`page ${n + 1} appended to ${n} pages (${n * size} items)`, formatTime(time), formatRatio(time / base), range(samples)]);
}
console.log(`${rounds} rounds × ${lists} lists, ${size} items a page, CPU time per load, medians; p25 – p75: of the ratios round by round\n`);
console.log(table(['case', 'median', '÷ first page', 'p25 – p75'], rows));
