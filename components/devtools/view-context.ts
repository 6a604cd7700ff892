import type {ResultOrigin, State} from '../../src/core/index.js';
import type {ResultStatus} from './result-status.js';
import type {TreeState} from './value-tree.js';

/** The actions of the live view (absent in the read-only view of a past commit). */
export interface LiveActions {
  /** The endpoint and args behind a result, when the Controller knows them. */
  origin(key: string): ResultOrigin | undefined;
  /** The status the Controller reads now (it also knows about deleted required entities). */
  status(key: string): ResultStatus;
  refetch(key: string): void;
  invalidate(key: string): void;
}

/** What a view renders from: a state, the time it is seen at, and the element's view state. */
export interface ViewContext {
  readonly state: State;
  /** The client time the ages and statuses are computed at. */
  readonly now: number;
  readonly tree: TreeState;
  /** Prefix of the tree paths, so the live view and a past commit's view open separately. */
  readonly prefix: string;
  /** The entity search, lower case; empty shows every row. */
  readonly search: string;
  readonly live?: LiveActions;
  /** The tables elements declare by name under this Controller (table → pk field), shown even while empty. */
  readonly declared?: ReadonlyMap<string, string>;
}
