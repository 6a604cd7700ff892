// Real pages of one origin for the tab-sync and persistence browser tests: iframes of
// test/fixtures/tab-page.html (plain HTML on the CDN file, which must be built:
// `node scripts/build-cdn.mjs`; `npm test` builds it before the browser tests).
import {waitUntil} from '@open-wc/testing';
import type {DataProvider} from '../../components/data-provider.js';
import type {Controller} from '../../src/core/index.js';

/** What a tab page gives its test (`window.tabApp`). */
export interface TabApp {
  readonly provider: DataProvider;
  readonly controller: Controller;
  /** PATCHes an article's title through the page's `<data-resource>` (optimistic). */
  rename(id: string, title: string): Promise<unknown>;
  /** DELETEs an article through the page's `<data-resource>`. */
  remove(id: string): Promise<unknown>;
  /** Loads the list's next page (a page opened with `pagination-field`). */
  loadMore(): Promise<unknown>;
  /** Writes `value` as the result of an endpoint without a schema named `name` (a count, a flag). */
  setResult(name: string, value: unknown): void;
  /** What the result named `name` holds now. */
  result(name: string): {data: unknown; expiryStatus: string};
  /** The titles the list shows, or undefined while it shows none. */
  titles(): string[] | undefined;
  /** The text the resource element shows. */
  text(): string;
  /** For each cached result, whether it is past its expiry. */
  stale(): boolean[];
}

/** A page is a whole document: on a busy machine one takes seconds to load (WebKit most). */
export const PAGE_TIMEOUT = 60_000;

/** waitUntil, with room for a page that is slow to render on a busy machine. */
export const until = (condition: () => unknown, message?: string) => waitUntil(condition, message, {timeout: 15_000});

/** Whether `app` shows exactly these titles. */
export const shows = (app: TabApp, titles: string[]) => () => JSON.stringify(app.titles()) === JSON.stringify(titles);

/** The tab pages a test opened; `closeAll()` after each test. */
export class TabPages {
  private readonly frames: HTMLIFrameElement[] = [];
  private count = 0;

  /** Loads the page with `query` in `frame` (a new iframe when not given: a new tab; the same one: a reload). */
  async open(query: string, frame = document.createElement('iframe')): Promise<{frame: HTMLIFrameElement; app: TabApp}> {
    if (!frame.isConnected) {
      this.frames.push(frame);
      document.body.append(frame);
    }
    const loaded = new Promise(resolve => frame.addEventListener('load', resolve, {once: true}));
    // A URL of its own per load: WebKit did not always load a frame whose URL another one had just had.
    frame.src = `/test/fixtures/tab-page.html?load=${++this.count}-${Date.now()}&${query}`;
    await loaded;
    const win = frame.contentWindow as unknown as {tabApp?: TabApp};
    await waitUntil(() => win.tabApp, 'the tab page started', {timeout: 30_000});
    return {frame, app: win.tabApp!};
  }

  closeAll(): void {
    for (const frame of this.frames.splice(0)) frame.remove();
  }
}
