// Rows that take a bound row's reader apart, for `bench/render/mounts.ts`: each reads the same
// entity as `<de-bound-row>` with less of the reader around the read, so that the mount of
// each says what the parts cost. Each is a row element and a list of them by id.
//   de-read-row     reads with controller.getResponse in render: no reactive controller
//   de-ctrl-row     the same read from a bare reactive controller's hostUpdate
//   de-context-row  ...which also finds the Controller through the data context, as readers do
//   de-watch-row    ...which follows the read with a watch instead (as readers do, key included)
import {html, LitElement} from 'lit';
import {watchKeyed, type Controller} from '../../src/core/index.js';
import {ControllerResolver} from '../../src/lit/controller-resolver.js';
import {defineIdList, ItemResource} from './items.js';
import {countRow, rowStyles, rowTemplate, type ItemData} from './shared.js';

/** The Controller the rows read without asking the context (set by the page before it mounts). */
let pageController: Controller | undefined;
export function readFrom(controller: Controller): void {
  pageController = controller;
}

const read = (controller: Controller, id: number) => controller.getResponse(ItemResource.get, {id}).data as ItemData | undefined;

/** A row of one id that renders `value`. */
class IdRow extends LitElement {
  static override styles = rowStyles;
  static override properties = {itemId: {type: Number}};
  declare itemId: number;
  value: ItemData | undefined;
  override render() {
    countRow(this);
    return this.value ? rowTemplate(this.value) : html``;
  }
}

customElements.define(
  'de-read-row',
  class extends IdRow {
    override render() {
      this.value = read(pageController!, this.itemId);
      return super.render();
    }
  },
);

customElements.define(
  'de-ctrl-row',
  class extends IdRow {
    constructor() {
      super();
      this.addController({hostUpdate: () => (this.value = read(pageController!, this.itemId))});
    }
  },
);

customElements.define(
  'de-context-row',
  class extends IdRow {
    constructor() {
      super();
      // Owned, as a reader owns its resolver: connected from the controller's own hostConnected.
      const resolver = new ControllerResolver(this, () => {}, true);
      this.addController({hostConnected: () => resolver.hostConnected(), hostUpdate: () => (this.value = read(resolver.controller!, this.itemId))});
    }
  },
);

customElements.define(
  'de-watch-row',
  class extends IdRow {
    constructor() {
      super();
      this.addController({
        hostUpdate: () => {
          const args = ItemResource.get.normalizeArgs([{id: this.itemId}]);
          this.value = watchKeyed(pageController!, ItemResource.get, args, ItemResource.get.key(...args), () => this.requestUpdate()).response.data as ItemData | undefined;
        },
      });
    }
  },
);

defineIdList('de-read-list', id => html`<de-read-row .itemId=${id}></de-read-row>`);
defineIdList('de-ctrl-list', id => html`<de-ctrl-row .itemId=${id}></de-ctrl-row>`);
defineIdList('de-context-list', id => html`<de-context-row .itemId=${id}></de-context-row>`);
defineIdList('de-watch-list', id => html`<de-watch-row .itemId=${id}></de-watch-row>`);
