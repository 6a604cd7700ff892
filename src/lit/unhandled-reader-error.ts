import {devLog} from '../dev/index.js';
import {MissingProviderError} from './missing-provider-error.js';
import {undefinedAncestor} from './undefined-ancestor.js';

/** Development mode: the reader classes whose errors a `<data-boundary>` may take. */
const boundaryReaders: (abstract new (...args: never[]) => object)[] = [];

/**
 * Development mode: notes a reader class whose errors a `<data-boundary>`
 * may take (useSuspense's), for the advice of {@link logUnhandledReaderError}.
 * A record kept here rather than a member of the reader: production builds drop it.
 *
 * @example
 * ```ts
 * if (DEV_MODE) noteBoundaryReaders(SuspenseController);
 * ```
 */
export function noteBoundaryReaders(readerClass: abstract new (...args: never[]) => object): void {
  boundaryReaders.push(readerClass);
}

/** Development mode: whether `reader` is of a class noted by {@link noteBoundaryReaders}. */
export function boundaryCanTake(reader: object): boolean {
  return boundaryReaders.some(readerClass => reader instanceof readerClass);
}

/**
 * Development mode: explains (console.error) a reader's error that nothing
 * shows (no `<data-boundary>` takes it, its host did not say it handles
 * errors, and no `data-error` listener took it), naming the host element,
 * the endpoint and the args, with the objects themselves after the message.
 * `boundaryCanTake` is true for a `useSuspense` reader: only those go to a
 * `<data-boundary>`, so only those are told to get one. The advice says
 * only what is true of the page: a boundary that is there but was never
 * defined is named as such.
 */
export function logUnhandledReaderError(
  host: unknown,
  endpoint: unknown,
  args: readonly unknown[] | null,
  error: unknown,
  boundaryCanTake: boolean,
): void {
  const tag = (host as {localName?: string})?.localName;
  const who = tag ? `<${tag}>` : 'A reactive controller host';
  const name = endpointName(endpoint, args);
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
  devLog(
    'error',
    [
      `${who} has a reader in error that nothing shows: ${name} with args ${argsText(args)} failed: ${reason}.`,
      'It fired data-error from the element and went to reportError.',
      advice(host, error, boundaryCanTake),
    ]
      .filter(Boolean)
      .join(' '),
    {host, endpoint, args, error},
  );
}

/** What would show the error, as the page stands. */
function advice(host: unknown, error: unknown, boundaryCanTake: boolean): string {
  const render = 'render the error (reader.render({error})) and set reader.handlesErrors = true';
  // No provider: the error's own message says what is missing and what to do.
  if (error instanceof MissingProviderError) return '';
  if (!boundaryCanTake) return `This reader never goes to a <data-boundary> (only useSuspense does): ${render}, or listen for data-error.`;
  if (undefinedAncestor(host, 'data-boundary')) {
    return (
      'The <data-boundary> above it is not defined (the elements were never loaded), so it takes nothing: ' +
      "add import 'lit-data-elements/elements' (or 'lit-data-elements/provider'), or the CDN <script type=\"module\">."
    );
  }
  return `Wrap the element in <data-boundary>, or ${render}.`;
}

function endpointName(endpoint: unknown, args: readonly unknown[] | null): string {
  const named = (endpoint as {name?: unknown})?.name;
  if (typeof named === 'string' && named !== '') return named;
  try {
    const key = (endpoint as {key?: (...a: unknown[]) => unknown})?.key?.(...(args ?? []));
    if (typeof key === 'string') return key;
  } catch {
    // Bad args are the error being reported; the name is only a label.
  }
  return 'the endpoint';
}

function argsText(args: readonly unknown[] | null): string {
  try {
    return JSON.stringify(args ?? []);
  } catch {
    return String(args);
  }
}
