import {isServer, ReactiveElement} from 'lit';

/**
 * Whether `host` is an element being rendered on the server by Lit SSR
 * (`@lit-labs/ssr` with `connectedCallback` enabled, which is what lets
 * the context protocol's events find the provider there). In Node, Lit's elements extend
 * its DOM shim and only the SSR renderer connects them. Such a host is
 * connected once and never updated, disconnected or rendered again: a
 * reader reads the cache when it connects, and neither follows the read nor
 * fetches (nothing would show the answer). Other hosts in Node (a test's
 * fake host) are not elements.
 */
export function isServerRendered(host: object): boolean {
  return isServer && host instanceof ReactiveElement;
}
