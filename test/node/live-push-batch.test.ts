// The batch live feeds write through (queuePush, here through queueData): the pushes of one task are one commit at the
// end of the task, read through their schemas then and reported in order after the write; any
// other write of the store in the same task (a response, a snapshot merged from another tab)
// writes them first; a push that does not fit or whose write throws fails alone. Node has no
// animation frames: every task's pushes are written at its end.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {Controller, Entity, type Commit} from '../../src/index.js';
import {queueData} from '../helpers/queue-data.js';
import {dehydrate, merge} from '../../src/snapshots/index.js';

class Article extends Entity {
  id = '';
  title = '';
  static override key = 'Article';
}

/** Refuses to compare with a title of "boom": its write throws. */
class Fragile extends Entity {
  id = '';
  title = '';
  static override key = 'Fragile';
  static override useIncoming(existingMeta: never, incomingMeta: never, existing: Fragile, incoming: Fragile): boolean {
    if (incoming.title === 'boom') throw new Error('cannot compare');
    return super.useIncoming(existingMeta, incomingMeta, existing, incoming);
  }
}

const pushed = (schema: typeof Entity) => ({key: () => `live ${schema.key}`, schema, sideEffect: true});
const nextTask = () => new Promise(resolve => setTimeout(resolve, 0));

function record(controller: Controller): Commit[] {
  const commits: Commit[] = [];
  controller.subscribe(commit => commits.push(commit));
  return commits;
}

test('the pushes of one task are one commit at its end, each reported after it, in order', async () => {
  const controller = new Controller();
  const commits = record(controller);
  const reported: string[] = [];
  for (const title of ['a', 'b', 'c']) {
    queueData(controller, pushed(Article), {id: '1', title}, written => {
      assert.equal(commits.length, 1, 'reported after the commit');
      reported.push(`${title} ${written}`);
    });
  }
  queueData(controller, pushed(Article), {id: '2', title: 'x'}, () => reported.push('x'));
  assert.equal(commits.length, 0, 'nothing is written before the task ends');
  assert.equal(controller.get(Article, {id: '1'}), undefined);
  await nextTask();
  assert.equal(commits.length, 1);
  assert.deepEqual([...commits[0]!.rows.get('Article')!].sort(), ['1', '2']);
  assert.equal(controller.get(Article, {id: '1'})?.title, 'c', 'in arrival order: the last one wins');
  assert.deepEqual(reported, ['a true', 'b true', 'c true', 'x']);

  queueData(controller, pushed(Article), {id: '1', title: 'd'}, () => {});
  await nextTask();
  assert.equal(commits.length, 2, 'the next task: a commit of its own');
  assert.equal(controller.get(Article, {id: '1'})?.title, 'd');
});

test('a snapshot merged in the same task writes the waiting pushes first', async () => {
  const other = new Controller();
  other.setResponse(pushed(Article), {id: '9', title: 'from another tab'});
  const snapshot = dehydrate(other);
  const controller = new Controller();
  const commits = record(controller);
  queueData(controller, pushed(Article), {id: '1', title: 'pushed'}, () => {});
  merge(controller, snapshot);
  assert.deepEqual(
    commits.map(commit => commit.cause),
    ['receive', 'restore'],
    'the push is committed before the snapshot',
  );
  assert.equal(controller.get(Article, {id: '1'})?.title, 'pushed');
  await nextTask();
  assert.equal(commits.length, 2, 'nothing is left to write');
});

test('a push whose write throws fails alone: the others of its task are written', async () => {
  const controller = new Controller();
  controller.setResponse(pushed(Fragile), {id: '1', title: 'first'});
  const commits = record(controller);
  const outcomes: string[] = [];
  queueData(controller, pushed(Fragile), {id: '1', title: 'second'}, written => outcomes.push(`second ${written}`));
  queueData(controller, pushed(Fragile), {id: '1', title: 'boom'}, (written, error) => outcomes.push(`boom ${written} ${(error as Error)?.message}`));
  queueData(controller, pushed(Article), {id: '2', title: 'other'}, written => outcomes.push(`other ${written}`));
  await nextTask();
  assert.deepEqual(outcomes, ['second true', 'boom false cannot compare', 'other true']);
  assert.equal(controller.get(Fragile, {id: '1'})?.title, 'second');
  assert.equal(controller.get(Article, {id: '2'})?.title, 'other');
  assert.equal(commits.length, 2, 'written one by one once the batch failed');
});

test('a message that does not fit its schema is reported at the write, alone: the others of its task are written', async () => {
  const controller = new Controller();
  const commits = record(controller);
  const outcomes: string[] = [];
  queueData(controller, pushed(Article), {id: '1', title: 'before'}, written => outcomes.push(`before ${written}`));
  queueData(controller, pushed(Article), {title: 'no id'}, (written, error) => outcomes.push(`no id ${written} ${(error as Error)?.message}`));
  queueData(controller, pushed(Article), {id: '2', title: 'after'}, written => outcomes.push(`after ${written}`));
  assert.deepEqual(outcomes, [], 'nothing is read before the write');
  await nextTask();
  assert.equal(outcomes.length, 3);
  assert.equal(outcomes[0], 'before true');
  assert.match(outcomes[1]!, /^no id false .*Article/, 'the error names the entity');
  assert.equal(outcomes[2], 'after true');
  assert.equal(commits.length, 1, 'the fitting ones are one commit');
  assert.equal(controller.get(Article, {id: '1'})?.title, 'before');
  assert.equal(controller.get(Article, {id: '2'})?.title, 'after');
});

test('a task of only unfit messages commits nothing', async () => {
  const controller = new Controller();
  const commits = record(controller);
  let reported = 0;
  queueData(controller, pushed(Article), {title: 'no id'}, written => {
    assert.equal(written, false);
    reported++;
  });
  await nextTask();
  assert.equal(reported, 1);
  assert.equal(commits.length, 0);
});
