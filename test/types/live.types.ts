// Type tests of the live part: the feeds' options and the sockets they take. Compiled by
// `tsc -p tsconfig.json` (npm test).
import {expectTypeOf} from 'expect-type';
import type {DataLive} from '../../components/data-live.js';
import {Entity} from '../../src/index.js';
import {WebSocketFeed, WorkerWebSocket, type WebSocketConstructor, type WebSocketLike} from '../../src/live/index.js';

class Tick extends Entity {
  id = '';
}

declare const live: DataLive;

export function sockets(): void {
  // A WebSocket in a worker stands where the page's WebSocket does.
  expectTypeOf(WorkerWebSocket).toMatchTypeOf<WebSocketConstructor>();
  expectTypeOf(new WorkerWebSocket('wss://example.com/ticks')).toMatchTypeOf<WebSocketLike>();
  new WebSocketFeed({url: 'wss://example.com/ticks', events: {tick: Tick}, WebSocket: WorkerWebSocket});
  // @ts-expect-error the URL is a string
  new WorkerWebSocket(new URL('wss://example.com/ticks'));
  // @ts-expect-error the option takes the class, not an instance
  new WebSocketFeed({url: 'wss://example.com/ticks', events: {tick: Tick}, WebSocket: new WorkerWebSocket('wss://example.com/ticks')});
  expectTypeOf(live.worker).toEqualTypeOf<boolean>();
}
