// What the schema tests share: a message-always assert, entity meta at a time, a write
// (normalize + mergeResponse) and a fresh memo read.
import assert from 'node:assert/strict';
import {MemoCache, mergeResponse, normalize, type EntityMeta, type EntityStore} from '../../../src/schema/index.js';

/**
 * assert.ok with a message always: on a failing bare assert.ok, Node 20 tries to
 * print the source expression and spins forever on tsx-transformed files.
 */
export function ok(value: unknown, message = 'expected a truthy value'): asserts value {
  assert.ok(value, message);
}

/** Entity meta for a write at client time `t`. */
export const at = (t: number): EntityMeta => ({fetchedAt: t, date: t, expiresAt: t + 60_000});

/** normalize + mergeResponse, returning the new store and the normalized result. */
export function write(store: EntityStore, s: unknown, data: unknown, t = 1, args: unknown[] = []) {
  const n = normalize(s, data, args);
  return {store: mergeResponse(store, n, at(t)), result: n.result};
}

/** One fresh memo read. */
export function read<T = any>(s: unknown, input: unknown, store: EntityStore) {
  return new MemoCache().denormalize<T>(s, input, store.entities);
}
