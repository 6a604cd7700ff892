// Helpers for the live feed tests: a live server for a file's tests, and waiting for a condition
// without sleeping (re-checked on every Controller commit and every feed change, bounded by a
// timeout that fails the test).
import {after, before} from 'node:test';
import {type LiveFeed} from '../../../src/live/index.js';
import type {Controller} from '../../../src/index.js';
import {LiveServer} from '../../servers/live-server.mjs';

/** Starts a live server on 127.0.0.1 before the file's tests and closes it after them; the function returned gives it. */
export function liveServerOfFile(): () => LiveServer {
  let server: LiveServer | undefined;
  before(async () => {
    server = await LiveServer.start();
  });
  after(() => server?.close());
  return () => {
    if (!server) throw new Error('the live server starts before the tests');
    return server;
  };
}

/** Resolves when `check()` holds; re-checks after each commit of `controller` and change of `feed`. */
export function until(label: string, check: () => boolean, controller: Controller, feed?: LiveFeed, timeoutMs = 10_000): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const stops: (() => void)[] = [];
    const done = (error?: Error) => {
      for (const stop of stops) stop();
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const recheck = () => {
      try {
        if (check()) done();
      } catch (error) {
        done(error as Error);
      }
    };
    const timer = setTimeout(() => done(new Error(`timed out waiting for: ${label}`)), timeoutMs);
    // After the commit's task step: a feed's onMessage runs right after the write it reports.
    const later = () => queueMicrotask(recheck);
    stops.push(controller.subscribe(later));
    if (feed) stops.push(feed.subscribe(later));
  });
}
