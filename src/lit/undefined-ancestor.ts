/**
 * The nearest element above `host` named `tag` (up through parents and out
 * of shadow roots, as a context request travels) when `tag` is not defined
 * as a custom element: the page uses the tag but never loaded its code.
 * Undefined otherwise, and where there is no DOM.
 *
 * @example
 * ```ts
 * if (undefinedAncestor(host, 'data-provider')) console.warn('the elements were not loaded');
 * ```
 */
export function undefinedAncestor(host: unknown, tag: string): Element | undefined {
  if (typeof customElements === 'undefined' || typeof Element === 'undefined' || !(host instanceof Element)) return undefined;
  if (customElements.get(tag)) return undefined;
  for (let node: Node | null = host.parentNode; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
    if (node instanceof Element && node.localName === tag) return node;
  }
  return undefined;
}
