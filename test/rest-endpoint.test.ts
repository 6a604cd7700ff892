// RestEndpoint through the real browser fetch, with msw's service worker checking what was sent:
// the parts that depend on the engine (URL parsing, FormData encoding, network errors).
import {expect} from '@open-wc/testing';
import {http, HttpResponse} from 'msw';
import {NetworkError, ParseError} from '../src/endpoint/index.js';
import {createResource, RestEndpoint} from '../src/rest/index.js';
import {Entity} from '../src/schema/index.js';
import {startWorker, stopWorker} from './helpers/msw.js';

const BASE = '/api/rest-test';

interface Sent {
  method: string;
  url: string;
  body: string;
  contentType: string | null;
  token: string | null;
  params: Record<string, unknown>;
}

class Article extends Entity {
  id = '';
  title = '';
}

describe('RestEndpoint in the browser', () => {
  let sent: Sent[] = [];

  /** Every request under BASE is recorded, then answered by `respond`. */
  async function serve(respond: (request: Request) => Response = () => HttpResponse.json({id: '1', title: 'Hi'})) {
    sent = [];
    await startWorker(
      http.all(`${BASE}/articles/:id?`, async ({request, params}) => {
        sent.push({
          method: request.method,
          url: new URL(request.url).pathname + new URL(request.url).search,
          body: await request.clone().text(),
          contentType: request.headers.get('content-type'),
          token: request.headers.get('access-token'),
          params: {...params},
        });
        return respond(request);
      }),
    );
  }

  after(() => stopWorker());

  it('GET: one segment per parameter, sorted query, no body', async () => {
    await serve();
    const get = new RestEndpoint({urlPrefix: BASE, path: '/articles/:id'});
    expect(await get.fetch({id: 'a/b?c#d', z: 1, ids: [3, 1]})).to.deep.equal({id: '1', title: 'Hi'});
    expect(sent).to.have.length(1);
    expect(sent[0]!.method).to.equal('GET');
    expect(sent[0]!.url).to.equal(`${BASE}/articles/a%2Fb%3Fc%23d?ids=3&ids=1&z=1`);
    expect(sent[0]!.params.id).to.equal('a/b?c#d');
    expect(sent[0]!.body).to.equal('');
  });

  it('PATCH (params, body): JSON with its content type, plus headers from getHeaders', async () => {
    await serve();
    const patch = new RestEndpoint({
      urlPrefix: BASE,
      path: '/articles/:id',
      method: 'PATCH',
      getHeaders: (headers: HeadersInit) => ({...(headers as Record<string, string>), 'Access-Token': 'tok'}),
    });
    await patch.fetch({id: 7}, {title: 'New'});
    expect(sent[0]!.method).to.equal('PATCH');
    expect(sent[0]!.url).to.equal(`${BASE}/articles/7`);
    expect(JSON.parse(sent[0]!.body)).to.deep.equal({title: 'New'});
    expect(sent[0]!.contentType).to.equal('application/json');
    expect(sent[0]!.token).to.equal('tok');
  });

  it('create from a resource takes (body) alone and POSTs to the list path', async () => {
    await serve(() => HttpResponse.json({id: '9', title: 'x'}, {status: 201}));
    const resource = createResource({urlPrefix: BASE, path: '/articles/:id', schema: Article});
    expect(await resource.create.fetch({title: 'x'})).to.deep.equal({id: '9', title: 'x'});
    expect(sent[0]!.method).to.equal('POST');
    expect(sent[0]!.url).to.equal(`${BASE}/articles`);
    expect(JSON.parse(sent[0]!.body)).to.deep.equal({title: 'x'});
  });

  it('FormData goes as multipart with the boundary the browser sets', async () => {
    await serve();
    const upload = new RestEndpoint({urlPrefix: BASE, path: '/articles', method: 'POST'});
    const form = new FormData();
    form.set('title', 'from a form');
    await upload.fetch(form);
    expect(sent[0]!.contentType).to.match(/^multipart\/form-data; boundary=/);
    expect(sent[0]!.body).to.contain('from a form');
  });

  it('a missing parameter or a ".." segment rejects with a TypeError before any request', async () => {
    await serve();
    const remove = new RestEndpoint({urlPrefix: BASE, path: '/articles/:id', method: 'DELETE'});
    const missing = await remove.fetch({} as never).catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(TypeError);
    expect((missing as Error).message).to.contain('"id"');
    const dots = await remove.fetch({id: '..'}).catch((e: unknown) => e);
    expect(dots).to.be.instanceOf(TypeError);
    expect(sent).to.have.length(0);
  });

  it('404 rejects with a NetworkError that keeps the response', async () => {
    await serve(() => HttpResponse.json({error: 'gone'}, {status: 404, statusText: 'Not Found'}));
    const get = new RestEndpoint({urlPrefix: BASE, path: '/articles/:id'});
    const error = await get.fetch({id: 1}).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(NetworkError);
    expect((error as NetworkError).status).to.equal(404);
    expect(await (error as NetworkError).response!.json()).to.deep.equal({error: 'gone'});
    expect((error as Error).message).to.contain(`GET ${BASE}/articles/1`);
  });

  it('a network failure rejects with a NetworkError of status 0', async () => {
    await serve(() => HttpResponse.error());
    const get = new RestEndpoint({urlPrefix: BASE, path: '/articles/:id'});
    const error = await get.fetch({id: 1}).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(NetworkError);
    expect((error as NetworkError).status).to.equal(0);
    expect((error as NetworkError).cause).to.be.instanceOf(Error);
  });

  it('an HTML body rejects with a ParseError naming the URL and content type', async () => {
    await serve(() => new HttpResponse('<!doctype html><title>Login</title>', {headers: {'Content-Type': 'text/html'}}));
    const get = new RestEndpoint({urlPrefix: BASE, path: '/articles/:id'});
    const error = await get.fetch({id: 2}).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ParseError);
    expect((error as ParseError).url).to.match(new RegExp(`${BASE}/articles/2$`));
    expect((error as Error).message).to.contain('text/html');
  });

  it('an empty 204 resolves with ""', async () => {
    await serve(() => new HttpResponse(null, {status: 204}));
    const remove = new RestEndpoint({urlPrefix: BASE, path: '/articles/:id', method: 'DELETE'});
    expect(await remove.fetch({id: 3})).to.equal('');
  });
});
