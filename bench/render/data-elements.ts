// The data-elements page: a <data-provider>, a list element that reads the list once
// (useCache of the resource's getList, filled with controller.setResponse) and 1,000 row
// elements. Modes, from the query string:
//   rows=bound  (default) each row gets only its id and reads its entity with useCache of
//               the per-entity `get` endpoint (served from what the list cached)
//   rows=prop   each row gets the entity object from the list as a property (no per-row
//               subscription; an unchanged entity keeps its identity, so Lit skips the row)
//   update=entity (default) the server's answer for that one item: setResponse(get, {id}, item)
//   update=list   a refetch of the whole list with one item changed: setResponse(getList, items)
import {html, LitElement} from 'lit';
import {repeat} from 'lit/directives/repeat.js';
import '../../components/data-provider.js';
import {Controller, createResource, Entity} from '../../src/index.js';
import {useCache} from '../../src/lit/index.js';
import {countRow, counters, expose, PropertyRow, rowStyles, rowTemplate, Server, type ItemData} from './shared.js';

const scriptStart = performance.now();
const params = new URLSearchParams(location.search);
const ROWS_MODE = params.get('rows') ?? 'bound';
const UPDATE_MODE = params.get('update') ?? 'entity';
const server = new Server();

class Item extends Entity {
  id = 0;
  title = '';
  done = false;
  static override key = 'BenchItem';
}
const ItemResource = createResource({path: '/bench/items/:id', schema: Item});

/** A row bound to its entity: given an id, it reads the entity from the cache. */
class BoundRow extends LitElement {
  static override styles = rowStyles;
  static override properties = {itemId: {type: Number}};
  declare itemId: number;
  readonly item = useCache(this, ItemResource.get, () => ({id: this.itemId}));
  override render() {
    countRow(this);
    const item = this.item.value;
    return item ? rowTemplate(item) : html``;
  }
}
customElements.define('de-bound-row', BoundRow);

// A fresh subclass: one class cannot be defined under two tags.
customElements.define('de-prop-row', class extends PropertyRow {});

class DeList extends LitElement {
  readonly items = useCache(this, ItemResource.getList);
  override render() {
    counters.listRenders++;
    return html`${repeat(
      this.items.value ?? [],
      item => item.id,
      ROWS_MODE === 'prop' ? item => html`<de-prop-row .item=${item}></de-prop-row>` : item => html`<de-bound-row .itemId=${item.id}></de-bound-row>`,
    )}`;
  }
}
customElements.define('de-list', DeList);

const controller = new Controller();
const provider = document.createElement('data-provider');
provider.controller = controller;
const list = document.createElement('de-list') as DeList;
provider.append(list);
document.body.append(provider);
// The first load, as a fetch of the list would store it.
controller.setResponse(ItemResource.getList, JSON.parse(server.listText));

const rowTag = ROWS_MODE === 'prop' ? 'de-prop-row' : 'de-bound-row';
expose(
  server,
  Promise.resolve({
    list,
    rows: () => [...list.shadowRoot!.querySelectorAll(rowTag)] as LitElement[],
    async apply({id, itemText, listText}) {
      if (UPDATE_MODE === 'list') controller.setResponse(ItemResource.getList, JSON.parse(listText));
      else controller.setResponse(ItemResource.get, {id}, JSON.parse(itemText));
      await list.updateComplete;
    },
  }),
  scriptStart,
);
