import type { Knex } from 'knex';

/**
 * Waiting at the end of the log for events the PostgreSQL store still holds back (committed,
 * but behind an older open transaction: the xid8 visibility bound). A growing pause, 5 ms
 * doubling to 250 ms, while the total stays under `maxMs` and `signal` is not aborted; `wait()`
 * answers false once the budget is spent (the caller stops and a later run picks them up).
 */
export interface HeldBackWaiter {
  wait(): Promise<boolean>;
  /** True once `wait()` has refused for lack of budget (not for an abort). */
  gaveUp(): boolean;
}

export function heldBackWaiter(maxMs: number, signal?: AbortSignal): HeldBackWaiter {
  let waited = 0;
  let delay = 5;
  let gaveUp = false;
  return {
    async wait() {
      if (signal?.aborted) return false;
      if (waited >= maxMs) {
        gaveUp = true;
        return false;
      }
      await new Promise((r) => setTimeout(r, delay));
      waited += delay;
      delay = Math.min(delay * 2, 250);
      return true;
    },
    gaveUp: () => gaveUp,
  };
}

/**
 * What holds the visibility bound back, in words for an error message: the oldest open
 * transaction on the server that has a transaction id (any database: the bound is server-wide),
 * with its database, backend pid, age, state and the start of its statement; or a sentence
 * saying none is open now (it ended between the read and this look).
 */
export async function describeVisibilityHold(knex: Knex): Promise<string> {
  const { rows } = await knex.raw<{
    rows: {
      datname: string | null;
      pid: number;
      state: string | null;
      xid: string;
      seconds: number | null;
      query: string | null;
    }[];
  }>(
    `SELECT datname, pid, state, backend_xid::text AS xid,
            round(extract(epoch FROM now() - xact_start))::int AS seconds,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 80) AS query
       FROM pg_stat_activity
      WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid()
      ORDER BY age(backend_xid) DESC
      LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return 'no transaction with an id is open on the server now';
  return (
    `transaction ${row.xid} in database ${row.datname ?? '?'} (pid ${row.pid}, open ` +
    `${row.seconds ?? '?'} s, ${row.state ?? 'unknown state'}: ${row.query ?? ''})`
  );
}
