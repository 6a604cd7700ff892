import {isEndpointLike} from './endpoint-like.js';
import {shownValue} from './shown-value.js';

/**
 * Throws a TypeError unless `endpoint` is one (it has a `key` method): a plain
 * object, a URL, a whole resource or nothing given to a Controller method or
 * a reader would otherwise fail deep inside, with a message that names none
 * of them. `who` is what was given it (`Controller`, `a reader`).
 *
 * @example
 * ```ts
 * checkEndpoint('/api/articles'); // TypeError: Controller: not an endpoint: "/api/articles"
 * checkEndpoint(ArticleResource, 'a reader'); // TypeError: a reader: not an endpoint: a resource, ...
 * ```
 */
export function checkEndpoint(endpoint: unknown, who = 'Controller'): void {
  if (isEndpointLike(endpoint)) return;
  // A resource holds endpoints (get, getList, ...): the usual slip is to give it whole.
  const resource = typeof endpoint === 'object' && endpoint !== null && Object.values(endpoint).some(isEndpointLike);
  throw new TypeError(`${who}: not an endpoint: ${resource ? 'a resource, give one of its endpoints (such as resource.get)' : shownValue(endpoint)}`);
}
