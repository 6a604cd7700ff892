// Development mode: an attribute close to one the element knows gets a "did you mean", an
// attribute naming a JS-only property says so, and a template name the model lacks is
// reported once per element, each with console.warn.
import {expect, fixture, html} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {DataProvider} from '../components/data-provider.js';
import {DataQuery} from '../components/data-query.js';
import {DataResource} from '../components/data-resource.js';
import {recordConsole} from './helpers/console-calls.js';
import {startWorker} from './helpers/msw.js';
import {elementSuiteHooks, until} from './elements-fixtures.js';

void [DataProvider, DataQuery, DataResource];

const consoleWarn = recordConsole('warn');
const warned = () => consoleWarn.calls();
const messages = () => warned().map(args => String(args[0])).filter(m => m.startsWith('data-elements (development mode):'));

describe('development mode: typos', () => {
  elementSuiteHooks();
  beforeEach(() => startWorker(http.get('/typo-api/notes', () => HttpResponse.json([{id: 1, title: 'one'}]))));

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
    await until(() => el.querySelectorAll('span').length === 1, 'the list rendered');
    el.requestUpdate();
    await el.updateComplete;
    const reports = messages().filter(m => m.includes('its template reads'));
    expect(reports).to.have.length(1);
    expect(reports[0]).to.contain('<data-resource id="notes">: its template reads "itmes", which the model does not have: did you mean "items"?');
    expect(reports[0]).to.contain('(the model has: data, items, item, loading, previous, error, hasMore, loadingMore, resource)');
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
});
