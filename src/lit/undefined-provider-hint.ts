/**
 * Development mode: when an element with no Controller sits inside a
 * `<data-provider>` tag that was never defined (the elements were not
 * loaded), says so and how to load them; undefined otherwise.
 */
export function undefinedProviderHint(host: unknown): string | undefined {
  if (typeof customElements === 'undefined' || typeof Element === 'undefined' || !(host instanceof Element)) return undefined;
  if (customElements.get('data-provider')) return undefined;
  // Up through parents and out of shadow roots, as the context request travels.
  for (let node: Node | null = host.parentNode; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
    if (node instanceof Element && node.localName === 'data-provider') {
      return (
        'There is a <data-provider> above it, but <data-provider> is not defined: the elements were never loaded. ' +
        "Add import 'lit-data-elements/elements' (or 'lit-data-elements/provider') to your code, " +
        'or the CDN <script type="module"> to the page.'
      );
    }
  }
  return undefined;
}
