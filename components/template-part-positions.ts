/**
 * Keeps the parts stampino prepares where lit finds them.
 *
 * stampino numbers the nodes its parts bind to by counting elements (and
 * the markers it inserts); lit finds them again by counting elements and
 * comments. So a comment in a template shifts every part after it by one:
 * text would render beside its element, and an attribute binding would
 * land on a comment and throw. Comments are dropped from the prepared copy.
 *
 * stampino also replaces each `<template type=… / name=… / call=…>` with a
 * lit child part that runs from a marker up to the node after the template.
 * When the template is the last child of a rendered content (the top level
 * of a `<data-resource>` template, of an `if` or of a repeat row), no node
 * follows, and lit reads that as "up to the end of the parent". Inside an
 * element that is right; at the top level the parent is whatever the output
 * is rendered into, so the part would own the siblings after the output:
 * an update would add its content after them, and clearing it would remove
 * them, lit's own markers included. (lit's own templates end with a marker
 * for the same reason.) An empty comment after such a template closes the
 * part; being the last node, it moves no other part.
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
 * Makes `content` (a copy about to be prepared by stampino) number its parts
 * as lit does: drops its comments, and appends an end marker when it ends
 * with a control template; the same inside every control template it holds.
 *
 * @example
 * ```ts
 * const copy = template.cloneNode(true) as HTMLTemplateElement;
 * alignPartPositions(copy.content); // before stampino prepares the copy
 * ```
 */
export function alignPartPositions(content: DocumentFragment): void {
  const walker = document.createTreeWalker(content, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) comments.push(node);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  if (isControlTemplate(content.lastChild)) content.append(document.createComment(''));
  for (const nested of content.querySelectorAll('template')) {
    if (isControlTemplate(nested)) alignPartPositions(nested.content);
  }
}
