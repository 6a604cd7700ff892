// `npm run bench:requests`: what the request plumbing (an AbortSignal per request, callers
// counted, the retry loop) costs on the fetch path, against the same cases on an earlier
// commit of this repository, in one run, as a ratio.
//
//   npm run bench:requests                        against the baseline commit below
//   npm run bench:requests -- --baseline=<rev>    against another commit (its src/ is extracted to .tmp/)
//   npm run bench:requests -- --rounds=5 --calls=300
//
// Each sample is `calls` awaited `controller.fetch` calls of new keys (every call is a request
// that is started, settled and committed); time is CPU time of the process per call. The two
// trees alternate sample by sample so that machine load falls on both alike.
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {baselineSource} from './baseline-source.js';
import {formatRatio, formatTime, quantile, table} from './report.js';

/** main before cancellation and retries: the default baseline. */
const DEFAULT_BASELINE = 'de98103';

const flags = new Map(process.argv.slice(2).map(arg => arg.replace(/^--/, '').split('=') as [string, string]));
const baseline = flags.get('baseline') ?? DEFAULT_BASELINE;
const rounds = Number(flags.get('rounds') ?? 15);
const calls = Number(flags.get('calls') ?? 400);

interface Tree {
  readonly name: string;
  readonly Controller: new (options?: object) => {fetch(endpoint: unknown, ...args: unknown[]): Promise<unknown>};
  readonly Entity: new () => object;
  readonly RestEndpoint: new (options: object) => unknown;
}

async function load(name: string, root: string): Promise<Tree> {
  const url = (path: string) => pathToFileURL(join(root, path)).href;
  const core = await import(url('src/core/index.ts'));
  const schema = await import(url('src/schema/index.ts'));
  const rest = await import(url('src/rest/index.ts'));
  return {name, Controller: core.Controller, Entity: schema.Entity, RestEndpoint: rest.RestEndpoint};
}

/** The two endpoints of a tree: a hand-written one that answers at once, and a RestEndpoint over a canned Response. */
function endpoints(tree: Tree) {
  class Row extends tree.Entity {
    id = '';
    title = '';
    static key = `BenchRow${tree.name}`;
  }
  const plain = {
    key: ({id}: {id: number}) => `GET /rows/${id}`,
    schema: Row,
    fetch: ({id}: {id: number}) => Promise.resolve({id: String(id), title: `row ${id}`}),
  };
  const rest = new tree.RestEndpoint({
    urlPrefix: 'https://bench.test',
    path: '/rows/:id',
    schema: Row,
    fetchResponse: (input: string) => Promise.resolve(new Response(`{"id":"${input.slice(-6)}","title":"row"}`, {headers: {'content-type': 'application/json'}})),
  });
  return {plain, rest};
}

async function sample(tree: Tree, endpoint: unknown, start: number): Promise<number> {
  const controller = new tree.Controller();
  const c0 = process.cpuUsage();
  for (let i = 0; i < calls; i++) await controller.fetch(endpoint, {id: start + i});
  const used = process.cpuUsage(c0);
  return (used.user + used.system) / 1000 / calls;
}

const ours = await load('ours', process.cwd());
const base = await load(baseline, baselineSource(baseline));
const cases = [
  {id: 'plain', label: 'GET of a new key, endpoint answering at once (controller.fetch)'},
  {id: 'rest', label: 'the same through RestEndpoint (URL, init with signal, Response, JSON)'},
] as const;
const rows: string[][] = [];
for (const {id, label} of cases) {
  const times = new Map<string, number[]>([
    [ours.name, []],
    [base.name, []],
  ]);
  const eps = new Map([ours, base].map(tree => [tree.name, endpoints(tree)[id]]));
  for (const tree of [ours, base]) await sample(tree, eps.get(tree.name), 100_000); // warm-up
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [ours, base] : [base, ours];
    for (const tree of order) times.get(tree.name)!.push(await sample(tree, eps.get(tree.name), 200_000 + round * calls));
  }
  const mine = quantile([...times.get(ours.name)!].sort((a, b) => a - b), 0.5);
  const theirs = quantile([...times.get(base.name)!].sort((a, b) => a - b), 0.5);
  rows.push([label, formatTime(theirs), formatTime(mine), formatRatio(mine / theirs)]);
}
console.log(`${rounds} rounds × ${calls} calls per sample, CPU time per call, medians; baseline ${baseline}\n`);
console.log(table(['case', `baseline (${baseline})`, 'this tree', 'this ÷ baseline'], rows));
