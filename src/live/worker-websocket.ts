import {reportError} from '../core/index.js';
import type {WebSocketLike} from './websocket-feed.js';

/** At most one hand-over of frames from the worker in this many ms (a slice of a 60 Hz frame). */
const HAND_OVER_MS = 4;

// The worker's script, run from a blob URL: a string, so that no build step (a minifier, a
// coverage tool, an older syntax target) can change it into code that needs anything outside
// it; written small, since no minifier will. It holds the socket `s` and tells the page
// 'open', 'error', the frames that came since the last hand-over as one array (`f`: at once
// after a quiet spell, then at most every HAND_OVER_MS while frames pour in; `t` the timer,
// `a` when it last handed over), and the close as {code, reason}.
const WORKER_SCRIPT = `var s,f=[],t=0,a=-1/0,p=postMessage;
function h(){t=0;a=performance.now();p(f);f=[]}
onmessage=function(e){var o=e.data;
if(o.close){if(s)s.close(o.close[0],o.close[1]);return}
try{s=new WebSocket(o.url,o.protocols)}catch(r){p({code:1006,reason:String(r&&r.message||r)});return}
s.onopen=function(){p('open')};
s.onerror=function(){p('error')};
s.onmessage=function(m){f.push(m.data);if(!t)t=setTimeout(h,Math.max(0,a+${HAND_OVER_MS}-performance.now()))};
s.onclose=function(c){if(t){clearTimeout(t);h()}p({code:c.code,reason:c.reason})}}`;

/** What the worker tells the page: the socket opened or failed, frames that came, or that it closed. */
type WorkerReport = 'open' | 'error' | readonly unknown[] | {readonly code: number; readonly reason: string};

/** One blob URL for the page's socket workers. */
let scriptUrl: string | undefined;

/**
 * A WebSocket whose connection lives in a dedicated worker: the frames
 * that come while the page is busy reach it together, in one task, at most
 * one hand-over every 4 ms (the first frame after a quiet spell at once).
 * Give it to a `WebSocketFeed` whose server sends many small frames a
 * second: each frame of a page's own `WebSocket` is a task of its own, and
 * thousands of tasks a second keep an engine (Chromium most) from
 * rendering frames, however little each does. The feed behaves as with the
 * page's socket: order, resume, reconnect and backoff are the same.
 *
 * Browsers only: its worker runs from a `blob:` URL, which a Content-Security-Policy must
 * allow (`worker-src blob:`). Each socket has its own worker, ended when
 * the socket closes.
 *
 * @example
 * ```ts
 * import {WebSocketFeed, WorkerWebSocket} from 'lit-data-elements/live';
 * const feed = new WebSocketFeed({url: 'wss://example.com/ticks', events: {tick: Tick}, WebSocket: WorkerWebSocket});
 * const stop = feed.connect(controller);
 * ```
 */
export class WorkerWebSocket implements WebSocketLike {
  private readonly worker: Worker;
  private readonly listeners = new Map<string, ((event: any) => void)[]>();
  /** `close()` was called: what is still on its way, but the close, is not delivered. */
  private closing = false;
  /** The close event was delivered and the worker ended. */
  private ended = false;
  /**
   * Leaving the page ends the socket. A page kept in the back/forward cache keeps its
   * workers, and WebKit leaves their sockets open there (it closes the page's own);
   * the feed reconnects if the page comes back.
   */
  private readonly onPageHide = () => this.end(1001, 'the page was left');

  constructor(url: string, protocols?: string | string[]) {
    if (typeof Worker !== 'function') throw new TypeError("WorkerWebSocket needs a browser's Worker; in Node give the ws package's WebSocket");
    // The worker's own base URL is the blob's: resolve here, and refuse a malformed URL now, as `new WebSocket` does.
    const absolute = new URL(url, (globalThis as {location?: {href: string}}).location?.href).href;
    scriptUrl ??= URL.createObjectURL(new Blob([WORKER_SCRIPT], {type: 'text/javascript'}));
    const worker = (this.worker = new Worker(scriptUrl));
    worker.onmessage = (event: MessageEvent<WorkerReport>) => this.onReport(event.data);
    worker.onerror = event => {
      event.preventDefault();
      this.end(1006, `the socket's worker failed${event.message ? `: ${event.message}` : ' to start (does the page allow worker-src blob:?)'}`);
    };
    worker.postMessage({url: absolute, protocols});
    globalThis.addEventListener?.('pagehide', this.onPageHide);
  }

  /** Listens to `open`, `message` (`{data}`), `error` and `close` (`{code, reason}`), as on a WebSocket. */
  addEventListener(type: string, listener: (event: any) => void): void {
    const list = this.listeners.get(type);
    if (list) list.push(listener);
    else this.listeners.set(type, [listener]);
  }

  /** Closes the socket; `close` follows once it is closed. */
  close(code?: number, reason?: string): void {
    if (this.closing || this.ended) return;
    this.closing = true;
    this.worker.postMessage({close: [code, reason]});
  }

  private onReport(report: WorkerReport): void {
    if (this.ended) return;
    // After close(), as on a WebSocket, only `close` is told.
    if (typeof report === 'string') {
      if (!this.closing) this.emit(report, {});
    } else if (Array.isArray(report)) {
      for (const data of report) {
        if (this.closing) return;
        this.emit('message', {data});
      }
    } else {
      // Array.isArray does not narrow a readonly array out of the union.
      const closed = report as {readonly code: number; readonly reason: string};
      this.end(closed.code, closed.reason);
    }
  }

  private end(code: number, reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.worker.terminate();
    globalThis.removeEventListener?.('pagehide', this.onPageHide);
    this.emit('close', {code, reason});
  }

  private emit(type: string, event: object): void {
    const list = this.listeners.get(type);
    if (!list) return;
    // As an EventTarget does: a listener that throws is reported, and the others (and the frames after it) still come.
    for (const listener of list) {
      try {
        listener(event);
      } catch (error) {
        reportError(error, 'a WebSocket listener threw');
      }
    }
  }
}
