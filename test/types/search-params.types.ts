// Type tests of getList's params when the resource has no `searchParams` marker: any key may
// go in the query, but a key named as a field of the item takes that field's values (or their
// text: `'true'`, `'3'`), alone or as a list. Each `@ts-expect-error` line is a compile error;
// each expectTypeOf is an exact type. Compiled by `tsc -p tsconfig.json`.
import {expectTypeOf} from 'expect-type';
import {LitElement} from 'lit';
import {Controller, createResource, Entity} from '../../src/index.js';
import {useSuspense} from '../../src/lit/index.js';

declare const ctrl: Controller;

class Task extends Entity {
  id = 0;
  title = '';
  completed = false;
  priority: 1 | 2 | 3 = 1;
  status: 'open' | 'closed' = 'open';
  parent: number | null = null;
  tags: string[] = [];
  due = new Date(0);
  static override key = 'Task';
}

const Tasks = createResource({urlPrefix: '/api', path: '/tasks/:id', schema: Task});

export async function fieldsTypeTheirParams(): Promise<void> {
  expectTypeOf(await ctrl.fetch(Tasks.getList, {completed: false})).toEqualTypeOf<Task[]>();
  await ctrl.fetch(Tasks.getList, {completed: 'true'});
  // @ts-expect-error completed is a boolean: true, false, 'true' or 'false'
  await ctrl.fetch(Tasks.getList, {completed: 'yes'});
  // @ts-expect-error completed is a boolean
  await ctrl.fetch(Tasks.getList, {completed: 1});

  await ctrl.fetch(Tasks.getList, {id: 3});
  await ctrl.fetch(Tasks.getList, {id: '3'});
  await ctrl.fetch(Tasks.getList, {id: [1, 3]});
  // @ts-expect-error id is a number, or its text
  await ctrl.fetch(Tasks.getList, {id: 'three'});

  await ctrl.fetch(Tasks.getList, {priority: 2});
  await ctrl.fetch(Tasks.getList, {priority: '2'});
  // @ts-expect-error priority is 1, 2 or 3
  await ctrl.fetch(Tasks.getList, {priority: 4});
  await ctrl.fetch(Tasks.getList, {status: 'open'});
  // @ts-expect-error status is 'open' or 'closed'
  await ctrl.fetch(Tasks.getList, {status: 'done'});
  await ctrl.fetch(Tasks.getList, {title: 'milk'});
  await ctrl.fetch(Tasks.getList, {parent: null});
  await ctrl.fetch(Tasks.getList, {parent: 4});

  // Keys that are not fields go in the query as they are; fields that are not text, numbers
  // or booleans (lists, dates, nested entities) are left open.
  await ctrl.fetch(Tasks.getList, {q: 'milk', page: 2, tags: 'home', due: '2025-01-01'});
  await ctrl.fetch(Tasks.getList);
  // @ts-expect-error the URL of a list, too
  Tasks.getList.url({completed: 'maybe'});
}

export async function aMarkerStillDecides(): Promise<void> {
  const Marked = createResource({path: '/tasks/:id', schema: Task, searchParams: {} as {completed?: string}});
  await ctrl.fetch(Marked.getList, {completed: 'yes'});
  // @ts-expect-error the marker lists completed only
  await ctrl.fetch(Marked.getList, {page: 2});
}

export class TaskList extends LitElement {
  open = useSuspense(this, Tasks.getList, {completed: false});
  // @ts-expect-error a reader's args are the same params
  wrong = useSuspense(this, Tasks.getList, () => ({completed: 'no'}));
}
