// <data-provider> reads a snapshot only with lit-data-elements/hydrate-support loaded. This page
// loads the provider alone (as a Lit app that does not render on the server does): a snapshot
// given to it is reported, with a data-error and to reportError, and the cache starts empty.
import {expect} from '@open-wc/testing';
import '../components/provider.js';
import type {DataProvider} from '../components/provider.js';
import {Controller} from '../src/core/index.js';
import {dehydrate, serializeForScript} from '../src/snapshots/index.js';
import {getItem, makeItems} from './helpers/lit-fixtures.js';

describe('<data-provider> without the hydrate support', () => {
  it('reports a snapshot it cannot read (data-error and reportError) and starts empty', async () => {
    const source = new Controller();
    const [item] = makeItems(1, () => 'from the snapshot');
    source.setResponse(getItem, {id: 1}, item);
    const reported: unknown[] = [];
    const previous = window.onerror;
    window.onerror = (_message, _source, _line, _column, error) => {
      if ((error as Error | undefined)?.name !== 'SnapshotSupportError') return false;
      reported.push(error);
      return true;
    };
    const events: CustomEvent[] = [];
    const container = document.createElement('div');
    container.addEventListener('data-error', event => events.push(event as CustomEvent));
    try {
      container.innerHTML = `<data-provider><script type="application/json">${serializeForScript(dehydrate(source))}</script></data-provider>`;
      document.body.append(container);
      const provider = container.querySelector('data-provider') as DataProvider;
      expect(provider.activeController.getResponse(getItem, {id: 1}).data).to.equal(undefined, 'the cache starts empty');
      expect(reported).to.have.length(1);
      expect((reported[0] as Error).message).to.contain('hydrate-support');
      expect(events).to.have.length(1);
      expect(events[0]!.bubbles && events[0]!.composed).to.equal(true);
      expect(events[0]!.detail.error).to.equal(reported[0]);
    } finally {
      window.onerror = previous;
      container.remove();
    }
  });
});
