// Faults a live feed reports without stopping, against the test server on 127.0.0.1: a binary
// WebSocket frame (only text frames are read), and an `onMessage` callback that throws (the
// error is reported, the message stays written, and the next one is still applied), and a
// WorkerWebSocket where there is no Worker.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {WebSocket} from 'ws';
import {Controller, Entity} from '../../src/index.js';
import {WebSocketFeed, WorkerWebSocket, type FeedError, type LiveMessage} from '../../src/live/index.js';
import {liveServerOfFile, until} from './helpers/live.js';

class Note extends Entity {
  id = '';
  text = '';
  static override key = 'FaultNote';
}

const liveServer = liveServerOfFile();

test('a binary WebSocket frame is reported as one that does not parse; the next message is applied', async () => {
  const controller = new Controller();
  const errors: FeedError[] = [];
  const applied: LiveMessage[] = [];
  const feed = new WebSocketFeed({url: `${liveServer().origin}/ws`, events: {note: Note}, WebSocket: WebSocket as never, onError: error => errors.push(error), onMessage: m => applied.push(m)});
  const stop = feed.connect(controller);
  try {
    await until('open', () => feed.status === 'open', controller, feed);
    liveServer().binary(new Uint8Array([1, 2, 3]));
    const id = liveServer().publish('note', {id: '1', text: 'after the binary frame'});
    await until('applied', () => applied.length === 1, controller, feed);
    assert.deepEqual(errors.map(e => [e.kind, e.message.includes('binary frame')]), [['parse', true]]);
    assert.equal(applied[0]!.id, id);
    assert.equal(feed.status, 'open');
  } finally {
    stop();
    controller.dispose();
  }
});

test('an onMessage that throws is reported; its message stays written and the next is applied', async t => {
  const logged = t.mock.method(console, 'error', () => undefined);
  const controller = new Controller();
  const told: string[] = [];
  const feed = new WebSocketFeed({
    url: `${liveServer().origin}/ws`,
    events: {note: Note},
    WebSocket: WebSocket as never,
    onMessage: ({data}) => {
      const {text} = data as {text: string};
      told.push(text);
      if (text === 'first') throw new Error('the page’s handler failed');
    },
  });
  const stop = feed.connect(controller);
  try {
    await until('open', () => feed.status === 'open', controller, feed);
    liveServer().publish('note', {id: '1', text: 'first'});
    liveServer().publish('note', {id: '2', text: 'second'});
    await until('both told', () => told.length === 2, controller, feed);
    assert.deepEqual(told, ['first', 'second']);
    assert.equal(controller.get(Note, {id: '1'})?.text, 'first');
    assert.equal(controller.get(Note, {id: '2'})?.text, 'second');
    // Node 20 has no reportError: the error goes to the console, named.
    const calls = logged.mock.calls.map(call => call.arguments);
    assert.equal(calls.length, 1);
    assert.match(String(calls[0]![0]), /live feed callback threw/);
    assert.equal((calls[0]![1] as Error).message, 'the page’s handler failed');
    assert.equal(feed.status, 'open');
  } finally {
    stop();
    controller.dispose();
  }
});

test('a WorkerWebSocket outside a browser: the feed says it cannot connect, and why, and stops', () => {
  const controller = new Controller();
  const errors: FeedError[] = [];
  const feed = new WebSocketFeed({url: `${liveServer().origin}/ws`, events: {note: Note}, WebSocket: WorkerWebSocket, onError: error => errors.push(error)});
  const stop = feed.connect(controller);
  try {
    assert.equal(feed.status, 'closed');
    assert.deepEqual(errors.map(e => e.kind), ['closed']);
    assert.match(errors[0]!.message, /cannot connect: WorkerWebSocket needs a browser/);
  } finally {
    stop();
    controller.dispose();
  }
});
