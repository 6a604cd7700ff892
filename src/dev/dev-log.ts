/** What a development-mode message says; every one starts with this, so it is easy to find in a console. */
const PREFIX = 'data-elements (development mode):';

/**
 * Writes a development-mode diagnostic to the console: `error` for a failure
 * nothing else reports, `warn` for a likely mistake. `details` (the element,
 * the endpoint, the args, the error) follow the message as objects, so the
 * browser's console links to them.
 */
export function devLog(level: 'error' | 'warn', message: string, ...details: unknown[]): void {
  console[level](`${PREFIX} ${message}`, ...details);
}
