import {ContextRoot} from '@lit/context';

const ATTACHED = Symbol.for('data-elements/context-root');
/** This copy of the library has made sure of it: every reader asks, and a mount makes thousands. */
let ensured = false;

/**
 * Makes sure one ContextRoot listens at the document, so an element that
 * connects before its provider is defined (a CDN script loaded late, elements
 * defined in any order) is answered when the provider arrives. One per page,
 * shared by every copy of the library; nothing happens where there is no DOM.
 */
export function ensureContextRoot(): void {
  if (ensured || typeof document === 'undefined') return;
  ensured = true;
  const root = document.documentElement as HTMLElement & {[ATTACHED]?: true};
  if (root[ATTACHED]) return;
  root[ATTACHED] = true;
  new ContextRoot().attach(root);
}
