// A floor for the chunked bursts of `npm run bench:live-engines` that renders: the same 1,000
// Lit rows as the page with data-elements, given their article as a property, and a bare
// listener that parses each message and keeps the latest fields per article; once a frame, the
// rows of the articles that changed get their new fields (one Lit update each). No cache, no
// schema: what a hand-written page that renders a push stream at most once a frame costs.
// `?sse=<url>`: an `EventSource`; `?ws=<url>`: a `WebSocket`.
import {html, LitElement} from 'lit';
import {rowContent, rowStyles} from './row-view.js';
import {repeat} from 'lit/directives/repeat.js';
import {longTasks} from './long-tasks.js';
import type {BurstRecord} from './page.js';

const ROWS = 1000;

interface Article {
  readonly id: string;
  readonly title: string;
  readonly views: number;
}

class PlainRow extends LitElement {
  static override styles = rowStyles;
  static override properties = {article: {attribute: false}};
  declare article: Article;
  override render() {
    return rowContent(this.article);
  }
}
customElements.define('plain-row', PlainRow);

class PlainList extends LitElement {
  static override properties = {articles: {attribute: false}};
  declare articles: Article[];
  override render() {
    return html`${repeat(this.articles, a => a.id, a => html`<plain-row .article=${a}></plain-row>`)}`;
  }
  row(id: string): PlainRow | undefined {
    return this.shadowRoot!.children[Number(id)] as PlainRow | undefined;
  }
}
customElements.define('plain-list', PlainList);

const list = document.createElement('plain-list') as PlainList;
list.articles = Array.from({length: ROWS}, (_, i) => ({id: String(i), title: `Article ${i}`, views: 0}));
document.body.append(list);

/** The latest fields of each article a message changed since the last frame. */
let changed = new Map<string, Partial<Article>>();
let frameAsked = false;
let commits = 0;
const applyChanges = () => {
  frameAsked = false;
  const batch = changed;
  changed = new Map();
  commits++;
  for (const [id, fields] of batch) {
    const row = list.row(id);
    if (row) row.article = {...row.article, ...fields};
  }
};

let received = 0;
const onData = (text: string) => {
  const message = JSON.parse(text) as {data?: Partial<Article>} & Partial<Article>;
  const fields = message.data ?? message;
  if (fields.id !== undefined) changed.set(fields.id, {...changed.get(fields.id), ...fields});
  received++;
  if (!frameAsked) {
    frameAsked = true;
    requestAnimationFrame(applyChanges);
  }
};

const params = new URLSearchParams(location.search);
const wsUrl = params.get('ws');
let opened: Promise<void>;
if (wsUrl) {
  const socket = new WebSocket(wsUrl);
  socket.addEventListener('message', event => onData((event as MessageEvent<string>).data));
  opened = new Promise(resolve => socket.addEventListener('open', () => resolve(), {once: true}));
} else {
  const source = new EventSource(params.get('sse')!);
  source.addEventListener('article', event => onData((event as MessageEvent<string>).data));
  opened = new Promise(resolve => source.addEventListener('open', () => resolve(), {once: true}));
}

// Ready once the rows are painted, as the page with data-elements is.
const painted = list.updateComplete.then(() => new Promise<void>(resolve => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

const api = {
  ready: Promise.all([opened, painted]).then(() => ({mountMs: 0, isolated: crossOriginIsolated})),
  recordBurst(count: number): Promise<BurstRecord> {
    const tasks = longTasks();
    const frames: number[] = [];
    const commitsInFrame: number[] = [];
    const from = received;
    const t0 = performance.now();
    let previous = t0;
    let commitsBefore = commits;
    let after = 0;
    return new Promise(resolve => {
      const frame = (now: number) => {
        frames.push(now - previous);
        commitsInFrame.push(commits - commitsBefore);
        commitsBefore = commits;
        previous = now;
        if (received - from >= count && ++after > 2) {
          resolve({frames, commits: commitsInFrame, writes: [], messages: received - from, elapsed: now - t0, longTasks: tasks.stop()});
          return;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  },
};
(window as unknown as {liveBench: typeof api}).liveBench = api;
