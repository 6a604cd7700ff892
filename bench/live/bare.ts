// The floor of `npm run bench:live`'s one-chunk burst: a bare `EventSource` whose listener only
// parses each message and counts it, with the same long-task and frame recording as the page
// with data-elements. `?sse=<url>`.
import {longTasks} from './long-tasks.js';
import type {BurstRecord} from './page.js';

const source = new EventSource(new URLSearchParams(location.search).get('sse')!);
let received = 0;
let last: unknown;
source.addEventListener('article', event => {
  last = JSON.parse((event as MessageEvent<string>).data);
  received++;
});

const api = {
  ready: new Promise<{mountMs: number; isolated: boolean}>(resolve => source.addEventListener('open', () => resolve({mountMs: 0, isolated: crossOriginIsolated}), {once: true})),
  recordBurst(count: number): Promise<BurstRecord> {
    const tasks = longTasks();
    const frames: number[] = [];
    const from = received;
    const t0 = performance.now();
    let previous = t0;
    let after = 0;
    return new Promise(resolve => {
      const frame = (now: number) => {
        frames.push(now - previous);
        previous = now;
        if (received - from >= count && ++after > 2) {
          resolve({frames, commits: [], messages: received - from, elapsed: now - t0, longTasks: tasks.stop()});
          return;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  },
  get last() {
    return last;
  },
};
(window as unknown as {liveBench: typeof api}).liveBench = api;
