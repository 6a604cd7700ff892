// A WebSocket feed whose server speaks its own format: the `decode` option turns each text frame
// into envelopes (one, or an array of them), whose ids and events the feed uses as it does
// JSON's; a frame that `decode` refuses is reported as one that does not parse, and the feed
// keeps going. Against the test server's WebSocket on 127.0.0.1, which sends these frames as
// they are.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {WebSocket} from 'ws';
import {Controller, Entity} from '../../src/index.js';
import {WebSocketFeed, type FeedError, type LiveMessage} from '../../src/live/index.js';
import {liveServerOfFile, until} from './helpers/live.js';

class Note extends Entity {
  id = '';
  text = '';
  static override key = 'DecodedNote';
}

const liveServer = liveServerOfFile();

/** The server's format: `event|id|json`, several of them on lines of one frame. */
function decodeLines(frame: string) {
  return frame.split('\n').map(line => {
    const [event, id, ...json] = line.split('|');
    if (!event || json.length === 0) throw new Error(`not "event|id|json": ${line}`);
    return {event, id: id || undefined, data: JSON.parse(json.join('|')) as unknown};
  });
}

test('decode reads a server format of its own: events, ids and data, several messages a frame; a frame it refuses is reported', async () => {
  const controller = new Controller();
  const applied: LiveMessage[] = [];
  const errors: FeedError[] = [];
  const feed = new WebSocketFeed({
    url: `${liveServer().origin}/ws`,
    events: {note: Note},
    WebSocket: WebSocket as never,
    decode: decodeLines,
    onMessage: message => applied.push(message),
    onError: error => errors.push(error),
  });
  const stop = feed.connect(controller);
  try {
    await until('open', () => feed.status === 'open', controller, feed);
    liveServer().malformed('note', 'note|n1|{"id": "1", "text": "one"}');
    liveServer().malformed('note', 'garbage');
    liveServer().malformed('note', 'note|n2|{"id": "2", "text": "two"}\nnote|n3|{"id": "1", "text": "one, again"}');
    await until('three applied and one reported', () => applied.length === 3 && errors.length === 1, controller, feed);
    assert.deepEqual(
      applied.map(m => [m.event, m.id]),
      [['note', 'n1'], ['note', 'n2'], ['note', 'n3']],
    );
    assert.equal(controller.get(Note, {id: '1'})?.text, 'one, again');
    assert.equal(controller.get(Note, {id: '2'})?.text, 'two');
    assert.equal(errors[0]!.kind, 'parse');
    assert.match(errors[0]!.message, /not "event\|id\|json": garbage/);
    assert.equal(feed.lastEventId, 'n3');
    assert.equal(feed.status, 'open');
  } finally {
    stop();
    controller.dispose();
  }
});
