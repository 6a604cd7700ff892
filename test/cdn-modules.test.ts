// The CDN as ES modules (dist/cdn/modules), in every engine: a page that loads only the
// autoloader gets <data-provider> and <data-boundary> at once and every other element when it
// first uses its tag, loading that element's chunks then and not before. The modules must be
// built first: `npm test` builds them (in its Node part); by hand: `node scripts/build-cdn.mjs`.
import {expect, waitUntil} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {capturingReports, openFrame} from './helpers/frames.js';
import {startWorker, stopWorker} from './helpers/msw.js';

const AUTOLOAD = '/dist/cdn/modules/autoload.js';
const CHUNKS = '/dist/cdn/modules/chunks/';

const notes = [
  {id: 1, title: 'First note'},
  {id: 2, title: 'Second note'},
  {id: 3, title: 'Third note'},
];

const openPage = () => openFrame('/test/cdn-modules-page.html');

/** The chunks of the CDN modules a window has loaded, by file name without the hash (`data-query`). */
function loadedChunks(win: Window): string[] {
  return win.performance
    .getEntriesByType('resource')
    .map(entry => new URL(entry.name).pathname)
    .filter(path => path.startsWith(CHUNKS))
    .map(path => path.slice(CHUNKS.length).replace(/-[\w-]{8}\.js$/, ''));
}

