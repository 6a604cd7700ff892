// A failed write in plain HTML is seen: <data-resource> rolls it back and shows the failure
// (default message with Dismiss, or the page's write-error template) unless the page takes
// the cancelable data-error with preventDefault(); data-error fires once.
import {expect, fixture, html} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {DataProvider} from '../components/data-provider.js';
import {DataResource} from '../components/data-resource.js';
import type {DataErrorDetail} from '../components/template-host-element.js';
import {startWorker} from './helpers/msw.js';
import {elementSuiteHooks, text, until} from './elements-fixtures.js';

void [DataProvider, DataResource];

const handlers = () => [
  http.get('/wf-api/notes', () => HttpResponse.json([{id: 1, title: 'one'}])),
  http.patch('/wf-api/notes/:id', () => HttpResponse.json({message: 'Note 1 is locked'}, {status: 409})),
];

async function setup(inner = html``, onError?: (e: CustomEvent<DataErrorDetail>) => void) {
  const events: CustomEvent<DataErrorDetail>[] = [];
  const provider = await fixture<DataProvider>(html`
    <data-provider @data-error=${(e: CustomEvent<DataErrorDetail>) => (events.push(e), onError?.(e))}>
      <data-resource url-prefix="/wf-api" path="/notes/:id" entity="WfNote">
        <template><template type="repeat" repeat="{{ items }}"><p class="title">{{ item.title }}</p></template></template>
        ${inner}
      </data-resource>
    </data-provider>
  `);
  const el = provider.querySelector<DataResource>('data-resource')!;
  await until(() => el.querySelector('.title') !== null, 'the list rendered');
  return {el, events};
}

describe('<data-resource>: a failed write is seen', () => {
  elementSuiteHooks();
  beforeEach(() => startWorker(...handlers()));

  it('shows a default message with the server’s words until dismissed; data-error fires once', async () => {
    const {el, events} = await setup();
    await el.partialUpdate({id: 1}, {title: 'changed'}).catch(() => undefined);
    await until(() => el.querySelector('.data-write-error') !== null, 'the failure shown');
    expect(text(el.querySelector('.title')!)).to.equal('one', 'rolled back');
    expect(el.querySelector('.data-write-error')!.getAttribute('role')).to.equal('alert');
    expect(text(el.querySelector('.data-write-error span')!)).to.contain('Note 1 is locked');
    expect(events).to.have.length(1);
    expect(events[0]!.cancelable).to.equal(true);
    expect(events[0]!.detail.action).to.equal('partialUpdate');
    expect(el.hasAttribute('error'), 'the read is fine').to.equal(false);
    el.querySelector<HTMLButtonElement>('.data-write-error-dismiss')!.click();
    await el.updateComplete;
    expect(el.querySelector('.data-write-error')).to.equal(null);
    expect(el.querySelector('.title')).not.to.equal(null, 'the content stays');
  });

  it('shows nothing when the page handles data-error with preventDefault()', async () => {
    const {el, events} = await setup(html``, e => e.preventDefault());
    await el.partialUpdate({id: 1}, {title: 'changed'}).catch(() => undefined);
    await until(() => events.length === 1, 'data-error fired');
    await el.updateComplete;
    expect(el.querySelector('.data-write-error')).to.equal(null);
    expect(el.querySelector('[role=alert]')).to.equal(null);
  });

  it('renders the page’s <template data-state="write-error"> with message, action and dismiss', async () => {
    const {el} = await setup(
      html`<template data-state="write-error"><aside class="mine">{{ action }} failed: {{ message }} <button @click="{{ dismiss }}">OK</button></aside></template>`,
    );
    await el.partialUpdate({id: 1}, {title: 'changed'}).catch(() => undefined);
    await until(() => el.querySelector('.mine') !== null, 'the page’s template shown');
    expect(text(el.querySelector('.mine')!)).to.match(/^partialUpdate failed: .*Note 1 is locked OK$/);
    expect(el.querySelector('.data-write-error')).to.equal(null);
    el.querySelector<HTMLButtonElement>('.mine button')!.click();
    await el.updateComplete;
    expect(el.querySelector('.mine')).to.equal(null);
  });
});
