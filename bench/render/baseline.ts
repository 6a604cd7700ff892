// The baseline page: what a Lit user writes today without a normalized cache. Plain Lit
// and @lit/task: the list holds the array its Task "fetched" (JSON.parse of the response
// text, so every refetch gives new objects) and passes each item to a row element as a
// property. An update of one item on the server is seen by refetching the list.
import {Task} from '@lit/task';
import {html, LitElement} from 'lit';
import {repeat} from 'lit/directives/repeat.js';
import {counters, expose, PropertyRow, Server, type ItemData, mountGate} from './shared.js';

await mountGate();
const scriptStart = performance.now();
const server = new Server();

// A fresh subclass: one class cannot be defined under two tags.
customElements.define('baseline-row', class extends PropertyRow {});

class BaselineList extends LitElement {
  static override properties = {version: {type: Number}};
  declare version: number;
  constructor() {
    super();
    this.version = 0;
  }
  // Re-runs when `version` changes: a refetch, as a Lit user triggers one.
  readonly task = new Task(this, {
    task: async ([_version]: [number]) => JSON.parse(server.listText) as ItemData[],
    args: () => [this.version] as [number],
  });
  override render() {
    counters.listRenders++;
    // Keeps the previous value while a refetch is pending (Task does), so nothing flickers.
    return html`${repeat(
      this.task.value ?? [],
      item => item.id,
      item => html`<baseline-row .item=${item}></baseline-row>`,
    )}`;
  }
}
customElements.define('baseline-list', BaselineList);

const list = document.createElement('baseline-list') as BaselineList;
document.body.append(list);

expose(
  server,
  (async () => {
    await list.updateComplete;
    await list.task.taskComplete;
    return {
      list,
      rows: () => [...list.shadowRoot!.querySelectorAll('baseline-row')] as PropertyRow[],
      async apply() {
        list.version++; // the list updates, its Task starts the refetch (pending)
        await list.updateComplete;
        await list.task.taskComplete; // the response is parsed
        await list.updateComplete; // the list renders the new array
      },
    };
  })(),
  scriptStart,
);
