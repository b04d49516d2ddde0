import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '../logger.ts';

export type { Knex };

// bigint (int8) columns come back as JS strings by default; counts and ids we store fit in
// Number.MAX_SAFE_INTEGER, except event positions, which the event store handles itself as
// bigint strings. Parse int8 to number for read models' convenience.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
});
// numeric stays a string (exact decimal) unless a query casts it.

/**
 * knex's own messages (a failed connection acquire while the database is away, deprecations) as
 * lines of the process's logger, so production output stays one JSON object per line; without
 * it knex prints them with console.log as plain text.
 */
export function knexLog(logger: Logger): Knex.Config['log'] {
  const text = (message: unknown) => (typeof message === 'string' ? message : String(message));
  return {
    warn: (message: unknown) => logger.warn({ source: 'knex' }, text(message)),
    error: (message: unknown) => logger.error({ source: 'knex' }, text(message)),
    deprecate: (method: string, alternative: string) =>
      logger.warn({ source: 'knex' }, `${method} is deprecated, use ${alternative}`),
    debug: (message: unknown) => logger.debug({ source: 'knex' }, text(message)),
  };
}

/** One knex instance per process and database; callers own `destroy()`. */
export function createKnex(
  connectionString: string,
  opts: { poolMax?: number; logger?: Logger } = {},
): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString, application_name: 'pitwall' },
    pool: { min: 0, max: opts.poolMax ?? 10 },
    acquireConnectionTimeout: 20_000,
    ...(opts.logger ? { log: knexLog(opts.logger) } : {}),
  });
}
