// The data-elements page: a <data-provider>, a list element and `n` (default 1,000) row
// elements, the list filled with controller.setResponse. Modes, from the query string:
//   rows=bound  (default) the list reads the pks of the list (useCache(pksOf(getList))), and
//               each row gets only its id and reads its entity with useCache of the
//               per-entity `get` endpoint (served from what the list cached)
//   rows=prop   the list reads the entities (useCache(getList)) and gives each row its entity
//               as a property (an unchanged entity keeps its identity, so Lit skips the row)
//   rows=read, ctrl, context, watch   rows with parts of the reader only (reader-parts.ts),
//               to take the mount of a bound row apart (bench/render/mounts.ts)
//   update=entity (default) the server's answer for that one item: setResponse(get, {id}, item)
//   update=list   a refetch of the whole list with one item changed: setResponse(getList, items)
//   update=other  the answer for an entity of another table, which no row shows
//   n=0           mounts no row at all (with update=other: the cost of a write with no reader)
import {html, LitElement} from 'lit';
import {repeat} from 'lit/directives/repeat.js';
import {createResource, Entity} from '../../src/index.js';
import {useCache} from '../../src/lit/index.js';
import {defineIdList, ItemResource, mountList} from './items.js';
import {readFrom} from './reader-parts.js';
import {countRow, counters, expose, PropertyRow, ROWS, rowStyles, rowTemplate, Server, type ItemData, mountGate} from './shared.js';

await mountGate();
const scriptStart = performance.now();
const params = new URLSearchParams(location.search);
const ROWS_MODE = params.get('rows') ?? 'bound';
const UPDATE_MODE = params.get('update') ?? 'entity';
const server = new Server();

class Other extends Entity {
  id = 0;
  title = '';
  done = false;
  static override key = 'BenchOther';
}
const OtherResource = createResource({path: '/bench/others/:id', schema: Other});

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

/** The list of bound rows: it reads which items there are, not their fields. */
defineIdList('de-list', id => html`<de-bound-row .itemId=${id}></de-bound-row>`);

/** The list of property rows: it reads the entities and hands each to its row. */
class DePropList extends LitElement {
  readonly items = useCache(this, ItemResource.getList);
  override render() {
    counters.listRenders++;
    return html`${repeat(
      this.items.value ?? [],
      item => item.id,
      item => html`<de-prop-row .item=${item}></de-prop-row>`,
    )}`;
  }
}
customElements.define('de-prop-list', DePropList);

const PARTS = ['read', 'ctrl', 'context', 'watch'];
const {controller, list} = mountList(ROWS_MODE === 'prop' ? 'de-prop-list' : PARTS.includes(ROWS_MODE) ? `de-${ROWS_MODE}-list` : 'de-list');
readFrom(controller);
// The first load, as a fetch of the list would store it.
controller.setResponse(ItemResource.getList, ROWS === 0 ? [] : JSON.parse(server.listText));

const rowTag = ROWS_MODE === 'prop' ? 'de-prop-row' : PARTS.includes(ROWS_MODE) ? `de-${ROWS_MODE}-row` : 'de-bound-row';
expose(
  server,
  Promise.resolve({
    list,
    rows: () => [...list.shadowRoot!.querySelectorAll(rowTag)] as LitElement[],
    async apply({id, itemText, listText}) {
      if (UPDATE_MODE === 'list') controller.setResponse(ItemResource.getList, JSON.parse(listText));
      else if (UPDATE_MODE === 'other') controller.setResponse(OtherResource.get, {id}, JSON.parse(itemText));
      else controller.setResponse(ItemResource.get, {id}, JSON.parse(itemText));
      await list.updateComplete;
    },
    showsChange: UPDATE_MODE !== 'other',
  }),
  scriptStart,
);
