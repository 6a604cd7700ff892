// <data-resource link-header pagination-field="cursor">: an infinite list from attributes alone
// over an API that pages with a cursor in the `Link` header (rel="next"). Pages append through
// that cursor, a response without rel="next" ends `hasMore`, an overlapping page keeps one row
// per entity, and a failing page (an HTTP error, a Link header that does not fit) keeps the list.
import {expect, fixture} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {AttributeError} from '../components/attribute-error.js';
import {DataProvider} from '../components/data-provider.js';
import {DataResource} from '../components/data-resource.js';
import type {DataErrorDetail, DataLoadDetail} from '../components/template-host-element.js';
import {startWorker} from './helpers/msw.js';
import {elementSuiteHooks, text, until} from './elements-fixtures.js';

void [DataProvider, DataResource];

const posts = Array.from({length: 7}, (_, i) => ({id: i + 1, title: `post ${i + 1}`}));
/** Opaque cursors, so that nothing but the Link header can say which page comes next. */
const cursorOf = (offset: number) => btoa(`o${offset}`);
const offsetOf = (cursor: string | null) => (cursor === null ? 0 : Number(atob(cursor).slice(1)));

let pageSize = 3;
/** Where each page after the first starts: its cursor's offset, less this overlap. */
let overlap = 0;
/** Titles the server has changed since the first page. */
let edits: Record<number, string> = {};
/** A page (by offset) that answers 400, or whose Link header is replaced by `badLink`. */
let failAt: number | undefined;
let badLink: string | undefined;
const requested: string[] = [];
/** While set, answers wait for it. */
let held: Promise<void> | undefined;

const handlers = () => [
  http.get('/lh-api/posts', async ({request}) => {
    const url = new URL(request.url);
    requested.push(url.search);
    if (held) await held;
    const cursor = url.searchParams.get('cursor');
    const start = cursor === null ? 0 : Math.max(0, offsetOf(cursor) - overlap);
    if (start === failAt && badLink === undefined) return HttpResponse.json({message: `page at ${start} is gone`}, {status: 400});
    const end = (cursor === null ? 0 : offsetOf(cursor)) + pageSize;
    const page = posts.slice(start, end).map(p => (edits[p.id] ? {...p, title: edits[p.id]} : p));
    const headers = new Headers();
    // Another relation first, and the limit before the cursor: only rel="next"'s cursor counts.
    if (end < posts.length) headers.set('Link', `</lh-api/posts>; rel="first", </lh-api/posts?limit=${pageSize}&cursor=${encodeURIComponent(cursorOf(end))}>; rel="next"`);
    if (start === failAt && badLink !== undefined) headers.set('Link', badLink);
    return HttpResponse.json(page, {headers});
  }),
  http.post('/lh-api/posts', async ({request}) => HttpResponse.json({...((await request.json()) as object), id: 99}, {status: 201})),
];

const rowTemplate = '<template type="repeat" repeat="{{ items }}"><p class="title">{{ item.title }}</p></template>';
const moreButton = '<p><template type="if" if="{{ hasMore }}"><button data-action="loadNextPage" ?disabled="{{ loadingMore }}">{{ loadingMore ? \'Loading…\' : \'Load more\' }}</button></template></p>';
const titles = (el: Element) => [...el.querySelectorAll('.title')].map(text);

/** A <data-resource> of posts with `attributes` and `inner` as its template (strings: Lit binds nothing inside a <template>). */
async function mount(attributes: string, inner = rowTemplate + moreButton) {
  const events: CustomEvent[] = [];
  const record = (e: Event) => events.push(e as CustomEvent);
  // On the document, from before the element exists: a malformed attribute is announced at once.
  const types = ['data-error', 'data-next-page', 'data-load'];
  for (const type of types) document.addEventListener(type, record);
  try {
    const provider = await fixture<DataProvider>(`
      <data-provider>
        <data-resource id="feed" url-prefix="/lh-api" path="/posts/:id" entity="LhPost" ${attributes}><template>${inner}</template></data-resource>
      </data-provider>
    `);
    const el = provider.querySelector<DataResource>('data-resource')!;
    await until(() => el.querySelector('.title') !== null || el.hasAttribute('error'), 'the first page rendered');
    return {el, events};
  } finally {
    stopRecording = () => types.forEach(type => document.removeEventListener(type, record));
  }
}

let stopRecording = () => {};

const PAGED = 'pagination-field="cursor" link-header';

describe('<data-resource link-header>: pages by the Link header', () => {
  elementSuiteHooks();
  beforeEach(() => {
    pageSize = 3;
    overlap = 0;
    edits = {};
    failAt = undefined;
    badLink = undefined;
    held = undefined;
    requested.length = 0;
    return startWorker(...handlers());
  });
  afterEach(() => stopRecording());

  it('appends each page through the cursor of rel="next"; the last page (no rel="next") ends hasMore', async () => {
    const {el, events} = await mount(PAGED);
    expect(el.hasAttribute('error')).to.equal(false);
    expect(titles(el)).to.deep.equal(['post 1', 'post 2', 'post 3'], 'items is the list, not {link, results}');
    const firstRow = el.querySelector('.title');
    const loaded = events.find(e => e.type === 'data-load')!.detail as DataLoadDetail;
    expect(loaded.data).to.be.an('array').with.length(3);

    let release!: () => void;
    held = new Promise(resolve => (release = resolve));
    el.querySelector('button')!.click();
    await until(() => el.querySelector('button')?.disabled === true, 'loadingMore disables the button');
    expect(text(el.querySelector('button')!)).to.equal('Loading…');
    release();
    held = undefined;
    await until(() => titles(el).length === 6, 'page 2 appended');
    expect(el.querySelector('.title')).to.equal(firstRow, 'the first row is the same node');

    el.querySelector('button')!.click();
    await until(() => titles(el).length === 7, 'page 3 appended');
    await until(() => el.querySelector('button') === null, 'page 3 had no rel="next": no more');
    expect(titles(el)).to.deep.equal(posts.map(p => p.title));
    expect(requested).to.deep.equal(['', `?cursor=${encodeURIComponent(cursorOf(3))}`, `?cursor=${encodeURIComponent(cursorOf(6))}`]);
    const pages = events.filter(e => e.type === 'data-next-page');
    expect(pages).to.have.length(2);
    expect((pages[1]!.detail as DataLoadDetail).data).to.be.an('array').with.length(7);
    expect(await el.loadNextPage()).to.equal(undefined, 'nothing more to load');
    expect(requested).to.have.length(3);
  });

  it('keeps the other params beside the cursor, and loadNextPage() resolves with the list', async () => {
    const {el} = await mount(`${PAGED} params='{"limit": 3}'`);
    expect(titles(el)).to.have.length(3);
    const list = (await el.loadNextPage()) as {id: number}[];
    expect(list.map(p => p.id)).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(requested).to.deep.equal(['?limit=3', `?cursor=${encodeURIComponent(cursorOf(3))}&limit=3`]);
  });

  it('an overlapping page: a row already listed keeps its place and takes the newer data', async () => {
    const {el} = await mount(PAGED);
    overlap = 1;
    edits = {3: 'post 3 (edited)'};
    await el.loadNextPage();
    await until(() => titles(el).length === 6, 'page 2 appended');
    expect(titles(el)).to.deep.equal(['post 1', 'post 2', 'post 3 (edited)', 'post 4', 'post 5', 'post 6']);
  });

  it('a page that fails keeps the list; a page whose Link header does not parse names the element and attribute', async () => {
    const {el, events} = await mount(PAGED);
    failAt = 3;
    let rejected: unknown;
    await el.loadNextPage().catch(error => (rejected = error));
    expect((rejected as Error).message).to.contain('page at 3 is gone');
    expect(titles(el)).to.deep.equal(['post 1', 'post 2', 'post 3'], 'the list is kept');
    expect(el.hasAttribute('error')).to.equal(false);
    await until(() => el.querySelector('.data-write-error') !== null, 'the failure shown');

    badLink = '/lh-api/posts?cursor=xyz; rel=next';
    rejected = undefined;
    await el.loadNextPage().catch(error => (rejected = error));
    expect(rejected).to.be.instanceOf(AttributeError);
    expect((rejected as AttributeError).attribute).to.equal('link-header');
    expect((rejected as Error).message).to.match(/^<data-resource id="feed">: the "link-header" attribute .*GET \S*\/lh-api\/posts\?cursor=.* does not fit: expected "<"/);
    const errors = events.filter(e => e.type === 'data-error');
    expect(errors).to.have.length(2);
    expect((errors[1]!.detail as DataErrorDetail).attribute).to.equal('link-header');
    expect((errors[1]!.detail as DataErrorDetail).action).to.equal('loadNextPage');
    expect(titles(el)).to.deep.equal(['post 1', 'post 2', 'post 3'], 'the list is kept');

    failAt = undefined;
    badLink = undefined;
    await el.loadNextPage();
    await until(() => titles(el).length === 6, 'tried again, page 2 loads');
  });

  it('a rel="next" URL without the pagination-field param is an error naming the element and attribute', async () => {
    failAt = 0;
    badLink = '</lh-api/posts?after=3>; rel="next"';
    const {el, events} = await mount(PAGED);
    expect(el.hasAttribute('error')).to.equal(true);
    const errors = events.filter(e => e.type === 'data-error');
    expect(errors).to.have.length(1);
    const detail = errors[0]!.detail as DataErrorDetail;
    expect(detail.attribute).to.equal('link-header');
    expect(detail.message).to.match(/^<data-resource id="feed">: the "link-header" attribute .*URL \/lh-api\/posts\?after=3 has no "cursor" param/);
    expect(text(el.querySelector('.data-error-message')!)).to.equal(detail.message);
  });

  it('link-header without pagination-field is an error naming the element and attribute; nothing is fetched until it is fixed', async () => {
    const {el, events} = await mount('link-header');
    expect(el.hasAttribute('error')).to.equal(true);
    const detail = events.find(e => e.type === 'data-error')!.detail as DataErrorDetail;
    expect(detail.attribute).to.equal('link-header');
    expect(detail.message).to.match(/^<data-resource id="feed">: the "link-header" attribute needs "pagination-field"/);
    expect(requested).to.deep.equal([]);
    el.setAttribute('pagination-field', 'cursor');
    await until(() => titles(el).length === 3, 'fixing the attribute recovers');
    expect(el.hasAttribute('error')).to.equal(false);
    await el.loadNextPage();
    await until(() => titles(el).length === 6, 'and pages by the Link header');
  });

  it('a created row joins the list read as {link, results}, and the pages still follow', async () => {
    const {el} = await mount(PAGED);
    await el.create({title: 'new post'});
    await until(() => titles(el).includes('new post'), 'the created row is listed');
    expect(titles(el)).to.have.length(4);
    await el.loadNextPage();
    await until(() => titles(el).length === 7, 'page 2 appended');
    expect(titles(el)).to.include.members(['new post', 'post 6']);
  });
});
