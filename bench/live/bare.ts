// The floors of `npm run bench:live`'s bursts: a bare listener that only parses each message
// and counts it, with the same long-task and frame recording as the page with data-elements.
// `?sse=<url>`: an `EventSource` (the burst as one chunk); `?ws=<url>`: a `WebSocket` (the
// burst in chunks, each message a task of its own).
import {longTasks} from './long-tasks.js';
import type {BurstRecord} from './page.js';

const params = new URLSearchParams(location.search);
const wsUrl = params.get('ws');
let received = 0;
let last: unknown;
let opened: Promise<void>;
if (wsUrl) {
  const socket = new WebSocket(wsUrl);
  socket.addEventListener('message', event => {
    last = JSON.parse((event as MessageEvent<string>).data);
    received++;
  });
  opened = new Promise(resolve => socket.addEventListener('open', () => resolve(), {once: true}));
} else {
  const source = new EventSource(params.get('sse')!);
  source.addEventListener('article', event => {
    last = JSON.parse((event as MessageEvent<string>).data);
    received++;
  });
  opened = new Promise(resolve => source.addEventListener('open', () => resolve(), {once: true}));
}

const api = {
  ready: opened.then(() => ({mountMs: 0, isolated: crossOriginIsolated})),
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
          resolve({frames, commits: [], writes: [], messages: received - from, elapsed: now - t0, longTasks: tasks.stop()});
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
