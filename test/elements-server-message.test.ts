// The server's own error text reaches the page: a failed read shows the message from the
// response body in <data-resource>'s default error and in <data-boundary>'s, as text.
import {expect, fixture, html} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {DataBoundary} from '../components/data-boundary.js';
import {DataProvider} from '../components/data-provider.js';
import {DataResource} from '../components/data-resource.js';
import type {DataErrorDetail} from '../components/template-host-element.js';
import {NetworkError} from '../src/endpoint/index.js';
import {startWorker} from './helpers/msw.js';
import {elementSuiteHooks, text, until} from './elements-fixtures.js';

void [DataProvider, DataBoundary, DataResource];

const failingRead = (body: Record<string, unknown>) => http.get('/msg-api/notes', () => HttpResponse.json(body, {status: 403}));

describe('the server’s error text in the elements', () => {
  elementSuiteHooks();

  it('<data-resource> shows the message from the JSON body, and data-error carries it', async () => {
    await startWorker(failingRead({message: 'Notes are read-only during maintenance'}));
    const errors: DataErrorDetail[] = [];
    const provider = await fixture<DataProvider>(html`
      <data-provider>
        <data-resource path="/msg-api/notes/:id" @data-error=${(e: CustomEvent<DataErrorDetail>) => errors.push(e.detail)}>
          <template><p>{{ items.length }}</p></template>
        </data-resource>
      </data-provider>
    `);
    const el = provider.querySelector('data-resource')!;
    await until(() => el.hasAttribute('error'), 'error shown');
    expect(text(el.querySelector('[role=alert]')!)).to.contain('Notes are read-only during maintenance');
    expect(errors).to.have.length(1);
    expect(errors[0]!.message).to.contain('Notes are read-only during maintenance');
    const error = errors[0]!.error as NetworkError;
    expect(error).to.be.instanceOf(NetworkError);
    expect(error.serverMessage).to.equal('Notes are read-only during maintenance');
    expect(error.body).to.deep.equal({message: 'Notes are read-only during maintenance'});
  });

  it('<data-boundary>’s default error shows it too, and server markup stays text', async () => {
    const message = '<img src=x onerror="window.__pwnedByMessage=1"> is down';
    await startWorker(failingRead({message}));
    const provider = await fixture<DataProvider>(html`
      <data-provider>
        <data-boundary><data-resource path="/msg-api/notes/:id"><template>{{ items.length }}</template></data-resource></data-boundary>
      </data-provider>
    `);
    const boundary = provider.querySelector('data-boundary')!;
    await until(() => boundary.hasAttribute('error'), 'boundary shows the error');
    await boundary.updateComplete;
    const shown = boundary.shadowRoot!.querySelector('[part=error] p')!;
    expect(shown.textContent).to.contain(message);
    expect(boundary.shadowRoot!.querySelector('img')).to.equal(null);
    expect(provider.querySelector('img')).to.equal(null);
    expect((window as {__pwnedByMessage?: number}).__pwnedByMessage).to.equal(undefined);
  });
});
