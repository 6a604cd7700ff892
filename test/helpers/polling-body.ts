// The behaviour of a polled read, one test body for a Lit component reading an endpoint with
// `pollFrequency` and for <data-resource poll-frequency> (test/lit-features.test.ts,
// test/elements-features.test.ts). The provider's refresh part does the polling in both.
import {expect} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {until} from '../elements-fixtures.js';
import {startWorker} from './msw.js';

/** A mounted read of note 1: the title it shows. */
export interface PolledView {
  title(): string | undefined;
}

/** Mounts, under a fresh `<data-provider>`, a read of `/poll-api/notes/1` polled every `frequency` ms (0: not polled); resolves once it shows. */
export type MountPolled = (frequency: number) => Promise<PolledView>;

const note = {title: 'first', reads: 0};
const handlers = [
  http.get('/poll-api/notes/:id', () => {
    note.reads++;
    return HttpResponse.json({id: 1, title: note.title});
  }),
];

export function describePolling(mount: MountPolled): void {
  describe('polling', () => {
    beforeEach(async () => {
      note.title = 'first';
      note.reads = 0;
      await startWorker(...handlers);
    });

    it('refetches at its frequency while connected, and shows what changed', async () => {
      const view = await mount(30);
      expect(view.title()).to.equal('first');
      note.title = 'second';
      await until(() => view.title() === 'second', 'the change shown without asking');
      const reads = note.reads;
      await until(() => note.reads >= reads + 2, 'two more polls');
    });

    it('a read without a frequency is not polled', async () => {
      const polled = await mount(30);
      const plain = await mount(0);
      note.title = 'second';
      // The polled read's polls are the clock: three of them pass while the other read waits.
      const reads = note.reads;
      await until(() => polled.title() === 'second' && note.reads >= reads + 3, 'three polls of the polled read');
      expect(plain.title()).to.equal('first');
    });
  });
}
