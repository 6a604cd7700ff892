// In-page code shared by the two pages of `npm run bench:render` (bundled by esbuild into
// each page): the data (generated in the page), the row markup and styles, the render
// counters, a stand-in "server" that answers with JSON text, and the measuring loop.
import {css, html, LitElement, type TemplateResult} from 'lit';

/** How many rows the page mounts: `?n=` in its URL, 1,000 by default. */
export const ROWS = Number(new URLSearchParams(location.search).get('n') ?? 1000);

/**
 * Resolves at once; with `?gate` in the page's URL, when the runner calls `window.startMount()`.
 * A page awaits it before its mount starts, so that a runner can read the main thread's CPU
 * time just before the mount (`bench/render/mounts.ts`).
 */
export function mountGate(): Promise<void> {
  if (!new URLSearchParams(location.search).has('gate')) return Promise.resolve();
  return new Promise(resolve => ((window as unknown as {startMount: () => void}).startMount = resolve));
}

/** The shape of an item on the wire (and of the baseline's parsed objects). */
export interface ItemData {
  id: number;
  title: string;
  done: boolean;
}

/** The same markup for every row of both pages. */
export function rowTemplate(item: ItemData): TemplateResult {
  return html`<input type="checkbox" .checked=${item.done} /><span class="id">${item.id}</span><span class="title">${item.title}</span>`;
}

export const rowStyles = css`
  :host {
    display: flex;
    gap: 0.5em;
    font: 13px/18px system-ui, sans-serif;
  }
  .id {
    width: 3em;
    text-align: right;
    color: #666;
  }
  .title {
    flex: 1;
  }
`;

/** Renders counted by the page: which row elements rendered, and how often the list did. */
export const counters = {rows: new Set<Element>(), rowRenders: 0, listRenders: 0};
export function countRow(row: Element): void {
  counters.rows.add(row);
  counters.rowRenders++;
}

/**
 * The server's data: 1,000 items generated in the page. `change` edits one item and
 * returns the JSON texts a server would answer with: the item (a PATCH or GET of it)
 * and the whole list (a refetch). The texts are made before the clock starts; parsing
 * them is the client's work and is timed.
 */
export class Server {
  // At least one item: a page with no row still has data to change (in another table).
  readonly items: ItemData[] = Array.from({length: Math.max(ROWS, 1)}, (_, i) => ({id: i + 1, title: `item ${i + 1}`, done: (i + 1) % 3 === 0}));
  listText = JSON.stringify(this.items);
  change(id: number, version: number): {itemText: string; listText: string; title: string} {
    const item = this.items[id - 1];
    item.title = `item ${id} v${version}`;
    item.done = !item.done;
    this.listText = JSON.stringify(this.items);
    return {itemText: JSON.stringify(item), listText: this.listText, title: item.title};
  }
}

/** One timed update. Times are ms from just before the update was started. */
export interface Sample {
  id: number;
  /** The synchronous part of the update: parsing and the write, with every subscriber the cache notifies (data-elements); setting the Task's args (baseline). */
  sync: number;
  /** Until the list and every row finished updating (`updateComplete`). */
  dom: number;
  /** Then style and layout forced at once (\`offsetHeight\`): the frame's main-thread work but paint, free of the frame clock. */
  layout: number;
  /** Until the next frame was produced: the first rAF after that, then a posted message (after style, layout and paint). */
  frame: number;
  /** Until the second rAF after the DOM update (the double-rAF idiom). */
  raf2: number;
  /** Distinct row elements that rendered. */
  rowsRendered: number;
  listRenders: number;
}

/** What a page exposes to the runner on `window.renderBench`. */
export interface PageApi {
  /** Resolves when the 1,000 rows are rendered, with the mount time (ms from the script start). */
  ready: Promise<{rows: number; mountMs: number}>;
  /** Updates one entity (id 1..1000) to a new version, measures, and checks the row shows it. */
  step(id: number, version: number): Promise<Sample>;
}

/** The page-specific parts the measuring loop needs. */
export interface PageParts {
  list: LitElement;
  /** The row elements, in order (read after mount). */
  rows(): LitElement[];
  /** Applies a change (untimed preparation done by the caller) and resolves when the list's update that shows it is done. */
  apply(change: {id: number; itemText: string; listText: string}): Promise<void>;
  /** False when the change goes to data no row shows (then no row is checked). Default true. */
  readonly showsChange?: boolean;
}

const nextFrame = () => new Promise<number>(resolve => requestAnimationFrame(() => resolve(performance.now())));
/** A task after the current one: after a rAF callback, it runs once the frame's rendering steps are done. */
const afterTask = () =>
  new Promise<number>(resolve => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve(performance.now());
    };
    channel.port2.postMessage(null);
  });

const gc = (globalThis as {gc?: () => void}).gc;

/** Builds the page's `window.renderBench` from its parts, once `mounted` resolves. */
export function expose(server: Server, mounted: Promise<PageParts>, scriptStart: number): void {
  let parts: PageParts;
  let rows: LitElement[];
  const api: PageApi = {
    ready: mounted.then(async p => {
      parts = p;
      await p.list.updateComplete;
      rows = p.rows();
      await Promise.all(rows.map(r => r.updateComplete));
      const mountMs = performance.now() - scriptStart;
      const bad = rows.findIndex((r, i) => !r.shadowRoot?.textContent?.includes(`item ${i + 1}`));
      if (rows.length !== ROWS || bad !== -1) throw new Error(`mounted ${rows.length} rows; row ${bad} shows "${rows[bad]?.shadowRoot?.textContent}"`);
      await nextFrame();
      return {rows: rows.length, mountMs};
    }),
    async step(id, version) {
      const change = server.change(id, version);
      gc?.();
      // Start each update in a task of its own just after a frame, with nothing pending (as a
      // response arriving from the network would), not inside a rAF callback.
      await nextFrame();
      await afterTask();
      counters.rows.clear();
      counters.rowRenders = 0;
      counters.listRenders = 0;
      const t0 = performance.now();
      const applied = parts.apply({id, itemText: change.itemText, listText: change.listText});
      const sync = performance.now() - t0;
      await applied;
      await Promise.all(rows.map(r => r.updateComplete));
      const dom = performance.now() - t0;
      void document.body.offsetHeight; // style and layout now, for every shadow root
      const layout = performance.now() - t0;
      await nextFrame();
      const frame = (await afterTask()) - t0;
      const raf2 = (await nextFrame()) - t0;
      if (parts.showsChange !== false) {
        const row = parts.rows()[id - 1];
        if (row !== rows[id - 1]) throw new Error(`the row element of item ${id} was replaced`);
        const text = row.shadowRoot?.querySelector('.title')?.textContent;
        if (text !== change.title) throw new Error(`row ${id} shows "${text}", expected "${change.title}"`);
      }
      return {id, sync, dom, layout, frame, raf2, rowsRendered: counters.rows.size, listRenders: counters.listRenders};
    },
  };
  (window as unknown as {renderBench: PageApi}).renderBench = api;
}

/** A row given its item as a property (the baseline's rows, and data-elements' property variant). */
export class PropertyRow extends LitElement {
  static override styles = rowStyles;
  static override properties = {item: {attribute: false}};
  declare item: ItemData;
  override render() {
    countRow(this);
    return rowTemplate(this.item);
  }
}
