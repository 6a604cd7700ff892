/**
 * Gives every stampino control part a node of its own to end at.
 *
 * stampino replaces each `<template type=… / name=… / call=…>` with a lit
 * child part that runs from a marker up to the node after the template.
 * When the template is the last child of a rendered content (the top level
 * of a `<data-resource>` template, of an `if` or of a repeat row), no node
 * follows, and lit reads that as "up to the end of the parent". Inside an
 * element that is right; at the top level the parent is whatever the output
 * is rendered into, so the part would own the siblings after the output:
 * an update would add its content after them, and clearing it would remove
 * them, lit's own markers included. (lit's own templates end with a marker
 * for the same reason.) An empty comment after such a template closes the
 * part; stampino's node numbering skips comments and lit's counts it last,
 * so no other part moves.
 */

/**
 * Whether `node` is a template stampino evaluates (`type`, `name` or `call`)
 * rather than a plain `<template>` element of the output.
 *
 * @example
 * ```ts
 * isControlTemplate(content.firstElementChild); // true for <template type="if" if="{{ x }}">
 * ```
 */
export function isControlTemplate(node: Node | null): node is HTMLTemplateElement {
  return (
    node instanceof HTMLTemplateElement && (node.hasAttribute('type') || node.hasAttribute('name') || node.hasAttribute('call'))
  );
}

/**
 * Appends an end marker to `content` when it ends with a control template,
 * and does the same inside every control template it holds (at any depth).
 *
 * @example
 * ```ts
 * const copy = template.cloneNode(true) as HTMLTemplateElement;
 * closeTrailingParts(copy.content); // before stampino prepares the copy
 * ```
 */
export function closeTrailingParts(content: DocumentFragment): void {
  if (isControlTemplate(content.lastChild)) content.append(document.createComment(''));
  for (const nested of content.querySelectorAll('template')) {
    if (isControlTemplate(nested)) closeTrailingParts(nested.content);
  }
}
