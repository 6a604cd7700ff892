// The behaviour of optimistic defaults, one test body for every way to have them: a Lit
// component over optimisticResource(createResource(...)) and <data-resource> (optimistic by
// default) run the same tests (test/lit-features.test.ts, test/elements-features.test.ts).
import {expect} from '@open-wc/testing';
import {makeTodos, todoServer, until} from '../elements-fixtures.js';
import {deferred} from './lit-fixtures.js';
import {startWorker} from './msw.js';

type Fields = Record<string, unknown>;

/** A mounted todo list: what it shows, and its writes (each resolves with the server's answer or rejects). */
export interface TodoListView {
  /** The rows shown, in order: `id:title`, with ` (done)` when completed. */
  rows(): string[];
  create(body: Fields): Promise<unknown>;
  replace(params: Fields, body: Fields): Promise<unknown>;
  partialUpdate(params: Fields, body: Fields): Promise<unknown>;
  delete(params: Fields): Promise<unknown>;
}

/** Mounts, under a fresh `<data-provider>`, a list of the todos at `/opt-api/todos` with optimistic writes; resolves once the list shows. */
export type MountTodoList = () => Promise<TodoListView>;

/** The todo server the mounts read: `/opt-api/todos`. */
export const OPTIMISTIC_API = '/opt-api/todos';

export function describeOptimisticDefaults(mount: MountTodoList): void {
  describe('optimistic defaults', () => {
    let server: ReturnType<typeof todoServer>;
    beforeEach(async () => {
      server = todoServer(makeTodos(2), OPTIMISTIC_API);
      await startWorker(...server.handlers);
    });

    /** Holds the server's answers to `method` until the returned gate opens. */
    const hold = (method: string) => {
      const gate = deferred();
      server.hold = request => (request.method === method ? gate.promise : undefined);
      return gate;
    };

    it('create shows the new row at once with a temporary pk; the server row replaces it', async () => {
      const view = await mount();
      const gate = hold('POST');
      const created = view.create({title: 'new', completed: false});
      await until(() => view.rows().length === 3, 'the prediction shown');
      expect(view.rows()[2]).to.match(/^tmp-\d+:new$/);
      gate.resolve();
      await created;
      await until(() => view.rows()[2] === '3:new', 'the server row in its place');
      expect(view.rows()).to.deep.equal(['1:todo 1', '2:todo 2 (done)', '3:new']);
    });

    it('partialUpdate shows at once; a refused one rolls back', async () => {
      const view = await mount();
      const gate = hold('PATCH');
      server.fail = request => request.method === 'PATCH';
      const patched = view.partialUpdate({id: 1}, {completed: true});
      await until(() => view.rows()[0] === '1:todo 1 (done)', 'the prediction shown');
      expect(server.rows.get('1')!.completed, 'before the server answered').to.equal(false);
      gate.resolve();
      const refused = await patched.then(
        () => undefined,
        (error: Error) => error,
      );
      expect(refused?.message).to.contain('500');
      await until(() => view.rows()[0] === '1:todo 1', 'rolled back');
    });

    it('replace (PUT) shows the new fields at once', async () => {
      const view = await mount();
      const gate = hold('PUT');
      const replaced = view.replace({id: 2}, {title: 'two', completed: false});
      await until(() => view.rows()[1] === '2:two', 'the prediction shown');
      await until(() => server.log.count('PUT', `${OPTIMISTIC_API}/2`) === 1, 'the request at the server');
      expect(server.rows.get('2')!.title, 'before the server answered').to.equal('todo 2');
      gate.resolve();
      await replaced;
      expect(view.rows()).to.deep.equal(['1:todo 1', '2:two']);
    });

    it('delete takes the row out at once', async () => {
      const view = await mount();
      const gate = hold('DELETE');
      const deleted = view.delete({id: 1});
      await until(() => view.rows().length === 1, 'the row gone at once');
      expect(server.rows.has('1'), 'before the server answered').to.equal(true);
      gate.resolve();
      await deleted;
      expect(view.rows()).to.deep.equal(['2:todo 2 (done)']);
    });
  });
}
