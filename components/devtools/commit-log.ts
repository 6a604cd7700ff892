import type {Commit} from '../../src/core/index.js';

/** One commit in the devtools log, with the time (by the Controller's clock) at which it was heard. */
export interface LoggedCommit {
  readonly commit: Commit;
  /** The Controller's clock (ms) when the commit was told. */
  readonly at: number;
}

/**
 * The last `limit` commits of a Controller, newest first. Keeping one costs a
 * reference: a commit's state shares every table it did not change with the
 * states before and after it.
 */
export class CommitLog {
  private items: LoggedCommit[] = [];

  constructor(public limit: number) {}

  add(commit: Commit, at: number): void {
    this.items.unshift({commit, at});
    if (this.items.length > this.limit) this.items.length = this.limit;
  }

  /** Applies a new limit, dropping the oldest commits beyond it. */
  resize(limit: number): void {
    this.limit = limit;
    if (this.items.length > limit) this.items.length = limit;
  }

  clear(): void {
    this.items = [];
  }

  /** The logged commits, newest first. */
  get entries(): readonly LoggedCommit[] {
    return this.items;
  }

  find(id: number): LoggedCommit | undefined {
    return this.items.find(item => item.commit.id === id);
  }
}
