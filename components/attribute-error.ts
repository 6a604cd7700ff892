/**
 * A malformed attribute of a data element (bad JSON, an unknown value, a
 * missing required attribute), or of a property set from JavaScript (the
 * `resource` of `<data-resource>`). The element shows it as its error state
 * and fires `data-error`; it is never thrown into the page. The message names
 * the element and the attribute (or property).
 *
 * @example
 * ```ts
 * el.addEventListener('data-error', e => {
 *   if (e.detail.error instanceof AttributeError) console.warn(e.detail.error.attribute, e.detail.message);
 * });
 * ```
 */
export class AttributeError extends Error {
  override name = 'AttributeError';
  constructor(
    /** The element, as `<data-resource id="todos">`. */
    readonly element: string,
    /** The attribute at fault, such as `params`. */
    readonly attribute: string,
    problem: string,
    /** What the message calls the input: a property set only from JavaScript (`resource property`) is no attribute. */
    input = `"${attribute}" attribute`,
  ) {
    super(`${element}: the ${input} ${problem}`);
  }
}

/**
 * An element as a message names it: its tag, and its id when it has one.
 *
 * @example
 * ```ts
 * describeElement(document.querySelector('data-resource')!); // '<data-resource id="todos">'
 * ```
 */
export function describeElement(element: Element): string {
  const id = element.id;
  return id ? `<${element.localName} id="${id}">` : `<${element.localName}>`;
}

/**
 * Parses a JSON attribute that must hold an object; an AttributeError naming
 * `element` and `attribute` otherwise.
 *
 * @example
 * ```ts
 * parseJsonObject('<data-resource>', 'params', '{"id": 1}'); // {id: 1}
 * ```
 */
export function parseJsonObject(element: string, attribute: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AttributeError(element, attribute, `is not valid JSON (${(error as Error).message}): ${text}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new AttributeError(element, attribute, `must be a JSON object such as {"id": 1}, got ${text}`);
  }
  return value as Record<string, unknown>;
}
