import type pg from 'pg';
import type { ExpectedRevision, NewEvent } from '../port.ts';
import { appendGroupStatement, appendStatement, type AppendRow } from './sql.ts';

/** A single-event append waiting to be written. */
export interface SingleAppend {
  streamName: string;
  event: NewEvent;
  expected: ExpectedRevision;
}

interface Pending extends SingleAppend {
  resolve(row: AppendRow | undefined): void;
  reject(err: unknown): void;
}

export interface GroupCommitOptions {
  /** Statements of single-event appends in flight at once. */
  maxInFlight: number;
  /** Appends combined into one statement at most. */
  maxGroup: number;
  /** Appends that must be waiting before a second (third, …) statement is sent beside a running one. */
  minParallelGroup: number;
}

/**
 * Group commit for single-event appends (the command case). An append is sent at once while
 * fewer than `maxInFlight` statements run; the appends that arrive meanwhile wait and are then
 * written together: ONE statement and ONE commit (one WAL flush) for the whole group, each append
 * on its own stream with its own expected-revision check (sql.ts, appendGroupStatement).
 *
 * Each append keeps its own outcome and the store's guarantees:
 *  - its promise settles only after the group's transaction committed (synchronous_commit as
 *    configured: nothing is acknowledged before it is durable);
 *  - an expected-revision mismatch writes nothing for that append only (no row comes back for
 *    it; the others commit);
 *  - a group never holds two appends of one stream (a later one waits for the next group, in
 *    arrival order); every stream's lock is taken, in one global order, before the first write,
 *    so revisions stay gapless, the xid8 order agrees with every stream's order, and groups
 *    cannot deadlock;
 *  - an error (e.g. a unique violation: an event id written before) aborts the whole
 *    statement, so the group is written again one append per statement, where each append
 *    meets its own verdict.
 */
export class GroupCommit {
  #queue: Pending[] = [];
  #inFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly opts: GroupCommitOptions,
  ) {}

  /** The row of the written event, or undefined when the expected revision did not match. */
  append(append: SingleAppend): Promise<AppendRow | undefined> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ ...append, resolve, reject });
      this.#drain();
    });
  }

  #drain(): void {
    // A statement is sent at once when none runs (a lone append waits for nothing); another one
    // only for a group of at least `minParallelGroup` appends, so that concurrent writers do not
    // settle into lanes of one append per statement.
    while (
      this.#queue.length > 0 &&
      (this.#inFlight === 0 ||
        (this.#inFlight < this.opts.maxInFlight &&
          this.#queue.length >= this.opts.minParallelGroup))
    ) {
      const group = this.#takeGroup();
      this.#inFlight += 1;
      void this.#write(group).finally(() => {
        // The slot stays taken until the callers just answered have had their turn (their
        // continuations run as microtasks, before setImmediate): a caller that appends again at
        // once joins the waiting ones in the next group instead of taking the slot alone.
        setImmediate(() => {
          this.#inFlight -= 1;
          this.#drain();
        });
      });
    }
  }

  /** The oldest waiting appends, at most one per stream, in arrival order. */
  #takeGroup(): Pending[] {
    const group: Pending[] = [];
    const streams = new Set<string>();
    const rest: Pending[] = [];
    for (const pending of this.#queue) {
      if (group.length < this.opts.maxGroup && !streams.has(pending.streamName)) {
        group.push(pending);
        streams.add(pending.streamName);
      } else {
        rest.push(pending);
      }
    }
    this.#queue = rest;
    return group;
  }

  async #write(group: Pending[]): Promise<void> {
    const [only] = group;
    if (group.length === 1 && only) return this.#writeAlone(only);
    let rows: (AppendRow & { ord: number })[];
    try {
      ({ rows } = await this.pool.query<AppendRow & { ord: number }>(appendGroupStatement(group)));
    } catch {
      // Nothing of the group was written (one statement, one transaction) — or, if the
      // connection broke during the commit, perhaps all of it: either way, writing each append
      // again alone gives each its own verdict (an id already written is answered idempotently).
      await Promise.all(group.map((p) => this.#writeAlone(p)));
      return;
    }
    const byOrdinal = new Map(rows.map((r) => [Number(r.ord), r]));
    group.forEach((p, i) => p.resolve(byOrdinal.get(i + 1)));
  }

  async #writeAlone(p: Pending): Promise<void> {
    try {
      const { rows } = await this.pool.query<AppendRow>(
        appendStatement(p.streamName, [p.event], p.expected),
      );
      p.resolve(rows[0]);
    } catch (err) {
      p.reject(err);
    }
  }
}
