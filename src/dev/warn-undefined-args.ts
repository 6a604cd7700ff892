import {devLog} from './dev-log.js';

const told = new WeakSet<object>();

/**
 * Warns, once per reader, that its args function returned `undefined`. That
 * reads as "no args": for a list, the whole list. The usual cause is a guard
 * written `() => userId && {userId}`, meant as "not yet", which is `null`.
 *
 * @example
 * ```ts
 * if (DEV_MODE && raw === undefined && typeof argsInput === 'function') warnUndefinedArgs(this, endpoint.name);
 * ```
 */
export function warnUndefinedArgs(reader: object, endpointName: string | undefined): void {
  if (told.has(reader)) return;
  told.add(reader);
  devLog(
    'warn',
    `a reader of ${endpointName ?? 'an endpoint'}: its args function returned undefined, which reads as no args (for a list, the whole list). Return null for "not now" (() => userId ? {userId} : null).`,
    reader,
  );
}
