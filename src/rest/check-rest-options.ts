import {checkMilliseconds, checkSchema, closestName, devLog, shownValue} from '../dev/index.js';
import type {RestEndpoint} from './rest-endpoint.js';

/**
 * Development mode's look at what a RestEndpoint was given, where it is
 * declared, for mistakes that would otherwise fail late or not at all: a
 * schema that is not one (kept as "no schema"), an expiry or poll interval
 * that is not a number of milliseconds (data fresh forever, a poll without
 * end), and a `urlPrefix` and `path` that join into a URL the server would
 * not know (`/api` + `todos` is `/apitodos`, refused). A doubled slash
 * (`/api/` + `/todos` is `/api//todos`) is warned of: some servers take it
 * as the single one.
 *
 * @example
 * ```ts
 * checkRestOptions(new RestEndpoint({urlPrefix: '/api', path: 'todos'}), {urlPrefix: '/api', path: 'todos'});
 * // TypeError: GET todos: urlPrefix "/api" and path "todos" join into "/apitodos": ...
 * ```
 */
export function checkRestOptions(endpoint: RestEndpoint<any>, options: Record<string, unknown>): void {
  const name = endpoint.name;
  warnMisspelledOptions(endpoint, options);
  if (options.schema !== undefined) checkSchema(options.schema, `${name}: schema`);
  for (const option of ['dataExpiryLength', 'errorExpiryLength'] as const) checkMilliseconds(options[option], `${name}: ${option}`);
  checkMilliseconds(options.pollFrequency, `${name}: pollFrequency`, {positive: true});
  const {urlPrefix, path} = options;
  if (typeof urlPrefix !== 'string' || urlPrefix === '' || typeof path !== 'string' || path === '') return;
  const slashes = Number(urlPrefix.endsWith('/')) + Number(path.startsWith('/'));
  if (slashes === 1) return;
  const joined = `${name}: urlPrefix ${shownValue(urlPrefix)} and path ${shownValue(path)} join into ${shownValue(urlPrefix + path)}`;
  // A missing slash makes another path; a doubled one is a path some servers take as the same.
  if (slashes === 0) throw new TypeError(`${joined}: start the path with /`);
  // Once per pair: a resource declares several endpoints with the same two.
  const pair = `${urlPrefix} ${path}`;
  if (warnedPairs.has(pair)) return;
  warnedPairs.add(pair);
  devLog('warn', `${joined}: end the urlPrefix without /`, endpoint);
}

const warnedPairs = new Set<string>();

/** What a RestEndpoint reads of its options (and the members an app may override). */
const KNOWN_OPTIONS = [
  'path',
  'urlPrefix',
  'method',
  'body',
  'searchParams',
  'name',
  'schema',
  'sideEffect',
  'dataExpiryLength',
  'errorExpiryLength',
  'pollFrequency',
  'retry',
  'queueOffline',
  'paginationField',
  'nextPage',
  'getOptimisticResponse',
  'getRequestInit',
  'getHeaders',
  'process',
  'parseResponse',
  'fetchResponse',
  'url',
  'key',
];

const warnedOptions = new Set<string>();

/**
 * Warns, once per misspelling, of an option close to one RestEndpoint reads
 * (`shema`, `pollFrequncy`): it is kept as a property of the endpoint and does
 * nothing, so the schema or the poll meant is silently missing. Other unknown
 * options, and names of four letters or fewer, are left alone: an app may
 * give its endpoints members of its own.
 */
function warnMisspelledOptions(endpoint: RestEndpoint<any>, options: Record<string, unknown>): void {
  for (const option of Object.keys(options)) {
    // Short names (`keys`, `paths`) are one edit from too many of ours to be told apart from an app's own.
    if (option.length < 5) continue;
    const meant = closestName(option, KNOWN_OPTIONS);
    if (meant === undefined || warnedOptions.has(option)) continue;
    warnedOptions.add(option);
    devLog('warn', `${endpoint.name}: the option "${option}" is not one RestEndpoint reads, so it does nothing: did you mean "${meant}"?`, endpoint);
  }
}
