// Where a render page's time goes: the functions with the most inclusive and the most self time
// in one or more V8 CPU profiles (CDP Profiler), for bench/render/run.ts and mounts.ts.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

/** A V8 CPU profile as CDP's `Profiler.stop` gives it. */
export interface CpuProfile {
  nodes: {id: number; callFrame: CallFrame; children?: number[]}[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Prints the functions with the most inclusive and the most self time over `profiles`, summed and divided by `per` (ms). */
export function printProfiles(profiles: readonly CpuProfile[], title: string, per: number, rows = 30): void {
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  const labelOf = (f: CallFrame) => `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.split('/').pop()}:${f.lineNumber + 1}` : ''}`.trim();
  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map(n => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const deltas = profile.timeDeltas ?? [];
    profile.samples?.forEach((leaf, i) => {
      const dt = (deltas[i + 1] ?? 0) / 1000; // µs -> ms: the time until the next sample
      const name = nodes.get(leaf)!.callFrame.functionName;
      if (name === '(idle)' || name === '(program)') return;
      const leafLabel = labelOf(nodes.get(leaf)!.callFrame);
      self.set(leafLabel, (self.get(leafLabel) ?? 0) + dt);
      const seen = new Set<string>();
      for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
        const label = labelOf(nodes.get(id)!.callFrame);
        if (seen.has(label)) continue;
        seen.add(label);
        inclusive.set(label, (inclusive.get(label) ?? 0) + dt);
      }
    });
  }
  const top = (m: Map<string, number>) => [...m].filter(([l]) => l !== '(root)').sort((a, b) => b[1] - a[1]).slice(0, rows);
  console.log(`\n${title}\ninclusive:`);
  for (const [label, t] of top(inclusive)) console.log(`${(t / per).toFixed(3).padStart(8)}  ${label}`);
  console.log('self:');
  for (const [label, t] of top(self)) console.log(`${(t / per).toFixed(3).padStart(8)}  ${label}`);
}
