// The signals page: the same list and rows as the data-elements page (rows=bound), but each
// row binds its fields with Lit's `watch()` to signals of its entity (`cacheSignal` of the
// per-entity `get`, a `computed()` per field): an update of one entity changes the text of its
// bindings and renders no element at all. The list reads the pks of the list, as there.
import {computed, watch} from '@lit-labs/signals';
import {html, LitElement} from 'lit';
import {cacheSignal} from '../../src/signals/index.js';
import {defineIdList, ItemResource, mountList} from './items.js';
import {countRow, expose, rowStyles, Server, mountGate} from './shared.js';

await mountGate();
const scriptStart = performance.now();
const server = new Server();

/** A row whose fields follow its entity through `watch()`: it renders once, at mount. */
class SignalRow extends LitElement {
  static override styles = rowStyles;
  static override properties = {itemId: {type: Number}};
  declare itemId: number;
  readonly item = cacheSignal(this, ItemResource.get, () => ({id: this.itemId}));
  // Not `title`: an element has that property already.
  readonly heading = computed(() => this.item.get()?.title ?? '');
  readonly done = computed(() => this.item.get()?.done ?? false);
  override render() {
    countRow(this);
    // The markup of rowTemplate (shared.ts), its item fields bound with watch().
    return html`<input type="checkbox" .checked=${watch(this.done)} /><span class="id">${this.itemId}</span><span class="title">${watch(this.heading)}</span>`;
  }
}
customElements.define('de-signal-row', SignalRow);

/** The list of rows: it reads which items there are, not their fields. */
defineIdList('de-signal-list', id => html`<de-signal-row .itemId=${id}></de-signal-row>`);

const {controller, list} = mountList('de-signal-list');
controller.setResponse(ItemResource.getList, JSON.parse(server.listText));

const rows = () => [...list.shadowRoot!.querySelectorAll('de-signal-row')] as SignalRow[];
let mounted: SignalRow[] | undefined;

/**
 * When the DOM changed: the bindings update in a microtask after the write, with no element
 * update to wait for. One observer of every row's shadow root, made at the first update (a
 * warm-up one), so that an update's clock does not count making an observer: the other pages
 * wait for `updateComplete`, which costs nothing to set up.
 */
let observer: MutationObserver | undefined;
let changed: (() => void) | undefined;
function nextChange(): Promise<void> {
  if (!observer) {
    observer = new MutationObserver(() => {
      const resolve = changed;
      changed = undefined;
      resolve?.();
    });
    for (const row of mounted!) observer.observe(row.shadowRoot!, {subtree: true, characterData: true, childList: true});
  }
  return new Promise(resolve => (changed = resolve));
}

expose(
  server,
  Promise.resolve({
    list,
    rows,
    async apply({id, itemText}) {
      mounted ??= rows();
      const change = nextChange();
      controller.setResponse(ItemResource.get, {id}, JSON.parse(itemText));
      await change;
    },
  }),
  scriptStart,
);
