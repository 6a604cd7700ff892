import {PersistentMap} from './persistent-map.js';

/** A trie node of a {@link PersistentMap}: slot 0 is its owner token, then 32 children (or 32 value/insertion pairs in a leaf). */
type Node = unknown[] | undefined;

/**
 * The keys whose value differs between two versions of a table (set, changed
 * or deleted), found without reading every key: the versions of one
 * {@link PersistentMap} share every trie node a write did not touch, so the
 * walk skips identical nodes and costs about what was written between them.
 * Undefined when that cannot be told cheaply: either is not a
 * `PersistentMap`, they number their keys differently (a rebuild), or more
 * than `limit` keys differ. The caller then compares what it needs by itself.
 *
 * @example
 * ```ts
 * const before = PersistentMap.from([['1', rowA], ['2', rowB]]);
 * const after = before.set('2', rowC).set('3', rowD);
 * changedKeys(before, after, 10); // ['2', '3']
 * ```
 */
export function changedKeys(before: ReadonlyMap<string, unknown> | undefined, after: ReadonlyMap<string, unknown> | undefined, limit: number): string[] | undefined {
  if (before === after) return [];
  if (!(before instanceof PersistentMap) || !(after instanceof PersistentMap)) return undefined;
  const out: string[] = [];
  if (before.small !== undefined || after.small !== undefined) {
    // A small version is a flat array of a few keys; a version past it holds many, so only two small ones compare cheaply.
    if (before.small === undefined || after.small === undefined) return undefined;
    for (const key of after.keys()) if (!before.has(key) || !Object.is(before.get(key), after.get(key))) out.push(key);
    for (const key of before.keys()) if (!after.has(key)) out.push(key);
    return out.length > limit ? undefined : out;
  }
  if (before.lineage !== after.lineage) return undefined;
  // Bring both tries to one height: a shorter trie is the first child of a taller one.
  let a: Node = before.trie;
  let b: Node = after.trie;
  let shift = Math.max(before.trieShift, after.trieShift);
  for (let s = before.trieShift; s < shift; s += 5) a = a === undefined ? undefined : [undefined, a];
  for (let s = after.trieShift; s < shift; s += 5) b = b === undefined ? undefined : [undefined, b];
  return diffNodes(a, b, shift, 0, before.lineage.keys, out, limit) ? out : undefined;
}

/** Adds the keys that differ under two nodes at the same place to `out`; false once there are more than `limit`. */
function diffNodes(a: Node, b: Node, shift: number, base: number, keys: readonly string[], out: string[], limit: number): boolean {
  if (a === b) return true;
  if (shift === 0) {
    for (let i = 0; i < 32; i++) {
      const slot = 1 + (i << 1);
      // An absent key has no insertion number; a present one may hold undefined.
      const heldA = a?.[slot + 1] !== undefined;
      const heldB = b?.[slot + 1] !== undefined;
      if (heldA !== heldB || !Object.is(a?.[slot], b?.[slot])) {
        out.push(keys[base + i]);
        if (out.length > limit) return false;
      }
    }
    return true;
  }
  for (let i = 0; i < 32; i++) {
    const childA = a?.[1 + i] as Node;
    const childB = b?.[1 + i] as Node;
    if (childA !== childB && !diffNodes(childA, childB, shift - 5, base + (i << shift), keys, out, limit)) return false;
  }
  return true;
}
