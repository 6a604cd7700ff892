// Development mode: an attribute close to one the element knows gets a "did you mean", an
// attribute naming a JS-only property says so, a template name the model lacks and a row field
// the entity lacks (`item.titel`) are reported once per element, and a <data-query> whose
// provider's cache never held its entity says why it shows nothing; each with console.warn.
import {expect, fixture, html} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {DataProvider} from '../components/data-provider.js';
import {DataQuery} from '../components/data-query.js';
import {DataResource} from '../components/data-resource.js';
import {requestCount} from '../src/core/index.js';
import {createResource} from '../src/rest/index.js';
import {Entity} from '../src/schema/index.js';
import {recordConsole} from './helpers/console-calls.js';
import {startWorker} from './helpers/msw.js';
import {elementSuiteHooks, until} from './elements-fixtures.js';

void [DataProvider, DataQuery, DataResource];

class TypoBook extends Entity {
  id = 0;
  title = '';
  tags: {name: string}[] = [];
  static override key = 'TypoBook';
}
const BookResource = createResource({path: '/typo-api/books/:id', schema: TypoBook});

const consoleWarn = recordConsole('warn');
const warned = () => consoleWarn.calls();
const messages = () => warned().map(args => String(args[0])).filter(m => m.startsWith('data-elements (development mode):'));

describe('development mode: typos', () => {
  elementSuiteHooks();
  beforeEach(() =>
    startWorker(
      http.get('/typo-api/notes', () => HttpResponse.json([{id: 1, title: 'one'}, {id: 2, title: 'two', due: '2030-01-01'}])),
      http.get('/typo-api/books', () => HttpResponse.json([{id: 1, title: 'Dune', tags: [{name: 'sf'}]}])),
      http.get('/typo-api/books/:id', () => HttpResponse.json({id: 1, title: 'Dune', tags: [{name: 'sf'}]})),
    ),
  );

  it('an attribute close to a known one: "did you mean", once, with the element', async () => {
    const provider = await fixture<DataProvider>(html`
      <data-provider>
        <data-query id="q" entity="TypoNote" filtr='{"done": true}'><template>{{ count }}</template></data-query>
        <data-resource url-prefx="/typo-api" path="/notes/:id" entity="TypoNote"><template>{{ items.length }}</template></data-resource>
      </data-provider>
    `);
    const query = provider.querySelector('data-query')!;
    await query.updateComplete;
    expect(messages()).to.include('data-elements (development mode): <data-query id="q"> has an attribute "filtr" it does not know: did you mean "filter"?');
    expect(messages()).to.include('data-elements (development mode): <data-resource> has an attribute "url-prefx" it does not know: did you mean "url-prefix"?');
    const about = warned().find(args => String(args[0]).includes('"filtr"'))!;
    expect(about[1]).to.equal(query);
    // Moved in the page (disconnect, connect): not told again.
    provider.append(query);
    await query.updateComplete;
    expect(messages().filter(m => m.includes('"filtr"'))).to.have.length(1);
  });

  it('camelCase written as an attribute, and a property that has no attribute', async () => {
    const provider = await fixture<DataProvider>(html`
      <data-provider>
        <data-resource urlPrefix="/typo-api" path="/notes/:id" entity="TypoNote" resource="notes"><template>x</template></data-resource>
      </data-provider>
    `);
    await provider.querySelector('data-resource')!.updateComplete;
    expect(messages()).to.include('data-elements (development mode): <data-resource> has an attribute "urlprefix" it does not know: did you mean "url-prefix"?');
    expect(messages().some(m => m.includes('"resource" is a property with no attribute: set element.resource from JavaScript'))).to.equal(true);
  });

  it('a boolean attribute written ="false", which turns its feature on: told once, with the element', async () => {
    const provider = await fixture<DataProvider>(html`
      <data-provider sync-tabs="False">
        <data-query id="n" entity="TypoNote" count="false"><template>{{ count }}</template></data-query>
        <data-resource url-prefix="/typo-api" path="/notes/:id" entity="TypoNote" keep-previous="false" link-header="true" optimistic="false"><template>x</template></data-resource>
      </data-provider>
    `);
    const query = provider.querySelector('data-query')!;
    await query.updateComplete;
    const falseOnes = messages().filter(m => m.includes('on whenever it is present'));
    expect(falseOnes).to.deep.equal([
      'data-elements (development mode): <data-provider> has sync-tabs="False", which turns sync-tabs on, with the name "False": such an attribute is on whenever it is present. Remove it to turn it off.',
      'data-elements (development mode): <data-query id="n"> has count="false", which turns count on: such an attribute is on whenever it is present. Remove it to turn it off.',
      'data-elements (development mode): <data-resource> has keep-previous="false", which turns keep-previous on: such an attribute is on whenever it is present. Remove it to turn it off.',
    ]);
    expect(warned().find(args => String(args[0]).includes('count="false"'))![1]).to.equal(query);
    // Moved in the page: not told again.
    provider.append(query);
    await query.updateComplete;
    expect(messages().filter(m => m.includes('on whenever it is present'))).to.have.length(3);
  });

  it('global, aria-, data- and far-off attributes are left alone', async () => {
    const provider = await fixture<DataProvider>(html`
      <data-provider>
        <data-query entity="TypoNote" id="x" class="c" title="t" aria-label="l" data-role="list" hidden tabindex="0" analytics-id="7"><template>{{ count }}</template></data-query>
      </data-provider>
    `);
    await provider.querySelector('data-query')!.updateComplete;
    expect(messages()).to.deep.equal([]);
  });

  it('a template name the model does not have: reported once per element, with "did you mean"', async () => {
    const provider = await fixture<DataProvider>(html`
      <data-provider>
        <data-resource id="notes" url-prefix="/typo-api" path="/notes/:id" entity="TypoNote">
          <template>
            <p class="n">{{ itmes.length }}</p>
            <template type="repeat" repeat="{{ items }}"><span>{{ item.title }} {{ index }}</span></template>
          </template>
        </data-resource>
      </data-provider>
    `);
    const el = provider.querySelector('data-resource')!;
    await until(() => el.querySelectorAll('span').length === 2, 'the list rendered');
    el.requestUpdate();
    await el.updateComplete;
    const reports = messages().filter(m => m.includes('its template reads'));
    expect(reports).to.have.length(1);
    expect(reports[0]).to.contain('<data-resource id="notes">: its template reads "itmes", which the model does not have: did you mean "items"?');
    expect(reports[0]).to.contain('(the model has: data, items, item, loading, previous, error, hasMore, loadingMore, pendingOffline, resource)');
  });

  it('names the template defines (item, index) and the model has are not reported', async () => {
    const provider = await fixture<DataProvider>(html`
      <data-provider>
        <data-resource url-prefix="/typo-api" path="/notes/:id" entity="TypoNote">
          <template>{{ loading }} {{ error }} <template type="repeat" repeat="{{ items }}">{{ item.title }}{{ index }}</template></template>
        </data-resource>
      </data-provider>
    `);
    const el = provider.querySelector('data-resource')!;
    await until(() => el.textContent!.includes('one'), 'the list rendered');
    expect(messages()).to.deep.equal([]);
  });

  describe('a row field the entity does not have', () => {
    const fieldReports = () => messages().filter(m => m.includes('its template reads "item.'));

    it('an entity declared in HTML: a field close to one its rows have, once, with "did you mean"', async () => {
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-resource id="notes" url-prefix="/typo-api" path="/notes/:id" entity="TypoNote">
            <template><template type="repeat" repeat="{{ items }}"><p>{{ item.titel }} {{ item.due }} {{ item.pages }}</p></template></template>
          </data-resource>
        </data-provider>
      `);
      const el = provider.querySelector('data-resource')!;
      await until(() => el.querySelectorAll('p').length === 2, 'the list rendered');
      el.requestUpdate();
      await el.updateComplete;
      // "due" is on one row only, "pages" on none but close to nothing: rows may lack an optional field.
      expect(fieldReports()).to.deep.equal([
        'data-elements (development mode): <data-resource id="notes">: its template reads "item.titel", which the rows of TypoNote do not have: did you mean "title"? (they have: id, title)',
      ]);
    });

    it('an Entity class that declares its fields: any other field, with "did you mean" when one is close', async () => {
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-resource .resource=${BookResource}>
            <template>
              <template type="repeat" repeat="{{ items }}">
                <h2>{{ item.titel }}</h2><span>{{ item.author }}</span>
                <template type="repeat" repeat="{{ item.tags }}"><i>{{ item.name }}</i></template>
              </template>
            </template>
          </data-resource>
        </data-provider>
      `);
      const el = provider.querySelector('data-resource')!;
      await until(() => el.querySelectorAll('i').length === 1, 'the list rendered');
      // item.name is read in a repeat over the tags: there `item` is a tag, not a book.
      expect(fieldReports()).to.deep.equal([
        'data-elements (development mode): <data-resource>: its template reads "item.titel", which the entity TypoBook does not declare: did you mean "title"? (TypoBook declares: id, title, tags)',
        'data-elements (development mode): <data-resource>: its template reads "item.author", which the entity TypoBook does not declare (TypoBook declares: id, title, tags)',
      ]);
    });

    it('in a <data-query> template, and at the top level of a get', async () => {
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-resource url-prefix="/typo-api" path="/notes/:id" entity="TypoNote"><template></template></data-resource>
          <data-query entity="TypoNote"><template><template type="repeat" repeat="{{ items }}"><b>{{ item.tilte }}</b></template></template></data-query>
          <data-resource .resource=${BookResource} .params=${{id: 1}}><template><h1>{{ item.titel }}</h1></template></data-resource>
        </data-provider>
      `);
      await until(() => provider.querySelectorAll('b').length === 2 && provider.querySelector('h1') !== null, 'rendered');
      await until(() => fieldReports().length === 2, 'both reported');
      expect(fieldReports().some(m => m.includes('<data-query>: its template reads "item.tilte", which the rows of TypoNote do not have: did you mean "title"?'))).to.equal(true);
      expect(fieldReports().some(m => m.includes('<data-resource>: its template reads "item.titel", which the entity TypoBook does not declare: did you mean "title"?'))).to.equal(true);
    });
  });

  describe("a <data-query> whose provider's cache never held its entity", () => {
    const neverHeld = () => messages().filter(m => m.includes('has never held a row of'));

    it('under a nested provider with an empty cache: names the entity and the outer provider that holds it', async () => {
      const outer = await fixture<DataProvider>(html`
        <data-provider>
          <data-resource url-prefix="/typo-api" path="/notes/:id" entity="TypoNote"><template>{{ items.length }}</template></data-resource>
        </data-provider>
      `);
      const resource = outer.querySelector('data-resource')!;
      await until(() => resource.textContent!.includes('2'), 'the outer provider holds notes');
      const inner = document.createElement('data-provider');
      inner.innerHTML = `<data-query id="open" entity="TypoNote" count><template>{{ count ?? '…' }} open</template></data-query>`;
      outer.append(inner);
      await until(() => neverHeld().length === 1, 'told');
      expect(neverHeld()[0]).to.equal(
        'data-elements (development mode): <data-query id="open">: it shows nothing: the cache of its <data-provider> has never held a row of "TypoNote", ' +
          "and no request is in flight. An outer <data-provider> holds TypoNote rows, but <data-query> reads the nearest provider's cache: " +
          'move it out of the inner <data-provider>, or load TypoNote rows under that one.',
      );
      expect(inner.querySelector('data-query')!.textContent).to.contain('… open');
    });

    it("an entity name close to a table of the provider: waits for the provider's requests, then asks 'did you mean'", async () => {
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-resource url-prefix="/typo-api" path="/notes/:id" entity="TypoNote"><template>{{ items.length }}</template></data-resource>
          <data-query entity="TypoNotes" count><template>{{ count ?? '…' }}</template></data-query>
        </data-provider>
      `);
      await until(() => neverHeld().length === 1, 'told');
      expect(requestCount(provider.activeController)).to.equal(0);
      expect(neverHeld()[0]).to.contain('has never held a row of "TypoNotes", and no request is in flight. Did you mean entity="TypoNote"? (this cache holds: TypoNote)');
    });

    it('a query whose rows arrive is not told', async () => {
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-query entity="TypoNote" count><template>{{ count ?? '…' }}</template></data-query>
          <data-resource url-prefix="/typo-api" path="/notes/:id" entity="TypoNote"><template>{{ items.length }}</template></data-resource>
        </data-provider>
      `);
      const query = provider.querySelector('data-query')!;
      await until(() => query.textContent!.trim() === '2', 'the count shows');
      // Whatever was waiting to look has looked by the time a task queued after the page's last request ran.
      await new Promise(resolve => setTimeout(resolve, 0));
      await new Promise(resolve => setTimeout(resolve, 0));
      expect(neverHeld()).to.deep.equal([]);
    });
  });

  describe('a <data-query> that filters or sorts on a field no row has', () => {
    const fieldTold = () => messages().filter(m => m.includes('which no TypoNote row has'));

    it('once the rows are there: names the attribute and the field, with "did you mean", once per field', async () => {
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-query id="q" entity="TypoNote" filter='{"titel": "one"}' sort="-du,id"><template>{{ items.length }} rows</template></data-query>
          <data-resource url-prefix="/typo-api" path="/notes/:id" entity="TypoNote"><template>{{ items.length }}</template></data-resource>
        </data-provider>
      `);
      const query = provider.querySelector('data-query')!;
      await until(() => fieldTold().length === 2, 'both told');
      expect(fieldTold()).to.deep.equal([
        'data-elements (development mode): <data-query id="q">: its filter names the field "titel", which no TypoNote row has, so it matches nothing: did you mean "title"? (the rows have: id, title, due)',
        'data-elements (development mode): <data-query id="q">: its sort names the field "du", which no TypoNote row has, so it does not order the rows: did you mean "due"? (the rows have: id, title, due)',
      ]);
      expect(warned().find(args => String(args[0]).includes('"titel"'))![1]).to.equal(query);
      // Updates after that say nothing more.
      query.sort = 'du';
      await query.updateComplete;
      expect(fieldTold()).to.have.length(2);
    });

    it('a field one row has (an optional one) is not told', async () => {
      const provider = await fixture<DataProvider>(html`
        <data-provider>
          <data-query entity="TypoNote" filter='{"due": "2030-01-01"}' sort="title"><template>{{ items.length }} rows</template></data-query>
          <data-resource url-prefix="/typo-api" path="/notes/:id" entity="TypoNote"><template>{{ items.length }}</template></data-resource>
        </data-provider>
      `);
      const query = provider.querySelector('data-query')!;
      await until(() => query.textContent!.includes('1 rows'), 'the filtered row shows');
      expect(fieldTold()).to.deep.equal([]);
    });
  });
});
