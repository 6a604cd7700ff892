// A message of server-sent events waits in the queue as it came: its listener only queues it,
// and its text is parsed when it is written (so a chunk of thousands costs little more than its
// delivery, and the parse is paid in the commits that write it). Checked against a real server
// on 127.0.0.1, by counting what the feed's listeners do inside the engine's event dispatch.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {EventSource} from 'eventsource';
import {Controller, Entity} from '../../src/index.js';
import {EventSourceFeed, type FeedError, type LiveMessage} from '../../src/live/index.js';
import {liveServerOfFile, until} from './helpers/live.js';

class Article extends Entity {
  id = '';
  title = '';
  static override key = 'ArrivalArticle';
}

const liveServer = liveServerOfFile();

/** JSON.parse calls and reports made inside the feed's listeners, while they run. */
const inListeners = {parses: 0, reports: 0, calls: 0};
let listening = false;

/** The real EventSource, with each listener the feed adds counted while it runs. */
class CountingEventSource extends EventSource {
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | ((event: MessageEvent) => unknown)): void {
    const call = typeof listener === 'function' ? (listener as (event: MessageEvent) => unknown) : (event: MessageEvent) => listener.handleEvent(event);
    super.addEventListener(type, (event: MessageEvent) => {
      const parse = JSON.parse;
      JSON.parse = ((...args: Parameters<typeof JSON.parse>) => {
        inListeners.parses++;
        return parse(...args);
      }) as typeof JSON.parse;
      listening = true;
      try {
        inListeners.calls++;
        call(event);
      } finally {
        listening = false;
        JSON.parse = parse;
      }
    });
  }
}

test('an event-stream message is parsed when it is written, not in its listener; one that does not parse is reported then', async () => {
  const controller = new Controller();
  const applied: LiveMessage[] = [];
  const errors: FeedError[] = [];
  const feed = new EventSourceFeed({
    url: `${liveServer().origin}/sse`,
    events: {article: Article},
    EventSource: CountingEventSource as never,
    onMessage: message => applied.push(message),
    onError: error => {
      if (listening) inListeners.reports++;
      errors.push(error);
    },
  });
  const stop = feed.connect(controller);
  try {
    await until('open', () => feed.status === 'open', controller, feed);
    liveServer().publish('article', {id: '1', title: 'one'});
    liveServer().malformed('article', '{"id": ');
    liveServer().publish('article', [{id: '2', title: 'two'}, {id: '3', title: 'three'}]);
    await until('written', () => applied.length === 2 && errors.length === 1, controller, feed);
    assert.ok(inListeners.calls >= 3, 'the listeners ran for the three messages');
    assert.equal(inListeners.parses, 0, 'no message was parsed in its listener');
    assert.equal(inListeners.reports, 0, 'the malformed one was reported when written, not in its listener');
    assert.equal(errors[0]!.kind, 'parse');
    assert.deepEqual(applied.map(m => m.data), [{id: '1', title: 'one'}, [{id: '2', title: 'two'}, {id: '3', title: 'three'}]]);
    assert.equal(controller.get(Article, {id: '3'})?.title, 'three');
  } finally {
    stop();
    controller.dispose();
  }
});
