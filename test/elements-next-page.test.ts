// <data-resource> infinite lists: `pagination-field` (page numbers) or a resource with a
// cursor; a <button data-action="loadNextPage">, a form of that action and the loadNextPage()
// method add the next page to the list shown; `hasMore` and `loadingMore` in the template; a
// page that fails keeps the list and is shown like a failed write.
import {expect, fixture, html} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {DataProvider} from '../components/data-provider.js';
import {DataResource} from '../components/data-resource.js';
import type {DataErrorDetail, DataLoadDetail} from '../components/template-host-element.js';
import {Controller} from '../src/core/index.js';
import {createResource} from '../src/rest/index.js';
import {Entity, schema} from '../src/schema/index.js';
import {startWorker} from './helpers/msw.js';
import {elementSuiteHooks, text, until} from './elements-fixtures.js';

void [DataProvider, DataResource];

const notes = Array.from({length: 7}, (_, i) => ({id: i + 1, title: `note ${i + 1}`}));
let held: Promise<void> | undefined;
let failPage: number | undefined;
const requested: string[] = [];
const handlers = () => [
  // Bare pages of 3 by number; past the end, an empty page.
  http.get('/np-api/notes', async ({request}) => {
    const url = new URL(request.url);
    requested.push(url.search);
    const page = Number(url.searchParams.get('page') ?? 1);
    if (held) await held;
    if (page === failPage) return HttpResponse.json({message: `page ${page} is gone`}, {status: 400});
    return HttpResponse.json(notes.slice((page - 1) * 3, page * 3));
  }),
  http.get('/np-api/notes/:id', ({params}) => HttpResponse.json(notes.find(n => String(n.id) === params['id']))),
  // A server that does not know the page param: always the first three notes.
  http.get('/np-api/unpaged', ({request}) => {
    requested.push(new URL(request.url).search);
    return HttpResponse.json(notes.slice(0, 3));
  }),
  // The same notes with a cursor in the body.
  http.get('/np-api/cursored', ({request}) => {
    const offset = Number(new URL(request.url).searchParams.get('after') ?? 0);
    return HttpResponse.json({notes: notes.slice(offset, offset + 4), after: offset + 4 < notes.length ? String(offset + 4) : ''});
  }),
];

const rowTemplate = '<template type="repeat" repeat="{{ items }}"><p class="title">{{ item.title }}</p></template>';
const titles = (el: Element) => [...el.querySelectorAll('.title')].map(text);

/** A page-numbered <data-resource> of notes with `inner` as its template's content (a string: Lit binds nothing inside a <template>). */
async function mount(inner: string, path = '/notes/:id') {
  const events: CustomEvent[] = [];
  const record = (e: Event) => events.push(e as CustomEvent);
  const provider = await fixture<DataProvider>(`
    <data-provider>
      <data-resource url-prefix="/np-api" path="${path}" entity="NpNote" pagination-field="page"><template>${inner}</template></data-resource>
    </data-provider>
  `);
  provider.addEventListener('data-error', record);
  provider.addEventListener('data-next-page', record);
  const el = provider.querySelector<DataResource>('data-resource')!;
  await until(() => el.querySelector('.title') !== null || el.hasAttribute('error'), 'the first page rendered');
  expect(el.hasAttribute('error'), events.map(e => e.detail?.message).join()).to.equal(false);
  return {el, events};
}

describe('<data-resource>: infinite lists', () => {
  elementSuiteHooks();
  beforeEach(() => {
    held = undefined;
    failPage = undefined;
    requested.length = 0;
    return startWorker(...handlers());
  });

  it('a button action loads page after page; hasMore ends with an empty page; rows keep their DOM', async () => {
    const {el, events} = await mount(`${rowTemplate}
      <template type="if" if="{{ hasMore }}"><button data-action="loadNextPage" ?disabled="{{ loadingMore }}">More</button></template>`);
    expect(titles(el)).to.deep.equal(['note 1', 'note 2', 'note 3']);
    const firstRow = el.querySelector('.title');

    let release!: () => void;
    held = new Promise(resolve => (release = resolve));
    el.querySelector('button')!.click();
    await until(() => el.querySelector('button')?.disabled === true, 'loadingMore disables the button');
    release();
    await until(() => titles(el).length === 6, 'page 2 appended');
    held = undefined;
    expect(el.querySelector('.title')).to.equal(firstRow, 'the first row is the same node');
    expect(el.querySelector('button')!.disabled).to.equal(false);

    el.querySelector('button')!.click();
    await until(() => titles(el).length === 7, 'page 3 appended');
    el.querySelector('button')!.click();
    await until(() => el.querySelector('button') === null, 'page 4 was empty: no more');
    expect(titles(el)).to.deep.equal(notes.map(n => n.title));
    expect(requested).to.deep.equal(['', '?page=2', '?page=3', '?page=4']);
    const loaded = events.filter(e => e.type === 'data-next-page');
    expect(loaded).to.have.length(3);
    expect(loaded[0]!.bubbles && loaded[0]!.composed).to.equal(true);
    expect(((loaded[0]!.detail as DataLoadDetail).data as unknown[]).length).to.equal(6);
  });

  it('a server that ignores the page param: hasMore ends after the page that added nothing, and no more is asked', async () => {
    const {el} = await mount(
      `${rowTemplate}
      <template type="if" if="{{ hasMore }}"><button data-action="loadNextPage">More</button></template>`,
      '/unpaged/:id',
    );
    expect(titles(el)).to.deep.equal(['note 1', 'note 2', 'note 3']);
    el.querySelector('button')!.click();
    await until(() => el.querySelector('button') === null, 'page 2 added nothing: no more');
    expect(await el.loadNextPage()).to.equal(undefined);
    expect(titles(el)).to.deep.equal(['note 1', 'note 2', 'note 3']);
    expect(requested).to.deep.equal(['', '?page=2']);
  });

  it('loadNextPage() and a form action, over a resource with a cursor in the body', async () => {
    class CursorNote extends Entity {
      id = 0;
      title = '';
      static override key = 'NpCursorNote';
    }
    const resource = createResource({urlPrefix: '/np-api', path: '/cursored/:id', schema: CursorNote, paginationField: 'after'}).extend({
      getList: {schema: {notes: new schema.Collection([CursorNote]), after: ''}},
    });
    const provider = await fixture<DataProvider>(html`
      <data-provider .controller=${new Controller({retry: false})}>
        <data-resource .resource=${resource}>
          <template>
            <template type="repeat" repeat="{{ data.notes }}"><p class="title">{{ item.title }}</p></template>
            <p class="more">{{ hasMore ? 'more' : 'all' }}</p>
            <form data-action="loadNextPage"><button>More</button></form>
          </template>
        </data-resource>
      </data-provider>
    `);
    const el = provider.querySelector<DataResource>('data-resource')!;
    await until(() => titles(el).length === 4, 'the first page');
    expect(text(el.querySelector('.more')!)).to.equal('more');
    const list = (await el.loadNextPage()) as {notes: CursorNote[]};
    expect(list.notes.map(n => n.id)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
    await until(() => titles(el).length === 7, 'page 2 shown');
    expect(text(el.querySelector('.more')!)).to.equal('all', 'an empty cursor: no more');
    expect(await el.loadNextPage()).to.equal(undefined, 'nothing to load');
    el.querySelector('button')!.click();
    await el.updateComplete;
    expect(titles(el)).to.have.length(7);
  });

  it('a page that fails keeps the list, fires data-error once and is shown like a failed write', async () => {
    const {el, events} = await mount(rowTemplate);
    failPage = 2;
    let rejected: unknown;
    await el.loadNextPage().catch(error => (rejected = error));
    expect((rejected as Error).message).to.contain('page 2 is gone');
    await until(() => el.querySelector('.data-write-error') !== null, 'the failure shown');
    expect(titles(el)).to.deep.equal(['note 1', 'note 2', 'note 3'], 'the list is kept');
    expect(el.hasAttribute('error'), 'the list itself is fine').to.equal(false);
    const errors = events.filter(e => e.type === 'data-error');
    expect(errors).to.have.length(1);
    expect((errors[0]!.detail as DataErrorDetail).action).to.equal('loadNextPage');
    failPage = undefined;
    await el.loadNextPage();
    await until(() => titles(el).length === 6, 'tried again, page 2 loads');
  });

  it('loadNextPage() on an element reading one item rejects with a message naming it', async () => {
    const provider = await fixture<DataProvider>(html`
      <data-provider .controller=${new Controller({retry: false})}>
        <data-resource url-prefix="/np-api" path="/notes/:id" entity="NpNote" pagination-field="page" params='{"id": 1}' @data-error=${(e: Event) => e.preventDefault()}>
          <template>{{ item.title }}</template>
        </data-resource>
      </data-provider>
    `);
    const el = provider.querySelector<DataResource>('data-resource')!;
    let rejected: unknown;
    await el.loadNextPage().catch(error => (rejected = error));
    expect((rejected as Error).message).to.match(/<data-resource.*loadNextPage loads a page of a list/);
  });
});
