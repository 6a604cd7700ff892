// <data-resource>: a resource declared in HTML, in every engine.
import {expect, fixture, html} from '@open-wc/testing';
import {DataBoundary} from '../components/data-boundary.js';
import {DataProvider} from '../components/data-provider.js';
import {DataResource} from '../components/data-resource.js';
import {declarationsOf} from '../components/declarations.js';
import type {DataErrorDetail, DataLoadDetail} from '../components/template-host-element.js';
import {createResource} from '../src/rest/index.js';
import {Entity} from '../src/schema/index.js';
import {deferred} from './helpers/lit-fixtures.js';
import {http, HttpResponse} from 'msw';
import {startWorker} from './helpers/msw.js';
import {makeTodos, text, todoServer, until, elementSuiteHooks} from './elements-fixtures.js';

// Referenced so the side-effect imports (element definitions) are kept.
void [DataProvider, DataBoundary];

const listTemplate = html`
  <template>
    <ul>
      <template type="repeat" repeat="{{ items }}">
        <li data-id="{{ item.id }}">
          <input type="checkbox" .checked="{{ item.completed }}"
                 @change="{{ () => resource.partialUpdate({id: item.id}, {completed: !item.completed}) }}">
          <span class="title">{{ item.title }}</span>
          <button class="del" @click="{{ () => resource.delete({id: item.id}) }}">x</button>
        </li>
      </template>
    </ul>
    <p class="state">{{ loading ? 'loading' : 'ready' }}</p>
  </template>
`;

interface Events {
  loads: DataLoadDetail[];
  errors: DataErrorDetail[];
}

/** A provider with one <data-resource id="r"> listing /el-api/todos with the template above. */
async function listFixture(attributes: {optimistic?: string} = {}): Promise<{provider: DataProvider; el: DataResource} & Events> {
  const events: Events = {loads: [], errors: []};
  const provider = await fixture<DataProvider>(html`
    <data-provider>
      <data-resource id="r" path="/el-api/todos/:id" entity="ElTodo" optimistic=${attributes.optimistic ?? 'true'}
        @data-load=${(e: CustomEvent<DataLoadDetail>) => events.loads.push(e.detail)}
        @data-error=${(e: CustomEvent<DataErrorDetail>) => events.errors.push(e.detail)}>
        ${listTemplate}
      </data-resource>
    </data-provider>
  `);
  return {provider, el: provider.querySelector('data-resource')!, ...events};
}

const rowIds = (el: Element) => [...el.querySelectorAll('li')].map(li => li.getAttribute('data-id'));
const titles = (el: Element) => [...el.querySelectorAll('li .title')].map(s => s.textContent);

describe('<data-resource>', () => {
  elementSuiteHooks();

  describe('reading', () => {
    it('fetches getList, renders the template into its light DOM, reflects loading and fires data-load', async () => {
      const server = todoServer(makeTodos(3));
      const gate = deferred();
      server.hold = () => gate.promise;
      await startWorker(...server.handlers);
      const {el, loads} = await listFixture();
      await el.updateComplete;
      expect(el.hasAttribute('loading')).to.equal(true);
      expect(el.querySelector('.state')!.textContent).to.equal('loading');
      gate.resolve();
      await until(() => el.querySelectorAll('li').length === 3, 'rows rendered');
      await el.updateComplete;
      expect(el.hasAttribute('loading')).to.equal(false);
      expect(el.hasAttribute('error')).to.equal(false);
      expect(titles(el)).to.deep.equal(['todo 1', 'todo 2', 'todo 3']);
      expect(el.querySelector('.state')!.textContent).to.equal('ready');
      expect(el.shadowRoot).to.equal(null);
      expect(loads).to.have.length(1);
      expect((loads[0]!.data as {title: string}[]).map(t => t.title)).to.deep.equal(['todo 1', 'todo 2', 'todo 3']);
      expect(server.log.count('GET', '/el-api/todos')).to.equal(1);
      // The output follows the template element.
      expect(el.querySelector('template')!.nextElementSibling!.localName).to.equal('ul');
    });

    it('reads get when params name the item, getList otherwise; member overrides', async () => {
      const server = todoServer(makeTodos(3));
      await startWorker(...server.handlers);
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-resource id="one" path="/el-api/todos/:id" entity="ElTodo" params='{"id": 2}'>
            <template><h2>{{ item.title }}</h2><p>{{ data.id }} / {{ items.length }}</p></template>
          </data-resource>
          <data-resource id="filtered" path="/el-api/todos/:id" entity="ElTodo" params='{"completed": true}' member="getList">
            <template><template type="repeat" repeat="{{ items }}"><i>{{ item.title }}</i></template></template>
          </data-resource>
        </data-provider>
      `);
      const one = provider.querySelector<DataResource>('#one')!;
      const filtered = provider.querySelector<DataResource>('#filtered')!;
      await until(() => one.querySelector('h2')?.textContent === 'todo 2', 'item rendered');
      expect(one.querySelector('p')!.textContent).to.equal('2 / 1');
      await until(() => filtered.querySelectorAll('i').length === 1, 'filtered list rendered');
      expect(filtered.querySelector('i')!.textContent).to.equal('todo 2');
      expect(server.log.count('GET', '/el-api/todos/2')).to.equal(1);
      expect(server.log.count('GET', '/el-api/todos?completed=true')).to.equal(1);
    });

    it('follows a change of the params property and of the path attribute', async () => {
      const server = todoServer(makeTodos(3));
      await startWorker(...server.handlers);
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-resource path="/el-api/todos/:id" entity="ElTodo" .params=${{id: 1}}><template><h2>{{ item.title }}</h2></template></data-resource>
        </data-provider>
      `);
      const el = provider.querySelector('data-resource')!;
      await until(() => el.querySelector('h2')?.textContent === 'todo 1');
      const given = {id: 3};
      el.params = given;
      await until(() => el.querySelector('h2')?.textContent === 'todo 3', 'params followed');
      expect(el.params, 'inputs are not changed by the element').to.equal(given);
      const other = todoServer([{id: 3, title: 'elsewhere', completed: false}], '/el-api/other');
      await startWorker(...server.handlers, ...other.handlers);
      // Another API is another table: with the same table, row 3 is already cached and is
      // served from the cache without a request (an entity is the same entity whatever its URL).
      el.setAttribute('entity', 'ElOther');
      el.setAttribute('path', '/el-api/other/:id');
      await until(() => el.querySelector('h2')?.textContent === 'elsewhere', 'path followed');
    });

    it('takes a resource from createResource in its resource property', async () => {
      class Note extends Entity {
        id = 0;
        title = '';
        static override key = 'ElNote';
      }
      const NoteResource = createResource({path: '/el-api/notes/:id', schema: Note});
      const server = todoServer(makeTodos(2), '/el-api/notes');
      await startWorker(...server.handlers);
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-resource .resource=${NoteResource}>
            <template><template type="repeat" repeat="{{ items }}"><p>{{ item.title }}</p></template></template>
          </data-resource>
        </data-provider>
      `);
      const el = provider.querySelector('data-resource')!;
      await until(() => el.querySelectorAll('p').length === 2);
      expect(el.resource).to.equal(NoteResource);
      // The element's read shares the resource's cache key.
      expect(provider.activeController.getResponse(NoteResource.getList).data).to.have.length(2);
      await el.partialUpdate({id: 2}, {title: 'renamed'});
      expect(el.querySelectorAll('p')[1]!.textContent).to.equal('renamed');
      expect(server.log.count('PATCH', '/el-api/notes/2')).to.equal(1);
    });

    it('refuses a resource property that is not a resource, naming the property (not an attribute)', async () => {
      class Card extends Entity {
        id = 0;
        static override key = 'ElCard';
      }
      const CardResource = createResource({path: '/el-api/cards/:id', schema: Card});
      const provider = await fixture<DataProvider>(html`<data-provider></data-provider>`);
      const el = document.createElement('data-resource');
      el.innerHTML = '<template>{{ items.length }}</template>';
      // An endpoint of the resource in place of the resource: the usual slip.
      el.resource = CardResource.getList as never;
      const heard: CustomEvent<DataErrorDetail>[] = [];
      el.addEventListener('data-error', event => {
        heard.push(event as CustomEvent<DataErrorDetail>);
        event.preventDefault();
      });
      provider.append(el);
      await until(() => heard.length === 1, 'data-error');
      expect(heard[0]!.detail.message).to.equal("<data-resource>: the resource property is not usable: it takes a resource (what createResource returns), got the endpoint " + CardResource.getList.name);
      expect((heard[0]!.detail.error as {attribute?: string}).attribute).to.equal('resource');
    });

    it('lets a surrounding <data-boundary> show its fallback, then the content', async () => {
      const server = todoServer(makeTodos(2));
      const gate = deferred();
      server.hold = () => gate.promise;
      await startWorker(...server.handlers);
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-boundary>
            <p slot="fallback">Wait…</p>
            <data-resource path="/el-api/todos/:id" entity="ElTodo">${listTemplate}</data-resource>
          </data-boundary>
        </data-provider>
      `);
      const boundary = provider.querySelector('data-boundary')!;
      await until(() => boundary.hasAttribute('loading'), 'boundary shows its fallback');
      gate.resolve();
      await until(() => !boundary.hasAttribute('loading') && provider.querySelectorAll('li').length === 2, 'content shown');
    });

    it('shows a failed read: error attribute, the message, data-error; a boundary catches it and retries', async () => {
      const server = todoServer(makeTodos(2));
      server.fail = () => true;
      await startWorker(...server.handlers);
      const {el, errors} = await listFixture();
      await until(() => el.hasAttribute('error'), 'error reflected');
      expect(el.hasAttribute('loading')).to.equal(false);
      expect(errors).to.have.length(1);
      expect(errors[0]!.message).to.contain('500');
      expect(el.querySelector('[role=alert]')!.textContent).to.contain('500');

      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-boundary><data-resource path="/el-api/todos/:id" entity="ElTodo">${listTemplate}</data-resource></data-boundary>
        </data-provider>
      `);
      const boundary = provider.querySelector('data-boundary')!;
      await until(() => boundary.hasAttribute('error'), 'boundary shows the error');
      server.fail = undefined;
      boundary.retry();
      await until(() => !boundary.hasAttribute('error') && provider.querySelectorAll('li').length === 2, 'retried');
      expect(provider.querySelector('data-resource')!.hasAttribute('error')).to.equal(false);
    });

    it('renders <template data-state="loading"> and <template data-state="error"> in those states', async () => {
      const server = todoServer(makeTodos(1));
      const gate = deferred();
      server.hold = () => gate.promise;
      server.fail = () => true;
      await startWorker(...server.handlers);
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-resource path="/el-api/todos/:id" entity="ElTodo">
            <template data-state="loading"><em>Loading todos…</em></template>
            <template data-state="error"><strong>Oops: {{ error.message }}</strong></template>
            <template><p>{{ items.length }}</p></template>
          </data-resource>
        </data-provider>
      `);
      const el = provider.querySelector('data-resource')!;
      await el.updateComplete;
      expect(text(el)).to.equal('Loading todos…');
      gate.resolve();
      await until(() => el.querySelector('strong') !== null, 'error template');
      expect(el.querySelector('strong')!.textContent).to.match(/^Oops: .*500/);
    });

    it('renders server data as text: a title with an <img onerror> runs nothing', async () => {
      const title = '<img src=x onerror="window.__pwned=1">';
      const server = todoServer([{id: 1, title, completed: false}]);
      await startWorker(...server.handlers);
      const {el} = await listFixture();
      await until(() => el.querySelectorAll('li').length === 1);
      expect(el.querySelector('.title')!.textContent).to.equal(title);
      expect(el.querySelector('img')).to.equal(null);
      expect((window as {__pwned?: unknown}).__pwned).to.equal(undefined);
    });

    it('shares one cache table between elements of one entity', async () => {
      const server = todoServer(makeTodos(3));
      await startWorker(...server.handlers);
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-resource id="list" path="/el-api/todos/:id" entity="ElTodo">${listTemplate}</data-resource>
          <data-resource id="one" path="/el-api/todos/:id" entity="ElTodo" params='{"id": 2}'><template><h2>{{ item.title }}</h2></template></data-resource>
        </data-provider>
      `);
      const list = provider.querySelector<DataResource>('#list')!;
      const one = provider.querySelector<DataResource>('#one')!;
      await until(() => list.querySelectorAll('li').length === 3 && one.querySelector('h2') !== null);
      await one.partialUpdate({id: 2}, {title: 'changed in one'});
      await until(() => titles(list)[1] === 'changed in one', 'the list shows the change');
      const declarations = declarationsOf(provider.activeController);
      expect(declarations.entity('ElTodo')).to.equal(declarations.entity('ElTodo', 'id'));
      expect(declarations.entity('ElTodo')).not.to.equal(declarations.entity('ElTodo', 'uuid'));
    });

    it('reads entities keyed by the pk attribute', async () => {
      await startWorker(
        http.get('/el-api/slugs', () =>
          HttpResponse.json([
            {slug: 'a', title: 'first'},
            {slug: 'b', title: 'second'},
          ]),
        ),
      );
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-resource path="/el-api/slugs/:slug" entity="ElSlug" pk="slug">
            <template><template type="repeat" repeat="{{ items }}"><p>{{ item.slug }}={{ item.title }}</p></template></template>
          </data-resource>
        </data-provider>
      `);
      const el = provider.querySelector('data-resource')!;
      await until(() => el.querySelectorAll('p').length === 2);
      expect([...el.querySelectorAll('p')].map(p => p.textContent)).to.deep.equal(['a=first', 'b=second']);
      const row = provider.activeController.get(declarationsOf(provider.activeController).entity('ElSlug', 'slug'), {slug: 'b'}) as {title: string} | undefined;
      expect(row?.title).to.equal('second');
    });
  });

  describe('malformed attributes', () => {
    const cases: [string, ReturnType<typeof html>, string][] = [
      ['bad JSON in params', html`<data-resource path="/el-api/todos/:id" params="{id: 1"><template>RENDERED</template></data-resource>`, 'params'],
      ['params that are not an object', html`<data-resource path="/el-api/todos/:id" params="[1]"><template>RENDERED</template></data-resource>`, 'params'],
      ['an unknown member', html`<data-resource path="/el-api/todos/:id" member="list"><template>RENDERED</template></data-resource>`, 'member'],
      ['a missing path', html`<data-resource entity="ElTodo"><template>RENDERED</template></data-resource>`, 'path'],
      ['a path without parameter', html`<data-resource path="/el-api/todos"><template>RENDERED</template></data-resource>`, 'path'],
      ['a malformed path', html`<data-resource path="/el-api/todos/:"><template>RENDERED</template></data-resource>`, 'path'],
    ];
    for (const [name, markup, attribute] of cases) {
      it(`shows ${name} as an error naming the "${attribute}" attribute and the element, and fetches nothing`, async () => {
        const server = todoServer(makeTodos(1));
        await startWorker(...server.handlers);
        const errors: DataErrorDetail[] = [];
        const provider = await fixture<DataProvider>(html`
          <data-provider @data-error=${(e: CustomEvent<DataErrorDetail>) => errors.push(e.detail)}>${markup}</data-provider>
        `);
        const el = provider.querySelector('data-resource')!;
        await el.updateComplete;
        expect(el.hasAttribute('error')).to.equal(true);
        expect(el.hasAttribute('loading')).to.equal(false);
        expect(errors).to.have.length(1);
        expect(errors[0]!.attribute).to.equal(attribute);
        expect(errors[0]!.message).to.contain(`"${attribute}"`).and.to.contain('<data-resource');
        expect(el.querySelector('[role=alert]')!.textContent).to.equal(errors[0]!.message);
        expect(text(el)).not.to.contain('RENDERED');
        expect(server.log.entries).to.have.length(0);
        // Writes refuse with the same error, without throwing into the page.
        const failed = await el.create({title: 'no'}).then(
          () => undefined,
          (e: Error) => e,
        );
        expect(failed?.message).to.equal(errors[0]!.message);
      });
    }

    it('recovers when the attribute is fixed', async () => {
      const server = todoServer(makeTodos(2));
      await startWorker(...server.handlers);
      const provider = await fixture<DataProvider>(html`
        <data-provider><data-resource path="/el-api/todos/:id" entity="ElTodo" params="{oops">${listTemplate}</data-resource></data-provider>
      `);
      const el = provider.querySelector('data-resource')!;
      await el.updateComplete;
      expect(el.hasAttribute('error')).to.equal(true);
      el.setAttribute('params', '{}');
      await until(() => el.querySelectorAll('li').length === 2, 'recovered');
      expect(el.hasAttribute('error')).to.equal(false);
    });

    it('shows an error naming <data-provider> when there is none', async () => {
      const errors: DataErrorDetail[] = [];
      const el = await fixture<DataResource>(html`
        <data-resource path="/el-api/todos/:id" @data-error=${(e: CustomEvent<DataErrorDetail>) => errors.push(e.detail)}><template>x</template></data-resource>
      `);
      await until(() => el.hasAttribute('error'));
      expect(errors[0]!.message).to.contain('<data-provider>');
    });

    it('refuses a url-prefix and a path that join into another path, saying what they join into, without throwing (development mode)', async () => {
      const errors: DataErrorDetail[] = [];
      const provider = await fixture<DataProvider>(html`
        <data-provider @data-error=${(e: CustomEvent<DataErrorDetail>) => errors.push(e.detail)}>
          <data-resource url-prefix="/el-api" path="todos/:id"><template>x</template></data-resource>
        </data-provider>
      `);
      const el = provider.querySelector('data-resource')!;
      await until(() => el.hasAttribute('error'));
      expect(errors[0]!.message).to.contain('urlPrefix "/el-api" and path "todos" join into "/el-apitodos": start the path with /');
    });

    for (const value of ['5s', '0']) {
      it(`names the poll-frequency attribute when it is not a number of ms above 0 ("${value}")`, async () => {
        const errors: DataErrorDetail[] = [];
        const provider = await fixture<DataProvider>(html`
          <data-provider @data-error=${(e: CustomEvent<DataErrorDetail>) => errors.push(e.detail)}>
            <data-resource path="/el-api/todos/:id" poll-frequency=${value}><template>x</template></data-resource>
          </data-provider>
        `);
        const el = provider.querySelector('data-resource')!;
        await until(() => el.hasAttribute('error'));
        expect(errors[0]!.message).to.contain('"poll-frequency" attribute must be a number of ms above 0, got ');
      });
    }

    for (const [kind, expression] of [
      ['fails while it runs', 'items.map(5)'],
      ['does not parse', 'items.'],
    ]) {
      it(`shows a template whose expression ${kind} as an error, without throwing`, async () => {
        const server = todoServer(makeTodos(1));
        await startWorker(...server.handlers);
        const errors: DataErrorDetail[] = [];
        const provider = await fixture<DataProvider>(html`
          <data-provider @data-error=${(e: CustomEvent<DataErrorDetail>) => errors.push(e.detail)}>
            <data-resource path="/el-api/todos/:id" entity="ElTodo"></data-resource>
          </data-provider>
        `);
        const el = provider.querySelector('data-resource')!;
        const template = document.createElement('template');
        template.innerHTML = `<p>{{ ${expression} }}</p>`;
        el.append(template);
        await until(() => el.hasAttribute('error'), 'error shown');
        expect(errors[0]!.message).to.contain('the template failed');
        expect(el.querySelector('[role=alert]')!.textContent).to.equal(errors[0]!.message);
      });
    }
  });

  describe('writing', () => {
    it('creates optimistically: the row shows at once with a tmp- pk, then the server row replaces it', async () => {
      const server = todoServer(makeTodos(2));
      await startWorker(...server.handlers);
      const {el, loads} = await listFixture();
      await until(() => el.querySelectorAll('li').length === 2);
      const gate = deferred();
      server.hold = request => (request.method === 'POST' ? gate.promise : undefined);
      const created = el.create({title: 'new one', completed: false});
      await until(() => el.querySelectorAll('li').length === 3, 'prediction shown');
      expect(rowIds(el)[2]).to.match(/^tmp-\d+$/);
      expect(titles(el)[2]).to.equal('new one');
      gate.resolve();
      const row = (await created) as {id: number; title: string};
      expect(row.id).to.equal(3);
      await until(() => rowIds(el)[2] === '3', 'server row replaces the prediction');
      expect(rowIds(el)).to.deep.equal(['1', '2', '3']);
      expect(server.log.entries.find(e => e.method === 'POST')!.body).to.deep.equal({title: 'new one', completed: false});
      expect(loads.length).to.be.greaterThan(1);
    });

    it('toggles optimistically from a template event binding, and rolls back a refused write with data-error', async () => {
      const server = todoServer(makeTodos(2));
      await startWorker(...server.handlers);
      const {el, errors} = await listFixture();
      await until(() => el.querySelectorAll('li').length === 2);
      const box = () => el.querySelector<HTMLInputElement>('li[data-id="1"] input')!;
      expect(box().checked).to.equal(false);
      const gate = deferred();
      server.hold = () => gate.promise;
      server.fail = request => request.method === 'PATCH';
      box().click();
      await until(() => el.querySelector<HTMLInputElement>('li[data-id="1"] input')!.checked, 'prediction shown');
      expect(server.rows.get('1')!.completed).to.equal(false);
      gate.resolve();
      await until(() => errors.length === 1, 'data-error fired');
      expect(errors[0]!.action).to.equal('partialUpdate');
      expect(errors[0]!.message).to.contain('500');
      await until(() => !box().checked, 'rolled back');
      expect(el.hasAttribute('error'), 'a failed write leaves the read alone').to.equal(false);
    });

    it('updates (PUT) and partially updates (PATCH) with the item params', async () => {
      const server = todoServer(makeTodos(2));
      await startWorker(...server.handlers);
      const {el} = await listFixture();
      await until(() => el.querySelectorAll('li').length === 2);
      await el.replace({id: 2}, {title: 'replaced', completed: true});
      expect(titles(el)[1]).to.equal('replaced');
      expect(server.log.entries.at(-1)).to.include({method: 'PUT', path: '/el-api/todos/2'});
      await el.partialUpdate({id: 1}, {title: 'patched'});
      expect(titles(el)[0]).to.equal('patched');
      expect(server.log.entries.at(-1)).to.include({method: 'PATCH', path: '/el-api/todos/1'});
    });

    it('deletes optimistically and keeps the DOM node of each remaining row (keyed by pk)', async () => {
      const server = todoServer(makeTodos(3));
      await startWorker(...server.handlers);
      const {el} = await listFixture();
      await until(() => el.querySelectorAll('li').length === 3);
      const second = el.querySelector('li[data-id="2"]');
      const third = el.querySelector('li[data-id="3"]');
      const gate = deferred();
      server.hold = () => gate.promise;
      el.querySelector<HTMLButtonElement>('li[data-id="1"] .del')!.click();
      await until(() => el.querySelectorAll('li').length === 2, 'removed at once');
      const rows = el.querySelectorAll('li');
      expect(rows[0]).to.equal(second);
      expect(rows[1]).to.equal(third);
      gate.resolve();
      await until(() => server.log.count('DELETE', '/el-api/todos/1') === 1 && !server.rows.has('1'));
      expect(el.querySelectorAll('li')[0]).to.equal(second);
    });

    it('with optimistic="false" waits for the server', async () => {
      const server = todoServer(makeTodos(1));
      await startWorker(...server.handlers);
      const {el} = await listFixture({optimistic: 'false'});
      expect(el.optimistic).to.equal(false);
      await until(() => el.querySelectorAll('li').length === 1);
      const gate = deferred();
      server.hold = () => gate.promise;
      const done = el.partialUpdate({id: 1}, {title: 'later'});
      const created = el.create({title: 'later too'});
      await until(() => server.log.entries.length === 3, 'requests sent');
      await el.updateComplete;
      expect(titles(el)).to.deep.equal(['todo 1']);
      gate.resolve();
      await Promise.all([done, created]);
      await until(() => titles(el).join() === 'later,later too', 'server answers shown');
    });
  });

  describe('forms', () => {
    async function formFixture() {
      const server = todoServer(makeTodos(2));
      await startWorker(...server.handlers);
      const errors: DataErrorDetail[] = [];
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-resource path="/el-api/todos/:id" entity="ElTodo" @data-error=${(e: CustomEvent<DataErrorDetail>) => errors.push(e.detail)}>
            <template>
              <template type="repeat" repeat="{{ items }}">
                <form class="edit" data-action="partialUpdate" data-id="{{ item.id }}">
                  <input type="hidden" name="id" value="{{ item.id }}">
                  <input name="title" value="{{ item.title }}">
                  <input type="checkbox" name="completed" .checked="{{ item.completed }}">
                </form>
              </template>
            </template>
            <form class="add" data-action="create">
              <input name="title">
              <input type="number" name="priority" value="2">
              <input type="checkbox" name="completed">
              <select name="owner" data-type="number"><option value="7" selected>seven</option></select>
              <input name="skipped" disabled value="nope">
              <button type="submit">Add</button>
            </form>
            <form class="bad" data-action="archive"></form>
            <form class="plain"></form>
          </data-resource>
        </data-provider>
      `);
      const el = provider.querySelector('data-resource')!;
      await until(() => el.querySelectorAll('form.edit').length === 2);
      return {server, el, errors};
    }

    it('submits a create form as a converted JSON body, prevents navigation, and resets the form', async () => {
      const {server, el} = await formFixture();
      const add = el.querySelector<HTMLFormElement>('form.add')!;
      add.querySelector<HTMLInputElement>('[name=title]')!.value = 'from a form';
      add.querySelector<HTMLInputElement>('[name=completed]')!.checked = true;
      let prevented: boolean | undefined;
      const onSubmit = (e: Event) => (prevented = e.defaultPrevented);
      document.addEventListener('submit', onSubmit);
      add.requestSubmit();
      document.removeEventListener('submit', onSubmit);
      expect(prevented).to.equal(true);
      await until(() => el.querySelectorAll('form.edit').length === 3, 'row added at once');
      await until(() => server.log.count('POST', '/el-api/todos') === 1);
      expect(server.log.entries.find(e => e.method === 'POST')!.body).to.deep.equal({
        title: 'from a form',
        priority: 2,
        completed: true,
        owner: 7,
      });
      await until(() => add.querySelector<HTMLInputElement>('[name=title]')!.value === '', 'form reset after success');
      // The rendered form of the new row is a rendered row like the others.
      await until(() => el.querySelector('form.edit[data-id="3"]') !== null);
    });

    it('submits an update form: fields named like a path parameter become the params', async () => {
      const {server, el} = await formFixture();
      const edit = el.querySelector<HTMLFormElement>('form.edit[data-id="2"]')!;
      edit.querySelector<HTMLInputElement>('[name=title]')!.value = 'edited';
      edit.requestSubmit();
      await until(() => server.log.count('PATCH', '/el-api/todos/2') === 1);
      expect(server.log.entries.at(-1)!.body).to.deep.equal({title: 'edited', completed: true});
      await until(() => server.rows.get('2')!.title === 'edited');
    });

    it('reports an unknown data-action and leaves forms without one alone', async () => {
      const {el, errors, server} = await formFixture();
      el.querySelector<HTMLFormElement>('form.bad')!.requestSubmit();
      expect(errors).to.have.length(1);
      expect(errors[0]!.attribute).to.equal('data-action');
      expect(errors[0]!.message).to.contain('<data-resource').and.to.contain('archive');
      let prevented: boolean | undefined;
      const plain = el.querySelector<HTMLFormElement>('form.plain')!;
      plain.addEventListener('submit', e => {
        prevented = e.defaultPrevented;
        e.preventDefault(); // keep the test page
      });
      plain.requestSubmit();
      expect(prevented).to.equal(false);
      expect(server.log.entries.filter(e => e.method !== 'GET')).to.have.length(0);
    });
  });
});
