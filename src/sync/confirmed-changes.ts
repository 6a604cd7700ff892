import type {Commit, ResultMeta, State} from '../core/index.js';
import type {EntityMeta} from '../schema/index.js';

/**
 * The confirmed rows and results that commits changed, gathered until they
 * are sent: several commits in one task make one message, which holds each
 * row and result as the last of them left it.
 *
 * @example
 * ```ts
 * const changes = new ConfirmedChanges();
 * changes.add(commit);
 * const partial = changes.take(commit.confirmed); // a State holding only what changed
 * ```
 */
export class ConfirmedChanges {
  private rows = new Map<string, Set<string>>();
  private results = new Set<string>();

  /** Whether nothing is gathered. */
  get empty(): boolean {
    return this.rows.size === 0 && this.results.size === 0;
  }

  /** Notes what `commit` changed in the confirmed state. */
  add(commit: Commit): void {
    for (const [table, pks] of commit.confirmedRows) {
      let noted = this.rows.get(table);
      if (!noted) this.rows.set(table, (noted = new Set()));
      for (const pk of pks) noted.add(pk);
    }
    for (const key of commit.results) this.results.add(key);
  }

  /**
   * A state holding the noted rows and results as `confirmed` has them
   * (those it no longer holds, dropped by a sweep, are left out), or
   * undefined when none is left; the notes are cleared.
   */
  take(confirmed: State): State | undefined {
    const {rows, results} = this;
    this.rows = new Map();
    this.results = new Set();
    const entities = new Map<string, Map<string, unknown>>();
    const entitiesMeta = new Map<string, Map<string, EntityMeta>>();
    for (const [table, pks] of rows) {
      const held = confirmed.entities.get(table);
      const heldMeta = confirmed.entitiesMeta.get(table);
      if (!held || !heldMeta) continue;
      const out = new Map<string, unknown>();
      const outMeta = new Map<string, EntityMeta>();
      for (const pk of pks) {
        const row = held.get(pk);
        const meta = heldMeta.get(pk);
        if (row === undefined || meta === undefined) continue;
        out.set(pk, row);
        outMeta.set(pk, meta);
      }
      if (out.size === 0) continue;
      entities.set(table, out);
      entitiesMeta.set(table, outMeta);
    }
    const endpoints = new Map<string, unknown>();
    const meta = new Map<string, ResultMeta>();
    for (const key of results) {
      const resultMeta = confirmed.meta.get(key);
      if (resultMeta === undefined) continue;
      meta.set(key, resultMeta);
      if (confirmed.endpoints.has(key)) endpoints.set(key, confirmed.endpoints.get(key));
    }
    if (entities.size === 0 && meta.size === 0) return undefined;
    return {entities, entitiesMeta, endpoints, meta, optimistic: []};
  }
}
