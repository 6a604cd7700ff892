import {DEV_MODE} from '../dev/index.js';
import {undefinedAncestor} from './undefined-ancestor.js';

/**
 * Raised when an element asks for the cache but has no `<data-provider>`
 * above it. The message names the element, and says when the
 * `<data-provider>` above it was never defined (the elements were not
 * loaded); development mode adds what to do.
 *
 * @example
 * ```ts
 * if (controller.error instanceof MissingProviderError) console.warn(controller.error.message);
 * ```
 */
export class MissingProviderError extends Error {
  override name = 'MissingProviderError';
  constructor(host: unknown) {
    super(
      undefinedAncestor(host, 'data-provider')
        ? `${describeHost(host)} has no Controller: the <data-provider> above it is not defined (the elements were not loaded).` +
            (DEV_MODE
              ? " Add import 'lit-data-elements/elements' (or 'lit-data-elements/provider') to your code, or the CDN <script type=\"module\"> to the page."
              : '')
        : `${describeHost(host)} has no <data-provider> above it` +
            (DEV_MODE ? ': wrap it (or a parent) in <data-provider>, or give it a Controller through the data context.' : ''),
    );
  }
}

function describeHost(host: unknown): string {
  const tag = (host as {localName?: string})?.localName;
  return tag ? `<${tag}>` : 'This element';
}
