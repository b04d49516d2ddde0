import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

export type { Knex };

// bigint (int8) columns come back as JS strings by default; counts and ids we store fit in
// Number.MAX_SAFE_INTEGER, except event positions, which the event store handles itself as
// bigint strings. Parse int8 to number for read models' convenience.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
});
// numeric stays a string (exact decimal) unless a query casts it.

/** One knex instance per process and database; callers own `destroy()`. */
export function createKnex(connectionString: string, opts: { poolMax?: number } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString, application_name: 'pitwall' },
    pool: { min: 0, max: opts.poolMax ?? 10 },
    acquireConnectionTimeout: 20_000,
  });
}
