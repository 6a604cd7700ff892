// The elements' events are `bubbles` + `composed`: an element inside a component's shadow root
// is still heard by a listener on the document (an app's error monitor, a page-level loading
// bar). Each element here sits in a shadow root, and each event must reach the document as the
// very event the element dispatched: `data-load` of <data-resource>, `data-error` of the
// template elements (a failed read of <data-resource>, a malformed attribute of <data-query>)
// and `data-error` of <data-live> (a missing attribute: no server needed).
import {expect, fixture, html, oneEvent} from '@open-wc/testing';
import '../components/index.js';
import type {DataErrorDetail, DataLoadDetail} from '../components/template-host-element.js';
import {startWorker} from './helpers/msw.js';
import {elementSuiteHooks, makeTodos, todoServer} from './elements-fixtures.js';

/** What the document heard of one event: the event, and where it came from (read during the dispatch). */
interface Heard {
  event: Event;
  origin: EventTarget | undefined;
}

/**
 * Mounts a provider holding `el` in the shadow root of a host in the page, waits for `el`'s
 * first `type` event, and gives it with what a listener on the document heard meanwhile.
 * The event is awaited on `el` itself, so an event that stays in the shadow root fails the
 * assertions instead of leaving the test waiting: a dispatch runs every listener before
 * `el`'s own awaiting goes on.
 */
async function fromShadowRoot(el: Element, type: string) {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  const root = host.attachShadow({mode: 'open'});
  const provider = document.createElement('data-provider');
  provider.append(el);
  const heard: Heard[] = [];
  // composedPath() is only filled while the event is dispatched: read it in the listener.
  const listener = (event: Event) => heard.push({event, origin: event.composedPath()[0]});
  document.addEventListener(type, listener);
  try {
    const fired = oneEvent(el, type);
    root.append(provider);
    const event = await fired;
    return {event, heard};
  } finally {
    document.removeEventListener(type, listener);
  }
}

/** The event was heard once at the document, as dispatched by `el`, bubbling and composed. */
function expectComposed({event, heard}: {event: Event; heard: Heard[]}, el: Element): void {
  expect(heard.length, `the document heard ${event.type} from inside the shadow root`).to.equal(1);
  expect(heard[0]!.event === event, 'the very event the element dispatched').to.equal(true);
  expect(heard[0]!.origin === el, 'dispatched by the element').to.equal(true);
  expect(event.bubbles, 'bubbles').to.equal(true);
  expect(event.composed, 'composed').to.equal(true);
}

/** A <data-resource> of the todos under /el-api/todos, rendering their count. */
function todoResource(): HTMLElement {
  const el = document.createElement('data-resource');
  el.setAttribute('path', '/el-api/todos/:id');
  el.setAttribute('entity', 'ElComposedTodo');
  el.innerHTML = '<template><p>{{ items.length }}</p></template>';
  return el;
}

describe('events of the elements cross shadow roots', () => {
  elementSuiteHooks();

  it('<data-resource> data-load reaches the document, bubbling and composed', async () => {
    const server = todoServer(makeTodos(2));
    await startWorker(...server.handlers);
    const el = todoResource();
    const seen = await fromShadowRoot(el, 'data-load');
    expectComposed(seen, el);
    expect(((seen.event as CustomEvent<DataLoadDetail>).detail.data as unknown[]).length).to.equal(2);
  });

  it("<data-resource>'s data-error for a failed read reaches the document, bubbling and composed", async () => {
    const server = todoServer(makeTodos(2));
    server.fail = () => true;
    await startWorker(...server.handlers);
    const el = todoResource();
    const seen = await fromShadowRoot(el, 'data-error');
    expectComposed(seen, el);
    expect((seen.event as CustomEvent<DataErrorDetail>).detail.message).to.contain('500');
  });

  // A malformed attribute needs no server: <data-query> reports it through the template
  // elements' shared data-error, <data-live> through its own.
  const malformed = [
    {tag: 'data-query', attributes: {filter: '{}'}, content: '<template>{{ count }}</template>', attribute: 'entity'},
    {tag: 'data-live', attributes: {entity: 'ElComposedArticle'}, content: '', attribute: 'src'},
  ] as const;
  for (const {tag, attributes, content, attribute} of malformed) {
    it(`<${tag}>'s data-error for a malformed attribute reaches the document, bubbling and composed`, async () => {
      const el = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
      el.innerHTML = content;
      const seen = await fromShadowRoot(el, 'data-error');
      expectComposed(seen, el);
      expect((seen.event as CustomEvent<DataErrorDetail>).detail.attribute).to.equal(attribute);
    });
  }
});
