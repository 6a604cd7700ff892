// Summarizes a V8 .cpuprofile (from `node --cpu-prof`): the functions with the
// most self time and the most inclusive time, as a text table.
//
//   node --expose-gc --cpu-prof --cpu-prof-dir=.tmp/prof --import tsx bench/run.ts --only=cold --libs=ours --rounds=1 --time=4000
//   node --import tsx bench/profile.ts .tmp/prof/<file>.cpuprofile [--top=25] [--filter=adapters.mjs] [--lines=entity,fill]
//
// --lines=NAMES also prints, for functions of those names, the source lines
// that took the samples (V8's positionTicks), read from the profiled file.
import {existsSync, readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {basename} from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
  positionTicks?: {line: number; ticks: number}[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const argv = process.argv.slice(2);
const file = argv.find(a => !a.startsWith('--'));
if (!file) {
  console.error('usage: bench/profile.ts <file.cpuprofile> [--top=N] [--filter=text]');
  process.exit(2);
}
const top = Number(argv.find(a => a.startsWith('--top='))?.slice(6) ?? 25);
const filter = argv.find(a => a.startsWith('--filter='))?.slice(9);
const lines = argv.find(a => a.startsWith('--lines='))?.slice(8).split(',');

const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map(n => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);

const label = (frame: CallFrame) =>
  `${frame.functionName || '(anonymous)'} ${frame.url ? `${basename(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  total += dt;
  let id: number | undefined = profile.samples[i];
  const leaf = byId.get(id)!;
  const leafLabel = label(leaf.callFrame);
  self.set(leafLabel, (self.get(leafLabel) ?? 0) + dt);
  const seen = new Set<string>();
  while (id !== undefined) {
    const l = label(byId.get(id)!.callFrame);
    if (!seen.has(l)) {
      seen.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + dt);
    }
    id = parent.get(id);
  }
}

const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  const rows = [...map].filter(([l]) => !filter || l.includes(filter)).sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [l, t] of rows) console.log(`${((100 * t) / total).toFixed(1).padStart(6)}%  ${(t / 1000).toFixed(0).padStart(7)} ms  ${l}`);
};
print('self time', self);
print('inclusive time', inclusive);

if (lines) {
  const ticks = new Map<string, Map<number, number>>();
  for (const n of profile.nodes) {
    if (!lines.includes(n.callFrame.functionName) || !n.positionTicks) continue;
    const key = `${n.callFrame.functionName}\u0000${n.callFrame.url}`;
    let byLine = ticks.get(key);
    if (!byLine) ticks.set(key, (byLine = new Map()));
    for (const {line, ticks: t} of n.positionTicks) byLine.set(line, (byLine.get(line) ?? 0) + t);
  }
  for (const [key, byLine] of ticks) {
    const [name, url] = key.split('\u0000');
    const path = url.startsWith('file:') ? fileURLToPath(url.replace(/\?.*$/, '')) : url;
    const source = existsSync(path) ? readFileSync(path, 'utf8').split('\n') : [];
    const sum = [...byLine.values()].reduce((a, b) => a + b, 0);
    console.log(`\nself-time samples by line: ${name} (${basename(path)}), ${sum} samples`);
    for (const [line, t] of [...byLine].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
      console.log(`${((100 * t) / sum).toFixed(1).padStart(6)}%  ${String(line).padStart(5)}: ${(source[line - 1] ?? '').trim().slice(0, 110)}`);
    }
  }
}
