// `import 'lit-data-elements/autoload'` (or the CDN's dist/cdn/modules/autoload.js): defines
// <data-provider> and <data-boundary> at once, and each other element the first time the page
// uses its tag, so that a page loads the template layer, REST, live feeds or devtools only when
// one of its elements needs them.
import {reportError} from '../src/core/index.js';
import './provider.js';

/** The elements defined on first use, each with the module that defines it. */
const ON_DEMAND: Readonly<Record<string, () => Promise<unknown>>> = {
  'data-resource': () => import('./data-resource.js'),
  'data-query': () => import('./data-query.js'),
  'data-live': () => import('./data-live.js'),
  'data-devtools': () => import('./devtools/index.js'),
};

const loading = new Map<string, Promise<void>>();

/** Loads the module defining `tag` once; a failed load is forgotten, so that a later use tries again. */
function define(tag: string): Promise<void> {
  let promise = loading.get(tag);
  if (!promise) {
    promise = ON_DEMAND[tag]!().then(
      () => undefined,
      (cause: unknown) => {
        loading.delete(tag);
        throw new Error(`data-elements: the module that defines <${tag}> could not be loaded (${cause instanceof Error ? cause.message : String(cause)})`, {cause});
      },
    );
    loading.set(tag, promise);
  }
  return promise;
}

/** The on-demand tags used in `root` (and `root` itself) that are not defined yet. */
function undefinedTags(root: ParentNode): Set<string> {
  const tags = new Set<string>();
  const consider = (element: Element) => {
    if (element.localName in ON_DEMAND && !customElements.get(element.localName)) tags.add(element.localName);
  };
  // A server's DOM shim (Lit SSR) has nodes that cannot be searched, and no elements to define.
  if (typeof root.querySelectorAll !== 'function') return tags;
  if (root instanceof Element) consider(root);
  root.querySelectorAll(Object.keys(ON_DEMAND).join(',')).forEach(consider);
  return tags;
}

/**
 * Defines the elements used under `root` that are not defined yet, loading
 * each one's module once. The autoloader already watches the document; call
 * this for elements it cannot see, those in a shadow root. Resolves when they
 * are defined; rejects, naming the element, when a module could not be
 * loaded (a later call tries again).
 *
 * @example
 * ```ts
 * import {discover} from 'lit-data-elements/autoload';
 *
 * const root = host.attachShadow({mode: 'open'});
 * root.append(document.createElement('data-query'));
 * await discover(root);
 * ```
 */
export function discover(root: ParentNode): Promise<void> {
  return Promise.all([...undefinedTags(root)].map(define)).then(() => undefined);
}

/** Follows the document: elements added later (by a script, or rendered by a template) are defined when they appear. */
function watchDocument(): void {
  const observer = new MutationObserver(records => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) for (const tag of undefinedTags(node)) define(tag).catch(error => reportError(error, error.message));
      }
    }
    // Once every element is defined there is nothing left to watch for.
    if (Object.keys(ON_DEMAND).every(tag => customElements.get(tag))) observer.disconnect();
  });
  observer.observe(document, {childList: true, subtree: true});
  discover(document).catch(error => reportError(error, error.message));
}

// Server code (Node, or Lit SSR's global DOM shim, whose document cannot be searched) has no document to watch.
if (typeof document !== 'undefined' && typeof document.querySelectorAll === 'function' && typeof MutationObserver !== 'undefined') watchDocument();
