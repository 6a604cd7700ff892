// <data-provider> from the package's sources (as an npm build has it): persistence and tab sync
// are loaded only when a provider's `persist` or `sync-tabs` asks for them, and `ready` says
// when they run. Real IndexedDB and BroadcastChannel, in every engine.
import {expect} from '@open-wc/testing';
import {Controller} from '../src/core/index.js';
import {Persistence} from '../src/persist/index.js';
import {Entity} from '../src/schema/index.js';
import {createResource} from '../src/rest/index.js';
import type {DataProvider} from '../components/provider.js';
import '../components/provider.js';

class Memo extends Entity {
  id = '';
  text = '';
  static override key = 'OnDemandMemo';
}
const MemoResource = createResource({urlPrefix: '/on-demand-api', path: '/memos/:id', schema: Memo});

/** How many times the page fetched the module that attaches the provider's plugins. */
const pluginLoads = () => performance.getEntriesByType('resource').filter(entry => /\/components\/provider-plugins\.[jt]s/.test(entry.name)).length;

let count = 0;
const databases: string[] = [];
function newDatabase(): string {
  const name = `on-demand-${Date.now()}-${++count}`;
  databases.push(name);
  return name;
}

function provider(attributes: Record<string, string> = {}) {
  const element = document.createElement('data-provider');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

describe('<data-provider> loads persistence and tab sync on demand', () => {
  const connected: HTMLElement[] = [];
  const mount = (element: DataProvider) => {
    connected.push(element);
    document.body.append(element);
    return element;
  };
  afterEach(() => connected.splice(0).forEach(element => element.remove()));
  after(() => databases.splice(0).forEach(name => indexedDB.deleteDatabase(name)));

  // First: the module must not have been loaded by an earlier test of this page.
  it('a provider without persist or sync-tabs never loads them', async () => {
    const element = mount(provider());
    await element.ready;
    expect(element.persistence).to.equal(undefined);
    expect(pluginLoads()).to.equal(0);
  });

  it('with persist, they load when it connects, and ready waits until they run', async () => {
    const element = mount(provider({persist: newDatabase(), 'sync-tabs': 'on-demand-test'}));
    expect(element.persistence, 'not yet: the module is still loading').to.equal(undefined);
    await element.ready;
    expect(element.persistence).to.be.instanceOf(Persistence);
    expect(pluginLoads()).to.equal(1);
  });

  it('what the cache got before they ran is saved too', async () => {
    const name = newDatabase();
    const element = mount(provider({persist: name}));
    // Written while the module loads: the persistence attaches to a cache that already holds it.
    element.activeController.setResponse(MemoResource.getList, [{id: 'a', text: 'early'}]);
    await element.ready;
    await element.persistence!.flush();

    const again = new Persistence({name});
    const controller = new Controller({plugins: [again], retry: false});
    await again.ready;
    expect(controller.getResponse(MemoResource.getList).data?.map(memo => memo.text)).to.deep.equal(['early']);
    controller.dispose();
  });

  it('a provider disconnected before they loaded does not attach them', async () => {
    const element = mount(provider({persist: newDatabase()}));
    const ready = element.ready;
    element.remove();
    await ready;
    expect(element.persistence).to.equal(undefined);
  });
});
