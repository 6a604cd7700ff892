import {devLog} from '../src/dev/index.js';

/** The snapshot each provider's own Controller started from (or undefined): what was read. */
const read = new WeakMap<Element, unknown>();
const told = new WeakSet<Element>();

/**
 * Development mode: notes the snapshot a provider's own Controller started
 * from, when it makes that Controller.
 *
 * @example
 * ```ts
 * if (DEV_MODE) noteSnapshotRead(this, this.initialState);
 * ```
 */
export function noteSnapshotRead(provider: Element, snapshot: unknown): void {
  read.set(provider, snapshot);
}

/**
 * Development mode: warns once per provider when its `initialState` is set
 * after its own Controller was made: the snapshot is read only then, so a
 * later one would be ignored without a word. The message says what to do
 * instead.
 *
 * @example
 * ```ts
 * if (DEV_MODE && changed.has('initialState')) checkLateSnapshot(this, this.initialState);
 * ```
 */
export function checkLateSnapshot(provider: Element, snapshot: unknown): void {
  if (!read.has(provider) || read.get(provider) === snapshot || snapshot === undefined || told.has(provider)) return;
  told.add(provider);
  devLog(
    'warn',
    '<data-provider>: initialState was set after the provider made its Controller, which reads a snapshot only when it is made: this one is not read. ' +
      "Set initialState before the provider connects, or add a later snapshot to the cache with merge(provider.activeController, snapshot) from 'lit-data-elements/snapshots'.",
    provider,
  );
}
