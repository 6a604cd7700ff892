import {devLog} from '../dev/index.js';

/**
 * Development mode: logs (console.error) a reader's error that nothing shows
 * for it (no `<data-boundary>` takes it and its host did not say it handles
 * errors), naming the host element, the endpoint and the args, with the
 * objects themselves after the message.
 */
export function logUnhandledReaderError(host: unknown, endpoint: unknown, args: readonly unknown[] | null, error: unknown): void {
  const tag = (host as {localName?: string})?.localName;
  const who = tag ? `<${tag}>` : 'A reactive controller host';
  const name = endpointName(endpoint, args);
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
  devLog(
    'error',
    `${who} has a reader in error that no <data-boundary> takes: ${name} with args ${argsText(args)} failed: ${reason}. ` +
      'Wrap the element in <data-boundary>, or render the error (reader.render({error})) and set reader.handlesErrors = true.',
    {host, endpoint, args, error},
  );
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
