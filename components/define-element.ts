import {ReactiveElement} from 'lit';
import {DEV_MODE} from '../src/dev/index.js';
import {warnFalseAttributes} from './false-attributes.js';
import {warnUnknownAttributes} from './unknown-attributes.js';

/**
 * Defines a custom element once. A page may load the npm build and the CDN
 * build together; the second definition is skipped instead of throwing.
 * In development mode each instance checks its attributes when it connects
 * (see {@link warnUnknownAttributes} and {@link warnFalseAttributes}): an
 * ignored attribute that looks like a typo of a known one, and a boolean
 * one written `="false"`, are reported while the page is written. Production
 * builds leave the check out, as Lit leaves out its warnings: a page's
 * attributes do not change once it ships.
 *
 * @example
 * ```ts
 * defineElement('data-query', DataQuery);
 * ```
 */
export function defineElement(name: string, constructor: CustomElementConstructor): void {
  if (typeof customElements === 'undefined' || customElements.get(name)) return;
  if (DEV_MODE && constructor.prototype instanceof ReactiveElement) {
    (constructor as unknown as typeof ReactiveElement).addInitializer(element =>
      element.addController({
        hostConnected: () => {
          warnUnknownAttributes(element);
          warnFalseAttributes(element);
        },
      }),
    );
  }
  customElements.define(name, constructor);
}
