// <data-query>: a Query over the cache declared in HTML, in every engine.
import {expect, fixture, html} from '@open-wc/testing';
import {DataProvider} from '../components/data-provider.js';
import {DataQuery} from '../components/data-query.js';
import {declarationsOf} from '../components/declarations.js';
import {resourceOf} from '../components/declared-resource.js';
import '../components/data-resource.js';
import type {DataErrorDetail} from '../components/template-host-element.js';
import {Controller} from '../src/core/index.js';
import {Query} from '../src/endpoint/index.js';
import {AllSchema} from '../src/schema/index.js';
import {http, HttpResponse} from 'msw';
import {deferred} from './helpers/lit-fixtures.js';
import {startWorker} from './helpers/msw.js';
import {makeTodos, text, todoServer, until, elementSuiteHooks, type Todo} from './elements-fixtures.js';

void DataProvider;

/** The resource a <data-resource path="/el-api/todos/:id" entity="ElQTodo"> under `controller` declares. */
const todoList = (controller: Controller) => declarationsOf(controller).resource({urlPrefix: '', path: '/el-api/todos/:id', entity: 'ElQTodo', pk: 'id', optimistic: true}, resourceOf);

/** A Controller that already holds `todos` (as if fetched), and a log of every request msw sees. */
async function seeded(todos: Todo[]) {
  const requests: string[] = [];
  await startWorker(
    http.all('/el-api/*', ({request}) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return HttpResponse.json({message: 'no request expected'}, {status: 500});
    }),
  );
  const controller = new Controller();
  controller.setResponse(todoList(controller).getList, {}, todos);
  return {controller, requests};
}

describe('<data-query>', () => {
  elementSuiteHooks();

  it('filters, sorts and counts the cached rows of a table, and never fetches', async () => {
    const {controller, requests} = await seeded([
      {id: 1, title: 'b', completed: false, rank: 2},
      {id: 2, title: 'a', completed: true, rank: 3},
      {id: 3, title: 'c', completed: false, rank: 1},
      {id: 4, title: 'd', completed: false},
    ]);
    const provider = await fixture<DataProvider>(html`
      <data-provider .controller=${controller}>
        <data-query id="open" entity="ElQTodo" filter='{"completed": false}' sort="-rank">
          <template><template type="repeat" repeat="{{ items }}"><li>{{ item.title }}</li></template><b>{{ count }}</b></template>
        </data-query>
        <data-query id="by-title" entity="ElQTodo" sort="title">
          <template><template type="repeat" repeat="{{ items }}"><li>{{ item.title }}</li></template></template>
        </data-query>
        <data-query id="count" entity="ElQTodo" filter='{"completed": "false"}' count>
          <template><span>{{ data }} open of {{ count }}</span></template>
        </data-query>
      </data-provider>
    `);
    const [open, byTitle, count] = ['open', 'by-title', 'count'].map(id => provider.querySelector<DataQuery>(`#${id}`)!);
    await Promise.all([open!.updateComplete, byTitle!.updateComplete, count!.updateComplete]);
    // Missing values sort last; a descending sort reverses the order of the present ones.
    expect([...open!.querySelectorAll('li')].map(li => li.textContent)).to.deep.equal(['b', 'c', 'd']);
    expect(open!.querySelector('b')!.textContent).to.equal('3');
    expect([...byTitle!.querySelectorAll('li')].map(li => li.textContent)).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(text(count!)).to.equal('3 open of 3');
    expect(requests).to.deep.equal([]);
    expect(open!.hasAttribute('loading')).to.equal(false);
  });

  it('is empty (count undefined, not 0) before the table has rows, and 0 is a value', async () => {
    const {controller, requests} = await seeded([]);
    const provider = await fixture<DataProvider>(html`
      <data-provider .controller=${controller}>
        <data-query id="none" entity="ElQNothing" count><template><i>{{ count === undefined ? 'unknown' : count }}</i></template></data-query>
        <data-query id="zero" entity="ElQTodo" filter='{"completed": true}' count><template><i>{{ count }}</i></template></data-query>
      </data-provider>
    `);
    const none = provider.querySelector<DataQuery>('#none')!;
    const zero = provider.querySelector<DataQuery>('#zero')!;
    await Promise.all([none.updateComplete, zero.updateComplete]);
    expect(text(none)).to.equal('unknown');
    controller.setResponse(todoList(controller).getList, {}, [{id: 9, title: 'x', completed: false}]);
    await until(() => text(zero) === '0', 'a count of 0');
    expect(requests).to.deep.equal([]);
  });

  it('follows optimistic toggles from a <data-resource> in the same provider (open-todos count)', async () => {
    const server = todoServer(makeTodos(4));
    await startWorker(...server.handlers);
    const provider = await fixture<DataProvider>(html`
      <data-provider>
        <data-query entity="ElQTodo" filter='{"completed": false}' count><template><output>{{ count ?? '…' }}</output></template></data-query>
        <data-resource path="/el-api/todos/:id" entity="ElQTodo">
          <template>
            <template type="repeat" repeat="{{ items }}">
              <input type="checkbox" data-id="{{ item.id }}" .checked="{{ item.completed }}"
                     @change="{{ () => resource.partialUpdate({id: item.id}, {completed: !item.completed}) }}">
            </template>
          </template>
        </data-resource>
      </data-provider>
    `);
    const query = provider.querySelector('data-query')!;
    const resource = provider.querySelector('data-resource')!;
    await until(() => query.querySelector('output')!.textContent === '2', 'count after the list loaded');
    const gate = deferred();
    server.hold = () => gate.promise;
    resource.querySelector<HTMLInputElement>('input[data-id="1"]')!.click();
    await until(() => query.querySelector('output')!.textContent === '1', 'count follows the optimistic toggle');
    expect(server.rows.get('1')!.completed, 'before the server answered').to.equal(false);
    server.fail = request => new URL(request.url).pathname === '/el-api/todos/3';
    resource.querySelector<HTMLInputElement>('input[data-id="3"]')!.click();
    await until(() => query.querySelector('output')!.textContent === '0');
    gate.resolve();
    // The refused toggle of 3 rolls back; the accepted toggle of 1 stays.
    await until(() => query.querySelector('output')!.textContent === '1' && server.log.count('PATCH', '/el-api/todos/3') === 1);
    expect(server.log.entries.filter(e => e.method === 'GET')).to.have.length(1);
  });

  it('runs a Query given in its query property, with args, and follows a change of them', async () => {
    const {controller, requests} = await seeded(makeTodos(5));
    const Todo = declarationsOf(controller).entity('ElQTodo');
    const titled = new Query(new AllSchema(Todo), (todos, prefix: string) =>
      todos.filter(t => String((t as unknown as Todo).title).endsWith(prefix)).map(t => (t as unknown as Todo).title),
    );
    const provider = await fixture<DataProvider>(html`
      <data-provider .controller=${controller}>
        <data-query .query=${titled} .args=${'1'}><template>{{ data.join(',') }} ({{ count }})</template></data-query>
      </data-provider>
    `);
    const el = provider.querySelector('data-query')!;
    await el.updateComplete;
    expect(text(el)).to.equal('todo 1 (1)');
    el.args = ['5'];
    await el.updateComplete;
    expect(text(el)).to.equal('todo 5 (1)');
    expect(requests).to.deep.equal([]);
  });

  it('re-renders only when its value changes', async () => {
    const {controller} = await seeded(makeTodos(3));
    const provider = await fixture<DataProvider>(html`
      <data-provider .controller=${controller}>
        <data-query entity="ElQTodo" filter='{"completed": true}' count><template>{{ count }}</template></data-query>
      </data-provider>
    `);
    const el = provider.querySelector('data-query')!;
    await el.updateComplete;
    let renders = 0;
    const counting = new MutationObserver(() => renders++);
    counting.observe(el, {childList: true, subtree: true, characterData: true});
    const spy = {updates: 0};
    const original = el.requestUpdate.bind(el);
    el.requestUpdate = (...args: Parameters<typeof original>) => {
      spy.updates++;
      return original(...args);
    };
    // An unrelated table changes: the value is identical, no update.
    controller.setResponse(declarationsOf(controller).resource({urlPrefix: '', path: '/el-api/other/:id', entity: 'ElQOther', pk: 'id', optimistic: true}, resourceOf).getList, {}, [{id: 1}]);
    expect(spy.updates).to.equal(0);
    controller.setResponse(todoList(controller).getList, {}, [...makeTodos(3), {id: 4, title: 'x', completed: true}]);
    expect(spy.updates).to.equal(1);
    await el.updateComplete;
    expect(text(el)).to.equal('2');
    counting.disconnect();
    expect(renders).to.be.greaterThan(0);
  });

  describe('errors', () => {
    const cases: [string, ReturnType<typeof html>, string][] = [
      ['bad JSON in filter', html`<data-query entity="ElQTodo" filter="{completed: false}"><template>RENDERED</template></data-query>`, 'filter'],
      ['a filter that is not an object', html`<data-query entity="ElQTodo" filter="true"><template>RENDERED</template></data-query>`, 'filter'],
      ['a missing entity', html`<data-query filter="{}"><template>RENDERED</template></data-query>`, 'entity'],
      ['an empty sort field', html`<data-query entity="ElQTodo" sort="title,-"><template>RENDERED</template></data-query>`, 'sort'],
    ];
    for (const [name, markup, attribute] of cases) {
      it(`shows ${name} as an error naming the "${attribute}" attribute`, async () => {
        const {controller} = await seeded(makeTodos(1));
        const errors: DataErrorDetail[] = [];
        const provider = await fixture<DataProvider>(html`
          <data-provider .controller=${controller} @data-error=${(e: CustomEvent<DataErrorDetail>) => errors.push(e.detail)}>${markup}</data-provider>
        `);
        const el = provider.querySelector('data-query')!;
        await el.updateComplete;
        expect(el.hasAttribute('error')).to.equal(true);
        expect(errors).to.have.length(1);
        expect(errors[0]!.attribute).to.equal(attribute);
        expect(errors[0]!.message).to.contain(`"${attribute}"`).and.to.contain('<data-query');
        expect(text(el)).not.to.contain('RENDERED');
      });
    }

    it('shows an error naming <data-provider> when there is none', async () => {
      const el = await fixture<DataQuery>(html`<data-query entity="ElQTodo"><template>RENDERED</template></data-query>`);
      await el.updateComplete;
      expect(el.hasAttribute('error')).to.equal(true);
      expect(text(el)).to.contain('<data-provider>');
    });
  });
});
