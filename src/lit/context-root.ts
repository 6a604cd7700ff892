import {ContextRoot} from '@lit/context';

const ATTACHED = Symbol.for('data-elements/context-root');

/**
 * Makes sure one ContextRoot listens at the document, so an element that
 * connects before its provider is defined (a CDN script loaded late, elements
 * defined in any order) is answered when the provider arrives. One per page,
 * shared by every copy of the library; nothing happens where there is no DOM.
 */
export function ensureContextRoot(): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement as HTMLElement & {[ATTACHED]?: true};
  if (root[ATTACHED]) return;
  root[ATTACHED] = true;
  new ContextRoot().attach(root);
}
