// <data-resource>'s features, with the test bodies test/lit-features.test.ts runs against a Lit
// component: optimistic defaults, a list paged by its Link header, polling. Then what only the
// element has to say about them: the resource property with poll-frequency and optimistic, one
// name per write (replace, with data-action="update" as an alias), and declarations kept per
// provider, seen by <data-query> and the devtools through it.
import {expect, fixture, html} from '@open-wc/testing';
import {DataProvider} from '../components/data-provider.js';
import {DataQuery} from '../components/data-query.js';
import {DataResource} from '../components/data-resource.js';
import {Declarations, declarationsOf} from '../components/declarations.js';
import {declaredOn, shelfOf} from '../components/declarations-shelf.js';
import type {DataErrorDetail} from '../components/template-host-element.js';
import {Controller} from '../src/core/index.js';
import {linkHeaderResource} from '../src/pagination/index.js';
import {createResource} from '../src/rest/index.js';
import {Entity} from '../src/schema/index.js';
import {http, HttpResponse} from 'msw';
import {recordConsole} from './helpers/console-calls.js';
import {describeLinkHeaderPages, type MountPagedList} from './helpers/link-header-pages-body.js';
import {describeOptimisticDefaults, OPTIMISTIC_API, type MountTodoList} from './helpers/optimistic-defaults-body.js';
import {describePolling, type MountPolled} from './helpers/polling-body.js';
import {startWorker} from './helpers/msw.js';
import {deferred} from './helpers/lit-fixtures.js';
import {elementSuiteHooks, makeTodos, text, todoServer, until} from './elements-fixtures.js';

import '../components/devtools/index.js';

void [DataProvider, DataQuery, DataResource];

/** A <data-resource> with `attributes` and `template` (strings: Lit binds nothing inside a <template>) under a fresh provider, once `ready` holds. */
async function mountResource(attributes: string, template: string, ready: (el: DataResource) => boolean): Promise<DataResource> {
  const provider = await fixture<DataProvider>(`<data-provider><data-resource ${attributes}><template>${template}</template></data-resource></data-provider>`);
  const el = provider.querySelector('data-resource')!;
  await until(() => ready(el) || el.hasAttribute('error'), 'the element shows its data');
  expect(el.hasAttribute('error'), text(el)).to.equal(false);
  return el;
}

const items = (el: Element) => [...el.querySelectorAll('li')];

const mountTodoList: MountTodoList = async () => {
  const el = await mountResource(
    `path="${OPTIMISTIC_API}/:id" entity="FeatureElTodo"`,
    `<ul><template type="repeat" repeat="{{ items }}"><li data-id="{{ item.id }}">{{ item.title }}{{ item.completed ? ' (done)' : '' }}</li></template></ul>`,
    list => items(list).length > 0,
  );
  return {
    rows: () => items(el).map(li => `${li.dataset['id']}:${li.textContent}`),
    create: body => el.create(body),
    replace: (params, body) => el.replace(params, body),
    partialUpdate: (params, body) => el.partialUpdate(params, body),
    delete: params => el.delete(params),
  };
};

const mountPagedList: MountPagedList = async params => {
  const el = await mountResource(
    `url-prefix="/lh-api" path="/posts/:id" entity="FeatureElPost" pagination-field="cursor" link-header params='${JSON.stringify(params)}'`,
    `<ul><template type="repeat" repeat="{{ items }}"><li>{{ item.title }}</li></template></ul><output>{{ hasMore }}</output>`,
    list => items(list).length > 0,
  );
  return {
    titles: () => items(el).map(li => li.textContent ?? ''),
    hasMore: () => el.querySelector('output')!.textContent === 'true',
    loadNextPage: () => el.loadNextPage(),
    create: body => el.create(body),
  };
};

const mountPolled: MountPolled = async frequency => {
  const el = await mountResource(
    `path="/poll-api/notes/:id" entity="FeatureElNote" params='{"id": 1}' ${frequency ? `poll-frequency="${frequency}"` : ''}`,
    `<p>{{ item.title }}</p>`,
    note => (el => el !== null && el.textContent !== '')(note.querySelector('p')),
  );
  return {title: () => el.querySelector('p')?.textContent ?? undefined};
};

// One worker and one page watch for the whole file.
elementSuiteHooks();

describe('<data-resource> features', () => {
  describeOptimisticDefaults(mountTodoList);
  describeLinkHeaderPages(mountPagedList);
  describePolling(mountPolled);
});

describe('<data-resource> maps its attributes to the same options', () => {
  const warnings = recordConsole('warn');

  class GivenNote extends Entity {
    id = 0;
    title = '';
    static override key = 'FeatureGivenNote';
  }

  it('polls a resource given in its property at poll-frequency, and leaves that resource as it was', async () => {
    let reads = 0;
    await startWorker(http.get('/given-api/notes/:id', () => HttpResponse.json({id: 1, title: `read ${++reads}`})));
    const Notes = createResource({path: '/given-api/notes/:id', schema: GivenNote});
    const provider = await fixture<DataProvider>(html`
      <data-provider><data-resource .resource=${Notes} poll-frequency="30" params='{"id": 1}'><template><p>{{ item.title }}</p></template></data-resource></data-provider>
    `);
    const el = provider.querySelector('data-resource')!;
    await until(() => Number(el.querySelector('p')?.textContent?.slice('read '.length)) >= 3, 'two polls shown');
    expect(Notes.get.pollFrequency).to.equal(undefined);
    expect(Notes.partialUpdate.getOptimisticResponse).to.equal(undefined);
  });

  it('shows the results of a given resource read as {link, results}, and pages it', async () => {
    await startWorker(
      http.get('/given-api/posts', ({request}) => {
        const after = new URL(request.url).searchParams.get('after');
        const headers: Record<string, string> = after ? {} : {Link: '</given-api/posts?after=2>; rel="next"'};
        return HttpResponse.json(after ? [{id: 3, title: 'c'}] : [{id: 1, title: 'a'}, {id: 2, title: 'b'}], {headers});
      }),
    );
    const Posts = linkHeaderResource(createResource({path: '/given-api/posts/:id', schema: GivenNote}), 'after');
    const provider = await fixture<DataProvider>(html`
      <data-provider><data-resource .resource=${Posts}><template><template type="repeat" repeat="{{ items }}"><li>{{ item.title }}</li></template></template></data-resource></data-provider>
    `);
    const el = provider.querySelector('data-resource')!;
    await until(() => items(el).length === 2, 'the first page');
    await el.loadNextPage();
    await until(() => items(el).map(text).join() === 'a,b,c', 'the next page');
  });

  it('with optimistic="false", a given resource writes without predictions', async () => {
    const server = todoServer(makeTodos(1), '/given-api/todos');
    await startWorker(...server.handlers);
    const Todos = createResource({path: '/given-api/todos/:id', schema: GivenNote});
    const provider = await fixture<DataProvider>(html`
      <data-provider>
        <data-resource .resource=${Todos} optimistic="false"><template><template type="repeat" repeat="{{ items }}"><li>{{ item.title }}</li></template></template></data-resource>
      </data-provider>
    `);
    const el = provider.querySelector('data-resource')!;
    await until(() => items(el).length === 1);
    const gate = deferred();
    server.hold = () => gate.promise;
    const patched = el.partialUpdate({id: 1}, {title: 'later'});
    await until(() => server.log.count('PATCH', '/given-api/todos/1') === 1, 'the request sent');
    await el.updateComplete;
    expect(items(el).map(text)).to.deep.equal(['todo 1'], 'nothing predicted');
    gate.resolve();
    await patched;
    await until(() => text(items(el)[0]!) === 'later');
  });

  it('a params change takes the short path: the resource is not built again, and the Controller is entered once (fetch)', async () => {
    await startWorker(...todoServer(makeTodos(3), '/path-api/todos').handlers);
    const provider = await fixture<DataProvider>(html`
      <data-provider><data-resource path="/path-api/todos/:id" entity="FeaturePathTodo" params='{"id": 1}'><template><h2>{{ item.title }}</h2></template></data-resource></data-provider>
    `);
    const el = provider.querySelector('data-resource')!;
    await until(() => el.querySelector('h2')?.textContent === 'todo 1');
    const calls: string[] = [];
    const restore: (() => void)[] = [];
    for (const [target, names] of [
      [Controller.prototype, Object.getOwnPropertyNames(Controller.prototype)],
      [Declarations.prototype, ['resource', 'withFeatures', 'entity']],
    ] as const) {
      for (const name of names) {
        const method = Object.getOwnPropertyDescriptor(target, name)?.value as ((...args: unknown[]) => unknown) | undefined;
        if (name === 'constructor' || typeof method !== 'function') continue;
        Object.defineProperty(target, name, {configurable: true, writable: true, value: function (this: unknown, ...args: unknown[]) {
          calls.push(name);
          return method.apply(this, args);
        }});
        restore.push(() => Object.defineProperty(target, name, {configurable: true, writable: true, value: method}));
      }
    }
    try {
      el.setAttribute('params', '{"id": 2}');
      await until(() => el.querySelector('h2')?.textContent === 'todo 2', 'the new params read');
    } finally {
      restore.forEach(undo => undo());
    }
    expect(calls).to.deep.equal(['fetch']);
  });

  describe('one name per write: replace', () => {
    async function formFixture() {
      const server = todoServer(makeTodos(2), '/name-api/todos');
      await startWorker(...server.handlers);
      const errors: DataErrorDetail[] = [];
      const provider = await fixture<DataProvider>(html`
        <data-provider @data-error=${(e: CustomEvent<DataErrorDetail>) => errors.push(e.detail)}>
          <data-resource id="named" path="/name-api/todos/:id" entity="FeatureNamedTodo">
            <template>
              <template type="repeat" repeat="{{ items }}">
                <li data-id="{{ item.id }}">{{ item.title }}</li>
                <button class="rename" data-id="{{ item.id }}" @click="{{ () => resource.replace({id: item.id}, {title: 'from the template', completed: false}) }}">Rename</button>
              </template>
            </template>
            <form class="replace" data-action="replace"><input name="id" type="hidden" value="1"><input name="title" value="from replace"></form>
            <form class="alias" data-action="update"><input name="id" type="hidden" value="2"><input name="title" value="from update"></form>
          </data-resource>
        </data-provider>
      `);
      const el = provider.querySelector('data-resource')!;
      await until(() => items(el).length === 2);
      return {server, el, errors};
    }

    it('a form of data-action="replace" and the template\'s resource.replace PUT the item', async () => {
      const {server, el} = await formFixture();
      el.querySelector<HTMLFormElement>('form.replace')!.requestSubmit();
      await until(() => server.log.count('PUT', '/name-api/todos/1') === 1);
      expect(server.log.entries.at(-1)!.body).to.deep.equal({title: 'from replace'});
      el.querySelector<HTMLButtonElement>('button.rename[data-id="2"]')!.click();
      await until(() => server.log.count('PUT', '/name-api/todos/2') === 1);
      await until(() => text(items(el)[1]!) === 'from the template');
      expect(warnings.calls()).to.deep.equal([]);
    });

    it('data-action="update" is an alias of replace, and development mode says so once', async () => {
      const {server, el} = await formFixture();
      const alias = el.querySelector<HTMLFormElement>('form.alias')!;
      alias.requestSubmit();
      alias.requestSubmit();
      await until(() => server.log.count('PUT', '/name-api/todos/2') === 2);
      const said = warnings.calls().map(args => String(args[0]));
      expect(said).to.have.length(1);
      expect(said[0]).to.contain('<data-resource id="named">').and.to.contain('data-action="replace"').and.to.contain('alias');
    });

    it('a failed replace fires data-error with action "replace"', async () => {
      const {server, el, errors} = await formFixture();
      server.fail = request => request.method === 'PUT';
      const failed = await el.replace({id: 1}, {title: 'no'}).then(
        () => undefined,
        (error: Error) => error,
      );
      expect(failed?.message).to.contain('500');
      expect(errors.map(e => e.action)).to.deep.equal(['replace']);
    });
  });

  describe('declarations are kept per provider', () => {
    it('two providers on one page have their own entity classes, and <data-query> reads its own provider\'s', async () => {
      await startWorker(...todoServer(makeTodos(3), '/decl-api/todos').handlers);
      const page = await fixture<HTMLElement>(html`
        <div>
          <data-provider id="a">
            <data-resource path="/decl-api/todos/:id" entity="FeatureDeclTodo"><template><template type="repeat" repeat="{{ items }}"><li>{{ item.title }}</li></template></template></data-resource>
            <data-query entity="FeatureDeclTodo" count><template><output>{{ count ?? '…' }}</output></template></data-query>
          </data-provider>
          <data-provider id="b">
            <data-query entity="FeatureDeclTodo" count><template><output>{{ count ?? '…' }}</output></template></data-query>
          </data-provider>
        </div>
      `);
      const [a, b] = ['a', 'b'].map(id => page.querySelector<DataProvider>(`#${id}`)!);
      await until(() => a!.querySelector('output')!.textContent === '3', 'the query of provider a counts the rows loaded under it');
      expect(b!.querySelector('output')!.textContent).to.equal('…');
      const Todo = declarationsOf(a!.activeController).entity('FeatureDeclTodo');
      expect(Todo === declarationsOf(b!.activeController).entity('FeatureDeclTodo')).to.equal(false, 'each provider has its own class');
      expect(a!.activeController.get(Todo, {id: 2})).to.include({title: 'todo 2'});
      expect(declaredOn(a!.activeController).entities).to.deep.equal([{key: 'FeatureDeclTodo', pk: 'id'}]);
      expect(declaredOn(a!.activeController).resources).to.deep.equal([{urlPrefix: '', path: '/decl-api/todos/:id', entity: 'FeatureDeclTodo'}]);
      expect(declaredOn(b!.activeController).resources).to.deep.equal([]);
    });

    it('the devtools of a provider show the tables declared under it, rows or not', async () => {
      const server = todoServer(makeTodos(2), '/dt-api/todos');
      const gate = deferred();
      server.hold = () => gate.promise;
      await startWorker(...server.handlers);
      const page = await fixture<HTMLElement>(html`
        <div>
          <data-provider id="a">
            <data-resource path="/dt-api/todos/:id" entity="FeatureDtTodo" pk="id"><template>{{ items.length }}</template></data-resource>
            <data-devtools inline open></data-devtools>
          </data-provider>
          <data-provider id="b"><data-devtools inline open></data-devtools></data-provider>
        </div>
      `);
      const [a, b] = ['#a', '#b'].map(id => page.querySelector(`${id} data-devtools`)!);
      const tables = (devtools: Element) => [...devtools.shadowRoot!.querySelectorAll('[part="entity-table"] summary')].map(text);
      await until(() => tables(a!).length === 1, 'the declared table, before any row came');
      expect(tables(a!)).to.deep.equal(['FeatureDtTodo (0) declared, pk id']);
      gate.resolve();
      await until(() => tables(a!).includes('FeatureDtTodo (2) declared, pk id'), 'its rows');
      expect(tables(b!)).to.deep.equal([], 'the other provider declared nothing');
    });

    it('another copy of the library keeps its own declarations on the same Controller; tools see both', async () => {
      const provider = await fixture<DataProvider>(html`<data-provider><data-query entity="FeatureMine"><template>{{ count }}</template></data-query></data-provider>`);
      await provider.querySelector('data-query')!.updateComplete;
      const controller = provider.activeController;
      // What a second copy's elements would leave on the shelf, under that copy's own key.
      shelfOf(controller).set({}, {summary: () => ({entities: [{key: 'FeatureTheirs', pk: 'uuid'}], resources: []})});
      expect(declaredOn(controller).entities).to.deep.equal([
        {key: 'FeatureMine', pk: 'id'},
        {key: 'FeatureTheirs', pk: 'uuid'},
      ]);
      expect(declarationsOf(controller).summary().entities).to.deep.equal([{key: 'FeatureMine', pk: 'id'}]);
    });
  });
});
