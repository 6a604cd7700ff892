import {ReactiveElement} from 'lit';
import {warnUnknownAttributes} from './unknown-attributes.js';

/**
 * Defines a custom element once. A page may load the npm build and the CDN
 * build together; the second definition is skipped instead of throwing.
 * Each instance checks its attributes when it connects, in every build
 * (see {@link warnUnknownAttributes}): an ignored attribute that looks like
 * a typo of a known one is never silent.
 *
 * @example
 * ```ts
 * defineElement('data-query', DataQuery);
 * ```
 */
export function defineElement(name: string, constructor: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || customElements.get(name)) return;
  if (constructor.prototype instanceof ReactiveElement) {
    (constructor as unknown as typeof ReactiveElement).addInitializer(element =>
      element.addController({hostConnected: () => warnUnknownAttributes(element)}),
    );
  }
  customElements.define(name, constructor);
}
