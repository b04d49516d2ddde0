import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { EsdbEventStore } from './esdb/esdb-event-store.ts';
import type { EventRegistry } from './event-types.ts';
import type { EventStore } from './port.ts';
import { PostgresEventStore } from './postgres/postgres-event-store.ts';
import { createValidatingStore } from './validating-store.ts';

export * from './port.ts';
export * from './event-types.ts';
export { createValidatingStore } from './validating-store.ts';
export { newEventId } from './event-id.ts';

export interface CreateEventStoreOptions {
  config: Pick<Config, 'EVENTSTORE_URL'>;
  logger: Logger;
  /** Every event type the process appends or reads (validated on append, upcast on read). */
  registry: EventRegistry;
  /** PostgreSQL adapter: the database, as a connection string… */
  url?: string;
  /** …or the app's knex, whose connection string is reused (the store opens its own pool). */
  knex?: Knex;
  /** PostgreSQL adapter: size of the store's own pool. Default 10. */
  poolMax?: number;
  /** Safety-net poll of idle subscriptions, in ms. Default 1000. */
  pollIntervalMs?: number;
}

/**
 * The process's event store: EventStoreDB when EVENTSTORE_URL is set, otherwise PostgreSQL in
 * the app database (tables from migrations/0010_eventstore.ts). Either way wrapped so appends
 * are validated against `registry` and reads are upcast. The caller owns `close()`.
 */
export function createEventStore(opts: CreateEventStoreOptions): EventStore {
  const adapter: EventStore = opts.config.EVENTSTORE_URL
    ? new EsdbEventStore({
        connectionString: opts.config.EVENTSTORE_URL,
        logger: opts.logger,
        ...(opts.pollIntervalMs !== undefined ? { pollIntervalMs: opts.pollIntervalMs } : {}),
      })
    : new PostgresEventStore({
        connectionString: opts.url ?? connectionStringOf(opts.knex),
        logger: opts.logger,
        ...(opts.poolMax !== undefined ? { poolMax: opts.poolMax } : {}),
        ...(opts.pollIntervalMs !== undefined ? { pollIntervalMs: opts.pollIntervalMs } : {}),
      });
  opts.logger.info({ eventStore: adapter.kind }, 'event store ready');
  return createValidatingStore(adapter, opts.registry);
}

function connectionStringOf(knex: Knex | undefined): string {
  const connection = (knex?.client as { config?: { connection?: unknown } } | undefined)?.config
    ?.connection;
  if (typeof connection === 'string') return connection;
  if (connection && typeof connection === 'object' && 'connectionString' in connection) {
    const value = (connection as { connectionString?: unknown }).connectionString;
    if (typeof value === 'string') return value;
  }
  throw new TypeError('createEventStore needs `url`, or a `knex` created with a connection string');
}
