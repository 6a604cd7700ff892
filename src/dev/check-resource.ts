import {isEndpointLike} from './endpoint-like.js';
import {shownValue} from './shown-value.js';

/**
 * Throws a TypeError unless `value` is a resource (what `createResource`
 * returns: an object of endpoints), with a `getList` when `needsList`: one
 * of its endpoints given in its place would otherwise fail deep inside, with
 * the engine's message. `who` names the function that was given it.
 *
 * @example
 * ```ts
 * checkResource(TodoResource.getList, 'hookifyResource');
 * // TypeError: hookifyResource takes a resource (what createResource returns), got the endpoint GET /todos
 * ```
 */
export function checkResource(value: unknown, who: string, needsList = false): void {
  const expected = `${who} takes a resource (what createResource returns), got`;
  if (isEndpointLike(value)) throw new TypeError(`${expected} the endpoint ${(value as {name?: string}).name ?? ''}`.trimEnd());
  const members = typeof value === 'object' && value !== null ? Object.values(value) : [];
  if (!members.some(isEndpointLike)) throw new TypeError(`${expected} ${shownValue(value)}`);
  if (needsList && !isEndpointLike((value as {getList?: unknown}).getList)) throw new TypeError(`${who} needs the resource's getList, which this one has not`);
}
