// An infinite list read by a Lit element: useSuspense over a list with `paginationField`, the
// next page loaded by the Controller into the same list. Appending a page renders only the new
// rows, and an update of one entity re-renders only its row.
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import {property} from 'lit/decorators.js';
import {repeat} from 'lit/directives/repeat.js';
import {http, HttpResponse} from 'msw';
import '../components/data-provider.js';
import type {DataProvider} from '../components/data-provider.js';
import {Controller} from '../src/core/index.js';
import {useSuspense} from '../src/lit/index.js';
import {createResource} from '../src/rest/index.js';
import {schema} from '../src/schema/index.js';
import {CountingElement, Item, makeItems, waitFor} from './helpers/lit-fixtures.js';
import {startWorker, stopWorker} from './helpers/msw.js';
import {fetchNextPage} from '../src/pagination/index.js';

after(() => stopWorker());

const rows = makeItems(12);
/** The list of items with a cursor in the body: {items, next}, `next` null on the last page. */
const PagedItems = createResource({path: '/pg-api/items/:id', schema: Item, paginationField: 'next'}).extend({
  getList: {schema: {items: new schema.Collection([Item]), next: ''}},
});
const handlers = [
  http.get('/pg-api/items', ({request}) => {
    const offset = Number(new URL(request.url).searchParams.get('next') ?? 0);
    const page = rows.slice(offset, offset + 5);
    return HttpResponse.json({items: page, next: offset + 5 < rows.length ? String(offset + 5) : null});
  }),
  http.patch('/pg-api/items/:id', async ({request, params}) => {
    const row = rows.find(r => String(r.id) === params['id'])!;
    Object.assign(row, await request.json());
    return HttpResponse.json(row);
  }),
];

/** One row: renders when its item changes. */
class PageRow extends CountingElement {
  @property({attribute: false}) item?: Item;
  override render() {
    return html`${this.item?.title}`;
  }
}
customElements.define('lit-page-row', PageRow);

/** The list: one row element per item, keyed by id. */
class PagedList extends LitElement {
  readonly list = useSuspense(this, PagedItems.getList, {});
  override render() {
    const value = this.list.value;
    if (!value) return html`loading`;
    return repeat(value.items, item => item.id, item => html`<lit-page-row .item=${item}></lit-page-row>`);
  }
}
customElements.define('lit-paged-list', PagedList);

declare global {
  interface HTMLElementTagNameMap {
    'lit-page-row': PageRow;
    'lit-paged-list': PagedList;
  }
}

describe('an infinite list in a Lit element', () => {
  beforeEach(() => startWorker(...handlers));

  it('a next page renders only its rows; an update of one entity re-renders only its row', async () => {
    const controller = new Controller();
    const provider = await fixture<DataProvider>(html`<data-provider .controller=${controller}><lit-paged-list></lit-paged-list></data-provider>`);
    const list = provider.querySelector('lit-paged-list')!;
    const rowsShown = () => [...list.shadowRoot!.querySelectorAll('lit-page-row')];
    await waitFor(() => rowsShown().length === 5, 'the first page');
    const firstRows = rowsShown();

    await fetchNextPage(controller, PagedItems.getList, {});
    await waitFor(() => rowsShown().length === 10, 'the second page appended');
    await Promise.all(rowsShown().map(row => row.updateComplete));
    expect(rowsShown().slice(0, 5)).to.deep.equal(firstRows, 'the first rows keep their DOM');
    expect(rowsShown().map(row => row.renders)).to.deep.equal(Array(10).fill(1), 'each row rendered once');

    await controller.fetch(PagedItems.partialUpdate, {id: 7}, {title: 'seven, renamed'});
    await waitFor(() => rowsShown()[6]!.shadowRoot!.textContent === 'seven, renamed', 'row 7 updated');
    await Promise.all(rowsShown().map(row => row.updateComplete));
    expect(rowsShown().map(row => row.renders)).to.deep.equal([1, 1, 1, 1, 1, 1, 2, 1, 1, 1], 'only row 7 rendered again');
  });
});
