// What the two data-elements pages of `npm run bench:render` share (bundled into each): the
// entity and its endpoints, the list of rows by id, and its mount in a <data-provider>.
import {html, LitElement, type TemplateResult} from 'lit';
import {repeat} from 'lit/directives/repeat.js';
import '../../components/data-provider.js';
import {Controller, createResource, Entity, pksOf} from '../../src/index.js';
import {useCache} from '../../src/lit/index.js';
import {counters} from './shared.js';

export class Item extends Entity {
  id = 0;
  title = '';
  done = false;
  static override key = 'BenchItem';
}
export const ItemResource = createResource({path: '/bench/items/:id', schema: Item});

/** Mounts the list element `tag` in a <data-provider> of a new Controller. */
export function mountList<L extends LitElement>(tag: string): {controller: Controller; list: L} {
  const controller = new Controller();
  const provider = document.createElement('data-provider');
  provider.controller = controller;
  const list = document.createElement(tag) as L;
  provider.append(list);
  document.body.append(provider);
  return {controller, list};
}

/** Defines `tag`: a list that reads which items there are (the pks of the list), not their fields, and renders `row` for each. */
export function defineIdList(tag: string, row: (id: number) => TemplateResult): void {
  customElements.define(
    tag,
    class extends LitElement {
      readonly ids = useCache(this, pksOf(ItemResource.getList));
      override render() {
        counters.listRenders++;
        return html`${repeat(this.ids.value ?? [], id => id, id => row(Number(id)))}`;
      }
    },
  );
}
