import type { Knex } from 'knex';

interface RawConnection {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface SessionLock {
  release(): Promise<void>;
}

/**
 * A session-scoped advisory lock held on a connection checked out of knex's pool for as long
 * as the caller needs it (a rebuild can take minutes; a transaction that long would hold back
 * the event store's visibility bound). If the process dies, PostgreSQL ends the session and
 * the lock goes with it.
 * Returns undefined when `wait` is false and another session holds the lock.
 */
export async function acquireSessionLock(
  knex: Knex,
  key: [number, string],
  opts: { wait: boolean },
): Promise<SessionLock | undefined> {
  const client = knex.client as {
    acquireConnection(): Promise<unknown>;
    releaseConnection(c: unknown): Promise<void>;
  };
  const conn = (await client.acquireConnection()) as RawConnection;
  try {
    if (opts.wait) {
      await conn.query('SELECT pg_advisory_lock($1, hashtext($2))', key);
    } else {
      const { rows } = await conn.query(
        'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
        key,
      );
      if (rows[0]?.locked !== true) {
        await client.releaseConnection(conn);
        return undefined;
      }
    }
  } catch (err) {
    await client.releaseConnection(conn);
    throw err;
  }
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      try {
        await conn.query('SELECT pg_advisory_unlock($1, hashtext($2))', key);
      } finally {
        await client.releaseConnection(conn);
      }
    },
  };
}
