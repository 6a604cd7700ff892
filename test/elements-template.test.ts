// Templates: stampino 0.8.3 over lit-html 3.3.3 (pinned together), with the guard that keeps
// data text-only, the URL sanitizer, and the keyed repeat. Runs in every engine.
import {expect} from '@open-wc/testing';
import {render} from 'lit';
import {prepareSafeTemplate} from '../components/template-renderer.js';
import {isSafeUrl, safeUrl} from '../components/template-safe-url.js';

declare global {
  interface Window {
    __pwned?: number;
  }
}

function templateOf(html: string): HTMLTemplateElement {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template;
}

function stamp(html: string, model: object, container = document.createElement('div')): HTMLElement {
  render(prepareSafeTemplate(templateOf(html))(model), container);
  document.body.append(container);
  return container;
}

/** A stand-in for an Entity instance: keyed by pk(). */
function row(id: number, title: string) {
  return {id, title, pk() {
    return this.id;
  }};
}

describe('elements: templates (stampino over lit-html)', () => {
  afterEach(() => {
    for (const el of document.body.querySelectorAll('div')) el.remove();
    delete window.__pwned;
  });

  it('renders text, if and repeat bindings from a plain model', () => {
    const el = stamp(
      `<h1>{{ title }}</h1>
       <template type="if" if="{{ show }}"><p class="shown">yes</p></template>
       <template type="if" if="{{ !show }}"><p class="hidden">no</p></template>
       <ul><template type="repeat" repeat="{{ items }}"><li data-i="{{ index }}">{{ item.name }}</li></template></ul>
       <span>{{ count + 1 }}</span>`,
      {title: 'Todos', show: true, items: [{name: 'a'}, {name: 'b'}], count: 1},
    );
    expect(el.querySelector('h1')!.textContent).to.equal('Todos');
    expect(el.querySelector('.shown')).to.exist;
    expect(el.querySelector('.hidden')).to.be.null;
    expect([...el.querySelectorAll('li')].map(li => `${li.dataset['i']}:${li.textContent}`)).to.deep.equal(['0:a', '1:b']);
    expect(el.querySelector('span')!.textContent).to.equal('2');
  });

  it('binds each part to its own node when the template holds comments, at any depth', () => {
    const template = templateOf(
      `<!-- top --><b class="{{ x }}">{{ x }}</b><!-- between -->
       <ul><!-- in an element --><li title="{{ x }}">{{ x }}</li></ul>
       <template type="if" if="{{ true }}"><!-- in an if --><i data-x="{{ x }}">{{ x }}</i></template>
       <template type="repeat" repeat="{{ [1] }}"><!-- in a row --><s data-x="{{ x }}">{{ x }}</s><!-- last --></template><!-- end -->`,
    );
    const container = document.createElement('div');
    document.body.append(container);
    for (const x of ['one', 'two']) {
      render(prepareSafeTemplate(template)({x}), container);
      const b = container.querySelector('b')!;
      const li = container.querySelector('li')!;
      const i = container.querySelector('i')!;
      const s = container.querySelector('s')!;
      expect([b.textContent, b.className], x).to.deep.equal([x, x]);
      expect([li.textContent, li.title], x).to.deep.equal([x, x]);
      expect([i.textContent, i.dataset['x']], x).to.deep.equal([x, x]);
      expect([s.textContent, s.dataset['x']], x).to.deep.equal([x, x]);
    }
  });

  it('calls model functions from event bindings', () => {
    const clicked: unknown[] = [];
    const el = stamp(
      `<template type="repeat" repeat="{{ items }}"><button @click="{{ () => select(item) }}">{{ item.name }}</button></template>`,
      {items: [{name: 'a'}, {name: 'b'}], select: (item: unknown) => clicked.push(item)},
    );
    el.querySelectorAll('button')[1]!.click();
    expect(clicked).to.deep.equal([{name: 'b'}]);
  });

  it('renders a title holding markup as text: no element is created and nothing runs', () => {
    const title = '<img src=x onerror="window.__pwned=1">';
    const el = stamp(`<p title="{{ item.title }}">{{ item.title }}</p>`, {item: {title}});
    expect(el.querySelector('p')!.textContent).to.equal(title);
    expect(el.querySelector('p')!.getAttribute('title')).to.equal(title);
    expect(el.querySelector('img')).to.be.null;
    expect(document.querySelector('img')).to.be.null;
    expect(window.__pwned).to.equal(undefined);
  });

  it('renders JSON posing as a lit template result or directive as text, without throwing', () => {
    const posers: unknown[] = [
      {_$litType$: 1, strings: ['<b class="evil">x</b>'], values: []},
      {_$litType$: {h: ['<b class="evil">x</b>'], parts: []}, values: []},
      {_$litDirective$: 'x', values: []},
      {toString: 'not a function'},
    ];
    const el = stamp(`<template type="repeat" repeat="{{ posers }}"><p>{{ item }}</p></template>`, {posers});
    expect(el.querySelectorAll('p')).to.have.length(4);
    expect(el.querySelector('.evil')).to.be.null;
    for (const p of el.querySelectorAll('p')) expect(p.textContent).to.equal('[object Object]');
  });

  it('never puts a script URL bound from data into href, src, action, formaction or xlink:href', () => {
    const unsafe = [
      'javascript:window.__pwned=1',
      'JaVaScRiPt:window.__pwned=1',
      '  javascript:window.__pwned=1',
      'java\tscript:window.__pwned=1',
      '\u0001javascript:window.__pwned=1',
      'data:text/html,<script>window.__pwned=1</script>',
      'vbscript:msgbox(1)',
    ];
    for (const url of unsafe) {
      const el = stamp(
        `<a href="{{ url }}">a</a><img src="{{ url }}"><form action="{{ url }}"><button formaction="{{ url }}">b</button></form>
         <svg><a xlink:href="{{ url }}"><text>t</text></a></svg><a class="prop" .href="{{ url }}">p</a><iframe src="{{ url }}"></iframe>`,
        {url},
      );
      expect(el.querySelector('a')!.getAttribute('href'), url).to.equal('about:blank');
      expect(el.querySelector('img')!.getAttribute('src'), url).to.equal('about:blank');
      expect(el.querySelector('form')!.getAttribute('action'), url).to.equal('about:blank');
      expect(el.querySelector('button')!.getAttribute('formaction'), url).to.equal('about:blank');
      // stampino re-sets it through setAttribute, as a plain (un-namespaced) `xlink:href` attribute.
      expect(el.querySelector('svg a')!.getAttribute('xlink:href'), url).to.equal('about:blank');
      expect((el.querySelector('a.prop') as HTMLAnchorElement).href, url).to.equal('about:blank');
      expect(el.querySelector('iframe')!.getAttribute('src'), url).to.equal('about:blank');
      el.remove();
    }
    expect(window.__pwned).to.equal(undefined);
  });

  it('checks the whole composed URL, and lets safe URLs through unchanged', () => {
    const el = stamp(
      `<a class="composed" href="{{ scheme }}:alert(1)">x</a>
       <a class="path" href="/todos/{{ id }}?q={{ q }}">x</a>
       <a class="abs" href="{{ abs }}">x</a>
       <a class="mail" href="{{ mail }}">x</a>
       <a class="frag" href="{{ frag }}">x</a>
       <a class="rel" href="{{ rel }}">x</a>`,
      {scheme: 'javascript', id: 7, q: 'a b', abs: 'https://example.com/x?y=1', mail: 'mailto:a@example.com', frag: '#top', rel: 'img/a.png'},
    );
    expect(el.querySelector('.composed')!.getAttribute('href')).to.equal('about:blank');
    expect(el.querySelector('.path')!.getAttribute('href')).to.equal('/todos/7?q=a b');
    expect(el.querySelector('.abs')!.getAttribute('href')).to.equal('https://example.com/x?y=1');
    expect(el.querySelector('.mail')!.getAttribute('href')).to.equal('mailto:a@example.com');
    expect(el.querySelector('.frag')!.getAttribute('href')).to.equal('#top');
    expect(el.querySelector('.rel')!.getAttribute('href')).to.equal('img/a.png');
  });

  it('sanitizes URL bindings inside repeated rows and nested ifs too', () => {
    const el = stamp(
      `<template type="if" if="{{ true }}"><template type="repeat" repeat="{{ links }}"><a href="{{ item }}">x</a></template></template>`,
      {links: ['https://ok.example', 'javascript:window.__pwned=1']},
    );
    expect([...el.querySelectorAll('a')].map(a => a.getAttribute('href'))).to.deep.equal(['https://ok.example', 'about:blank']);
  });

  it('renders called blocks (<template call data>) with the same guarantees', () => {
    const el = stamp(
      `<div class="defs"><template name="link"><a href="{{ url }}">{{ label }}</a></template></div>
       <ul><template type="repeat" repeat="{{ links }}"><li><template call="link" data="{{ item }}"></template></li></template></ul>`,
      {
        url: '/home',
        label: 'Home',
        links: [
          {url: 'https://ok.example', label: '<b>bold</b>'},
          {url: 'javascript:window.__pwned=1', label: 'bad'},
        ],
      },
    );
    expect(el.querySelector('.defs a')!.getAttribute('href')).to.equal('/home');
    const links = [...el.querySelectorAll('li a')];
    expect(links.map(a => a.getAttribute('href'))).to.deep.equal(['https://ok.example', 'about:blank']);
    expect(links.map(a => a.textContent)).to.deep.equal(['<b>bold</b>', 'bad']);
    expect(el.querySelector('b')).to.be.null;
  });

  it('drops bindings into event handler attributes and HTML properties', () => {
    const el = stamp(`<button onclick="{{ code }}">b</button><div class="h" .innerHTML="{{ code }}"></div>`, {
      code: 'window.__pwned=1',
    });
    expect(el.querySelector('button')!.hasAttribute('onclick')).to.equal(false);
    el.querySelector('button')!.click();
    expect(el.querySelector('.h')!.innerHTML).to.equal('');
    expect(window.__pwned).to.equal(undefined);
  });

  it('classifies URLs like the URL parser does', () => {
    expect(isSafeUrl('/a/b')).to.equal(true);
    expect(isSafeUrl('a:b/c')).to.equal(false);
    expect(isSafeUrl('a/b:c')).to.equal(true);
    expect(isSafeUrl('HTTPS://x')).to.equal(true);
    expect(isSafeUrl('java\nscript:x')).to.equal(false);
    expect(safeUrl(undefined)).to.equal('');
    expect(safeUrl('blob:https://x/1')).to.equal('about:blank');
  });

  describe('keyed repeat', () => {
    const html = `<ul><template type="repeat" repeat="{{ items }}"><li>{{ item.title }}</li></template></ul>`;

    it('keeps the DOM of each entity row by pk when the first row is removed', () => {
      const template = templateOf(html);
      const container = document.createElement('div');
      document.body.append(container);
      const [a, b, c] = [row(1, 'a'), row(2, 'b'), row(3, 'c')];
      render(prepareSafeTemplate(template)({items: [a, b, c]}), container);
      const [, liB, liC] = container.querySelectorAll('li');
      render(prepareSafeTemplate(template)({items: [b, c]}), container);
      const after = container.querySelectorAll('li');
      expect(after).to.have.length(2);
      expect(after[0]).to.equal(liB);
      expect(after[1]).to.equal(liC);
      expect(after[0]!.textContent).to.equal('b');
    });

    it('uses the key expression when the template has one', () => {
      const template = templateOf(
        `<template type="repeat" repeat="{{ items }}" key="{{ item.slug }}"><p>{{ item.slug }}</p></template>`,
      );
      const container = document.createElement('div');
      document.body.append(container);
      render(prepareSafeTemplate(template)({items: [{slug: 'x'}, {slug: 'y'}]}), container);
      const pY = container.querySelectorAll('p')[1];
      render(prepareSafeTemplate(template)({items: [{slug: 'y'}]}), container);
      expect(container.querySelector('p')).to.equal(pY);
    });

    it('falls back to positions for plain items and duplicate keys', () => {
      const template = templateOf(html);
      const container = document.createElement('div');
      document.body.append(container);
      render(prepareSafeTemplate(template)({items: [{title: 'a'}, {title: 'b'}]}), container);
      const first = container.querySelector('li');
      render(prepareSafeTemplate(template)({items: [{title: 'b'}]}), container);
      expect(container.querySelector('li')).to.equal(first);
      expect(first!.textContent).to.equal('b');
      render(prepareSafeTemplate(template)({items: [row(1, 'x'), row(1, 'y')]}), container);
      expect([...container.querySelectorAll('li')].map(li => li.textContent)).to.deep.equal(['x', 'y']);
    });
  });
});
