import type {EntityLike, NormalizedResponse} from '../schema/index.js';
import type {SweepResult} from './garbage-collect.js';
import type {GCPolicy} from './gc-policy.js';
import type {RequestRegistry} from './request-registry.js';
import {RetainedReads, type WatchedReads} from './retained-reads.js';
import type {State} from './state.js';

/**
 * What garbage collection needs to know besides the state: which reads are
 * retained (it counts them, as {@link RetainedReads}), the schema each
 * stored result was written with (to follow its references), and the table
 * adapters met (to follow a row found by scanning a table). The Controller
 * feeds it as it writes and asks it to sweep.
 *
 * @example
 * ```ts
 * const tracker = new GCTracker(policy);
 * tracker.wrote(key, endpoint.schema, normalized);
 * const swept = tracker.sweep(base, visible, now, requests);
 * ```
 */
export class GCTracker extends RetainedReads {
  private readonly schemas = new Map<string, unknown>();
  private readonly adapters = new Map<string, EntityLike>();

  /** Without a policy, nothing is ever swept. The `watched` reads are retained while they are watched. */
  constructor(
    readonly policy: GCPolicy | undefined,
    watched?: WatchedReads,
  ) {
    super(watched);
  }

  /** How many distinct reads are retained (held or watched). */
  get retainedCount(): number {
    return this.size;
  }

  /** Notes a response written: its tables' adapters, and the schema of its result (when it stores one under `key`). */
  wrote(key: string | undefined, schema: unknown, normalized: NormalizedResponse): void {
    for (const write of normalized.entities.values()) this.adapters.set(write.table.key, write.table);
    if (key !== undefined) this.schemas.set(key, schema);
  }

  /** The table adapter met for a table key (an Entity class's, a Collection), if any. */
  adapter(table: string): EntityLike | undefined {
    return this.adapters.get(table);
  }

  /** Forgets every result's schema (the results are gone); retained reads stay, their readers are still there. */
  clear(): void {
    this.schemas.clear();
  }

  /** Sweeps the confirmed state by the policy; the result says what went (undefined with no policy). */
  sweep(base: State, visible: State, now: number, requests: RequestRegistry): SweepResult | undefined {
    if (!this.policy) return undefined;
    const swept = this.policy.sweep({
      base,
      visible,
      now,
      retained: this,
      schemas: this.schemas,
      adapters: this.adapters,
      inFlightKeys: new Set(requests.keys()),
      oldestInFlight: requests.oldestFetchedAt,
    });
    for (const key of swept.results) this.schemas.delete(key);
    return swept;
  }
}
