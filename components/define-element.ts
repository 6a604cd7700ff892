/**
 * Defines a custom element once. A page may load the npm build and the CDN
 * build together; the second definition is skipped instead of throwing.
 */
export function defineElement(name: string, constructor: CustomElementConstructor): void {
  if (typeof customElements !== 'undefined' && !customElements.get(name)) customElements.define(name, constructor);
}
