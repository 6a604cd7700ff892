// Security of rendering, across every way data reaches the page: server
// strings that carry markup, script URLs or template syntax are shown as text by
// <data-resource> and <data-query> templates (stampino) and by Lit components reading with
// useSuspense / useCache. Nothing runs (`window.__pwned` stays unset), no element is created
// from data, and template syntax in data is not evaluated. The elements' own suites test each
// element in depth; this one runs the same hostile rows through all of them at once.
// (The build and sources are grepped for HTML sinks in test/node/reliability-no-html-sinks.test.ts.)
import {expect, fixture, html} from '@open-wc/testing';
import {LitElement} from 'lit';
import type {DataProvider} from '../components/data-provider.js';
import '../components/data-provider.js';
import '../components/data-query.js';
import '../components/data-resource.js';
import {Controller} from '../src/core/index.js';
import {useCache, useSuspense} from '../src/lit/index.js';
import {createResource} from '../src/rest/index.js';
import {Entity} from '../src/schema/index.js';
import {until, watchPageEachTest} from './elements-fixtures.js';

/** Set by any of the payloads below, should one ever run. */
const pwned = () => (window as {__pwned?: unknown}).__pwned;

/** What a hostile server sends as titles. */
const HOSTILE = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=2</script>',
  '"><svg onload="window.__pwned=3"></svg>',
  '<iframe srcdoc="<script>parent.__pwned=4</script>"></iframe>',
  '{{ constructor.constructor("window.__pwned=5")() }}',
  '${window.__pwned=6}',
  'javascript:window.__pwned=7',
];
const rows = HOSTILE.map((title, i) => ({id: i + 1, title, link: title, completed: false}));

/** The table the elements below declare (entity="RelNote"): rows meet there by its name. */
class RelNote extends Entity {
  id = 0;
  title = '';
  static override key = 'RelNote';
}
const Resource = createResource({path: '/rel-api/notes/:id', schema: RelNote});

class LitNote extends LitElement {
  noteId = 1;
  readonly note = useSuspense(this, Resource.get, () => ({id: this.noteId}));
  readonly list = useCache(this, Resource.getList);
  override render() {
    // No href binding here: Lit does not check URLs, so a component that binds data into
    // href must check it itself (docs/reliability.md); the elements do (checked below).
    const note = this.note.value as {title: string} | undefined;
    const list = (this.list.value ?? []) as {title: string}[];
    return html`<p class="title" title=${note?.title ?? ''}>${note?.title}</p>
      <ul>${list.map(row => html`<li>${row.title}</li>`)}</ul>`;
  }
}
customElements.define('rel-lit-note', LitNote);
declare global {
  interface HTMLElementTagNameMap {
    'rel-lit-note': LitNote;
  }
}

/** Elements that the data could have created, anywhere under `root` (shadow roots included). */
function injected(root: Element | ShadowRoot): Element[] {
  const found = [...root.querySelectorAll('img, script, svg, iframe')];
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) found.push(...injected(el.shadowRoot));
  return found;
}

describe('server strings render as text everywhere', () => {
  beforeEach(() => {
    delete (window as {__pwned?: unknown}).__pwned;
  });
  const page = watchPageEachTest();

  it('in <data-resource>, <data-query> and Lit readers: same text, no element from data, nothing runs', async () => {
    const controller = new Controller();
    // Cached as if fetched: no network, and nothing is refetched while fresh.
    controller.setResponse(Resource.getList, {}, rows);
    for (const row of rows) controller.setResponse(Resource.get, {id: row.id}, row);
    const provider = await fixture<DataProvider>(html`
      <data-provider .controller=${controller}>
        <data-resource path="/rel-api/notes/:id" entity="RelNote">
          <template>
            <ul>
              <template type="repeat" repeat="{{ items }}">
                <li title="{{ item.title }}"><span class="title">{{ item.title }}</span><a href="{{ item.link }}">go</a></li>
              </template>
            </ul>
          </template>
        </data-resource>
        <data-query entity="RelNote" sort="id">
          <template>
            <template type="repeat" repeat="{{ items }}"><p class="title" data-t="{{ item.title }}">{{ item.title }}</p></template>
          </template>
        </data-query>
        ${HOSTILE.map((_, i) => html`<rel-lit-note .noteId=${i + 1}></rel-lit-note>`)}
      </data-provider>
    `);
    const resource = provider.querySelector('data-resource')!;
    const query = provider.querySelector('data-query')!;
    const notes = [...provider.querySelectorAll('rel-lit-note')];
    await until(() => resource.querySelectorAll('li').length === HOSTILE.length, 'the resource rows');
    await until(() => query.querySelectorAll('p').length === HOSTILE.length, 'the query rows');
    await Promise.all(notes.map(n => n.updateComplete));

    expect([...resource.querySelectorAll('.title')].map(s => s.textContent)).to.deep.equal(HOSTILE);
    expect([...resource.querySelectorAll('li')].map(li => li.getAttribute('title'))).to.deep.equal(HOSTILE);
    expect([...query.querySelectorAll('.title')].map(p => p.textContent)).to.deep.equal(HOSTILE);
    expect([...query.querySelectorAll('.title')].map(p => p.getAttribute('data-t'))).to.deep.equal(HOSTILE);
    notes.forEach((note, i) => {
      expect(note.shadowRoot!.querySelector('.title')!.textContent).to.equal(HOSTILE[i]);
      expect(note.shadowRoot!.querySelector('.title')!.getAttribute('title')).to.equal(HOSTILE[i]);
      expect([...note.shadowRoot!.querySelectorAll('li')].map(li => li.textContent)).to.deep.equal(HOSTILE);
    });
    // A script URL from data never lands in an element's href (it becomes about:blank).
    expect(resource.querySelectorAll('a').length).to.equal(HOSTILE.length);
    for (const a of resource.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.to.match(/^\s*javascript:/i);

    expect(injected(provider), 'no element created from data').to.deep.equal([]);
    await page.settle(); // an onerror/onload would have fired by the time queued events are delivered
    expect(pwned()).to.equal(undefined);
  });
});
