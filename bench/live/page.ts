// The page of `npm run bench:live`: a <data-provider>, 1,000 Lit rows each bound to its own
// entity (useCache of `get` with its id), and a WebSocketFeed writing pushed updates into the
// cache. The socket is wrapped so that each message's main-thread time is measured in the
// page: the feed's handler, plus the cache write from its start until it and the Lit updates it
// caused are done (microtasks right after it; the write comes in the next animation frame), then
// with style and layout forced as the row finishes its update. During a burst, the gaps between animation frames are recorded, with
// the commits made in each frame and the long tasks. With `?sse=<url>` the feed is an
// EventSourceFeed instead (a burst then comes as one chunk, handed over in one task); with
// `&worker`, the WebSocket is a WorkerWebSocket.
import {EventSourceFeed, WebSocketFeed, WorkerWebSocket, type WebSocketConstructor} from '../../src/live/index.js';
import {longTasks, type LongTasks} from './long-tasks.js';
import {html, LitElement} from 'lit';
import {rowContent, rowStyles} from './row-view.js';
import {repeat} from 'lit/directives/repeat.js';
import '../../components/data-provider.js';
import {Controller, createResource, Entity, pksOf} from '../../src/index.js';
import {useCache} from '../../src/lit/index.js';
import {internalsOf} from '../../src/internal.js';

export const ROWS = 1000;

class Article extends Entity {
  id = '';
  title = '';
  views = 0;
  static override key = 'BenchLiveArticle';
}
const ArticleResource = createResource({path: '/bench/articles/:id', schema: Article});

/** Which rows rendered since the last reset, and how often the list did. */
const rendered = new Set<Element>();
let listRenders = 0;
/** When a row last finished updating (its `updated()`), for the time until the Lit updates are done. */
let lastRowUpdated = 0;

class LiveRow extends LitElement {
  static override styles = rowStyles;
  static override properties = {articleId: {type: String}};
  declare articleId: string;
  readonly article = useCache(this, ArticleResource.get, () => ({id: this.articleId}));
  override render() {
    rendered.add(this);
    return rowContent(this.article.value);
  }
  override updated() {
    lastRowUpdated = performance.now();
    // A measured message: style and layout forced right after its row updated, in the task or
    // frame of the write (the write comes in an animation frame, whose own rendering follows).
    if (pending?.writeAt !== undefined) {
      void document.body.offsetHeight;
      pending.layoutDone = performance.now();
    }
  }
}
customElements.define('live-row', LiveRow);

/** The list reads which articles there are (their pks), not their fields: a pushed field change does not touch it. */
class LiveList extends LitElement {
  readonly ids = useCache(this, pksOf(ArticleResource.getList));
  override render() {
    listRenders++;
    return html`${repeat(this.ids.value ?? [], id => id, id => html`<live-row .articleId=${id}></live-row>`)}`;
  }
}
customElements.define('live-list', LiveList);

export interface MessageSample {
  /** The feed's handler alone (ms): `JSON.parse`, the message queued (written in the next frame). */
  readonly handler: number;
  /** Handler + cache write + Lit updates (ms), until the write and the updates it caused are done. */
  readonly dom: number;
  /** Handler + cache write, until the re-rendered row finished its update (ms). */
  readonly rowUpdated: number;
  /** The same, then style and layout forced (ms). */
  readonly layout: number;
  readonly rowsRendered: number;
  /** Renders of the list element (which only reads which articles there are). */
  readonly listRenders: number;
}

export interface LivePageApi {
  /** `crossOriginIsolated` is true when the page is served as such: its clock then ticks in 5 µs, not 100 µs. */
  readonly ready: Promise<{mountMs: number; isolated: boolean}>;
  /** Measures each of the next `count` messages (the server sends each once the previous one was measured: `window.liveBenchCount`). */
  measureMessages(count: number): Promise<MessageSample[]>;
  /** Records frame gaps until `count` messages arrived, then two more frames. */
  recordBurst(count: number): Promise<BurstRecord>;
}

export interface BurstRecord {
  /** The gaps between animation frames (ms). */
  readonly frames: number[];
  /** The commits of the Controller in each of those frames. */
  readonly commits: number[];
  /**
   * Each cache write while the burst came: from its start until the last row it re-rendered
   * finished updating (ms): the write, the readers told and the rows' Lit updates.
   */
  readonly writes: number[];
  readonly messages: number;
  readonly elapsed: number;
  /** The tasks of 50 ms and more while the burst came (ms; Chromium's long-task entries). */
  readonly longTasks: number[];
  /** Over server-sent events: the time the feed's listeners took in each task the messages came in (ms). */
  readonly arrivalTasks?: number[];
}

const params = new URLSearchParams(location.search);
const wsUrl = params.get('ws');
const sseUrl = params.get('sse');
const started = performance.now();

// --- the measuring socket ------------------------------------------------------------------
let onMeasured: ((sample: MessageSample) => void) | undefined;
let onArrived: (() => void) | undefined;
let pending: {t0: number; handler: number; writeAt: number | undefined; writeEnd: number; layoutDone: number} | undefined;
const afterMessage = () => {
  if (!pending) return;
  const {handler, writeAt, writeEnd, layoutDone} = pending;
  // Until the write and the Lit updates it caused were done (microtasks after the write, in its
  // task or frame); not until the next task, which comes after the frame's own rendering.
  const dom = handler + Math.max(writeEnd, lastRowUpdated) - writeAt!;
  const layout = handler + Math.max(writeEnd, layoutDone) - writeAt!;
  const sample = {handler, dom, layout, rowUpdated: handler + lastRowUpdated - writeAt!, rowsRendered: rendered.size, listRenders};
  pending = undefined;
  onMeasured?.(sample);
};

/** The page's socket (or, with `?worker`, a `WorkerWebSocket`), timing each message from its listener. */
const measured = (Base: WebSocketConstructor) =>
  class MeasuredSocket extends (Base as unknown as typeof WebSocket) {
    override addEventListener(type: string, listener: any, options?: any): void {
      if (type !== 'message') return super.addEventListener(type, listener, options);
      super.addEventListener(
        type,
        (event: Event) => {
          const measuring = onMeasured !== undefined;
          if (measuring) {
            rendered.clear();
            listRenders = 0;
            pending = {t0: performance.now(), handler: 0, writeAt: undefined, writeEnd: 0, layoutDone: 0};
          }
          listener(event);
          if (measuring) pending!.handler = performance.now() - pending!.t0;
        },
        options,
      );
    }
  };

// --- the page ------------------------------------------------------------------------------
const controller = new Controller();
const provider = document.createElement('data-provider');
provider.controller = controller;
const list = document.createElement('live-list') as LiveList;
provider.append(list);
document.body.append(provider);
controller.setResponse(
  ArticleResource.getList,
  Array.from({length: ROWS}, (_, i) => ({id: String(i), title: `Article ${i}`, views: 0})),
);
let commits = 0;
controller.subscribe(() => commits++);
// The cache write of a measured message starts the second part of its measure (a write of
// the store by any name it has had: every message is written through one of them).
// During a burst, each write is timed until the rows it re-rendered are updated (`burstWrites`).
let burstWrites: number[] | undefined;
let writeStartedAt = 0;
const closeWrite = () => {
  if (burstWrites && writeStartedAt > 0 && lastRowUpdated >= writeStartedAt) burstWrites.push(lastRowUpdated - writeStartedAt);
  writeStartedAt = 0;
};
const store = internalsOf(controller).store as unknown as Record<string, (...args: unknown[]) => unknown>;
for (const name of ['receiveMany', 'receive']) {
  const write = store[name];
  if (typeof write !== 'function') continue;
  store[name] = (...args) => {
    const measured = pending && pending.writeAt === undefined ? pending : undefined;
    if (measured) {
      measured.writeAt = performance.now();
      setTimeout(afterMessage, 0);
    }
    if (burstWrites) {
      closeWrite();
      writeStartedAt = performance.now();
      // The rows' updates are microtasks of this task: they are done by the next one.
      setTimeout(closeWrite, 0);
    }
    const result = write.apply(store, args);
    if (measured) measured.writeEnd = performance.now();
    return result;
  };
}
// During a burst, the time the feed's listeners take in each task (a chunk's messages arrive in one
// task or a few), apart from the commits, which come in tasks of their own.
let arrivalTasks: number[] | undefined;
let arrivalTask = -1;
const timedListener = (listener: (event: Event) => void) => (event: Event) => {
  if (!arrivalTasks) return listener(event);
  const t0 = performance.now();
  listener(event);
  if (arrivalTask < 0) {
    arrivalTask = arrivalTasks.push(0) - 1;
    setTimeout(() => (arrivalTask = -1), 0);
  }
  arrivalTasks[arrivalTask]! += performance.now() - t0;
};
class TimedSource extends EventSource {
  override addEventListener(type: string, listener: any, options?: any): void {
    super.addEventListener(type, type === 'article' ? timedListener(listener) : listener, options);
  }
}
const feed = sseUrl
  ? new EventSourceFeed({url: sseUrl, events: {article: Article}, onMessage: () => onArrived?.(), EventSource: TimedSource})
  : new WebSocketFeed({url: wsUrl!, events: {article: Article}, onMessage: () => onArrived?.(), WebSocket: measured(params.has('worker') ? WorkerWebSocket : (WebSocket as unknown as WebSocketConstructor))});
feed.connect(controller);

const ready = (async () => {
  await list.updateComplete;
  await Promise.all([...list.shadowRoot!.querySelectorAll('live-row')].map(row => (row as LitElement).updateComplete));
  await new Promise<void>(resolve => {
    if (feed.status === 'open') return resolve();
    const stop = feed.subscribe(() => feed.status === 'open' && (stop(), resolve()));
  });
  const mountMs = performance.now() - started;
  // The rows on screen: their first style, layout and paint belong to the mount, not to a burst's first frame.
  await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return {mountMs, isolated: crossOriginIsolated};
})();

const api: LivePageApi = {
  ready,
  measureMessages(count) {
    const samples: MessageSample[] = [];
    (window as unknown as {liveBenchCount: number}).liveBenchCount = 0;
    return new Promise(resolve => {
      onMeasured = sample => {
        samples.push(sample);
        (window as unknown as {liveBenchCount: number}).liveBenchCount = samples.length;
        if (samples.length === count) {
          onMeasured = undefined;
          resolve(samples);
        }
      };
    });
  },
  recordBurst(count) {
    const frames: number[] = [];
    const frameCommits: number[] = [];
    const tasks: LongTasks = longTasks();
    let commitsBefore = commits;
    let messages = 0;
    let last = performance.now();
    const t0 = last;
    let arrivedAll = false;
    let after = 0;
    const writes: number[] = (burstWrites = []);
    const arrivals: number[] = (arrivalTasks = []);
    return new Promise(resolve => {
      onArrived = () => {
        if (++messages === count) arrivedAll = true;
      };
      const frame = (now: number) => {
        frames.push(now - last);
        frameCommits.push(commits - commitsBefore);
        commitsBefore = commits;
        last = now;
        if (arrivedAll && ++after > 2) {
          onArrived = undefined;
          closeWrite();
          burstWrites = undefined;
          arrivalTasks = undefined;
          resolve({frames, commits: frameCommits, writes, messages, elapsed: now - t0, longTasks: tasks.stop(), arrivalTasks: arrivals});
          return;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  },
};
(window as unknown as {liveBench: LivePageApi}).liveBench = api;
