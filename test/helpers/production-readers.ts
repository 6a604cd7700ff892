// A Lit element with a reader, for test/production-reports.test.ts, loaded inside its
// production-mode frame (test/fixtures/production-mode.html).
import {LitElement, html} from 'lit';
import {useSuspense} from '../../src/lit/index.js';
import {createResource} from '../../src/rest/index.js';
import {Entity} from '../../src/schema/index.js';

class ProdPin extends Entity {
  id = 0;
  label = '';
  static override key = 'ProdPin';
}
const PinResource = createResource({path: '/prod-api/pins/:id', schema: ProdPin});

/** Shows a pin's label; renders nothing for an error (it leaves errors to a boundary). */
export class ProdPinView extends LitElement {
  readonly pin = useSuspense(this, PinResource.get, {id: 1});
  override render() {
    return html`${this.pin.value?.label ?? ''}`;
  }
}
customElements.define('prod-pin-view', ProdPinView);
