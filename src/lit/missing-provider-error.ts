import {DEV_MODE} from '../dev/index.js';
import {undefinedProviderHint} from './undefined-provider-hint.js';

/**
 * Raised when an element asks for the cache but has no `<data-provider>`
 * above it. The message names the element. In development mode, when a
 * `<data-provider>` tag is above it but was never defined (the elements were
 * not imported), the message says so and how to load them.
 *
 * @example
 * ```ts
 * if (controller.error instanceof MissingProviderError) console.warn(controller.error.message);
 * ```
 */
export class MissingProviderError extends Error {
  override name = 'MissingProviderError';
  constructor(host: unknown) {
    const hint = DEV_MODE ? undefinedProviderHint(host) : undefined;
    super(
      hint
        ? `${describeHost(host)} has no Controller. ${hint}`
        : `${describeHost(host)} has no <data-provider> above it: wrap it (or a parent) in <data-provider>, or give it a Controller through the data context.`,
    );
  }
}

function describeHost(host: unknown): string {
  const tag = (host as {localName?: string})?.localName;
  return tag ? `<${tag}>` : 'This element';
}
