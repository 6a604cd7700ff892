import {ReactiveElement} from 'lit';
import {DEV_MODE} from '../src/dev/index.js';
import {warnUnknownAttributes} from './unknown-attributes.js';

/**
 * Defines a custom element once. A page may load the npm build and the CDN
 * build together; the second definition is skipped instead of throwing.
 * In development mode each instance checks its attributes when it connects
 * (see {@link warnUnknownAttributes}).
 */
export function defineElement(name: string, constructor: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || customElements.get(name)) return;
  if (DEV_MODE && constructor.prototype instanceof ReactiveElement) {
    (constructor as unknown as typeof ReactiveElement).addInitializer(element =>
      element.addController({hostConnected: () => warnUnknownAttributes(element)}),
    );
  }
  customElements.define(name, constructor);
}
