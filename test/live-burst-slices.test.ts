// A burst of pushes too large for one frame, in a page that renders frames: the pushes are read
// through their schemas when written, in animation frames (not in the task after the one that
// handed them over), and a frame's commit takes what it can read in a slice of the
// frame and leaves the rest, in order, to the next frames; nothing is lost or written twice;
// another write of the store first writes every push still waiting. Each push here takes at
// least a millisecond to read (its entity's `pk` waits for the clock to move), so a burst of
// a hundred cannot fit one slice on any machine.
import {expect, waitUntil} from '@open-wc/testing';
import {Controller, Entity, type Commit} from '../src/index.js';
import {queueData} from './helpers/queue-data.js';

class SlowToRead extends Entity {
  id = '';
  n = 0;
  static override key = 'SlowToRead';
  static override pk(data: object): string | undefined {
    const from = performance.now();
    while (performance.now() - from < 1);
    return super.pk(data);
  }
}

class Other extends Entity {
  id = '';
  static override key = 'OtherWrite';
}

const pushed = {key: () => 'live SlowToRead', schema: SlowToRead, sideEffect: true};
const BURST = 100;

/** Counts animation frames until stopped. */
function frameCounter(): {readonly count: number; stop(): void} {
  const counter = {count: 0, running: true, stop: () => (counter.running = false)};
  const frame = () => {
    counter.count++;
    if (counter.running) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  return counter;
}

/** Queues the burst in one task: each entity `i % 10` gets the values in order. */
function queueBurst(controller: Controller, settled: string[]): void {
  for (let n = 0; n < BURST; n++) {
    queueData(controller, pushed, {id: String(n % 10), n}, (written, error) => settled.push(written ? String(n) : `${n} ${error}`));
  }
}

describe('a burst of pushes larger than a frame', () => {
  before(() => {
    // The slices are a page that renders frames: a hidden page writes each task's pushes at once.
    expect(document.visibilityState, 'the test page is visible').to.equal('visible');
  });

  it('is written over several frames, one commit a frame, in order, each push once', async function () {
    this.timeout(30_000);
    const controller = new Controller();
    const frames = frameCounter();
    const commits: {frame: number; rows: number}[] = [];
    controller.subscribe((commit: Commit) => commits.push({frame: frames.count, rows: commit.rows.get('SlowToRead')?.size ?? 0}));
    const settled: string[] = [];
    queueBurst(controller, settled);
    expect(settled, 'nothing is read when it is queued').to.deep.equal([]);
    await waitUntil(() => settled.length === BURST, 'every push settled', {timeout: 20_000});
    frames.stop();
    expect(settled).to.deep.equal(Array.from({length: BURST}, (_, n) => String(n)));
    expect(commits.length, 'written in slices').to.be.greaterThan(1);
    for (let i = 1; i < commits.length; i++) expect(commits[i]!.frame, `commit ${i} waits for a frame of its own`).to.be.greaterThan(commits[i - 1]!.frame);
    for (let id = 0; id < 10; id++) expect(controller.get(SlowToRead, {id: String(id)})?.n, `entity ${id} holds its last push`).to.equal(90 + id);
  });

  it('is written in a frame, not in the task after the one it came in', async function () {
    this.timeout(30_000);
    // The frames are run by hand here, so that none can come between the burst and the check.
    const original = window.requestAnimationFrame;
    const frames: FrameRequestCallback[] = [];
    window.requestAnimationFrame = callback => frames.push(callback);
    try {
      const controller = new Controller();
      let commits = 0;
      controller.subscribe(() => commits++);
      const settled: string[] = [];
      queueBurst(controller, settled);
      // A task queued after the burst's: a write at the end of the burst's task would come before it.
      await new Promise(resolve => setTimeout(resolve, 0));
      expect(commits, 'the task that handed the burst over is not followed by its write').to.equal(0);
      expect(frames.length, 'a frame was asked for').to.equal(1);
      for (let frame = 1; settled.length < BURST; frame++) {
        frames.shift()!(performance.now());
        expect(commits, `one commit in frame ${frame}`).to.equal(frame);
      }
      expect(settled).to.deep.equal(Array.from({length: BURST}, (_, n) => String(n)));
    } finally {
      window.requestAnimationFrame = original;
    }
  });

  it('is written whole before another write of the store', async function () {
    this.timeout(30_000);
    const controller = new Controller();
    /** The tables each commit wrote rows of. */
    const tables: string[] = [];
    let firstCommit: () => void;
    const first = new Promise<void>(resolve => (firstCommit = resolve));
    controller.subscribe((commit: Commit) => {
      tables.push([...commit.rows.keys()].join());
      firstCommit();
    });
    const settled: string[] = [];
    queueBurst(controller, settled);
    await first;
    expect(settled.length, 'the first slice left pushes waiting').to.be.lessThan(BURST);
    controller.setResponse({key: () => 'other', schema: Other}, {id: '1'});
    expect(settled.length, 'every push was written before the other write').to.equal(BURST);
    expect(tables.slice(-2)).to.deep.equal(['SlowToRead', 'OtherWrite'], 'the waiting pushes, then the write');
    expect(controller.get(SlowToRead, {id: '9'})?.n).to.equal(99);
    const commitsThen = tables.length;
    await new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve, 0)));
    expect(tables.length, 'nothing is left to write').to.equal(commitsThen);
  });

  it('is written whole before a write that a reader of its first slice makes at once; reported in order', async function () {
    this.timeout(30_000);
    const controller = new Controller();
    const tables: string[] = [];
    const settled: string[] = [];
    let lastAtWrite: number | undefined;
    controller.subscribe((commit: Commit) => {
      tables.push([...commit.rows.keys()].join());
      if (tables.length !== 1) return;
      controller.setResponse({key: () => 'other', schema: Other}, {id: '1'});
      lastAtWrite = controller.get(SlowToRead, {id: '9'})?.n;
    });
    queueBurst(controller, settled);
    await waitUntil(() => settled.length === BURST, 'every push settled', {timeout: 20_000});
    expect(tables, 'the first slice, the rest, then the reader\'s write').to.deep.equal(['SlowToRead', 'SlowToRead', 'OtherWrite']);
    expect(lastAtWrite, 'the last push was written when the write returned').to.equal(99);
    expect(settled, 'reported in order').to.deep.equal(Array.from({length: BURST}, (_, n) => String(n)));
  });
});
