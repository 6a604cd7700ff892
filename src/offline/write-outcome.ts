import {NetworkError} from '../endpoint/index.js';

/**
 * How a queued write ended, as one tab tells the others (a structured
 * clone over a BroadcastChannel): the server's response, or what its
 * refusal said.
 *
 * @example
 * ```ts
 * const outcome: WriteOutcome = {id: 'a1', value: {id: '1', done: true}};
 * ```
 */
export type WriteOutcome =
  | {readonly id: string; readonly value: unknown}
  | {readonly id: string; readonly error: {readonly name: string; readonly message: string; readonly status?: number}}
  /** Not sent after all (no response), by a part that stopped meanwhile: whoever waits for it may send it. */
  | {readonly id: string; readonly released: true};

/** A refusal as another tab can receive it: its name, message and HTTP status. */
export function outcomeOfError(id: string, error: unknown): WriteOutcome {
  const status = error instanceof NetworkError ? error.status : undefined;
  const name = error instanceof Error ? error.name : 'Error';
  return {id, error: {name, message: error instanceof Error ? error.message : String(error), ...(status === undefined ? {} : {status})}};
}

/** The error another tab's refusal stands for here. */
export function errorOfOutcome(error: {readonly name: string; readonly message: string; readonly status?: number}): Error {
  const rebuilt = error.status === undefined ? new Error(error.message) : new NetworkError({message: error.message, status: error.status});
  rebuilt.name = error.name;
  return rebuilt;
}
