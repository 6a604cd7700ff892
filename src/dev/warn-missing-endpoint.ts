import {devLog} from './dev-log.js';

/**
 * Warns when a reader is made with no endpoint. The types forbid it, so it
 * comes from a value that was not there yet when the reader was made: most
 * often a resource imported through an import cycle, which a bundle gives as
 * `undefined`. Such a reader reads nothing and says nothing, so the warning
 * names the reader and its host.
 *
 * @example
 * ```ts
 * warnMissingEndpoint(undefined, 'useSuspense', this);
 * // data-elements (development mode): useSuspense: the endpoint is undefined, so nothing is read. ...
 * ```
 */
export function warnMissingEndpoint(endpoint: unknown, who: string, host: unknown): void {
  if (endpoint !== undefined) return;
  const tag = host instanceof Element ? ` in <${host.localName}>` : '';
  devLog(
    'warn',
    `${who}${tag}: the endpoint is undefined, so nothing is read. A resource imported through an import cycle is undefined while its module is still loading: import it from a module that does not import this one.`,
    host,
  );
}
