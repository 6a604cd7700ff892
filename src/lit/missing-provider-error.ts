/**
 * Raised when an element asks for the cache but has no `<data-provider>`
 * above it. The message names the element.
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
      `${describeHost(host)} has no <data-provider> above it: wrap it (or a parent) in <data-provider>, or give it a Controller through the data context.`,
    );
  }
}

function describeHost(host: unknown): string {
  const tag = (host as {localName?: string})?.localName;
  return tag ? `<${tag}>` : 'This element';
}
