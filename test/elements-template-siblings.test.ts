// Control templates (`type="if"`, `type="repeat"`) side by side at the top level of a
// template: each keeps its output in place, before whatever follows the template's output,
// on the first render and on updates of the list or the condition. Runs in every engine.
import {expect, fixture} from '@open-wc/testing';
import {html, render} from 'lit';
import {http, HttpResponse} from 'msw';
import {DataProvider} from '../components/data-provider.js';
import {DataResource} from '../components/data-resource.js';
import {prepareSafeTemplate} from '../components/template-renderer.js';
import {startWorker} from './helpers/msw.js';
import {elementSuiteHooks, text, until} from './elements-fixtures.js';

void [DataProvider, DataResource];

const REPEAT = '<template type="repeat" repeat="{{ items }}"><li>{{ item.title }}</li></template>';
const IF = '<template type="if" if="{{ more }}"><button>More</button></template>';

interface Model {
  items: {id: number; title: string; pk(): number}[];
  more: boolean;
  groups: string[];
}

/** Entity-like rows (keyed by pk, as the keyed repeat does for entities). */
const rows = (...ids: number[]) => ids.map(id => ({id, title: `t${id}`, pk: () => id}));

/** Each layout: its template source, and the words it should show for a model. */
const layouts: Record<string, {source: string; expected(model: Model): string[]}> = {
  'repeat, then if': {source: `${REPEAT}${IF}`, expected: m => [...titles(m), ...more(m)]},
  'if, then repeat': {source: `${IF}${REPEAT}`, expected: m => [...more(m), ...titles(m)]},
  'repeat, then repeat': {source: `${REPEAT}${REPEAT}`, expected: m => [...titles(m), ...titles(m)]},
  'if, then if': {source: `${IF}${IF}`, expected: m => [...more(m), ...more(m)]},
  'a repeat alone': {source: REPEAT, expected: titles},
  'repeat, then if, inside an if': {
    source: `<template type="if" if="{{ groups.length }}">${REPEAT}${IF}</template>`,
    expected: m => [...titles(m), ...more(m)],
  },
  'repeat, then if, in each row of a repeat': {
    source: `<template type="repeat" repeat="{{ groups }}"><b>{{ item }}</b>${REPEAT}${IF}</template>`,
    expected: m => m.groups.flatMap(group => [group, ...titles(m), ...more(m)]),
  },
  'repeat, then if, inside an element': {source: `<div>${REPEAT}${IF}</div>`, expected: m => [...titles(m), ...more(m)]},
};

function titles(model: Model): string[] {
  return model.items.map(item => item.title);
}

function more(model: Model): string[] {
  return model.more ? ['More'] : [];
}

/** First render, then updates that grow, reorder and empty the list and toggle the condition. */
const steps: Model[] = [
  {items: [], more: false, groups: ['g1', 'g2']},
  {items: rows(1, 2), more: true, groups: ['g1', 'g2']},
  {items: rows(1, 2, 3), more: true, groups: ['g1', 'g2']},
  {items: rows(3, 1, 2), more: false, groups: ['g1', 'g2']},
  {items: rows(2), more: true, groups: ['g1', 'g2']},
  {items: [], more: true, groups: ['g1', 'g2']},
  {items: rows(4, 5), more: false, groups: ['g1', 'g2']},
];

function templateOf(source: string): HTMLTemplateElement {
  const template = document.createElement('template');
  template.innerHTML = source;
  return template;
}

/** The words shown, in document order. */
const words = (root: Element) => [...root.querySelectorAll('li, button, b, i')].map(text);

describe('elements: control templates side by side', () => {
  describe('rendered by lit with siblings after the output', () => {
    afterEach(() => {
      for (const el of document.body.querySelectorAll('.siblings')) el.remove();
    });

    for (const [name, layout] of Object.entries(layouts)) {
      it(`${name}: stays before the siblings, first render and each update`, () => {
        const template = templateOf(layout.source);
        const container = document.createElement('div');
        container.className = 'siblings';
        document.body.append(container);
        let after: Element | null = null;
        for (const [i, model] of steps.entries()) {
          render(html`<i>before</i>${prepareSafeTemplate(template)(model)}<i>after</i>`, container);
          expect(words(container), `step ${i}`).to.deep.equal(['before', ...layout.expected(model), 'after']);
          after ??= container.querySelector('i:last-of-type');
          expect(container.querySelector('i:last-of-type'), `step ${i}: the sibling is the same node`).to.equal(after);
        }
      });
    }

    it('rows keep their DOM when an if follows the repeat', () => {
      const template = templateOf(`${REPEAT}${IF}`);
      const container = document.createElement('div');
      container.className = 'siblings';
      document.body.append(container);
      const show = (model: Model) => render(html`${prepareSafeTemplate(template)(model)}<i>after</i>`, container);
      show({items: rows(1, 2, 3), more: true, groups: []});
      const [, second, third] = container.querySelectorAll('li');
      show({items: rows(2, 3), more: false, groups: []});
      const kept = container.querySelectorAll('li');
      expect(kept).to.have.length(2);
      expect(kept[0]).to.equal(second);
      expect(kept[1]).to.equal(third);
    });
  });

  describe('in <data-resource>', () => {
    const notes = Array.from({length: 5}, (_, i) => ({id: i + 1, title: `note ${i + 1}`}));
    let entities = 0;
    elementSuiteHooks();
    beforeEach(() =>
      startWorker(
        // Pages of 2 by number; past the end, an empty page.
        http.get('/sib-api/notes', ({request}) => {
          const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
          return HttpResponse.json(notes.slice((page - 1) * 2, page * 2));
        }),
        http.post('/sib-api/notes', () => HttpResponse.json({message: 'refused'}, {status: 400})),
      ),
    );

    const rowsThenButton =
      '<template type="repeat" repeat="{{ items }}"><p class="title">{{ item.title }}</p></template>' +
      '<template type="if" if="{{ hasMore }}"><button data-action="loadNextPage">More</button></template>';
    const buttonThenRows =
      '<template type="if" if="{{ hasMore }}"><button data-action="loadNextPage">More</button></template>' +
      '<template type="repeat" repeat="{{ items }}"><p class="title">{{ item.title }}</p></template>';

    for (const [name, inner, order] of [
      ['a repeat directly followed by an if', rowsThenButton, 'rows first'],
      ['an if directly followed by a repeat', buttonThenRows, 'button first'],
    ] as const) {
      it(`${name}: renders, pages through to the end, and keeps its output before the write notice`, async () => {
        const errors: string[] = [];
        const provider = await fixture<DataProvider>(`
          <data-provider>
            <data-resource url-prefix="/sib-api" path="/notes/:id" entity="SibNote${entities++}" pagination-field="page"><template>${inner}</template><template data-state="write-error"><p class="notice">{{ message }}</p></template></data-resource>
          </data-provider>
        `);
        provider.addEventListener('data-error', event => errors.push((event as CustomEvent<{message: string}>).detail.message));
        const el = provider.querySelector<DataResource>('data-resource')!;
        const shown = () => [...el.querySelectorAll('.title, button, .notice')].map(text);
        const expected = (count: number, hasMore: boolean) => {
          const titles = notes.slice(0, count).map(n => n.title);
          const button = hasMore ? ['More'] : [];
          return order === 'rows first' ? [...titles, ...button] : [...button, ...titles];
        };

        await until(() => el.querySelector('.title') !== null || el.hasAttribute('error'), 'the first page');
        expect(errors).to.deep.equal([]);
        expect(shown()).to.deep.equal(expected(2, true));
        const firstRow = el.querySelector('.title');

        el.querySelector('button')!.click();
        await until(() => el.querySelectorAll('.title').length === 4 || el.hasAttribute('error'), 'page 2');
        expect(shown()).to.deep.equal(expected(4, true));
        expect(el.querySelector('.title')).to.equal(firstRow, 'the first row is the same node');

        el.querySelector('button')!.click();
        await until(() => el.querySelectorAll('.title').length === 5 || el.hasAttribute('error'), 'page 3');
        el.querySelector('button')!.click();
        await until(() => el.querySelector('button') === null || el.hasAttribute('error'), 'an empty page: no more');
        expect(errors).to.deep.equal([]);
        expect(el.hasAttribute('error')).to.equal(false);
        expect(shown()).to.deep.equal(expected(5, false));

        // A failed write is shown after the content, not in the middle of it.
        await el.create({title: 'x'}).catch(() => undefined);
        await until(() => el.querySelector('.notice') !== null, 'the write notice');
        expect(shown().slice(0, -1)).to.deep.equal(expected(5, false));
        expect(shown().at(-1)).to.contain('refused');
        expect(errors).to.have.length(1);
      });
    }
  });
});
